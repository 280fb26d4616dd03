// 小区点评 and 看房笔记 (issue 17, PAGES.md §3.8). Reads (the public list, a review with its replies, the estate page's
// score block, viewing notes) and the writes of signed-in users: one review per user and estate (a second add edits
// it), replies, likes (one community_like row per user and target, the count kept in step in the same transaction),
// deleting one's own post, and a buyer's viewing note. Every post passes the posting guard first; every change to a
// review recomputes the estate's review_summary in its transaction.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { schema, type Database } from '@fjt/db';
import {
  ApiError,
  COMMUNITY_MESSAGES,
  NOTE_HIGHLIGHTS,
  NOTE_PAGE_SIZE,
  REVIEW_MESSAGES,
  notePreview,
  summaryOf,
  type NoteAddInput,
  type NoteCard,
  type NoteListBody,
  type NoteListQuery,
  type ReplyCard,
  type ReviewAddInput,
  type ReviewCard,
  type ReviewDetailBody,
  type ReviewEstate,
  type ReviewListBody,
  type ReviewListQuery,
  type ReviewMineBody,
  type ReviewsService,
  type ReviewSummary,
  type LikeBody,
} from '@fjt/domain';
import type { PostingGuard } from '../community/guard.ts';
import { ownedImages } from '../uploads/service.ts';
import { recomputeReviewSummary } from './summary.ts';

const { review, reviewReply, reviewSummary, communityLike, viewingNote, users, estate, agent, listing } = schema;

type Tx = Database;
const nameOf = (u: { nickname: string | null; phone: string | null }) =>
  u.nickname ?? `用户${(u.phone ?? '').slice(-4)}`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The day in China ('YYYY-MM-DD') of a time. */
const chinaDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

const reviewColumns = {
  id: review.id,
  estateId: review.estateId,
  userId: review.userId,
  nickname: users.nickname,
  phone: users.phone,
  avatar: users.avatar,
  relation: review.relation,
  overall: review.overall,
  traffic: review.traffic,
  amenities: review.amenities,
  property: review.property,
  environment: review.environment,
  tags: review.tags,
  body: review.body,
  images: review.images,
  likeCount: review.likeCount,
  replyCount: review.replyCount,
  status: review.status,
  createdAt: review.createdAt,
  updatedAt: review.updatedAt,
};
type ReviewRow = {
  [K in keyof typeof reviewColumns]: (typeof reviewColumns)[K]['_']['notNull'] extends true
    ? (typeof reviewColumns)[K]['_']['data']
    : (typeof reviewColumns)[K]['_']['data'] | null;
};

function cardOf(r: ReviewRow): ReviewCard {
  return {
    id: r.id,
    estateId: r.estateId,
    author: { id: r.userId, nickname: nameOf(r), avatar: r.avatar },
    relation: (['owner', 'tenant', 'visitor'].includes(r.relation) ? r.relation : 'visitor') as ReviewCard['relation'],
    overall: r.overall,
    traffic: r.traffic,
    amenities: r.amenities,
    property: r.property,
    environment: r.environment,
    tags: r.tags,
    body: r.body,
    images: r.images,
    likeCount: r.likeCount,
    replyCount: r.replyCount,
    createdAt: r.createdAt.toISOString(),
    updatedAt: iso(r.updatedAt),
  };
}

export interface ReviewsWriter {
  add(userId: number, input: ReviewAddInput): Promise<{ review: ReviewCard; created: boolean; flagged: boolean }>;
  reply(userId: number, input: { reviewId: number; body: string }): Promise<{ reply: ReplyCard; flagged: boolean }>;
  like(userId: number, input: { targetType: 'review' | 'review_reply'; id: number; like: boolean }): Promise<LikeBody>;
  remove(userId: number, input: { targetType: 'review' | 'review_reply'; id: number }): Promise<void>;
  mine(userId: number, estateId: number, reviewId?: number): Promise<ReviewMineBody>;
  addNote(userId: number, input: NoteAddInput): Promise<{ note: NoteCard; flagged: boolean }>;
  likeNote(userId: number, input: { id: number; like: boolean }): Promise<LikeBody>;
}

export function createReviewsService(db: Database): ReviewsService {
  async function estateOf(estateId: number): Promise<ReviewEstate | null> {
    const [row] = await db
      .select({
        id: estate.id,
        cityId: estate.cityId,
        name: estate.name,
        district: schema.district.name,
        plate: schema.plate.name,
      })
      .from(estate)
      .innerJoin(schema.district, eq(schema.district.id, estate.districtId))
      .innerJoin(schema.plate, eq(schema.plate.id, estate.plateId))
      .where(eq(estate.id, estateId));
    return row ? { id: row.id, cityId: row.cityId, name: row.name, where: `${row.district} · ${row.plate}` } : null;
  }

  async function summary(estateId: number): Promise<ReviewSummary> {
    const [row] = await db.select().from(reviewSummary).where(eq(reviewSummary.estateId, estateId));
    return summaryOf(row ?? null);
  }

  const NOTE_COLUMNS = {
    id: viewingNote.id,
    estateId: viewingNote.estateId,
    estateName: estate.name,
    cityId: viewingNote.cityId,
    authorType: viewingNote.authorType,
    userId: viewingNote.userId,
    agentId: viewingNote.agentId,
    nickname: users.nickname,
    phone: users.phone,
    avatar: users.avatar,
    agentName: agent.name,
    agentAvatar: agent.avatar,
    agentCompany: agent.company,
    agentStore: agent.store,
    listingId: listing.id,
    rooms: listing.rooms,
    halls: listing.halls,
    area: listing.area,
    title: viewingNote.title,
    body: viewingNote.body,
    images: viewingNote.images,
    highlights: viewingNote.highlights,
    viewedAt: viewingNote.viewedAt,
    likeCount: viewingNote.likeCount,
    createdAt: viewingNote.createdAt,
  };

  const noteQuery = () =>
    db
      .select(NOTE_COLUMNS)
      .from(viewingNote)
      .innerJoin(estate, eq(estate.id, viewingNote.estateId))
      .leftJoin(users, eq(users.id, viewingNote.userId))
      .leftJoin(agent, eq(agent.id, viewingNote.agentId))
      .leftJoin(listing, eq(listing.id, viewingNote.listingId));

  return {
    summary,

    async list(query: ReviewListQuery): Promise<ReviewListBody | null> {
      const est = await estateOf(query.estateId);
      if (!est) return null;
      const where = and(
        eq(review.estateId, query.estateId),
        eq(review.status, 'visible'),
        query.tag ? sql`${review.tags} @> ${JSON.stringify([query.tag])}::jsonb` : undefined,
      );
      const order: SQL[] =
        query.sort === 'new'
          ? [desc(review.createdAt), desc(review.id)]
          : query.sort === 'score_high'
            ? [desc(review.overall), desc(review.createdAt), desc(review.id)]
            : query.sort === 'score_low'
              ? [asc(review.overall), desc(review.createdAt), desc(review.id)]
              : [desc(review.likeCount), desc(review.replyCount), desc(review.createdAt), desc(review.id)];
      const [[{ total } = { total: 0 }], rows, sum] = await Promise.all([
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(review)
          .where(where),
        db
          .select(reviewColumns)
          .from(review)
          .innerJoin(users, eq(users.id, review.userId))
          .where(where)
          .orderBy(...order)
          .limit(query.size)
          .offset((query.page - 1) * query.size),
        summary(query.estateId),
      ]);
      return { estate: est, summary: sum, total, page: query.page, list: rows.map(cardOf) };
    },

    async detail(id: number, page: number): Promise<ReviewDetailBody | null> {
      const [row] = await db
        .select(reviewColumns)
        .from(review)
        .innerJoin(users, eq(users.id, review.userId))
        .where(and(eq(review.id, id), eq(review.status, 'visible')));
      if (!row) return null;
      const est = await estateOf(row.estateId);
      if (!est) return null;
      const where = and(eq(reviewReply.reviewId, id), eq(reviewReply.status, 'visible'));
      const size = 20;
      const [[{ total } = { total: 0 }], replies] = await Promise.all([
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(reviewReply)
          .where(where),
        db
          .select({
            id: reviewReply.id,
            reviewId: reviewReply.reviewId,
            userId: reviewReply.userId,
            nickname: users.nickname,
            phone: users.phone,
            avatar: users.avatar,
            body: reviewReply.body,
            likeCount: reviewReply.likeCount,
            createdAt: reviewReply.createdAt,
          })
          .from(reviewReply)
          .innerJoin(users, eq(users.id, reviewReply.userId))
          .where(where)
          .orderBy(asc(reviewReply.createdAt), asc(reviewReply.id))
          .limit(size)
          .offset((page - 1) * size),
      ]);
      return {
        estate: est,
        review: cardOf(row),
        replies: {
          total,
          page,
          list: replies.map((r) => ({
            id: r.id,
            reviewId: r.reviewId,
            author: { id: r.userId, nickname: nameOf(r), avatar: r.avatar },
            body: r.body,
            likeCount: r.likeCount,
            createdAt: r.createdAt.toISOString(),
          })),
        },
      };
    },

    async notes(query: NoteListQuery, viewer: { userId: number } | null): Promise<NoteListBody | null> {
      let est: ReviewEstate | null = null;
      if (query.estateId !== undefined) {
        est = await estateOf(query.estateId);
        if (!est || (query.cityId !== undefined && est.cityId !== query.cityId)) return null;
      } else {
        const [city] = await db
          .select({ id: schema.city.id })
          .from(schema.city)
          .where(eq(schema.city.id, query.cityId!));
        if (!city) return null;
      }
      const scope =
        query.estateId !== undefined ? eq(viewingNote.estateId, query.estateId) : eq(viewingNote.cityId, query.cityId!);
      const where = and(scope, eq(viewingNote.status, 'visible'));
      const size = NOTE_PAGE_SIZE;
      const [[{ total } = { total: 0 }], rows, focusRows] = await Promise.all([
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(viewingNote)
          .where(where),
        noteQuery()
          .where(where)
          .orderBy(desc(viewingNote.viewedAt), desc(viewingNote.id))
          .limit(size)
          .offset((query.page - 1) * size),
        query.noteId !== undefined && query.page === 1
          ? noteQuery().where(and(where, eq(viewingNote.id, query.noteId)))
          : Promise.resolve([]),
      ]);
      const liked = new Set<number>();
      const ids = [...rows, ...focusRows].map((r) => r.id);
      if (viewer && ids.length > 0) {
        const likes = await db
          .select({ id: communityLike.targetId })
          .from(communityLike)
          .where(
            and(
              eq(communityLike.userId, viewer.userId),
              eq(communityLike.targetType, 'note'),
              inArray(communityLike.targetId, ids),
            ),
          );
        for (const l of likes) liked.add(l.id);
      }
      const card = (r: (typeof rows)[number]): NoteCard => noteCardOf(r, viewer ? liked.has(r.id) : null);
      return {
        estate: est,
        full: viewer !== null,
        focus: focusRows[0] ? card(focusRows[0]) : null,
        total,
        page: query.page,
        list: rows.map(card),
      };
    },
  };
}

type NoteRow = {
  id: number;
  estateId: number;
  estateName: string;
  authorType: string;
  userId: number | null;
  agentId: number | null;
  nickname: string | null;
  phone: string | null;
  avatar: string | null;
  agentName: string | null;
  agentAvatar: string | null;
  agentCompany: string | null;
  agentStore: string | null;
  listingId: number | null;
  rooms: number | null;
  halls: number | null;
  area: number | null;
  title: string;
  body: string;
  images: string[];
  highlights: Record<string, string>;
  viewedAt: string;
  likeCount: number;
  createdAt: Date;
};

/** A note as shown: the full body for a signed-in viewer (liked: boolean), a preview for a visitor (liked: null). */
function noteCardOf(r: NoteRow, liked: boolean | null): NoteCard {
  const isAgent = r.authorType === 'agent' && r.agentName !== null;
  const text = liked === null ? notePreview(r.body) : { body: r.body, truncated: false };
  return {
    id: r.id,
    estateId: r.estateId,
    estateName: r.estateName,
    author: isAgent
      ? {
          type: 'agent',
          id: r.agentId,
          name: r.agentName!,
          avatar: r.agentAvatar,
          company: r.agentStore ? `${r.agentCompany} · ${r.agentStore}` : r.agentCompany,
        }
      : { type: 'user', id: r.userId, name: nameOf(r), avatar: r.avatar, company: null },
    title: r.title,
    viewedAt: r.viewedAt,
    highlights: NOTE_HIGHLIGHTS.filter((h) => ['好', '中', '差'].includes(r.highlights[h.key] ?? '')).map((h) => ({
      key: h.key,
      label: h.label,
      grade: r.highlights[h.key] as '好' | '中' | '差',
    })),
    body: text.body,
    truncated: text.truncated,
    images: liked === null ? r.images.slice(0, 1) : r.images,
    listing:
      r.listingId !== null
        ? { id: r.listingId, title: `${r.rooms}室${r.halls}厅 ${Math.round((r.area ?? 0) * 10) / 10}㎡` }
        : null,
    likeCount: r.likeCount,
    liked,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Which cached answers (page paths and API URLs) a post on an estate changes: its estate page's score block, its
 * reviews pages and comment/list (kind review), or its notes and the city's latest notes (kind note).
 */
export function changedBy(change: { kind: 'review' | 'note'; cityId: number; estateId: number }) {
  const e = change.estateId;
  const end = '(?:[^0-9]|$)';
  const pattern =
    change.kind === 'review'
      ? new RegExp(`/(?:house-detail|house-comments)/${e}${end}|/comment/(?:list|detail)\\?`)
      : new RegExp(
          `/house-note/${e}${end}|^/${change.cityId}/house-note(?:\\.data)?(?:[?/]|$)|/house/basic-info/notes\\?`,
        );
  return (url: string) => pattern.test(url);
}

export function createReviewsWriter(deps: {
  db: Database;
  guard: PostingGuard;
  reads: ReviewsService;
  now?: () => number;
  /** A post changed cached answers: forget those whose URL passes `test`. */
  changed?: (test: (url: string) => boolean) => void;
}): ReviewsWriter {
  const { db, guard, now = Date.now } = deps;
  const touched = (kind: 'review' | 'note', cityId: number, estateId: number) =>
    deps.changed?.(changedBy({ kind, cityId, estateId }));
  const inTransaction = <T>(work: (tx: Tx) => Promise<T>) => db.transaction((tx) => work(tx as unknown as Tx));

  async function estateRow(estateId: number) {
    const [row] = await db.select({ id: estate.id, cityId: estate.cityId }).from(estate).where(eq(estate.id, estateId));
    if (!row) throw ApiError.notFound(REVIEW_MESSAGES.unknownEstate);
    return row;
  }

  async function ownerVerified(userId: number, estateId: number) {
    const [row] = await db
      .select({ id: schema.ownerVerification.id })
      .from(schema.ownerVerification)
      .where(and(eq(schema.ownerVerification.userId, userId), eq(schema.ownerVerification.estateId, estateId)))
      .limit(1);
    return row !== undefined;
  }

  async function reviewCard(tx: Tx, id: number): Promise<ReviewCard> {
    const [row] = await tx
      .select(reviewColumns)
      .from(review)
      .innerJoin(users, eq(users.id, review.userId))
      .where(eq(review.id, id));
    return cardOf(row!);
  }

  /** A write that failed after the guard took a token gives it back. */
  async function guarded<T>(userId: number, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      await guard.giveBack(userId);
      throw error;
    }
  }

  /** Likes or unlikes a target once, keeping its like_count in step; answers the state and the count. */
  async function toggleLike(
    tx: Tx,
    userId: number,
    targetType: 'review' | 'review_reply' | 'note',
    id: number,
    like: boolean,
  ): Promise<LikeBody> {
    const table = targetType === 'review' ? review : targetType === 'review_reply' ? reviewReply : viewingNote;
    const [target] = await tx
      .select({ id: table.id, likeCount: table.likeCount })
      .from(table)
      .where(and(eq(table.id, id), eq(table.status, 'visible')))
      .for('update');
    if (!target) throw ApiError.notFound(COMMUNITY_MESSAGES.notFound);
    let delta = 0;
    if (like) {
      const inserted = await tx
        .insert(communityLike)
        .values({ userId, targetType, targetId: id })
        .onConflictDoNothing()
        .returning({ id: communityLike.targetId });
      delta = inserted.length;
    } else {
      const removed = await tx
        .delete(communityLike)
        .where(
          and(
            eq(communityLike.userId, userId),
            eq(communityLike.targetType, targetType),
            eq(communityLike.targetId, id),
          ),
        )
        .returning({ id: communityLike.targetId });
      delta = -removed.length;
    }
    let likeCount = target.likeCount;
    if (delta !== 0) {
      const [updated] = await tx
        .update(table)
        .set({ likeCount: sql`GREATEST(${table.likeCount} + ${delta}, 0)` })
        .where(eq(table.id, id))
        .returning({ likeCount: table.likeCount });
      likeCount = updated!.likeCount;
    }
    return { liked: like, likeCount };
  }

  return {
    async add(userId, input) {
      const est = await estateRow(input.estateId);
      if (input.relation === 'owner' && !(await ownerVerified(userId, input.estateId))) {
        throw ApiError.forbidden(REVIEW_MESSAGES.ownerOnly);
      }
      const checked = await guard.check(userId, 'review', { body: input.body });
      return guarded(userId, async () => {
        const images = await ownedImages(db, userId, input.images);
        return inTransaction(async (tx) => {
          const values = {
            overall: input.overall,
            traffic: input.traffic,
            amenities: input.amenities,
            property: input.property,
            environment: input.environment,
            tags: input.tags,
            body: checked.texts.body,
            images,
            relation: input.relation,
          };
          const [existing] = await tx
            .select({ id: review.id, status: review.status, flagged: review.flagged })
            .from(review)
            .where(and(eq(review.estateId, input.estateId), eq(review.userId, userId)))
            .for('update');
          let id: number;
          let created = false;
          if (!existing) {
            const [row] = await tx
              .insert(review)
              .values({ ...values, cityId: est.cityId, estateId: est.id, userId, flagged: checked.flagged })
              .returning({ id: review.id });
            id = row!.id;
            created = true;
          } else if (existing.status === 'deleted') {
            // the one row of (estate, user) comes back as a new review: its old likes and replies stay gone
            await tx
              .delete(communityLike)
              .where(and(eq(communityLike.targetType, 'review'), eq(communityLike.targetId, existing.id)));
            await tx.update(reviewReply).set({ status: 'deleted' }).where(eq(reviewReply.reviewId, existing.id));
            await tx
              .update(review)
              .set({
                ...values,
                status: 'visible',
                flagged: checked.flagged,
                likeCount: 0,
                replyCount: 0,
                createdAt: new Date(now()),
                updatedAt: null,
              })
              .where(eq(review.id, existing.id));
            id = existing.id;
            created = true;
          } else {
            // an edit; a review hidden by moderation stays hidden
            await tx
              .update(review)
              .set({ ...values, flagged: existing.flagged || checked.flagged, updatedAt: new Date(now()) })
              .where(eq(review.id, existing.id));
            id = existing.id;
          }
          await recomputeReviewSummary(tx, est.id);
          return { review: await reviewCard(tx, id), created, flagged: checked.flagged };
        });
      }).then((result) => {
        touched('review', est.cityId, est.id);
        return result;
      });
    },

    async reply(userId, input) {
      const [target] = await db
        .select({ id: review.id, cityId: review.cityId, estateId: review.estateId })
        .from(review)
        .where(and(eq(review.id, input.reviewId), eq(review.status, 'visible')));
      if (!target) throw ApiError.notFound(COMMUNITY_MESSAGES.notFound);
      const checked = await guard.check(userId, 'review_reply', { body: input.body });
      return guarded(userId, () =>
        inTransaction(async (tx) => {
          const [row] = await tx
            .insert(reviewReply)
            .values({ reviewId: input.reviewId, userId, body: checked.texts.body, flagged: checked.flagged })
            .returning();
          await tx
            .update(review)
            .set({ replyCount: sql`${review.replyCount} + 1` })
            .where(eq(review.id, input.reviewId));
          const [author] = await tx
            .select({ nickname: users.nickname, phone: users.phone, avatar: users.avatar })
            .from(users)
            .where(eq(users.id, userId));
          return {
            reply: {
              id: row!.id,
              reviewId: row!.reviewId,
              author: { id: userId, nickname: nameOf(author!), avatar: author!.avatar },
              body: row!.body,
              likeCount: 0,
              createdAt: row!.createdAt.toISOString(),
            },
            flagged: checked.flagged,
          };
        }),
      ).then((result) => {
        touched('review', target.cityId, target.estateId);
        return result;
      });
    },

    like: (userId, input) => inTransaction((tx) => toggleLike(tx, userId, input.targetType, input.id, input.like)),

    async remove(userId, input) {
      const where = await inTransaction(async (tx) => {
        if (input.targetType === 'review') {
          const [row] = await tx
            .select({ userId: review.userId, cityId: review.cityId, estateId: review.estateId, status: review.status })
            .from(review)
            .where(eq(review.id, input.id))
            .for('update');
          if (!row || row.status === 'deleted') throw ApiError.notFound(COMMUNITY_MESSAGES.notFound);
          if (row.userId !== userId) throw ApiError.forbidden(COMMUNITY_MESSAGES.notYours);
          await tx
            .update(review)
            .set({ status: 'deleted', updatedAt: new Date(now()) })
            .where(eq(review.id, input.id));
          await recomputeReviewSummary(tx, row.estateId);
          return row;
        } else {
          const [row] = await tx
            .select({ userId: reviewReply.userId, reviewId: reviewReply.reviewId, status: reviewReply.status })
            .from(reviewReply)
            .where(eq(reviewReply.id, input.id))
            .for('update');
          if (!row || row.status === 'deleted') throw ApiError.notFound(COMMUNITY_MESSAGES.notFound);
          if (row.userId !== userId) throw ApiError.forbidden(COMMUNITY_MESSAGES.notYours);
          await tx.update(reviewReply).set({ status: 'deleted' }).where(eq(reviewReply.id, input.id));
          if (row.status === 'visible') {
            await tx
              .update(review)
              .set({ replyCount: sql`GREATEST(${review.replyCount} - 1, 0)` })
              .where(eq(review.id, row.reviewId));
          }
          const [parent] = await tx
            .select({ cityId: review.cityId, estateId: review.estateId })
            .from(review)
            .where(eq(review.id, row.reviewId));
          return parent ?? null;
        }
      });
      if (where) touched('review', where.cityId, where.estateId);
    },

    async mine(userId, estateId, reviewId) {
      await estateRow(estateId);
      const [own] = await db
        .select(reviewColumns)
        .from(review)
        .innerJoin(users, eq(users.id, review.userId))
        .where(and(eq(review.estateId, estateId), eq(review.userId, userId), sql`${review.status} <> 'deleted'`));
      const likedReviews = await db
        .select({ id: communityLike.targetId })
        .from(communityLike)
        .innerJoin(review, eq(review.id, communityLike.targetId))
        .where(
          and(eq(communityLike.userId, userId), eq(communityLike.targetType, 'review'), eq(review.estateId, estateId)),
        );
      const likedReplies =
        reviewId === undefined
          ? []
          : await db
              .select({ id: communityLike.targetId })
              .from(communityLike)
              .innerJoin(reviewReply, eq(reviewReply.id, communityLike.targetId))
              .where(
                and(
                  eq(communityLike.userId, userId),
                  eq(communityLike.targetType, 'review_reply'),
                  eq(reviewReply.reviewId, reviewId),
                ),
              );
      return {
        review: own ? cardOf(own) : null,
        ownerVerified: await ownerVerified(userId, estateId),
        likedReviews: likedReviews.map((r) => r.id),
        likedReplies: likedReplies.map((r) => r.id),
      };
    },

    async addNote(userId, input) {
      const est = await estateRow(input.estateId);
      const today = chinaDay(now());
      const viewedAt = input.viewedAt ?? today;
      const day = new Date(`${viewedAt}T00:00:00Z`);
      if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== viewedAt || viewedAt > today) {
        throw ApiError.badRequest(REVIEW_MESSAGES.viewedAt);
      }
      if (viewedAt < chinaDay(now() - 365 * 86_400_000)) throw ApiError.badRequest('看房日期须在一年以内');
      const checked = await guard.check(userId, 'note', { title: input.title, body: input.body });
      return guarded(userId, async () => {
        const images = await ownedImages(db, userId, input.images);
        const [row] = await db
          .insert(viewingNote)
          .values({
            cityId: est.cityId,
            estateId: est.id,
            authorType: 'user',
            userId,
            title: checked.texts.title,
            body: checked.texts.body,
            images,
            highlights: input.highlights as Record<string, string>,
            viewedAt,
            flagged: checked.flagged,
          })
          .returning({ id: viewingNote.id });
        touched('note', est.cityId, est.id);
        const body = await deps.reads.notes({ estateId: est.id, noteId: row!.id, page: 1, size: 1 }, { userId });
        return { note: body!.focus!, flagged: checked.flagged };
      });
    },

    likeNote: (userId, input) => inTransaction((tx) => toggleLike(tx, userId, 'note', input.id, input.like)),
  };
}

// 问答 (issue 17, PAGES.md §3.8): ask (routed to the estate's 达人 and a few of its agents), answer (stamped with the
// answerer's super label, the routing marked answered, the asker told in the message centre), like an answer and
// follow a question (idempotent, counts kept in step in the same transaction), delete one's own posts, and read
// the lists, a detail, a user's Q&A, a 达人's queue or profile. Every post passes the posting guard; a deleted or
// hidden question is '问题已删除' to the public.
import type { Database } from '@fjt/db';
import {
  ApiError,
  COMMUNITY_MESSAGES,
  QA_DETAIL_ANSWERS_MAX,
  QA_MESSAGES,
  QA_PAGE_SIZE,
  type QaAnswerInput,
  type QaAskInput,
  type QaDeleteInput,
  type QaDetailBody,
  type QaEditAnswerInput,
  type QaFollowBody,
  type QaLikeBody,
  type QaListBody,
  type QaListQuery,
  type QaMineBody,
  type QaMineQuery,
  type QaPostedBody,
  type QaReadService,
  type QaSuperBody,
  type QaSuperQuery,
  type QaUserBody,
  type QaUserQuery,
  type QaViewerBody,
} from '@fjt/domain';
import { withEstateMom } from '../../lib/estate-figures.ts';
import type { PostingGuard } from '../community/guard.ts';
import { ownedImages } from './images.ts';
import { createQaRepo, type QaRepo } from './repo.ts';

const RELATED_MAX = 5;
const SUPER_ANSWERS = 10;
export const QA_NOTICE_TITLE = '你的问题有了新回答';

/** The public reads (the pages' loaders use them through Services): a list, a detail. */
export function createQaReads(db: Database, repo: QaRepo = createQaRepo(db)) {
  return {
    async list(query: QaListQuery): Promise<QaListBody> {
      const { total, list } = await repo.list(query, query.page, QA_PAGE_SIZE);
      return { total, page: query.page, size: QA_PAGE_SIZE, list };
    },

    async detail(id: number): Promise<QaDetailBody | 'deleted' | null> {
      const q = await repo.question(id);
      if (!q) return null;
      const row = q.status === 'visible' ? await repo.questionDetail(id) : null;
      if (!row) return 'deleted';
      const [answers, related, estate] = await Promise.all([
        repo.answersOf(id, QA_DETAIL_ANSWERS_MAX),
        repo.related({ id, cityId: q.cityId, estateId: q.estateId, topic: row.topic }, RELATED_MAX),
        q.estateId === null ? null : repo.estateCard(q.estateId),
      ]);
      return {
        question: {
          id: row.id,
          cityId: row.cityId,
          title: row.title,
          body: row.body,
          images: row.images,
          topic: row.topic,
          estate: row.estateId !== null && row.estateName !== null ? { id: row.estateId, name: row.estateName } : null,
          answerCount: row.answerCount,
          followCount: row.followCount,
          createdAt: row.createdAt,
          activeAt: row.activeAt,
          asker: { id: row.askerId, nickname: row.askerNickname, avatar: row.askerAvatar },
        },
        answers,
        related,
        estate: estate ? withEstateMom(estate) : null,
      };
    },
  } satisfies QaReadService;
}

/**
 * The cached pages and answers a change to question `q` makes stale (the public response cache keeps them 60 s): the
 * city's question lists, the estate's, the question's detail in either form, and the Q&A API reads.
 */
export function qaChangedBy(q: { id: number; cityId: number; estateId: number | null }) {
  const end = '(?:[/.?]|$)';
  const pattern = new RegExp(
    `^/${q.cityId}/questions${end}|^/${q.cityId}/qa-list/${q.estateId ?? 'none'}${end}|/qa-detail/${q.id}${end}` +
      `|/qa-list/\\d*/?${q.id}${end}|/question-answer/(?:list|detail)\\?`,
  );
  return (url: string) => pattern.test(url);
}

export function createQaService(deps: {
  db: Database;
  guard: PostingGuard;
  /** A post changed cached answers: forget those whose URL passes `test` (the public response cache). */
  changed?: (test: (url: string) => boolean) => void;
}) {
  const { db, guard } = deps;
  const repo = createQaRepo(db);
  /** Forgets what the change to question `id` made stale. */
  const touched = async (id: number) => {
    if (!deps.changed) return;
    const q = await repo.question(id);
    if (q) deps.changed(qaChangedBy(q));
  };
  const reads = createQaReads(db, repo);
  const inTransaction = <T>(work: (tx: Database) => Promise<T>) =>
    db.transaction((tx) => work(tx as unknown as Database));

  /** Runs the write after the guard took a token; gives the token back when the write fails. */
  const written = async <T>(userId: number, write: () => Promise<T>) => {
    try {
      return await write();
    } catch (error) {
      await guard.giveBack(userId);
      throw error;
    }
  };

  /** The question as the public may see it: 问题已删除 when deleted or hidden, 问题不存在 when there is none. */
  const visibleQuestion = async (id: number, tx: Database = db) => {
    const q = await repo.question(id, tx);
    if (!q) throw ApiError.notFound(QA_MESSAGES.unknownQuestion);
    if (q.status !== 'visible') throw ApiError.notFound(COMMUNITY_MESSAGES.questionDeleted);
    return q;
  };

  const emptyLists = { questions: [], answers: [] };

  return {
    list: reads.list,

    async ask(userId: number, input: QaAskInput): Promise<QaPostedBody> {
      const estateId = input.estateId ?? null;
      if (estateId !== null) {
        if (!(await repo.estateInCity(estateId, input.cityId))) throw ApiError.badRequest(QA_MESSAGES.unknownEstate);
      } else if (!(await repo.cityExists(input.cityId))) throw ApiError.badRequest('城市不存在');
      const images = await ownedImages(db, userId, input.images);
      const { texts, flagged } = await guard.check(userId, 'question', { title: input.title, body: input.body });
      const id = await written(userId, () =>
        inTransaction(async (tx) => {
          const id = await repo.insertQuestion(tx, {
            cityId: input.cityId,
            estateId,
            userId,
            topic: input.topic,
            title: texts.title,
            body: texts.body,
            images,
            flagged,
          });
          if (estateId !== null) await repo.route(tx, id, estateId, userId, texts.title);
          return id;
        }),
      );
      await touched(id);
      return { id, flagged };
    },

    async detail(id: number): Promise<QaDetailBody> {
      const body = await reads.detail(id);
      if (body === null) throw ApiError.notFound(QA_MESSAGES.unknownQuestion);
      if (body === 'deleted') throw ApiError.notFound(COMMUNITY_MESSAGES.questionDeleted);
      return body;
    },

    async answer(userId: number, input: QaAnswerInput): Promise<QaPostedBody> {
      const q = await visibleQuestion(input.questionId);
      const images = await ownedImages(db, userId, input.images);
      const { texts, flagged } = await guard.check(userId, 'answer', { body: input.body });
      const id = await written(userId, () =>
        inTransaction(async (tx) => {
          // the question may have gone while the guard ran
          await visibleQuestion(q.id, tx);
          const superLabel = await repo.labelOf(userId, tx);
          const id = await repo.insertAnswer(tx, {
            questionId: q.id,
            userId,
            superLabel,
            body: texts.body,
            images,
            flagged,
          });
          if (q.userId !== userId) {
            const flat = texts.body.replace(/\s+/g, ' ');
            await repo.notify(tx, {
              userId: q.userId,
              estateId: q.estateId,
              title: QA_NOTICE_TITLE,
              content: `「${q.title}」：${flat.length > 40 ? `${flat.slice(0, 40)}…` : flat}`,
              link: `/qa-detail/${q.id}`,
              dedupeKey: `qa_answer:${id}`,
            });
          }
          return id;
        }),
      );
      await touched(q.id);
      return { id, flagged };
    },

    async editAnswer(userId: number, input: QaEditAnswerInput): Promise<QaPostedBody> {
      const a = await repo.answer(input.answerId);
      if (!a || a.status === 'deleted') throw ApiError.notFound(QA_MESSAGES.unknownAnswer);
      if (a.userId !== userId) throw ApiError.forbidden(COMMUNITY_MESSAGES.notYours);
      if (a.questionStatus !== 'visible') throw ApiError.notFound(COMMUNITY_MESSAGES.questionDeleted);
      const images = await ownedImages(db, userId, input.images);
      const { texts, flagged } = await guard.check(userId, 'answer', { body: input.body });
      await written(userId, () => repo.updateAnswer(a.id, texts.body, images, flagged));
      await touched(a.questionId);
      return { id: a.id, flagged };
    },

    async like(userId: number, answerId: number, like: boolean): Promise<QaLikeBody> {
      return inTransaction(async (tx) => {
        const a = await repo.answer(answerId, tx);
        if (!a || a.status !== 'visible' || a.questionStatus !== 'visible')
          throw ApiError.notFound(QA_MESSAGES.unknownAnswer);
        const likeCount = await repo.like(tx, userId, answerId, like);
        return { liked: like, likeCount };
      });
    },

    async follow(userId: number, questionId: number, follow: boolean): Promise<QaFollowBody> {
      return inTransaction(async (tx) => {
        await visibleQuestion(questionId, tx);
        const followCount = await repo.follow(tx, userId, questionId, follow);
        return { following: follow, followCount };
      });
    },

    async remove(userId: number, { targetType, id }: QaDeleteInput) {
      if (targetType === 'question') {
        const q = await repo.question(id);
        if (!q || q.status === 'deleted') throw ApiError.notFound(COMMUNITY_MESSAGES.notFound);
        if (q.userId !== userId) throw ApiError.forbidden(COMMUNITY_MESSAGES.notYours);
        await repo.deleteQuestion(id);
        deps.changed?.(qaChangedBy(q));
        return { deleted: true };
      }
      const questionId = await inTransaction(async (tx) => {
        const a = await repo.answer(id, tx);
        if (!a || a.status === 'deleted') throw ApiError.notFound(COMMUNITY_MESSAGES.notFound);
        if (a.userId !== userId) throw ApiError.forbidden(COMMUNITY_MESSAGES.notYours);
        await repo.deleteAnswer(tx, a.id, a.questionId, a.status === 'visible');
        return a.questionId;
      });
      await touched(questionId);
      return { deleted: true };
    },

    async viewer(userId: number, questionId: number): Promise<QaViewerBody> {
      const q = await visibleQuestion(questionId);
      const [state, label] = await Promise.all([repo.viewer(userId, questionId), repo.labelOf(userId)]);
      return {
        likedAnswerIds: state.liked,
        following: state.following,
        mine: q.userId === userId,
        myAnswerIds: state.mine,
        label,
      };
    },

    async mine(userId: number, { tab, page }: QaMineQuery): Promise<QaMineBody> {
      const size = QA_PAGE_SIZE;
      if (tab === 'questions') {
        const { total, list } = await repo.questionsOf(userId, true, page, size);
        return { tab, total, page, size, ...emptyLists, questions: list };
      }
      const { total, list } = await repo.answersBy(userId, true, page, size);
      return { tab, total, page, size, ...emptyLists, answers: list };
    },

    async user({ id, tab, page }: QaUserQuery): Promise<QaUserBody> {
      const profile = await repo.profile(id);
      if (!profile) throw ApiError.notFound(QA_MESSAGES.unknownUser);
      const size = QA_PAGE_SIZE;
      if (tab === 'questions') {
        const { total, list } = await repo.questionsOf(id, false, page, size);
        return { profile, tab, total, page, size, ...emptyLists, questions: list };
      }
      const { total, list } = await repo.answersBy(id, false, page, size);
      return { profile, tab, total, page, size, ...emptyLists, answers: list };
    },

    /** No id: my queue (login, super label only); an id: that 达人's public profile. */
    async super(viewerId: number | null, { id, page }: QaSuperQuery): Promise<QaSuperBody> {
      const size = QA_PAGE_SIZE;
      if (id === undefined) {
        if (viewerId === null) throw ApiError.unauthorized();
        const profile = await repo.profile(viewerId);
        if (!profile || profile.label === 0) throw ApiError.forbidden(QA_MESSAGES.notSuper);
        const [estates, queue, answers] = await Promise.all([
          repo.superEstates(viewerId),
          repo.queue(viewerId, page, size),
          repo.answersBy(viewerId, false, 1, SUPER_ANSWERS),
        ]);
        return {
          kind: 'queue',
          profile,
          estates,
          total: queue.total,
          page,
          size,
          queue: queue.list,
          answers: answers.list,
        };
      }
      const profile = await repo.profile(id);
      if (!profile || profile.label === 0) throw ApiError.notFound(QA_MESSAGES.superNotFound);
      const [estates, answers] = await Promise.all([repo.superEstates(id), repo.answersBy(id, false, page, size)]);
      return { kind: 'profile', profile, estates, total: answers.total, page, size, queue: [], answers: answers.list };
    },
  };
}

export type QaService = ReturnType<typeof createQaService>;

// Community and content (issue 17, PAGES.md §3.8): buyers' questions and the answers to them, residents' reviews of
// an estate (点评) and their replies, viewing notes (看房笔记), articles, reports of wrong data or abusive content
// (纠错/举报) with the moderation that follows, and the images users upload for any of these (and chat).
//
// Every post is stored as the plain text the user typed (contacts masked, ../domain community rules), never as HTML.
// status: visible | hidden (moderation, restorable) | deleted (by its author, or staff; never shown again).
// flagged: the sensitive-word filter or a report put it in the moderation queue; it stays visible until staff act.
//
// Seeded community content (packages/dataset community.ts) is written by seeded residents: rows of users whose phone
// is `seed:<n>` (never a mobile number, so no one can sign in as them) and whose ids start at SEED_USER_ID_BASE.
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Ids of seeded residents start here (real users count up from 1 and never reach it). */
export const SEED_USER_ID_BASE = 1_000_000_000;

/** An uploaded image's URL path under /img (…/img/u/<sha256>.<ext>), as posts keep them. */
type ImagePaths = string[];

/** 问题. estate_id null: a city-wide question. topic: domain QA_TOPICS. */
export const question = pgTable(
  'question',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cityId: integer('city_id').notNull(),
    estateId: integer('estate_id'),
    userId: integer('user_id').notNull(),
    topic: text('topic').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    images: jsonb('images').$type<ImagePaths>().notNull().default([]),
    /** Visible answers. */
    answerCount: integer('answer_count').notNull().default(0),
    followCount: integer('follow_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    status: text('status').notNull().default('visible'),
    flagged: boolean('flagged').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    /** The latest answer's time (最新 sorts by it), else created_at. */
    activeAt: at('active_at').notNull().defaultNow(),
  },
  (t) => [
    index('question_city_idx').on(t.cityId, t.status, t.createdAt),
    index('question_city_hot_idx').on(t.cityId, t.status, t.answerCount),
    index('question_estate_idx').on(t.estateId, t.status, t.createdAt),
    index('question_user_idx').on(t.userId, t.createdAt),
  ],
);

/** 回答. super_label: the answerer's label when they answered (0 none, 1 达人, 2 认证达人). */
export const answer = pgTable(
  'answer',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    questionId: bigint('question_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    /** Set when an agent of the estate answers (then user_id is the agent's staff user). */
    agentId: integer('agent_id'),
    superLabel: smallint('super_label').notNull().default(0),
    body: text('body').notNull(),
    images: jsonb('images').$type<ImagePaths>().notNull().default([]),
    likeCount: integer('like_count').notNull().default(0),
    adopted: boolean('adopted').notNull().default(false),
    status: text('status').notNull().default('visible'),
    flagged: boolean('flagged').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at'),
  },
  (t) => [
    index('answer_question_idx').on(t.questionId, t.status, t.createdAt),
    index('answer_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A new question on an estate routed to those who can answer it: its super answerers (kind super, target = user id)
 * and the agents who serve it (kind agent, target = agent id). answered_at: when that target answered.
 */
export const questionRoute = pgTable(
  'question_route',
  {
    questionId: bigint('question_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    answeredAt: at('answered_at'),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.kind, t.targetId] }),
    index('question_route_target_idx').on(t.kind, t.targetId, t.createdAt),
  ],
);

/** Which estates a 达人 answers for (routing): the estates they chose, or were seeded with. */
export const superAnswererEstate = pgTable(
  'super_answerer_estate',
  {
    userId: integer('user_id').notNull(),
    estateId: integer('estate_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.estateId] }), index('super_answerer_estate_idx').on(t.estateId)],
);

/**
 * 点赞: one row per user and target, so a like is idempotent (a second like changes nothing; unlike deletes it).
 * target_type: answer | review | review_reply | note.
 */
export const communityLike = pgTable(
  'community_like',
  {
    userId: integer('user_id').notNull(),
    targetType: text('target_type').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.targetType, t.targetId] })],
);

/** 小区点评: one per user and estate (editing updates it). Scores 1–5; tags: domain REVIEW_TAGS. */
export const review = pgTable(
  'review',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cityId: integer('city_id').notNull(),
    estateId: integer('estate_id').notNull(),
    userId: integer('user_id').notNull(),
    overall: smallint('overall').notNull(),
    traffic: smallint('traffic').notNull(),
    amenities: smallint('amenities').notNull(),
    property: smallint('property').notNull(),
    environment: smallint('environment').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    body: text('body').notNull(),
    images: jsonb('images').$type<ImagePaths>().notNull().default([]),
    /** 业主 (owner_verification) or 租户/访客 as declared; shown as a badge. */
    relation: text('relation').notNull().default('visitor'),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    status: text('status').notNull().default('visible'),
    flagged: boolean('flagged').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at'),
  },
  (t) => [
    uniqueIndex('review_user_estate_idx').on(t.estateId, t.userId),
    index('review_estate_idx').on(t.estateId, t.status, t.createdAt),
    index('review_user_idx').on(t.userId, t.createdAt),
  ],
);

/** 点评回复. */
export const reviewReply = pgTable(
  'review_reply',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reviewId: bigint('review_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    body: text('body').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    status: text('status').notNull().default('visible'),
    flagged: boolean('flagged').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('review_reply_review_idx').on(t.reviewId, t.status, t.createdAt)],
);

/**
 * An estate's review scores, kept with every review written, edited, hidden or deleted (in the same transaction),
 * so the estate page reads one row: sums over the visible reviews, and how often each tag was chosen.
 */
export const reviewSummary = pgTable('review_summary', {
  estateId: integer('estate_id').primaryKey(),
  count: integer('count').notNull(),
  overallSum: integer('overall_sum').notNull(),
  trafficSum: integer('traffic_sum').notNull(),
  amenitiesSum: integer('amenities_sum').notNull(),
  propertySum: integer('property_sum').notNull(),
  environmentSum: integer('environment_sum').notNull(),
  tagCounts: jsonb('tag_counts').$type<Record<string, number>>().notNull().default({}),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** 看房笔记: an agent's (author_type agent, agent_id) or a buyer's (user, user_id) notes from a viewing. */
export const viewingNote = pgTable(
  'viewing_note',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cityId: integer('city_id').notNull(),
    estateId: integer('estate_id').notNull(),
    authorType: text('author_type').notNull(),
    userId: integer('user_id'),
    agentId: integer('agent_id'),
    /** A listing seen on the viewing, if any. */
    listingId: integer('listing_id'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    images: jsonb('images').$type<ImagePaths>().notNull().default([]),
    /** 采光 / 噪音 / 户型 / 物业 … each 好 | 中 | 差 (domain NOTE_HIGHLIGHTS). */
    highlights: jsonb('highlights').$type<Record<string, string>>().notNull().default({}),
    viewedAt: date('viewed_at', { mode: 'string' }).notNull(),
    likeCount: integer('like_count').notNull().default(0),
    status: text('status').notNull().default('visible'),
    flagged: boolean('flagged').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('viewing_note_estate_idx').on(t.estateId, t.status, t.viewedAt),
    index('viewing_note_city_idx').on(t.cityId, t.status, t.viewedAt),
  ],
);

/**
 * 文章. kind editorial: a Markdown file of the repository (content/articles), its HTML sanitised when loaded;
 * kind market: a monthly market write-up generated from the price series (city_id, district_id, month set).
 * column: policy 政策 | market 行情 | guide 攻略. city_id null: shown in every city.
 */
export const article = pgTable(
  'article',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    slug: text('slug').notNull(),
    kind: text('kind').notNull(),
    column: text('column').notNull(),
    cityId: integer('city_id'),
    districtId: integer('district_id'),
    month: text('month'),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    cover: text('cover'),
    author: text('author').notNull(),
    /** Sanitised HTML, ready to render. */
    html: text('html').notNull(),
    /** sha256 of the source, so a changed Markdown file is reloaded and an unchanged one is not. */
    sourceHash: text('source_hash').notNull(),
    estateIds: jsonb('estate_ids').$type<number[]>().notNull().default([]),
    publishedAt: at('published_at').notNull(),
    readCount: integer('read_count').notNull().default(0),
    status: text('status').notNull().default('visible'),
  },
  (t) => [
    uniqueIndex('article_slug_idx').on(t.slug),
    index('article_city_column_idx').on(t.cityId, t.column, t.publishedAt),
  ],
);

/**
 * 纠错/举报: a report of wrong data (price, facts, a stale or fake listing) or abusive content. ticket_no is what the
 * reporter sees (/inform/succee). target_type: listing | estate | deal | rental | question | answer | review |
 * review_reply | note. status: open | resolved (acted on) | rejected (nothing wrong found).
 */
export const informTicket = pgTable(
  'inform_ticket',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketNo: text('ticket_no').notNull(),
    userId: integer('user_id').notNull(),
    targetType: text('target_type').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    /** domain INFORM_REASONS key. */
    reason: text('reason').notNull(),
    description: text('description').notNull().default(''),
    images: jsonb('images').$type<ImagePaths>().notNull().default([]),
    /** The contact the reporter left (a phone), stored as given and shown masked. */
    contact: text('contact'),
    status: text('status').notNull().default('open'),
    resolution: text('resolution'),
    handledBy: integer('handled_by'),
    handledAt: at('handled_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inform_ticket_no_idx').on(t.ticketNo),
    index('inform_ticket_status_idx').on(t.status, t.createdAt),
    index('inform_ticket_user_idx').on(t.userId, t.createdAt),
    index('inform_ticket_target_idx').on(t.targetType, t.targetId),
  ],
);

/** A correction staff applied to the data after a report: what changed, from what, to what (the audit log too). */
export const dataCorrection = pgTable(
  'data_correction',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: bigint('ticket_id', { mode: 'number' }),
    targetType: text('target_type').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    field: text('field').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    appliedBy: integer('applied_by').notNull(),
    appliedAt: at('applied_at').notNull().defaultNow(),
  },
  (t) => [index('data_correction_target_idx').on(t.targetType, t.targetId)],
);

/** A user staff banned from posting (until: null = for good). Lifting the ban deletes the row. */
export const userBan = pgTable('user_ban', {
  userId: integer('user_id').primaryKey(),
  reason: text('reason').notNull(),
  bannedBy: integer('banned_by').notNull(),
  bannedAt: at('banned_at').notNull().defaultNow(),
  until: at('until'),
});

/**
 * An image a user uploaded (POST upload/image): the bytes live in the IMAGE_STORE under their sha256 (the same
 * picture uploaded twice is stored once); this row says who uploaded it, so a post may only use its author's images.
 */
export const imageUpload = pgTable(
  'image_upload',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    hash: text('hash').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    /** question | answer | review | note | inform | chat. */
    purpose: text('purpose').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('image_upload_user_idx').on(t.userId, t.createdAt), index('image_upload_hash_idx').on(t.hash)],
);

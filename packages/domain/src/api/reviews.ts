// Payloads of 小区点评 and 看房笔记 (issue 17, PAGES.md §3.8): NEW GET comment/list (an estate's score summary and its
// review cards, public), NEW POST comment/add (write or edit my one review of an estate), GET comment/detail (a review
// and its replies), POST comment/reply, POST comment/like, POST comment/delete, GET comment/mine (personal: my review
// for the composer, what I liked); GET house/basic-info/notes (viewing notes: full text for a signed-in viewer only),
// POST house/basic-info/notes/add and POST house/basic-info/notes/like.
import { z } from 'zod';
import {
  NOTE_BODY_MAX,
  NOTE_GRADES,
  NOTE_HIGHLIGHTS,
  POST_IMAGES_MAX,
  REPLY_BODY_MAX,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_DIMENSIONS,
  type REVIEW_RELATIONS,
  REVIEW_SCORE_MAX,
  REVIEW_SCORE_MIN,
  REVIEW_TAGS,
  REVIEW_TAGS_MAX,
  UPLOAD_PATH_PATTERN,
  COMMUNITY_MESSAGES,
} from '../community.ts';
import { idParam, intParam, isCleanText, pageParams } from './params.ts';

export const REVIEW_PAGE_SIZE = 20;
export const REPLY_PAGE_SIZE = 20;
export const NOTE_PAGE_SIZE = 20;
/** What a visitor sees of a viewing note's body (then 登录查看全文). */
export const NOTE_PREVIEW_CHARS = 60;
export const NOTE_TITLE_MAX = 30;
export const NOTE_TITLE_MIN = 2;
export const NOTE_BODY_MIN = 10;

export const REVIEW_SORTS = [
  { key: 'hot', label: '最热' },
  { key: 'new', label: '最新' },
  { key: 'score_high', label: '高分' },
  { key: 'score_low', label: '低分' },
] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number]['key'];

export type ReviewRelation = (typeof REVIEW_RELATIONS)[number]['key'];
export type ReviewTag = (typeof REVIEW_TAGS)[number];

export const REVIEW_MESSAGES = {
  ownerOnly: '完成业主认证后才能以业主身份点评',
  unknownEstate: '小区不存在',
  bodyShort: `点评内容至少${REVIEW_BODY_MIN}个字`,
  bodyLong: `点评内容最多${REVIEW_BODY_MAX}个字`,
  replyLong: `回复最多${REPLY_BODY_MAX}个字`,
  tagsMax: `最多选择${REVIEW_TAGS_MAX}个标签`,
  tagUnknown: '标签无效',
  score: `评分须为${REVIEW_SCORE_MIN}到${REVIEW_SCORE_MAX}星`,
  noteTitle: `标题需${NOTE_TITLE_MIN}到${NOTE_TITLE_MAX}个字`,
  noteBodyShort: `笔记内容至少${NOTE_BODY_MIN}个字`,
  noteBodyLong: `笔记内容最多${NOTE_BODY_MAX}个字`,
  noteScope: '请指定小区或城市',
  viewedAt: '看房日期格式不正确',
} as const;

/** A post's text: no control characters except line breaks, trimmed, between min and max characters. */
const postText = (min: number, max: number, short: string, long: string) =>
  z
    .string({ message: COMMUNITY_MESSAGES.empty })
    .transform((v) => v.replace(/\r\n?/g, '\n'))
    .refine((v) => isCleanText(v.replace(/\n/g, ' ')), { message: '内容含有不允许的字符', abort: true })
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, { message: COMMUNITY_MESSAGES.empty, abort: true })
    .refine((v) => [...v].length >= min, { message: short, abort: true })
    .refine((v) => [...v].length <= max, { message: long });

const images = z
  .array(z.string().regex(UPLOAD_PATH_PATTERN, { message: COMMUNITY_MESSAGES.imageNotYours }), {
    message: COMMUNITY_MESSAGES.imageNotYours,
  })
  .max(POST_IMAGES_MAX, { message: COMMUNITY_MESSAGES.tooManyImages })
  .default([]);

const score = (name: string) =>
  intParam(name, { min: REVIEW_SCORE_MIN, max: REVIEW_SCORE_MAX, message: REVIEW_MESSAGES.score });

// ---------- reviews ----------

export const reviewListQuery = z.object({
  estateId: idParam('estateId'),
  sort: z
    .enum(REVIEW_SORTS.map((s) => s.key) as [ReviewSort, ...ReviewSort[]], { message: 'sort 格式不正确' })
    .default('hot'),
  tag: z.enum(REVIEW_TAGS, { message: REVIEW_MESSAGES.tagUnknown }).optional(),
  ...pageParams(REVIEW_PAGE_SIZE),
});
export type ReviewListQuery = z.infer<typeof reviewListQuery>;

export const reviewAuthor = z.object({ id: z.number(), nickname: z.string(), avatar: z.string().nullable() });

export const reviewSummaryBody = z.object({
  count: z.number(),
  /** Averages to one decimal; null with no review. */
  overall: z.number().nullable(),
  traffic: z.number().nullable(),
  amenities: z.number().nullable(),
  property: z.number().nullable(),
  environment: z.number().nullable(),
  /** Most chosen first. */
  tags: z.array(z.object({ tag: z.string(), count: z.number() })),
});
export type ReviewSummary = z.infer<typeof reviewSummaryBody>;

export const reviewCard = z.object({
  id: z.number(),
  estateId: z.number(),
  author: reviewAuthor,
  relation: z.enum(['owner', 'tenant', 'visitor']),
  overall: z.number(),
  traffic: z.number(),
  amenities: z.number(),
  property: z.number(),
  environment: z.number(),
  tags: z.array(z.string()),
  body: z.string(),
  images: z.array(z.string()),
  likeCount: z.number(),
  replyCount: z.number(),
  createdAt: z.string(),
  /** When it was last edited, else null. */
  updatedAt: z.string().nullable(),
});
export type ReviewCard = z.infer<typeof reviewCard>;

export const reviewEstate = z.object({
  id: z.number(),
  cityId: z.number(),
  name: z.string(),
  where: z.string(),
});
export type ReviewEstate = z.infer<typeof reviewEstate>;

export const reviewListBody = z.object({
  estate: reviewEstate,
  summary: reviewSummaryBody,
  total: z.number(),
  page: z.number(),
  list: z.array(reviewCard),
});
export type ReviewListBody = z.infer<typeof reviewListBody>;

export const reviewAddInput = z.object({
  estateId: idParam('estateId'),
  overall: score('overall'),
  traffic: score('traffic'),
  amenities: score('amenities'),
  property: score('property'),
  environment: score('environment'),
  tags: z
    .array(z.enum(REVIEW_TAGS, { message: REVIEW_MESSAGES.tagUnknown }), { message: REVIEW_MESSAGES.tagUnknown })
    .max(REVIEW_TAGS_MAX, { message: REVIEW_MESSAGES.tagsMax })
    .default([])
    .transform((t) => [...new Set(t)]),
  body: postText(REVIEW_BODY_MIN, REVIEW_BODY_MAX, REVIEW_MESSAGES.bodyShort, REVIEW_MESSAGES.bodyLong),
  images,
  relation: z.enum(['owner', 'tenant', 'visitor'], { message: '身份选择无效' }).default('visitor'),
});
export type ReviewAddInput = z.infer<typeof reviewAddInput>;

export const reviewAddBody = z.object({ review: reviewCard, created: z.boolean(), flagged: z.boolean() });
export type ReviewAddBody = z.infer<typeof reviewAddBody>;

export const replyCard = z.object({
  id: z.number(),
  reviewId: z.number(),
  author: reviewAuthor,
  body: z.string(),
  likeCount: z.number(),
  createdAt: z.string(),
});
export type ReplyCard = z.infer<typeof replyCard>;

export const reviewDetailQuery = z.object({ id: idParam('id'), ...pageParams(REPLY_PAGE_SIZE) });
export const reviewDetailBody = z.object({
  estate: reviewEstate,
  review: reviewCard,
  replies: z.object({ total: z.number(), page: z.number(), list: z.array(replyCard) }),
});
export type ReviewDetailBody = z.infer<typeof reviewDetailBody>;

export const reviewReplyInput = z.object({
  reviewId: idParam('reviewId'),
  body: postText(1, REPLY_BODY_MAX, COMMUNITY_MESSAGES.empty, REVIEW_MESSAGES.replyLong),
});
export const reviewReplyBody = z.object({ reply: replyCard, flagged: z.boolean() });

export const reviewLikeInput = z.object({
  targetType: z.enum(['review', 'review_reply'], { message: 'targetType 格式不正确' }),
  id: idParam('id'),
  like: z.boolean({ message: 'like 格式不正确' }).default(true),
});
export const likeBody = z.object({ liked: z.boolean(), likeCount: z.number() });
export type LikeBody = z.infer<typeof likeBody>;

export const reviewDeleteInput = z.object({
  targetType: z.enum(['review', 'review_reply'], { message: 'targetType 格式不正确' }).default('review'),
  id: idParam('id'),
});

export const reviewMineQuery = z.object({ estateId: idParam('estateId'), reviewId: idParam('reviewId').optional() });
export const reviewMineBody = z.object({
  /** My review of the estate (the composer's prefill), else null. */
  review: reviewCard.nullable(),
  /** I have an owner verification for the estate: 业主 may be chosen. */
  ownerVerified: z.boolean(),
  /** Ids I liked among the estate's reviews, and among the replies of `reviewId`. */
  likedReviews: z.array(z.number()),
  likedReplies: z.array(z.number()),
});
export type ReviewMineBody = z.infer<typeof reviewMineBody>;

/** The estate page's score block (one review_summary row), with no import of the reviews pages. */
export function summaryOf(
  row: {
    count: number;
    overallSum: number;
    trafficSum: number;
    amenitiesSum: number;
    propertySum: number;
    environmentSum: number;
    tagCounts: Record<string, number>;
  } | null,
): ReviewSummary {
  const n = row?.count ?? 0;
  const avg = (sum: number | undefined) => (n > 0 && sum !== undefined ? Math.round((sum / n) * 10) / 10 : null);
  return {
    count: n,
    overall: avg(row?.overallSum),
    traffic: avg(row?.trafficSum),
    amenities: avg(row?.amenitiesSum),
    property: avg(row?.propertySum),
    environment: avg(row?.environmentSum),
    tags: Object.entries(n > 0 ? (row?.tagCounts ?? {}) : {})
      .filter(([, c]) => c > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([tag, count]) => ({ tag, count })),
  };
}

export const REVIEW_DIMENSION_KEYS = REVIEW_DIMENSIONS.map((d) => d.key);

// ---------- viewing notes ----------

export const noteListQuery = z
  .object({
    estateId: idParam('estateId').optional(),
    cityId: idParam('cityId').optional(),
    /** One note shown expanded at the top (/{city}/house-note/{houseId}?noteId=…). */
    noteId: idParam('noteId').optional(),
    ...pageParams(NOTE_PAGE_SIZE),
  })
  .refine((q) => q.estateId !== undefined || q.cityId !== undefined, { message: REVIEW_MESSAGES.noteScope });
export type NoteListQuery = z.infer<typeof noteListQuery>;

export const noteCard = z.object({
  id: z.number(),
  estateId: z.number(),
  estateName: z.string(),
  author: z.object({
    type: z.enum(['agent', 'user']),
    /** The agent's id (→ the agent page) or the user's. */
    id: z.number().nullable(),
    name: z.string(),
    avatar: z.string().nullable(),
    /** An agent's company and store. */
    company: z.string().nullable(),
  }),
  title: z.string(),
  viewedAt: z.string(),
  highlights: z.array(z.object({ key: z.string(), label: z.string(), grade: z.enum(NOTE_GRADES) })),
  body: z.string(),
  /** The body is the first NOTE_PREVIEW_CHARS characters only (a visitor): 登录查看全文. */
  truncated: z.boolean(),
  images: z.array(z.string()),
  listing: z.object({ id: z.number(), title: z.string() }).nullable(),
  likeCount: z.number(),
  /** Only in a signed-in viewer's answer (no-store); null for a visitor. */
  liked: z.boolean().nullable(),
  createdAt: z.string(),
});
export type NoteCard = z.infer<typeof noteCard>;

export const noteListBody = z.object({
  estate: reviewEstate.nullable(),
  /** Full text (a signed-in viewer) or previews (a visitor). */
  full: z.boolean(),
  /** The note asked for with noteId, shown expanded above the list (null when absent or gone). */
  focus: noteCard.nullable(),
  total: z.number(),
  page: z.number(),
  list: z.array(noteCard),
});
export type NoteListBody = z.infer<typeof noteListBody>;

const highlightKeys = NOTE_HIGHLIGHTS.map((h) => h.key) as [string, ...string[]];
export const noteAddInput = z.object({
  estateId: idParam('estateId'),
  title: postText(NOTE_TITLE_MIN, NOTE_TITLE_MAX, REVIEW_MESSAGES.noteTitle, REVIEW_MESSAGES.noteTitle),
  body: postText(NOTE_BODY_MIN, NOTE_BODY_MAX, REVIEW_MESSAGES.noteBodyShort, REVIEW_MESSAGES.noteBodyLong),
  highlights: z
    .partialRecord(
      z.enum(highlightKeys, { message: 'highlights 格式不正确' }),
      z.enum(NOTE_GRADES, { message: '请选择好、中或差' }),
      {
        message: 'highlights 格式不正确',
      },
    )
    .default({}),
  images,
  viewedAt: z
    .string({ message: REVIEW_MESSAGES.viewedAt })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: REVIEW_MESSAGES.viewedAt })
    .optional(),
});
export type NoteAddInput = z.infer<typeof noteAddInput>;
export const noteAddBody = z.object({ note: noteCard, flagged: z.boolean() });

export const noteLikeInput = z.object({
  id: idParam('id'),
  like: z.boolean({ message: 'like 格式不正确' }).default(true),
});

/** The first `n` characters (code points) of a note, for a visitor. */
export function notePreview(body: string, n = NOTE_PREVIEW_CHARS): { body: string; truncated: boolean } {
  const chars = [...body];
  return chars.length <= n ? { body, truncated: false } : { body: chars.slice(0, n).join(''), truncated: true };
}

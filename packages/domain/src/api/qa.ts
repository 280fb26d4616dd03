// Payloads of 问答 (issue 17, PAGES.md §3.8, spec §4/§6 super label): NEW GET question-answer/list (a city's or an
// estate's questions, tabs 热门/最新/待回答, topic), POST question-answer/ask, GET question-answer/detail (a question,
// its answers, related questions, the estate card), POST question-answer/answer, like, follow and delete, GET
// question-answer/mine, user (a user's public Q&A), super (my routed questions, or a 达人's profile) and viewer (my
// state on a detail: liked answers, following, mine). The texts are plain text as typed (contacts masked).
import { z } from 'zod';
import {
  ANSWER_BODY_MAX,
  ANSWER_BODY_MIN,
  POST_IMAGES_MAX,
  QA_BODY_MAX,
  QA_TITLE_MAX,
  QA_TITLE_MIN,
  QA_TOPICS,
  UPLOAD_PATH_PATTERN,
  COMMUNITY_MESSAGES,
} from '../community.ts';
import { cityIdParam } from './geo.ts';
import { idParam, isCleanText, pageParams } from './params.ts';
import { collectEstateRow } from './subscriptions.ts';

export const QA_PAGE_SIZE = 20;
/** Answers a detail shows (the most recommended first). */
export const QA_DETAIL_ANSWERS_MAX = 100;
/** The best answer's excerpt on a card, in characters. */
export const QA_EXCERPT_MAX = 60;
/** Agents of an estate a new question is routed to. */
export const QA_ROUTE_AGENTS = 3;

export const QA_TABS = ['hot', 'new', 'unanswered'] as const;
export type QaTab = (typeof QA_TABS)[number];
export const QA_TAB_LABELS: Record<QaTab, string> = { hot: '热门', new: '最新', unanswered: '待回答' };

export const QA_TOPIC_KEYS = QA_TOPICS.map((t) => t.key) as [QaTopicKey, ...QaTopicKey[]];
type QaTopicKey = (typeof QA_TOPICS)[number]['key'];
export const qaTopicLabel = (key: string): string => QA_TOPICS.find((t) => t.key === key)?.label ?? '其他';

export const QA_MESSAGES = {
  unknownEstate: '小区不存在',
  unknownQuestion: '问题不存在',
  unknownAnswer: '回答不存在',
  titleShort: `标题至少${QA_TITLE_MIN}个字`,
  titleLong: `标题最多${QA_TITLE_MAX}个字`,
  bodyLong: `问题描述最多${QA_BODY_MAX}个字`,
  answerShort: `回答至少${ANSWER_BODY_MIN}个字`,
  answerLong: `回答最多${ANSWER_BODY_MAX}个字`,
  badTopic: '请选择话题',
  badImage: COMMUNITY_MESSAGES.imageNotYours,
  unknownUser: '用户不存在',
  notSuper: '暂无权限',
  superNotFound: '达人不存在',
} as const;

const topicParam = z.enum(QA_TOPIC_KEYS, { error: () => QA_MESSAGES.badTopic });

/** Text the user typed: no control characters except line breaks, trimmed, between min and max characters. */
const postText = (min: number, max: number, messages: { empty: string; short: string; long: string }) =>
  z
    .string({ message: messages.empty })
    .refine((v) => isCleanText(v.replace(/\r?\n/g, ' ')), { message: '内容含有不允许的字符', abort: true })
    .trim()
    .min(Math.max(1, min), { message: min > 1 ? messages.short : messages.empty })
    .max(max, { message: messages.long });

const imagesParam = z
  .array(z.string().regex(UPLOAD_PATH_PATTERN, { message: QA_MESSAGES.badImage }), {
    message: QA_MESSAGES.badImage,
  })
  .max(POST_IMAGES_MAX, { message: COMMUNITY_MESSAGES.tooManyImages })
  .default([]);

export const qaListQuery = z.object({
  cityId: cityIdParam,
  estateId: idParam('estateId', '小区 id 格式不正确').optional(),
  tab: z.enum(QA_TABS, { error: () => 'tab 只能是 hot、new 或 unanswered' }).default('hot'),
  topic: topicParam.optional(),
  page: pageParams(QA_PAGE_SIZE).page,
});
export type QaListQuery = z.infer<typeof qaListQuery>;

const person = z.object({
  id: z.number().int(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type QaPerson = z.infer<typeof person>;

const superLabelValue = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** A question card. */
export const qaCard = z.object({
  id: z.number().int(),
  cityId: z.number().int(),
  title: z.string(),
  topic: z.string(),
  estate: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  answerCount: z.number().int(),
  followCount: z.number().int(),
  createdAt: z.string(),
  activeAt: z.string(),
  asker: person,
  /** The best answer (adopted first, then most liked): its start, and the answerer's super label. */
  best: z
    .object({
      excerpt: z.string(),
      superLabel: superLabelValue,
      likeCount: z.number().int(),
    })
    .nullable(),
});
export type QaCard = z.infer<typeof qaCard>;

export const qaListBody = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  list: z.array(qaCard),
});
export type QaListBody = z.infer<typeof qaListBody>;

export const qaAskInput = z.object({
  cityId: cityIdParam,
  estateId: idParam('estateId', '小区 id 格式不正确').optional().nullable(),
  topic: topicParam,
  title: postText(QA_TITLE_MIN, QA_TITLE_MAX, {
    empty: '请输入问题标题',
    short: QA_MESSAGES.titleShort,
    long: QA_MESSAGES.titleLong,
  }),
  body: z
    .string({ message: '问题描述格式不正确' })
    .refine((v) => isCleanText(v.replace(/\r?\n/g, ' ')), { message: '内容含有不允许的字符', abort: true })
    .trim()
    .max(QA_BODY_MAX, { message: QA_MESSAGES.bodyLong })
    .default(''),
  images: imagesParam,
});
export type QaAskInput = z.infer<typeof qaAskInput>;

export const qaPostedBody = z.object({ id: z.number().int(), flagged: z.boolean() });
export type QaPostedBody = z.infer<typeof qaPostedBody>;

export const qaDetailQuery = z.object({ id: idParam('id', '问题 id 格式不正确') });
export type QaDetailQuery = z.infer<typeof qaDetailQuery>;

export const qaAnswer = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  body: z.string(),
  images: z.array(z.string()),
  likeCount: z.number().int(),
  adopted: z.boolean(),
  superLabel: superLabelValue,
  /** Answered by an agent of the estate (seeded). */
  agentId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
  user: person,
});
export type QaAnswer = z.infer<typeof qaAnswer>;

const estateCard = collectEstateRow.omit({ recordId: true, muted: true, createdAt: true });

export const qaQuestion = z.object({
  id: z.number().int(),
  cityId: z.number().int(),
  title: z.string(),
  body: z.string(),
  images: z.array(z.string()),
  topic: z.string(),
  estate: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  answerCount: z.number().int(),
  followCount: z.number().int(),
  createdAt: z.string(),
  activeAt: z.string(),
  asker: person,
});
export type QaQuestion = z.infer<typeof qaQuestion>;

export const qaDetailBody = z.object({
  question: qaQuestion,
  /** 推荐 order: adopted, likes, super label, time. */
  answers: z.array(qaAnswer),
  related: z.array(z.object({ id: z.number().int(), title: z.string(), answerCount: z.number().int() })),
  estate: estateCard.nullable(),
});
export type QaDetailBody = z.infer<typeof qaDetailBody>;

export const qaAnswerInput = z.object({
  questionId: idParam('questionId', '问题 id 格式不正确'),
  body: postText(ANSWER_BODY_MIN, ANSWER_BODY_MAX, {
    empty: '请输入回答内容',
    short: QA_MESSAGES.answerShort,
    long: QA_MESSAGES.answerLong,
  }),
  images: imagesParam,
});
export type QaAnswerInput = z.infer<typeof qaAnswerInput>;

export const qaEditAnswerInput = qaAnswerInput.omit({ questionId: true }).extend({
  answerId: idParam('answerId', '回答 id 格式不正确'),
});
export type QaEditAnswerInput = z.infer<typeof qaEditAnswerInput>;

export const qaLikeInput = z.object({
  answerId: idParam('answerId', '回答 id 格式不正确'),
  like: z.boolean({ message: 'like 须为 true 或 false' }),
});
export const qaLikeBody = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type QaLikeBody = z.infer<typeof qaLikeBody>;

export const qaFollowInput = z.object({
  questionId: idParam('questionId', '问题 id 格式不正确'),
  follow: z.boolean({ message: 'follow 须为 true 或 false' }),
});
export const qaFollowBody = z.object({ following: z.boolean(), followCount: z.number().int() });
export type QaFollowBody = z.infer<typeof qaFollowBody>;

export const qaDeleteInput = z.object({
  targetType: z.enum(['question', 'answer'], { error: () => 'targetType 只能是 question 或 answer' }),
  id: idParam('id', 'id 格式不正确'),
});
export type QaDeleteInput = z.infer<typeof qaDeleteInput>;
export const qaDeleteBody = z.object({ deleted: z.boolean() });

export const qaViewerQuery = qaDetailQuery;
export const qaViewerBody = z.object({
  likedAnswerIds: z.array(z.number().int()),
  following: z.boolean(),
  /** The viewer asked the question. */
  mine: z.boolean(),
  /** The viewer's own answers on it. */
  myAnswerIds: z.array(z.number().int()),
  /** The viewer's super label (0 none). */
  label: superLabelValue,
});
export type QaViewerBody = z.infer<typeof qaViewerBody>;

export const qaMineQuery = z.object({
  tab: z.enum(['questions', 'answers'], { error: () => 'tab 只能是 questions 或 answers' }).default('questions'),
  page: pageParams(QA_PAGE_SIZE).page,
});
export type QaMineQuery = z.infer<typeof qaMineQuery>;

/** An answer of a user's list, with its question. */
export const qaAnswerRow = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  questionTitle: z.string(),
  cityId: z.number().int(),
  body: z.string(),
  likeCount: z.number().int(),
  adopted: z.boolean(),
  superLabel: superLabelValue,
  createdAt: z.string(),
  estate: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type QaAnswerRow = z.infer<typeof qaAnswerRow>;

export const qaMineBody = z.object({
  tab: z.enum(['questions', 'answers']),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  questions: z.array(qaCard),
  answers: z.array(qaAnswerRow),
});
export type QaMineBody = z.infer<typeof qaMineBody>;

export const qaUserQuery = z.object({
  id: idParam('id', '用户 id 格式不正确'),
  tab: z.enum(['questions', 'answers'], { error: () => 'tab 只能是 questions 或 answers' }).default('questions'),
  page: pageParams(QA_PAGE_SIZE).page,
});
export type QaUserQuery = z.infer<typeof qaUserQuery>;

export const qaProfile = z.object({
  id: z.number().int(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  label: superLabelValue,
  questionCount: z.number().int(),
  answerCount: z.number().int(),
  likesReceived: z.number().int(),
  followerCount: z.number().int(),
});
export type QaProfile = z.infer<typeof qaProfile>;

export const qaUserBody = qaMineBody.extend({ profile: qaProfile });
export type QaUserBody = z.infer<typeof qaUserBody>;

export const qaSuperQuery = z.object({
  id: idParam('id', '达人 id 格式不正确').optional(),
  page: pageParams(QA_PAGE_SIZE).page,
});
export type QaSuperQuery = z.infer<typeof qaSuperQuery>;

/** A question routed to me (a 达人), with whether I answered it. */
export const qaRoutedCard = qaCard.extend({ routedAt: z.string(), answered: z.boolean() });
export type QaRoutedCard = z.infer<typeof qaRoutedCard>;

export const qaSuperBody = z.object({
  /** queue: my routed questions; profile: a 达人's public page. */
  kind: z.enum(['queue', 'profile']),
  profile: qaProfile,
  estates: z.array(z.object({ id: z.number().int(), name: z.string(), cityId: z.number().int() })),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  queue: z.array(qaRoutedCard),
  answers: z.array(qaAnswerRow),
});
export type QaSuperBody = z.infer<typeof qaSuperBody>;

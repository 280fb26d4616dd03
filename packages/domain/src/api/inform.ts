// 纠错/举报 and the moderation console (issue 17, PAGES.md §3.8): NEW GET inform/target (what is reported and the
// reasons offered), NEW POST inform/submit (login; through the posting guard), NEW GET inform/mine (my tickets), and
// the staff console /ops/moderation: NEW GET ops/moderation/tickets, GET ops/moderation/posts, POST
// ops/moderation/post (hide / restore / keep), POST ops/moderation/ban, POST ops/moderation/resolve (apply a
// correction), POST ops/moderation/reject. Every staff action writes an audit row.
import { z } from 'zod';
import {
  INFORM_DESCRIPTION_MAX,
  INFORM_IMAGES_MAX,
  INFORM_REASONS,
  INFORM_TARGETS,
  UPLOAD_PATH_PATTERN,
  type InformReason,
  type InformTarget,
} from '../community.ts';
import { idParam, intParam, pageParams, textParam } from './params.ts';

export const INFORM_MESSAGES = {
  targetType: '举报对象类型不正确',
  targetGone: '举报的内容不存在或已删除',
  reason: '请选择举报原因',
  reasonNotOffered: '该举报原因不适用于此内容',
  descriptionTooLong: `问题描述最多${INFORM_DESCRIPTION_MAX}个字`,
  badCharacters: '问题描述含有不允许的字符',
  tooManyImages: `最多上传${INFORM_IMAGES_MAX}张截图`,
  badImage: '截图无效，请重新上传',
  badContact: '请填写正确格式的手机号',
  loginRequired: '请先登录',
  ticketNotFound: '工单不存在',
  moderatorOnly: '仅审核人员可以操作',
  ticketHandled: '该工单已处理',
  postNotFound: '内容不存在或已删除',
  actionNotApplicable: '该工单不适用此处理方式',
  fieldUnknown: '不支持修改该字段',
  valueInvalid: '修改后的值不正确',
  noAuthor: '该内容没有可禁言的用户',
  cannotBanStaff: '不能禁言工作人员',
} as const;

/** 'JC' + yyyymmdd + 6 digits. */
export const TICKET_NO_PATTERN = /^JC\d{14}$/;

export const INFORM_STATUSES = ['open', 'resolved', 'rejected'] as const;
export type InformStatus = (typeof INFORM_STATUSES)[number];
export const INFORM_STATUS_LABELS: Record<InformStatus, string> = {
  open: '处理中',
  resolved: '已处理',
  rejected: '未采纳',
};

export const INFORM_TARGET_LABELS: Record<InformTarget, string> = {
  listing: '二手房房源',
  estate: '小区',
  deal: '成交记录',
  rental: '租房房源',
  question: '问题',
  answer: '回答',
  review: '点评',
  review_reply: '点评回复',
  note: '看房笔记',
};

/** Data targets are 纠错 (corrections), posts are 举报 (reports). */
export const isPostTarget = (t: InformTarget) =>
  t === 'question' || t === 'answer' || t === 'review' || t === 'review_reply' || t === 'note';
export const informVerb = (t: InformTarget) => (isPostTarget(t) ? '举报' : '纠错');

const targetTypeParam = z.enum(INFORM_TARGETS, { error: INFORM_MESSAGES.targetType });
const reasonParam = z.enum(Object.keys(INFORM_REASONS) as [InformReason, ...InformReason[]], {
  error: INFORM_MESSAGES.reason,
});

// eslint-disable-next-line no-control-regex -- control characters other than line breaks are refused
const CONTROL_BUT_BREAKS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

// --- NEW GET inform/target -------------------------------------------------------------------------------------------

export const informTargetQuery = z.object({
  targetType: targetTypeParam,
  targetId: idParam('targetId', '举报对象不存在'),
});

export const informTargetSummary = z.object({
  targetType: z.enum(INFORM_TARGETS),
  targetId: z.number().int(),
  /** 二手房房源 / 小区 / 回答 … */
  kindLabel: z.string(),
  /** The title line: the listing's estate + 室厅 + price, the estate's name, the post's excerpt … */
  title: z.string(),
  /** A second line (district, area, author …), may be empty. */
  subtitle: z.string(),
  /** Where the target is shown (same-origin path), when it has a page. */
  link: z.string().nullable(),
  cityId: z.number().int().nullable(),
});
export type InformTargetSummary = z.infer<typeof informTargetSummary>;

export const informReasonOption = z.object({ key: reasonParam, label: z.string() });
export const informTargetBody = z.object({
  target: informTargetSummary,
  verb: z.string(),
  reasons: z.array(informReasonOption),
  descriptionMax: z.number().int(),
  imagesMax: z.number().int(),
});
export type InformTargetBody = z.infer<typeof informTargetBody>;

// --- NEW POST inform/submit ------------------------------------------------------------------------------------------

export const informSubmitInput = z.object({
  targetType: targetTypeParam,
  targetId: idParam('targetId', '举报对象不存在'),
  reason: reasonParam,
  description: z
    .string({ message: INFORM_MESSAGES.badCharacters })
    .refine((s) => !CONTROL_BUT_BREAKS.test(s), { message: INFORM_MESSAGES.badCharacters, abort: true })
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(INFORM_DESCRIPTION_MAX, { message: INFORM_MESSAGES.descriptionTooLong }))
    .default(''),
  images: z
    .array(z.string().regex(UPLOAD_PATH_PATTERN, { message: INFORM_MESSAGES.badImage }), {
      error: INFORM_MESSAGES.badImage,
    })
    .max(INFORM_IMAGES_MAX, { message: INFORM_MESSAGES.tooManyImages })
    .default([]),
  /** A mobile number; absent or empty: the account's own. */
  contact: z
    .string({ message: INFORM_MESSAGES.badContact })
    .trim()
    .refine((s) => s === '' || /^1[3-9]\d{9}$/.test(s), { message: INFORM_MESSAGES.badContact })
    .optional(),
});
export type InformSubmitInput = z.input<typeof informSubmitInput>;

export const informTicket = z.object({
  id: z.number().int(),
  ticketNo: z.string(),
  targetType: z.enum(INFORM_TARGETS),
  targetId: z.number().int(),
  reason: z.string(),
  reasonText: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  /** Masked (138****0001). */
  contact: z.string().nullable(),
  status: z.enum(INFORM_STATUSES),
  statusText: z.string(),
  /** What staff did or why nothing was wrong. */
  resolution: z.string().nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  target: informTargetSummary.nullable(),
});
export type InformTicket = z.infer<typeof informTicket>;

export const informSubmitBody = z.object({
  ticket: informTicket,
  /** true: the same user's open ticket on the same target (nothing new stored). */
  existing: z.boolean(),
});
export type InformSubmitBody = z.infer<typeof informSubmitBody>;

// --- NEW GET inform/mine ---------------------------------------------------------------------------------------------

export const informMineQuery = z.object({
  ticketNo: z
    .string()
    .trim()
    .toUpperCase()
    .regex(TICKET_NO_PATTERN, { message: INFORM_MESSAGES.ticketNotFound })
    .optional(),
});
export const informMineBody = z.object({ list: z.array(informTicket) });
export type InformMineBody = z.infer<typeof informMineBody>;

// --- the moderation console ------------------------------------------------------------------------------------------

export const MODERATION_PAGE_SIZE = 20;

/** Post kinds the console moderates, as inform targets name them. */
export const MODERATED_KINDS = ['question', 'answer', 'review', 'review_reply', 'note'] as const;
export type ModeratedKind = (typeof MODERATED_KINDS)[number];

/** Estate facts staff may correct from a report (column, label, what a value must be). */
export const ESTATE_CORRECTION_FIELDS = {
  build_year: { label: '建成年代', kind: 'int', min: 1900, max: 2035 },
  property_fee: { label: '物业费（元/㎡·月）', kind: 'number', min: 0, max: 100 },
  property_company: { label: '物业公司', kind: 'text', min: 2, max: 50 },
  developer: { label: '开发商', kind: 'text', min: 2, max: 50 },
  household_count: { label: '总户数', kind: 'int', min: 1, max: 100_000 },
  building_count: { label: '楼栋数', kind: 'int', min: 1, max: 1000 },
  plot_ratio: { label: '容积率', kind: 'number', min: 0.1, max: 20 },
  greening_rate: { label: '绿化率（0-1）', kind: 'number', min: 0, max: 1 },
  parking_ratio: { label: '车位比（每户）', kind: 'number', min: 0, max: 10 },
  tenure_years: { label: '产权年限', kind: 'int', min: 1, max: 99 },
} as const;
export type EstateCorrectionField = keyof typeof ESTATE_CORRECTION_FIELDS;

export const moderationTicketsQuery = z.object({
  state: z.enum(['open', 'handled'], { error: 'state 只能为 open 或 handled' }).default('open'),
  page: pageParams(MODERATION_PAGE_SIZE).page,
});

/** What staff may do about a ticket's target (the console offers these). */
export const RESOLVE_ACTIONS = ['delist', 'price', 'estate_field', 'hide_post', 'none'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

export const moderationTicketRow = informTicket.extend({
  reporterId: z.number().int(),
  /** The reporter's account phone, masked. */
  reporter: z.string().nullable(),
  /** Open tickets on the same target (this one included). */
  sameTarget: z.number().int(),
  /** The actions that apply to this target (and reason). */
  actions: z.array(z.enum(RESOLVE_ACTIONS)),
  /** The current price (listing: 元; rental: 元/月), for the price correction's field. */
  currentPrice: z.number().nullable(),
  handledBy: z.string().nullable(),
});
export type ModerationTicketRow = z.infer<typeof moderationTicketRow>;
export const moderationTicketsBody = z.object({
  total: z.number().int(),
  page: z.number().int(),
  list: z.array(moderationTicketRow),
});
export type ModerationTicketsBody = z.infer<typeof moderationTicketsBody>;

export const moderationPostsQuery = z.object({
  state: z.enum(['flagged', 'hidden'], { error: 'state 只能为 flagged 或 hidden' }).default('flagged'),
  page: pageParams(MODERATION_PAGE_SIZE).page,
});

export const moderationPostRow = z.object({
  kind: z.enum(MODERATED_KINDS),
  id: z.number().int(),
  kindLabel: z.string(),
  title: z.string().nullable(),
  body: z.string(),
  status: z.string(),
  flagged: z.boolean(),
  /** Why it is in the queue: the reasons of open reports, else 敏感词. */
  flaggedReason: z.string(),
  openReports: z.number().int(),
  authorId: z.number().int().nullable(),
  /** The author's nickname or masked phone. */
  author: z.string().nullable(),
  authorBanned: z.boolean(),
  createdAt: z.string(),
  link: z.string().nullable(),
});
export type ModerationPostRow = z.infer<typeof moderationPostRow>;
export const moderationPostsBody = z.object({
  total: z.number().int(),
  page: z.number().int(),
  list: z.array(moderationPostRow),
});
export type ModerationPostsBody = z.infer<typeof moderationPostsBody>;

const note = (name: string) => textParam(name, { max: 100, emptyMessage: `请填写${name}` });

export const moderationPostInput = z.object({
  kind: z.enum(MODERATED_KINDS, { error: INFORM_MESSAGES.postNotFound }),
  id: idParam('id', INFORM_MESSAGES.postNotFound),
  /** hide: visible → hidden; restore: hidden → visible; keep: leave it visible, clear the flag. */
  action: z.enum(['hide', 'restore', 'keep'], { error: '操作只能为 hide、restore 或 keep' }),
  reason: textParam('原因', { max: 100 }).optional(),
});
export const moderationPostBody = z.object({ status: z.string(), flagged: z.boolean() });

export const moderationBanInput = z.object({
  userId: idParam('userId', '用户不存在'),
  action: z.enum(['ban', 'unban'], { error: '操作只能为 ban 或 unban' }),
  reason: note('禁言原因').optional(),
  /** Absent: for good. */
  days: intParam('禁言天数', { min: 1, max: 3650 }).optional(),
});
export const moderationBanBody = z.object({ banned: z.boolean(), until: z.string().nullable() });

export const moderationResolveInput = z.object({
  ticketId: idParam('ticketId', INFORM_MESSAGES.ticketNotFound),
  action: z.enum(RESOLVE_ACTIONS, { error: '请选择处理方式' }),
  /** estate_field: the column (ESTATE_CORRECTION_FIELDS). */
  field: z.string().max(40).optional(),
  /** price: listing 总价 in 万元 / rental 月租 in 元; estate_field: the new value as typed. */
  value: z.union([z.string().max(100), z.number()]).optional(),
  /** What was done, told to the reporter. */
  note: note('处理说明'),
});
export const moderationRejectInput = z.object({
  ticketId: idParam('ticketId', INFORM_MESSAGES.ticketNotFound),
  reason: note('驳回原因'),
});
export const moderationDecisionBody = z.object({ ticket: moderationTicketRow, handled: z.number().int() });
export type ModerationDecisionBody = z.infer<typeof moderationDecisionBody>;

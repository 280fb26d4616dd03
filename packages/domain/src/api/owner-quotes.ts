// 业主认证 and 卖房报价 (issue 16, PAGES.md §3.7, §3.11, spec §9): an owner proves the phone by an SMS code, names the
// room and agrees to the declaration (NEW POST estimate/quotation/sms, estimate/quotation/auth); then sends an
// expected price, timeline and contact preference to the estate's agents as a 'sell' lead (NEW POST
// estimate/quotation/submit, Idempotency-Key); the lead's agent answers with listing-price advice (NEW POST
// ops/leads/{id}/owner-quote/advice), which the owner reads on the form (NEW GET estimate/quotation/detail, /mine).
import { z } from 'zod';
import { pageOfForm } from './leads.ts';
import { idParam, isCleanText, textParam } from './params.ts';

/**
 * The declaration an owner agrees to, by version; the version agreed to is stored with the verification
 * (owner_verification.declaration_version). A new wording is a new version.
 */
export const OWNER_DECLARATIONS = {
  'owner-declaration-2026-11':
    '本人承诺为该房屋产权人或其授权人，所填房屋地址真实有效；同意房价通将本人的卖房报价转给服务该小区的经纪人，' +
    '经纪人可能通过虚拟号码联系本人。如有虚假，本人自行承担相应责任。',
} as const;
export type OwnerDeclarationVersion = keyof typeof OWNER_DECLARATIONS;
export const OWNER_DECLARATION_VERSION: OwnerDeclarationVersion = 'owner-declaration-2026-11';
export const OWNER_DECLARATION_TEXT = OWNER_DECLARATIONS[OWNER_DECLARATION_VERSION];

/** 楼栋 / 单元 / 门牌号: each at most this many characters. */
export const ROOM_FIELD_MAX = 20;
/** The advice note an agent may write. */
export const ADVICE_NOTE_MAX = 200;
/** The owner's note on the quote. */
export const QUOTE_NOTE_MAX = 200;
/** Largest expected price accepted, 万 (above it the input is a typo). */
export const MAX_QUOTE_WAN = 100_000;

export const QUOTE_TIMELINES = ['1m', '3m', '6m', 'unsure'] as const;
export type QuoteTimeline = (typeof QUOTE_TIMELINES)[number];
export const QUOTE_TIMELINE_LABELS: Record<QuoteTimeline, string> = {
  '1m': '1个月内',
  '3m': '3个月内',
  '6m': '半年内',
  unsure: '暂不确定',
};
export const CONTACT_PREFERENCES = ['phone', 'sms', 'online'] as const;
export type ContactPreference = (typeof CONTACT_PREFERENCES)[number];
export const CONTACT_PREFERENCE_LABELS: Record<ContactPreference, string> = {
  phone: '电话',
  sms: '仅短信',
  online: '在线咨询',
};

export const OWNER_QUOTE_MESSAGES = {
  notVerified: '请先完成业主认证',
  declaration: '请先阅读并勾选业主声明',
  quoteNotFound: '报价不存在',
  notYourQuote: '无权查看：该报价不属于您',
  noQuoteOnLead: '该线索没有业主报价',
  price: `期望售价须大于 0 且不超过 ${MAX_QUOTE_WAN} 万`,
  advicePrice: `建议挂牌价须大于 0 且不超过 ${MAX_QUOTE_WAN} 万`,
  /** The page after the quote is sent (below the spec §9 toast). */
  waitAdvice: '经纪人给出挂牌建议后将通知您',
} as const;

/** A price in 万 with at most 2 decimals (100 元 steps), > 0 and ≤ MAX_QUOTE_WAN. */
const wanParam = (message: string) =>
  z
    .number({ message })
    .gt(0, { message })
    .max(MAX_QUOTE_WAN, { message })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: '价格最多保留两位小数' });

/** 楼栋 / 单元 / 门牌号 as typed: trimmed, no control characters, ≤ ROOM_FIELD_MAX. */
const roomField = (name: string) => textParam(name, { max: ROOM_FIELD_MAX, emptyMessage: `请填写${name}` });

/** NEW POST estimate/quotation/sms (login): a code to the account's own phone, purpose owner-verify. */
export const ownerSmsInput = z.object({ estateId: idParam('estateId', '小区 id 格式不正确') });
export const ownerSmsBody = z.object({
  /** The phone the code went to, masked. */
  mobile: z.string(),
  expiresIn: z.number().int(),
  resendAfter: z.number().int(),
});
export type OwnerSmsBody = z.infer<typeof ownerSmsBody>;

/** NEW POST estimate/quotation/auth (login). */
export const ownerAuthInput = z.object({
  estateId: idParam('estateId', '小区 id 格式不正确'),
  code: z.string({ message: '请输入验证码' }).regex(/^\d{6}$/, { message: '请输入6位验证码' }),
  building: roomField('楼栋'),
  unit: z
    .string({ message: '单元 格式不正确' })
    .refine(isCleanText, { message: '单元 含有不允许的字符', abort: true })
    .trim()
    .max(ROOM_FIELD_MAX, { message: `单元 最多${ROOM_FIELD_MAX}个字` })
    .optional(),
  room: roomField('门牌号'),
  declarationVersion: z.enum(Object.keys(OWNER_DECLARATIONS) as [OwnerDeclarationVersion], {
    message: OWNER_QUOTE_MESSAGES.declaration,
  }),
});
export type OwnerAuthInput = z.infer<typeof ownerAuthInput>;
export const ownerAuthBody = z.object({ verificationId: z.number().int(), estateId: z.number().int() });
export type OwnerAuthBody = z.infer<typeof ownerAuthBody>;

/** NEW GET estimate/quotation/status?estateId[&recordId] (login): what the form needs of the user. */
export const ownerStatusQuery = z.object({
  estateId: idParam('estateId', '小区 id 格式不正确'),
  recordId: idParam('recordId', '估价记录 id 格式不正确').optional(),
});
export const ownerStatusBody = z.object({
  /** The newest verification of the user for the estate; null: not verified. */
  verificationId: z.number().int().nullable(),
  /** 楼栋 (and 单元) of that verification, as typed. */
  roomLabel: z.string().nullable(),
  /** 建筑面积 of the user's own valuation record, when recordId is theirs and of this estate. */
  area: z.number().nullable(),
  /** The valuation's total, 元 (the same record). */
  estimate: z.number().int().nullable(),
});
export type OwnerStatusBody = z.infer<typeof ownerStatusBody>;

/** NEW POST estimate/quotation/submit (login, Idempotency-Key). */
export const ownerQuoteInput = z.object({
  estateId: idParam('estateId', '小区 id 格式不正确'),
  verificationId: idParam('verificationId', '认证 id 格式不正确'),
  recordId: idParam('recordId', '估价记录 id 格式不正确').optional(),
  /** 万 */
  expectedPrice: wanParam(OWNER_QUOTE_MESSAGES.price),
  timeline: z.enum(QUOTE_TIMELINES, { message: '请选择出售时间' }),
  contactPreference: z.enum(CONTACT_PREFERENCES, { message: '请选择联系方式' }),
  note: z
    .string({ message: '备注 格式不正确' })
    .refine(isCleanText, { message: '备注 含有不允许的字符', abort: true })
    .trim()
    .max(QUOTE_NOTE_MAX, { message: `备注 最多${QUOTE_NOTE_MAX}个字` })
    .optional(),
  /** The path the form was sent from (stored with the lead's consent). */
  page: pageOfForm,
});
export type OwnerQuoteInput = z.infer<typeof ownerQuoteInput>;

export const quoteAdvice = z.object({
  /** 元 */
  price: z.number().int(),
  note: z.string().nullable(),
  agentName: z.string().nullable(),
  /** ISO */
  at: z.string(),
});
export type QuoteAdvice = z.infer<typeof quoteAdvice>;

/** A quote as its owner sees it. */
export const ownerQuote = z.object({
  id: z.number().int(),
  estateId: z.number().int(),
  estateName: z.string(),
  cityId: z.number().int(),
  recordId: z.number().int().nullable(),
  /** 楼栋 / 单元 / 门牌 as verified. */
  room: z.string(),
  /** 元 */
  expectedPrice: z.number().int(),
  timeline: z.enum(QUOTE_TIMELINES),
  contactPreference: z.enum(CONTACT_PREFERENCES),
  note: z.string().nullable(),
  leadId: z.number().int().nullable(),
  advice: quoteAdvice.nullable(),
  /** ISO */
  createdAt: z.string(),
});
export type OwnerQuote = z.infer<typeof ownerQuote>;

export const ownerQuoteQuery = z.object({ quoteId: idParam('quoteId', '报价 id 格式不正确') });
export const ownerQuoteListBody = z.object({ list: z.array(ownerQuote) });
export type OwnerQuoteListBody = z.infer<typeof ownerQuoteListBody>;

/** A quote as the lead's agent sees it: the room masked to 楼栋 only. */
export const opsOwnerQuote = ownerQuote.omit({ room: true, recordId: true }).extend({ building: z.string() });
export type OpsOwnerQuote = z.infer<typeof opsOwnerQuote>;

/** NEW POST ops/leads/{id}/owner-quote/advice (staff role agent, the lead's own agent). */
export const quoteAdviceInput = z.object({
  /** 万 */
  price: wanParam(OWNER_QUOTE_MESSAGES.advicePrice),
  note: textParam('建议说明', { max: ADVICE_NOTE_MAX }).optional(),
});
export type QuoteAdviceInput = z.infer<typeof quoteAdviceInput>;

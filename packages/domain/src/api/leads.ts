// Payloads of the lead path (issue 14, PAGES.md §3.11, spec §2 deal-price modal, §5 phone rule, §7 part two, §9
// 24-hour pledge): POST estate-dispatch/save-real-price (the modal, the order sheet, 底价揭秘, find-house-365),
// POST loan/consult/phone (贷款 consultation), NEW POST lead/consent/withdraw and GET lead/consent ('不再联系我'), POST
// agent/call/get (a virtual number, never the agent's or the user's own), the agents' console (NEW GET ops/leads,
// ops/leads/caps, POST ops/leads/{id}/claim|outcome|note|call) and the telephony sandbox (NEW POST dev/telephony/connect).
import { z } from 'zod';
import { mobileParam } from './accounts.ts';
import { idParam, intParam, isCleanText, pageParams, textParam } from './params.ts';

/** Spec §9: the toast after a demand is sent. */
export const LEAD_SUCCESS_TOAST = '您的需求已提交成功，经纪人将在24小时之内为您服务。';
/** Spec §2: the modal's defaults, overridable per page. */
export const DEAL_PRICE_MODAL_TITLE = '了解买家真实购买价';
export const DEAL_PRICE_MODAL_BUTTON = '获取成交价';
export const RECOMMEND_TITLE = '这些房源您也可以一起咨询';
export const RECOMMEND_SUBTITLE = '96%看过该房源的用户同时咨询了以下房源';
/** research §3: the agent list's note on number protection. */
export const NUMBER_PROTECTION_NOTE = '号码保护，通话使用虚拟号';

/**
 * The consent texts a lead form shows under the phone input (spec §2: the agent may contact the user), by version;
 * the version the user saw is stored with every consent record. A new wording is a new version.
 */
export const LEAD_CONSENTS = {
  'lead-consent-2026-11': '提交即表示同意房价通将您的需求转给服务该小区的经纪人，经纪人可能通过虚拟号码联系您。',
  'contractor-consent-2026-11': '提交即表示同意房价通将您的找房需求转给您选择的找房顾问，顾问可能通过虚拟号码联系您。',
} as const;
export type LeadConsentVersion = keyof typeof LEAD_CONSENTS;
/** The estate forms' consent (the modal, the order sheet, 底价揭秘, loans). */
export const LEAD_CONSENT_VERSION: LeadConsentVersion = 'lead-consent-2026-11';
export const LEAD_CONSENT_TEXT = LEAD_CONSENTS[LEAD_CONSENT_VERSION];
/** 委托找房's consent: the brief goes to the one contractor chosen. */
export const CONTRACTOR_CONSENT_VERSION: LeadConsentVersion = 'contractor-consent-2026-11';

/** Estates consulted together with the one of the page (the modal's checked recommendations). */
export const MAX_SECOND_ESTATES = 10;
/** Contacts: at most this many agents a day for one phone, and one agent per estate. */
export const AGENT_CONTACTS_PER_DAY = 3;
/**
 * The same phone and estate within this window is the same lead, whatever service it asks for: another service
 * joins the lead (an event the agent sees) instead of opening a second one.
 */
export const LEAD_DEDUPE_HOURS = 24;
/** The round robin counts the leads each agent was given within this many days (a bounded count). */
export const LEAD_LOAD_DAYS = 30;
/** Spec §9: the agent serves the user within 24 hours. */
export const LEAD_SLA_HOURS = 24;
/** An unclaimed lead moves to the next agent after this long. */
export const LEAD_CLAIM_MINUTES = 30;
/** A virtual number binding (user, agent) lives this long. */
export const VIRTUAL_NUMBER_MINUTES = 15;

/** What the buyer asks for (the order sheet's 服务; the modal sends 'buy'). */
export const SERVICE_TYPES = ['buy', 'sell', 'rent', 'loan'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  buy: '买房',
  sell: '卖房',
  rent: '租房',
  loan: '贷款',
};

/** Where a lead came from. */
export const LEAD_SOURCES = [
  'deal-price',
  'order-sheet',
  'baseprice',
  'find-house-365',
  'estimate',
  'loan',
  'contractor',
] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** The path a form was sent from, stored with the consent: no control characters (PostgreSQL cannot store a NUL). */
export const pageOfForm = z
  .string({ message: 'page 格式不正确' })
  .max(300, { message: 'page 最多300个字' })
  .refine(isCleanText, { message: 'page 含有不允许的字符' })
  .optional();

/**
 * POST estate-dispatch/save-real-price. `mobile` may be left out by a signed-in user who did not edit the masked
 * phone the modal prefilled: the account's own number is used. `page` is the path the form was sent from (stored
 * with the consent). Header `Idempotency-Key` (optional): the same key with the same body answers the first
 * answer again; with another body, 409.
 */
export const saveRealPriceInput = z.object({
  type: intParam('type', { min: 2, max: 2, message: 'type 只能是 2' }),
  mobile: mobileParam.optional(),
  intentionEstateId: idParam('intentionEstateId', '小区 id 格式不正确'),
  secondEstateIdList: z
    .array(idParam('secondEstateIdList', '小区 id 格式不正确'), { message: 'secondEstateIdList 格式不正确' })
    .max(MAX_SECOND_ESTATES, { message: `一次最多咨询${MAX_SECOND_ESTATES}个小区` })
    .optional(),
  serviceType: z.enum(SERVICE_TYPES, { message: '服务类型不正确' }).default('buy'),
  source: z.enum(LEAD_SOURCES, { message: '来源不正确' }).default('deal-price'),
  page: pageOfForm,
});
export type SaveRealPriceInput = z.infer<typeof saveRealPriceInput>;

export const saveRealPriceBody = z.object({
  /** One lead per estate asked about (deduped ones are the existing lead's id). */
  leadIds: z.array(z.number().int()),
  /** Estates not passed on because the phone reached its daily cap of agent contacts. */
  cappedEstateIds: z.array(z.number().int()),
});
export type SaveRealPriceBody = z.infer<typeof saveRealPriceBody>;

/** POST loan/consult/phone: a 贷款 consultation (a lead with serviceType 'loan'). */
export const loanConsultInput = z.object({
  mobile: mobileParam.optional(),
  cityId: idParam('cityId', '城市 id 格式不正确'),
  estateId: idParam('estateId', '小区 id 格式不正确').optional(),
  page: pageOfForm,
});
export type LoanConsultInput = z.infer<typeof loanConsultInput>;

/** POST agent/call/get: a virtual number for calling this agent. */
export const agentCallInput = z.object({
  agentId: idParam('agentId', '经纪人 id 格式不正确'),
  estateId: idParam('estateId', '小区 id 格式不正确').optional(),
});
export const agentCallBody = z.object({
  virtualNumber: z.string(),
  /** ISO time the binding ends. */
  expiresAt: z.string(),
});
export type AgentCallBody = z.infer<typeof agentCallBody>;

/** Lead states: open → claimed → 已联系/无人接听/无效/成交; withdrawn when the user says 不再联系我. */
export const LEAD_STATUSES = ['open', 'claimed', 'contacted', 'no-answer', 'invalid', 'deal', 'withdrawn'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_OUTCOMES = ['contacted', 'no-answer', 'invalid', 'deal'] as const;
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  open: '待认领',
  claimed: '跟进中',
  contacted: '已联系',
  'no-answer': '无人接听',
  invalid: '无效',
  deal: '成交',
  withdrawn: '已撤回',
};
/** An outcome is the status it sets: the same words. */
export const LEAD_OUTCOME_LABELS: Record<(typeof LEAD_OUTCOMES)[number], string> = LEAD_STATUS_LABELS;
/** Where a lead came from, as the console names it. */
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  'deal-price': '获取成交价',
  'order-sheet': '委托需求',
  baseprice: '底价揭秘',
  'find-house-365': '365找房',
  estimate: '估价',
  loan: '贷款咨询',
  contractor: '委托找房',
};
/** The longest note an agent may keep on a lead. */
export const LEAD_NOTE_MAX = 500;

/** What the lead endpoints say when they refuse. */
export const LEAD_MESSAGES = {
  estateNotFound: '小区不存在',
  cityNotFound: '城市不存在',
  idempotencyConflict: '请求重复：同一 Idempotency-Key 已用于不同的内容',
  leadNotFound: '线索不存在',
  notYourLead: '无权操作：该线索不属于您',
  agentOnly: '仅限已关联经纪人的工作人员操作',
  agentNotFound: '经纪人不存在',
  leadClosed: '线索已结束，无法再操作',
  claimFirst: '请先认领该线索',
  claimedByOther: '该线索已被其他经纪人认领',
  bindingNotFound: '虚拟号不存在或已过期，请重新获取',
  bindingExpired: '虚拟号已过期，请重新获取',
  callerUnknown: '该号码未绑定此虚拟号',
  numbersExhausted: '虚拟号暂时用尽，请稍后再试',
  /** A demand to one chosen agent (委托找房) after the phone's daily cap of agents was reached without it. */
  agentCapped: '今日已联系的经纪人已达上限，请明天再试',
  telephonyOff: '虚拟号服务暂不可用',
} as const;

/** NEW GET lead/consent (login): the profile's '不再联系我' — whether the phone has an active consent. */
export const leadConsentState = z.object({
  /** An unwithdrawn consent exists for the account's phone. */
  active: z.boolean(),
  /** Leads of the phone still open or claimed (an agent may still call). */
  openLeads: z.number().int(),
});
export type LeadConsentState = z.infer<typeof leadConsentState>;

/** NEW POST lead/consent/withdraw (login): every consent of the phone withdrawn, its open leads closed. */
export const leadConsentWithdrawBody = z.object({
  withdrawnConsents: z.number().int(),
  withdrawnLeads: z.number().int(),
});
export type LeadConsentWithdrawBody = z.infer<typeof leadConsentWithdrawBody>;

/**
 * A buyer's brief to a contracted house-search agent (委托找房, house/contractor/sendMsg), kept on its lead for the
 * agent: 预算 in 万 (either end may be open), the district (its name as it was), 几室 (5: five or more), the message.
 */
export const leadBrief = z.object({
  budgetMin: z.number().int().nullable(),
  budgetMax: z.number().int().nullable(),
  districtId: z.number().int().nullable(),
  districtName: z.string().nullable(),
  rooms: z.number().int().nullable(),
  message: z.string(),
});
export type LeadBrief = z.infer<typeof leadBrief>;

/** NEW GET ops/leads: an agent's own leads (ops: everyone's), newest first. */
export const OPS_LEADS_PAGE_SIZE = 20;
export const opsLeadsQuery = z.object({
  ...pageParams(50, { defaultSize: OPS_LEADS_PAGE_SIZE }),
  status: z.enum(LEAD_STATUSES, { message: '线索状态不正确' }).optional(),
});
export type OpsLeadsQuery = z.infer<typeof opsLeadsQuery>;

/** A lead as the console shows it: the buyer's phone masked (an agent calls through a virtual number only). */
export const opsLead = z.object({
  id: z.number().int(),
  /** 138****0000. */
  mobile: z.string(),
  cityId: z.number().int(),
  estateId: z.number().int().nullable(),
  estateName: z.string().nullable(),
  source: z.string(),
  serviceType: z.string(),
  /** Every service asked for on the lead: its own first, then those joined later (the same phone and estate). */
  services: z.array(z.string()),
  status: z.string(),
  agentId: z.number().int().nullable(),
  agentName: z.string().nullable(),
  /** ISO times. */
  createdAt: z.string(),
  assignedAt: z.string().nullable(),
  claimDueAt: z.string().nullable(),
  slaDueAt: z.string(),
  claimedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** The buyer's brief (委托找房 leads only). */
  brief: leadBrief.nullable(),
});
export type OpsLead = z.infer<typeof opsLead>;
export const opsLeadListBody = z.object({ total: z.number().int(), list: z.array(opsLead) });
export type OpsLeadListBody = z.infer<typeof opsLeadListBody>;

export const opsLeadParams = z.object({ id: idParam('id', '线索 id 格式不正确') });
/** NEW POST ops/leads/{id}/outcome. */
export const leadOutcomeInput = z.object({
  outcome: z.enum(LEAD_OUTCOMES, { message: `结果只能是 ${LEAD_OUTCOMES.join('、')} 之一` }),
  note: textParam('备注', { max: LEAD_NOTE_MAX }).optional(),
});
/** NEW POST ops/leads/{id}/note. */
export const leadNoteInput = z.object({ note: textParam('备注', { max: LEAD_NOTE_MAX }) });

/** NEW GET ops/leads/caps: today's (Asia/Shanghai day) agent contacts of each phone among the viewer's leads. */
export const opsLeadCapsBody = z.object({
  /** YYYY-MM-DD, Asia/Shanghai. */
  day: z.string(),
  limit: z.number().int(),
  list: z.array(
    z.object({
      /** Masked. */
      mobile: z.string(),
      /** Distinct agents that received this phone today. */
      agents: z.number().int(),
      capped: z.boolean(),
    }),
  ),
});
export type OpsLeadCapsBody = z.infer<typeof opsLeadCapsBody>;

/** NEW POST dev/telephony/connect (sandbox only): a call placed to a virtual number from a real phone. */
export const telephonyConnectInput = z.object({
  virtualNumber: z.string({ message: '虚拟号格式不正确' }).regex(/^\d{11}$/, { message: '虚拟号格式不正确' }),
  from: mobileParam,
  durationS: intParam('durationS', { min: 0, max: 36_000, message: '通话时长格式不正确' }).optional(),
});
export const telephonyConnectBody = z.object({
  callId: z.number().int(),
  status: z.literal('connected'),
  /** Who answered, masked: the other side of the binding. */
  to: z.string(),
});

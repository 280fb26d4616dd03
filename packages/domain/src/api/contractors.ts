// Payloads of 委托找房 (issue 14, PAGES.md §3.11 contractor sheet, spec §7 "Listings and houses"): GET
// house/search-house-contractor (a city's contracted house-search agents, with the city's districts for the brief's
// picker) and POST house/contractor/sendMsg (login: a buyer's brief becomes a lead assigned to that agent, under the
// lead rules of leads.ts: consent, the daily cap of agents, the 24-hour dedupe, Idempotency-Key). A contractor is an
// agent the platform has contracted (agent.contractor); its phone is never sent.
import { z } from 'zod';
import { mobileParam } from './accounts.ts';
import { cityIdParam } from './geo.ts';
import { pageOfForm } from './leads.ts';
import { BAND_LIMITS, idParam, intParam, pageParams, textParam } from './params.ts';

/** Rows of house/search-house-contractor per page. */
export const CONTRACTOR_PAGE_SIZE = 20;
/** The longest message of a brief. */
export const CONTRACTOR_MESSAGE_MAX = 200;
/** 几室: 1 to 5, 5 meaning five or more. */
export const CONTRACTOR_ROOMS = [1, 2, 3, 4, 5] as const;

/** What sendMsg says when it refuses. */
export const CONTRACTOR_MESSAGES = {
  cityNotFound: '城市不存在',
  contractorNotFound: '找房顾问不存在',
  districtElsewhere: '所选区域不在该顾问服务的城市',
  budgetOrder: '最低预算不能高于最高预算',
} as const;

export const contractorListQuery = z.object({
  cityId: cityIdParam,
  ...pageParams(CONTRACTOR_PAGE_SIZE),
});
export type ContractorListQuery = z.infer<typeof contractorListQuery>;

/** A contracted house-search agent as the sheet lists it (no phone: calls go through virtual numbers). */
export const contractorCard = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string(),
  store: z.string(),
  /** 从业年限. */
  years: z.number().int(),
  rating: z.number(),
  dealCount: z.number().int(),
  showingCount: z.number().int(),
  /** One line on what the agent does for a buyer. */
  intro: z.string().nullable(),
});
export type ContractorCard = z.infer<typeof contractorCard>;

export const contractorListBody = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  list: z.array(contractorCard),
  /** The city's districts: the brief's district picker. */
  districts: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ContractorListBody = z.infer<typeof contractorListBody>;

const budgetEnd = (name: string) =>
  intParam(name, { min: 1, max: BAND_LIMITS.price, message: `预算须为 1 到 ${BAND_LIMITS.price} 万之间的整数` });

/**
 * POST house/contractor/sendMsg (login). `mobile` left out: the account's own phone (as save-real-price). `page`:
 * the path the sheet was sent from (stored with the consent). Header `Idempotency-Key` as save-real-price.
 */
export const contractorSendInput = z.object({
  contractorId: idParam('contractorId', '找房顾问 id 格式不正确'),
  mobile: mobileParam.optional(),
  /** 万; either end may be left open. */
  budget: z
    .object(
      { min: budgetEnd('budget.min').optional(), max: budgetEnd('budget.max').optional() },
      { message: '预算格式不正确' },
    )
    .refine((b) => b.min === undefined || b.max === undefined || b.min <= b.max, {
      message: CONTRACTOR_MESSAGES.budgetOrder,
    })
    .optional(),
  districtId: idParam('districtId', '区域 id 格式不正确').optional(),
  rooms: intParam('rooms', { min: 1, max: 5, message: '户型只能是1到5室' }).optional(),
  message: textParam('找房需求', {
    max: CONTRACTOR_MESSAGE_MAX,
    emptyMessage: '请填写找房需求',
    maxMessage: `找房需求最多${CONTRACTOR_MESSAGE_MAX}个字`,
  }),
  page: pageOfForm,
});
export type ContractorSendInput = z.infer<typeof contractorSendInput>;

export const contractorSendBody = z.object({
  /** The lead the brief became (a repeat within 24 hours: the existing one). */
  leadId: z.number().int(),
});
export type ContractorSendBody = z.infer<typeof contractorSendBody>;

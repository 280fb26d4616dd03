// Payloads of the deal pages (PAGES.md §3.3): an estate's deal history with its summary and monthly chart,
// the free-row quota (house/pro-free), and one deal's detail. Money in 元 and 元/㎡; months 'YYYY-MM'.
// Rows are the estate page's DealRow: the server presents every one through presentDealRow.
import { z } from 'zod';
import { dealRow, houseIdParam } from './estates.ts';

/**
 * Deal rows a visitor sees free on an estate's deal history (house/pro-free); the rows after them are the
 * membership gate's (PAGES.md §0 VIP mask), which today shows them all.
 */
export const DEAL_FREE_ROWS = 3;

export const DEAL_PAGE_SIZE = 20;

/** The period filter of the deal history: months ending with the city's newest published month. */
export const DEAL_PERIODS = [
  { value: '3', label: '近3个月' },
  { value: '6', label: '近6个月' },
  { value: '12', label: '近1年' },
  { value: '36', label: '近3年' },
] as const;

const positiveInt = (name: string) =>
  z.union([z.string(), z.number()], { message: `${name} 不能为空` }).pipe(
    z.coerce
      .number<string | number>({ message: `${name} 格式不正确` })
      .int({ message: `${name} 格式不正确` })
      .positive({ message: `${name} 格式不正确` })
      .max(2_147_483_647, { message: `${name} 格式不正确` }),
  );

const pageParams = {
  page: z.coerce
    .number({ message: 'page 格式不正确' })
    .int({ message: 'page 格式不正确' })
    .min(1, { message: 'page 至少为 1' })
    .max(10_000, { message: 'page 超过允许的最大值' })
    .default(1),
  size: z.coerce
    .number({ message: 'size 格式不正确' })
    .int({ message: 'size 格式不正确' })
    .min(1, { message: 'size 至少为 1' })
    .max(DEAL_PAGE_SIZE, { message: `size 最多为 ${DEAL_PAGE_SIZE}` })
    .default(DEAL_PAGE_SIZE),
};

// ---------- house/pro-free ----------

export const proFreeQuery = z.object({ houseId: houseIdParam });
export type ProFreeQuery = z.infer<typeof proFreeQuery>;

export const proFreeBody = z.object({
  houseId: z.number().int(),
  /** Rows of the deal history shown free (DEAL_FREE_ROWS). */
  freeCount: z.number().int(),
  /** All deals of the estate. */
  dealCount: z.number().int(),
});
export type ProFreeBody = z.infer<typeof proFreeBody>;

// ---------- NEW house/deal/overview ----------

export const dealOverviewQuery = z.object({
  houseId: houseIdParam,
  months: z
    .enum(['12', '36'], { message: 'months 只能是 12 或 36' })
    .default('12')
    .transform((v) => Number(v) as 12 | 36),
});
export type DealOverviewQuery = z.infer<typeof dealOverviewQuery>;

export const dealMonth = z.object({
  month: z.string(),
  dealCount: z.number().int(),
  /** Mean 成交单价 of the month's deals, 元/㎡; null without deals. */
  dealAvg: z.number().nullable(),
});
export type DealMonth = z.infer<typeof dealMonth>;

export const dealOverviewBody = z.object({
  /** The city's newest published month, the end of every window; null before any data. */
  month: z.string().nullable(),
  /** Deals of the 12 months ending with `month`. */
  dealCount12: z.number().int(),
  /** 成交均价 of the newest month with deals (within 12 months), and its change against the month before. */
  dealAvg: z.number().nullable(),
  dealMonth: z.string().nullable(),
  dealMom: z.number().nullable(),
  /** Averages over the deals of the 12 months: 成交周期 days and 议价空间 %. */
  avgCycleDays: z.number().int().nullable(),
  avgBargainPct: z.number().nullable(),
  /** Every month of the window (12 or 36), oldest first. */
  trend: z.array(dealMonth),
});
export type DealOverviewBody = z.infer<typeof dealOverviewBody>;

// ---------- NEW house/deal/history ----------

export const dealHistoryQuery = z.object({
  houseId: houseIdParam,
  /** 户型: rooms, 5 meaning five or more. */
  rooms: z.coerce
    .number({ message: 'rooms 格式不正确' })
    .int({ message: 'rooms 格式不正确' })
    .min(1, { message: 'rooms 只能是 1 到 5' })
    .max(5, { message: 'rooms 只能是 1 到 5' })
    .optional(),
  /** Months ending with the city's newest month; absent = all. */
  period: z
    .enum(['3', '6', '12', '36'], { message: 'period 只能是 3、6、12 或 36' })
    .transform(Number)
    .optional(),
  ...pageParams,
});
export type DealHistoryQuery = z.infer<typeof dealHistoryQuery>;

export const dealHistoryBody = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** The free-row quota the rows were presented under (house/pro-free). */
  freeCount: z.number().int(),
  list: z.array(dealRow),
});
export type DealHistoryBody = z.infer<typeof dealHistoryBody>;

// ---------- NEW house/deal/detail ----------

export const dealDetailQuery = z.object({ dealId: positiveInt('dealId') });
export type DealDetailQuery = z.infer<typeof dealDetailQuery>;

export const dealTimelineEvent = z.object({
  /** 'YYYY-MM-DD'. */
  date: z.string(),
  kind: z.enum(['listed', 'priceChange', 'deal']),
  /** 总价 元 at the event (the new price of a change); null when masked or unknown. */
  totalPrice: z.number().nullable(),
  /** For a price change: the price before it. */
  previousTotalPrice: z.number().nullable(),
});
export type DealTimelineEvent = z.infer<typeof dealTimelineEvent>;

export const dealDetailBody = z.object({
  deal: dealRow,
  estate: z.object({
    id: z.number().int(),
    cityId: z.number().int(),
    name: z.string(),
    districtName: z.string(),
    plateName: z.string(),
  }),
  /** Unit facts, from the deal and, when it came through a listing, the listing. */
  unit: z.object({
    baths: z.number().int().nullable(),
    decoration: z.string().nullable(),
    hasElevator: z.boolean().nullable(),
    buildingName: z.string().nullable(),
    yearsHeld: z.string().nullable(),
  }),
  priceChangeCount: z.number().int(),
  /** 带看 and 关注 of the listing before the deal. */
  views: z.number().int(),
  followers: z.number().int(),
  /** 挂牌 → 调价… → 成交, oldest first. */
  timeline: z.array(dealTimelineEvent),
  /** Deals of the same room count in the estate within ±6 months, newest first (up to 10). */
  similar: z.array(dealRow),
});
export type DealDetailBody = z.infer<typeof dealDetailBody>;

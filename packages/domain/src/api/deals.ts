// Payloads of the deal pages (PAGES.md §3.3): an estate's deal history with its summary and monthly chart,
// the free-row quota (house/pro-free), and one deal's detail. Money in 元 and 元/㎡; months 'YYYY-MM'.
// Rows are the estate page's DealRow: the server presents every one through presentDealRow.
import { z } from 'zod';
import { band, idParam, intParam, monthParam, pageParams, roomTypes, textParam } from './params.ts';
import { dealRow, houseIdParam } from './estates.ts';
import { cityIdParam } from './geo.ts';

/**
 * Deal rows everyone sees in full: an estate's latest DEAL_FREE_ROWS deals (house/pro-free). Every other deal
 * of the estate — wherever it is listed: history, detail, search, weekly report — shows its 成交价 and exact date
 * to members only (PAGES.md §0 VIP mask).
 */
export const DEAL_FREE_ROWS = 3;

/**
 * Who looks at deal rows, as far as the mask cares: a member sees every price and date; a holder of a deal-data
 * permit (the /trade product, trading/vipAuthor isTradePremit) sees those of the permit's cities.
 */
export interface DealViewer {
  member: boolean;
  /** Cities of the viewer's live deal-data permits (none when absent). */
  tradeCityIds?: readonly number[];
}
/** A visitor or a signed-in non-member; also what every server-rendered page is given (ADR 0009). */
export const NON_MEMBER: DealViewer = Object.freeze({ member: false });

/** Whether `viewer` sees every deal of `cityId` in full: a member, or a live deal-data permit for the city. */
export function dealsUnlocked(viewer: DealViewer, cityId: number): boolean {
  return viewer.member || (viewer.tradeCityIds?.includes(cityId) ?? false);
}
/** The call to action of a masked value (PAGES.md §0). */
export const DEAL_UNLOCK_TEXT = '开通会员查看';

export const DEAL_PAGE_SIZE = 20;

/** The period filter of the deal history: months ending with the city's newest published month. */
export const DEAL_PERIODS = [
  { value: '3', label: '近3个月' },
  { value: '6', label: '近6个月' },
  { value: '12', label: '近1年' },
  { value: '36', label: '近3年' },
] as const;

const pageParamsOf = pageParams(DEAL_PAGE_SIZE);

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
  rooms: intParam('rooms', { min: 1, max: 5, message: 'rooms 只能是 1 到 5' }).optional(),
  /** Months ending with the city's newest month; absent = all. */
  period: z.enum(['3', '6', '12', '36'], { message: 'period 只能是 3、6、12 或 36' }).transform(Number).optional(),
  ...pageParamsOf,
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

export const dealDetailQuery = z.object({ dealId: idParam('dealId') });
export type DealDetailQuery = z.infer<typeof dealDetailQuery>;

export const dealTimelineEvent = z.object({
  /** 'YYYY-MM-DD'; only the month 'YYYY-MM' when the deal is masked. */
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

// ---------- NEW rank/deal ----------

export const DEAL_RANK_METRICS = ['count', 'avg', 'cycle'] as const;
export type DealRankMetric = (typeof DEAL_RANK_METRICS)[number];
export const DEAL_RANK_LEVELS = ['estate', 'plate', 'district'] as const;
export type DealRankLevel = (typeof DEAL_RANK_LEVELS)[number];
/** Tabs of the deal ranking, in the page's order. */
export const DEAL_RANK_METRIC_LABELS: Record<DealRankMetric, string> = {
  count: '成交量',
  avg: '成交均价',
  cycle: '成交周期',
};
export const DEAL_RANK_LEVEL_LABELS: Record<DealRankLevel, string> = {
  estate: '小区',
  plate: '板块',
  district: '区县',
};
/** Months the month picker offers, ending with the newest published one. */
export const DEAL_RANK_MONTHS = 12;

export const dealRankQuery = z.object({
  cityId: cityIdParam,
  /** 'YYYY-MM'; absent or not yet published → the city's newest published month. */
  month: monthParam(),
  metric: z.enum(DEAL_RANK_METRICS, { message: 'metric 只能是 count、avg 或 cycle' }).default('count'),
  level: z.enum(DEAL_RANK_LEVELS, { message: 'level 只能是 estate、plate 或 district' }).default('estate'),
  size: pageParams(50, { defaultSize: 20 }).size,
});
export type DealRankQuery = z.infer<typeof dealRankQuery>;

export const dealRankRow = z.object({
  rank: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  /** The plate of an estate, the district of a plate; null for a district. */
  parentName: z.string().nullable(),
  dealCount: z.number().int(),
  /** 成交均价 元/㎡ and 成交周期 days of the month's deals. */
  dealAvg: z.number().nullable(),
  cycleDays: z.number().int().nullable(),
  /** The ranked figure (套, 元/㎡ or 天) and its change against the month before, percent. */
  value: z.number(),
  mom: z.number().nullable(),
});
export type DealRankRow = z.infer<typeof dealRankRow>;

export const dealRankBody = z.object({
  /** The month ranked; null before any data. */
  month: z.string().nullable(),
  /** Published months for the picker, newest first. */
  months: z.array(z.string()),
  metric: z.enum(DEAL_RANK_METRICS),
  level: z.enum(DEAL_RANK_LEVELS),
  list: z.array(dealRankRow),
});
export type DealRankBody = z.infer<typeof dealRankBody>;

// ---------- NEW deal/search ----------

/** Latest deals shown under each estate of the search. */
export const DEAL_SEARCH_ROWS_PER_ESTATE = 3;

export const dealSearchQuery = z.object({
  cityId: cityIdParam,
  /** District or plate of the city, ids as app/house/areaList gives them. */
  districtId: idParam('districtId').optional(),
  plateId: idParam('plateId').optional(),
  /** Keyword for the estates (汉字, pinyin or initials), as in search. */
  kw: textParam('kw', { max: 30 }).optional(),
  /** Comma-separated room counts, 5 meaning five or more: '2,3' (the roomType filter group). */
  roomType: roomTypes(),
  /** 面积 band in ㎡: '70-90', '200-'. */
  area: band('area', '70-90'),
  /** 总价 band in 万: '200-300', '1000-'. */
  price: band('price', '200-300'),
  period: z.enum(['3', '6', '12', '36'], { message: 'period 只能是 3、6、12 或 36' }).transform(Number).optional(),
  ...pageParamsOf,
});
export type DealSearchQuery = z.infer<typeof dealSearchQuery>;

export const dealSearchGroup = z.object({
  estateId: z.number().int(),
  estateName: z.string(),
  districtName: z.string(),
  plateName: z.string(),
  /** Matching deals of the estate and their mean 成交单价 元/㎡. */
  dealCount: z.number().int(),
  dealAvg: z.number().nullable(),
  /** The newest matching deals (DEAL_SEARCH_ROWS_PER_ESTATE). */
  deals: z.array(dealRow),
});
export type DealSearchGroup = z.infer<typeof dealSearchGroup>;

export const dealSearchBody = z.object({
  /** Estates with a matching deal (the list pages over estates, most deals first). */
  total: z.number().int(),
  /** Matching deals in all. */
  dealTotal: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  list: z.array(dealSearchGroup),
});
export type DealSearchBody = z.infer<typeof dealSearchBody>;

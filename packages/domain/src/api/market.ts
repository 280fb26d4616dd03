// market/city-overview and rank/list payloads (PAGES.md §3.1 home, §3.4 rankings).
import { z } from 'zod';
import { cityIdParam } from './geo.ts';
import { idParam, pageParams } from './params.ts';

export const cityOverviewQuery = z.object({ cityId: cityIdParam });

export const trendPoint = z.object({
  /** 'YYYY-MM' */
  month: z.string(),
  listingAvg: z.number().nullable(),
  dealAvg: z.number().nullable(),
});
export type TrendPoint = z.infer<typeof trendPoint>;

export const cityOverviewBody = z.object({
  cityId: z.number().int(),
  cityName: z.string(),
  /** 'YYYY-MM' of the newest month with data, null before any data is loaded. */
  month: z.string().nullable(),
  listingAvg: z.number().nullable(),
  dealAvg: z.number().nullable(),
  /** Month-on-month change in percent. */
  listingMom: z.number().nullable(),
  dealMom: z.number().nullable(),
  /** 房东溢价系数 = this month's listing average ÷ last month's deal average (spec §2). */
  premium: z.number().nullable(),
  listingCount: z.number().int(),
  dealCount: z.number().int(),
  /** The last 12 months, oldest first. */
  trend: z.array(trendPoint),
});
export type CityOverview = z.infer<typeof cityOverviewBody>;

export const RANK_KINDS = ['hot', 'rise', 'fall', 'price', 'deal'] as const;
export const RANK_TYPES = ['estate', 'plate', 'district'] as const;
export type RankKind = (typeof RANK_KINDS)[number];
export const RANK_PERIODS = ['month', 'quarter'] as const;
export type RankPeriod = (typeof RANK_PERIODS)[number];
export type RankType = (typeof RANK_TYPES)[number];

export const rankListQuery = z.object({
  cityId: cityIdParam,
  rank: z.enum(RANK_KINDS, { message: 'rank 只能是 hot、rise、fall、price 或 deal' }).default('hot'),
  type: z.enum(RANK_TYPES, { message: 'type 只能是 estate、plate 或 district' }).default('estate'),
  districtId: idParam('districtId').optional(),
  /** Estates of one plate (the plate page's 领涨小区). */
  plateId: idParam('plateId').optional(),
  size: pageParams(50, { defaultSize: 20 }).size,
  /** 月 (default): MoM and the month's deals; 季: change over 3 months and the deals of the last 3 months. */
  period: z.enum(RANK_PERIODS, { message: 'period 只能是 month 或 quarter' }).optional(),
});
export type RankListQuery = z.infer<typeof rankListQuery>;

export const rankRow = z.object({
  rank: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  /** Plate (for estates) or district (for plates) the row belongs to. */
  parentName: z.string().nullable(),
  /** 建成年份 of an estate; null for plates and districts. */
  buildYear: z.number().int().nullable(),
  listingAvg: z.number().nullable(),
  /** MoM (季: change over 3 months) of 挂牌均价. */
  listingMom: z.number().nullable(),
  /** Listings on sale at the month's end: the sample behind 挂牌均价. */
  onSaleCount: z.number().int(),
  dealCount: z.number().int(),
  /** The figure ranked on: heat (views in 7 days), MoM %, 元/㎡ or deals in the month. */
  value: z.number().nullable(),
});
export type RankRow = z.infer<typeof rankRow>;

export const rankListBody = z.object({
  month: z.string().nullable(),
  /** The fewest listings on sale a row's month needs for 热度/涨幅/跌幅/均价 (MIN_LISTING_SAMPLE of the level). */
  minSample: z.number().int(),
  list: z.array(rankRow),
});
export type RankListBody = z.infer<typeof rankListBody>;

/** Percent change a → b, two decimals; null when either side is missing or zero. */
export function percentChange(previous: number | null | undefined, current: number | null | undefined): number | null {
  if (!previous || current === null || current === undefined) return null;
  return Math.round(((current - previous) / previous) * 10_000) / 100;
}

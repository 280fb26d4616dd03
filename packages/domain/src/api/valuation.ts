// estimate/value (issue 16, PAGES.md §3.7 房屋估价): what a home in an estate is worth as of a month, from the deal
// rows only, with an honest range and confidence. The page-facing estimate/create (a stored record) reuses this input.
import { z } from 'zod';
import { DECORATIONS, ORIENTATIONS } from './listings.ts';
import { idParam, intParam, monthParam, pageParams } from './params.ts';

/** Largest 建筑面积 accepted: above it no comparable deal exists and the input is a typo. */
export const MAX_ESTIMATE_AREA = 2000;

export const VALUATION_MESSAGES = {
  refused: '数据不足，暂无法估价',
  unknownEstate: '小区不存在',
  area: `面积须大于 0 且不超过 ${MAX_ESTIMATE_AREA} ㎡`,
  floorAboveTotal: '所在楼层不能高于总楼层',
  future: '估价月份不能晚于最新成交月份',
  beforeData: '估价月份早于成交数据的起始月份',
  disclaimer: '估价仅供参考',
} as const;

export const CONFIDENCE_LEVELS = ['高', '中', '低'] as const;
export type ConfidenceLevel = (typeof CONFIDENCE_LEVELS)[number];

/** Which deals the value rests on: the estate's own, or (fallback, always 低) its plate's or district's. */
export const VALUATION_PATHS = ['estate', 'plate', 'district'] as const;
export type ValuationPath = (typeof VALUATION_PATHS)[number];

const homeFields = z.object({
  estateId: idParam('estateId'),
  area: z
    .number({ message: VALUATION_MESSAGES.area })
    .gt(0, { message: VALUATION_MESSAGES.area })
    .max(MAX_ESTIMATE_AREA, { message: VALUATION_MESSAGES.area }),
  rooms: intParam('rooms', { min: 1, max: 9, message: '室 须为 1 到 9 之间的整数' }),
  floor: intParam('floor', { min: -5, max: 200, message: '楼层 须为 -5 到 200 之间的整数' }),
  totalFloors: intParam('totalFloors', { min: 1, max: 200, message: '总楼层 须为 1 到 200 之间的整数' }),
  orientation: z.enum(ORIENTATIONS, { message: '朝向 不是可选的值' }),
  decoration: z.enum(DECORATIONS, { message: '装修 不是可选的值' }).optional(),
  /** 'YYYY-MM': value as of the end of that month; absent = the newest month with deals. */
  asOf: monthParam('asOf'),
});
const floorWithinTotal = { message: VALUATION_MESSAGES.floorAboveTotal, path: ['floor'] };
const floorOk = (v: { floor: number; totalFloors: number }) => v.floor <= v.totalFloors;

export const estimateValueInput = homeFields.refine(floorOk, floorWithinTotal);
export type EstimateValueInput = z.infer<typeof estimateValueInput>;

const adjustment = z.object({
  /** 面积 | 楼层 | 朝向 | 装修 | 时间 */
  label: z.string(),
  /** Percent applied to the comparable's unit price to bring it to the subject (+3.0 = 3% up). */
  pct: z.number(),
});

export const comparableDeal = z.object({
  dealId: z.number().int(),
  dealMonth: z.string(),
  area: z.number(),
  rooms: z.number().int(),
  floor: z.number().int().nullable(),
  totalFloors: z.number().int().nullable(),
  orientation: z.string().nullable(),
  /** 成交单价 元/㎡ as dealt. */
  unitPrice: z.number().int(),
  /** The unit price after the adjustments, 元/㎡. */
  adjustedUnitPrice: z.number().int(),
  adjustments: z.array(adjustment),
  /** Share of the comparables' weight, 0–1. */
  weight: z.number(),
});
export type ComparableDeal = z.infer<typeof comparableDeal>;

export const estimateValueBody = z.object({
  estateId: z.number().int(),
  asOf: z.string(),
  /** 元, rounded to 1,000. */
  totalPrice: z.number().int(),
  /** 元/㎡ */
  unitPrice: z.number().int(),
  /** 80% range, 元 (rounded to 1,000). */
  low: z.number().int(),
  high: z.number().int(),
  confidence: z.enum(CONFIDENCE_LEVELS),
  path: z.enum(VALUATION_PATHS),
  /** Forecast standard deviation, % of the value (the range's normalised width). */
  fsdPct: z.number(),
  comparables: z.array(comparableDeal).max(6),
  /** Subject adjustments vs the estate's typical home (面积/楼层/朝向/装修), percent. */
  adjustments: z.array(adjustment),
  note: z.string(),
});
export type EstimateValueBody = z.infer<typeof estimateValueBody>;

// --- The stored valuations of the pages (PAGES.md §3.7, §3.9): POST estimate/create, GET estimate/detail,
// GET app/estate/evaluation (my valuations, paged) and POST app/estate/evaluation/delete. Signed-in users only;
// a record is its owner's alone.

export const ESTIMATE_RECORD_PAGE_SIZE = 20;

export const ESTIMATE_RECORD_MESSAGES = {
  notFound: '估价记录不存在或已删除',
  forbidden: '无权查看他人的估价记录',
} as const;

/** 室 厅 as the form asks them: halls are kept with the record but the model does not price them. */
export const estimateCreateInput = homeFields
  .extend({ halls: intParam('halls', { min: 0, max: 9, message: '厅 须为 0 到 9 之间的整数' }).optional() })
  .refine(floorOk, floorWithinTotal);
export type EstimateCreateInput = z.infer<typeof estimateCreateInput>;

export const estimateRecordQuery = z.object({ recordId: idParam('recordId', '估价记录 id 格式不正确') });
export const estimateDeleteInput = estimateRecordQuery;

export const estimateRecordBody = z.object({
  recordId: z.number().int(),
  createdAt: z.string(),
  estate: z.object({
    id: z.number().int(),
    name: z.string(),
    cityId: z.number().int(),
    districtName: z.string(),
    plateName: z.string(),
  }),
  input: z.object({
    area: z.number(),
    rooms: z.number().int(),
    halls: z.number().int().nullable(),
    floor: z.number().int(),
    totalFloors: z.number().int(),
    orientation: z.string(),
    decoration: z.string().nullable(),
    /** The asOf asked for; null = the newest month. */
    asOf: z.string().nullable(),
  }),
  result: estimateValueBody,
});
export type EstimateRecord = z.infer<typeof estimateRecordBody>;

export const estimateRecordListQuery = z.object({ page: pageParams(ESTIMATE_RECORD_PAGE_SIZE).page });

export const estimateRecordItem = z.object({
  recordId: z.number().int(),
  estateId: z.number().int(),
  estateName: z.string(),
  area: z.number(),
  rooms: z.number().int(),
  totalPrice: z.number().int(),
  unitPrice: z.number().int(),
  confidence: z.enum(CONFIDENCE_LEVELS),
  asOf: z.string(),
  createdAt: z.string(),
});
export type EstimateRecordItem = z.infer<typeof estimateRecordItem>;

export const estimateRecordListBody = z.object({
  total: z.number().int(),
  page: z.number().int(),
  list: z.array(estimateRecordItem),
});
export type EstimateRecordList = z.infer<typeof estimateRecordListBody>;

/** What each confidence level means to a buyer (shown beside it). */
export const CONFIDENCE_MEANINGS: Record<ConfidenceLevel, string> = {
  高: '本小区近期成交多、价格集中，估价区间较窄',
  中: '本小区成交较少或价格较分散，估价区间较宽',
  低: '本小区成交不足，参考了同板块或同区域的成交，仅作粗略参考',
};

/** The published backtest's headline figures (bench/results/valuation.json, written by npm run valuation:backtest). */
export interface PublishedBacktest {
  generatedAt: string;
  evalMonths: readonly [string, string];
  n: number;
  mdape: number;
  within10: number;
  within20: number;
  rangeCoverage80: number;
  byConfidence: Record<ConfidenceLevel, { n: number; mdape: number; within10: number; rangeCoverage80: number }>;
}

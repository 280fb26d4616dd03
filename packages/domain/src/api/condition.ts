// config/getComplexCondition (version 1): the filter option groups of spec §3, used by every list filter.
// The enumerations are product definitions; the money bands (总价, 单价, 租金) come from the city's own
// listings, because a band that suits 长沙 is useless in 深圳.
import { z } from 'zod';
import { cityIdParam } from './geo.ts';
import { intParam } from './params.ts';

export const complexConditionQuery = z.object({
  cityId: cityIdParam,
  version: intParam('version', { min: 1, max: 1, message: '仅支持 version=1' }).default(1),
});

export const conditionOption = z.object({ value: z.string(), label: z.string() });
export const conditionGroup = z.object({
  key: z.string(),
  name: z.string(),
  multiple: z.boolean(),
  options: z.array(conditionOption),
});
export const complexConditionBody = z.object({ version: z.literal(1), groups: z.array(conditionGroup) });
export type ConditionGroup = z.infer<typeof conditionGroup>;
export type ComplexCondition = z.infer<typeof complexConditionBody>;

/** The spec §3 group names, in the spec's order. */
export const CONDITION_KEYS = [
  'order',
  'label',
  'price',
  'smartOrder',
  'houseType',
  'metroDistance',
  'area',
  'holdLimit',
  'singlePrice',
  'sourceType',
  'homeAge',
  'roomType',
  'floor',
  'stationStopsTime',
  'purpose',
  'rental',
  'tenancyOrder',
] as const;
export type ConditionKey = (typeof CONDITION_KEYS)[number];

const o = (value: string, label: string) => ({ value, label });

/**
 * 特色 (the label group): one vocabulary for the filter bar and house/listing/search, which applies them all
 * together. 近地铁 is within NEAR_METRO_M of a station, 学区房 an estate tagged so, 新上房源 listed in the 30 days
 * to the data's newest day.
 */
export const LISTING_LABELS = {
  nearMetro: '近地铁',
  school: '学区房',
  fiveOnly: '满五唯一',
  twoYears: '满二',
  priceCut: '降价房',
  newListing: '新上房源',
  elevator: '有电梯',
  decorated: '精装修',
} as const;
export type ListingLabel = keyof typeof LISTING_LABELS;
export const LISTING_LABEL_CODES = Object.keys(LISTING_LABELS) as [ListingLabel, ...ListingLabel[]];

/** 近地铁: an estate this close to its nearest station, in metres (the dataset's 近地铁 tag uses the same 1 km). */
export const NEAR_METRO_M = 1000;

const FIXED: Record<Exclude<ConditionKey, 'price' | 'singlePrice'>, Omit<ConditionGroup, 'key'>> = {
  order: {
    name: '排序',
    multiple: false,
    options: [
      o('default', '默认排序'),
      o('listedAt_desc', '最新发布'),
      o('totalPrice_asc', '总价从低到高'),
      o('totalPrice_desc', '总价从高到低'),
      o('unitPrice_asc', '单价从低到高'),
      o('unitPrice_desc', '单价从高到低'),
      o('area_desc', '面积从大到小'),
    ],
  },
  label: {
    name: '特色',
    multiple: true,
    options: Object.entries(LISTING_LABELS).map(([value, label]) => o(value, label)),
  },
  smartOrder: {
    name: '智能排序',
    multiple: false,
    options: [
      o('default', '综合排序'),
      o('avgPrice_asc', '均价从低到高'),
      o('avgPrice_desc', '均价从高到低'),
      o('rise_desc', '涨幅从高到低'),
      o('fall_desc', '跌幅从高到低'),
      o('dealCount_desc', '成交量从高到低'),
      o('buildYear_desc', '建成年代从新到旧'),
    ],
  },
  houseType: {
    name: '物业类型',
    multiple: true,
    options: [o('住宅', '住宅'), o('公寓', '公寓'), o('别墅', '别墅')],
  },
  metroDistance: {
    name: '地铁距离',
    multiple: false,
    options: [o('500', '500米内'), o('1000', '1公里内'), o('1500', '1.5公里内'), o('2000', '2公里内')],
  },
  area: {
    name: '面积',
    multiple: true,
    options: [
      o('0-50', '50㎡以下'),
      o('50-70', '50-70㎡'),
      o('70-90', '70-90㎡'),
      o('90-110', '90-110㎡'),
      o('110-130', '110-130㎡'),
      o('130-150', '130-150㎡'),
      o('150-200', '150-200㎡'),
      o('200-', '200㎡以上'),
    ],
  },
  holdLimit: {
    name: '房本年限',
    multiple: true,
    options: [o('满五', '满五年'), o('满二', '满两年'), o('不满二', '不满两年')],
  },
  sourceType: {
    name: '成交来源',
    multiple: true,
    options: [o('agency', '中介成交'), o('netsign', '网签备案')],
  },
  homeAge: {
    name: '楼龄',
    multiple: false,
    options: [
      o('0-5', '5年以内'),
      o('0-10', '10年以内'),
      o('0-15', '15年以内'),
      o('0-20', '20年以内'),
      o('20-', '20年以上'),
    ],
  },
  roomType: {
    name: '户型',
    multiple: true,
    options: [o('1', '一室'), o('2', '二室'), o('3', '三室'), o('4', '四室'), o('5', '五室及以上')],
  },
  floor: {
    name: '楼层',
    multiple: true,
    options: [o('low', '低楼层'), o('middle', '中楼层'), o('high', '高楼层')],
  },
  stationStopsTime: {
    name: '地铁通勤',
    multiple: false,
    options: [o('3', '3站以内'), o('5', '5站以内'), o('10', '10站以内'), o('15', '15站以内')],
  },
  purpose: {
    name: '购房目的',
    multiple: false,
    options: [o('self', '自住'), o('invest', '投资')],
  },
  rental: {
    name: '租赁方式',
    multiple: false,
    options: [o('whole', '整租'), o('shared', '合租')],
  },
  tenancyOrder: {
    name: '租房排序',
    multiple: false,
    options: [
      o('default', '默认排序'),
      o('listedAt_desc', '最新发布'),
      o('rent_asc', '租金从低到高'),
      o('rent_desc', '租金从高到低'),
      o('area_desc', '面积从大到小'),
    ],
  },
};

/** Rounds a band edge to a figure people use: 50/100万 steps for totals, 1000/5000 元 for unit prices. */
export function niceEdge(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

/**
 * Turns quantiles of a price distribution into contiguous bands: [0, e1), [e1, e2) … [eN, ∞).
 * Duplicate edges (a thin market) collapse.
 */
export function bandsFromQuantiles(
  quantiles: number[],
  step: number,
  label: (lo: number, hi: number | null) => string,
) {
  const edges = [...new Set(quantiles.filter((q) => q > 0).map((q) => niceEdge(q, step)))].sort((a, b) => a - b);
  if (edges.length === 0) return [];
  const bounds = [0, ...edges];
  return bounds.map((lo, i) => {
    const hi = bounds[i + 1] ?? null;
    return o(`${lo}-${hi ?? ''}`, label(lo, hi));
  });
}

export interface PriceDistribution {
  /** Quantiles of listing 总价 in 元. */
  totalPrice: number[];
  /** Quantiles of listing 单价 in 元/㎡. */
  unitPrice: number[];
}

export function buildComplexCondition(dist: PriceDistribution): ComplexCondition {
  const wan = (yuan: number) => yuan / 10_000;
  const totalStep = Math.max(...dist.totalPrice, 0) > 10_000_000 ? 1_000_000 : 500_000;
  const price = bandsFromQuantiles(dist.totalPrice, totalStep, (lo, hi) =>
    hi === null ? `${wan(lo)}万以上` : lo === 0 ? `${wan(hi)}万以下` : `${wan(lo)}-${wan(hi)}万`,
  ).map((b) => ({ ...b, value: b.value.replace(/\d+/g, (n) => String(wan(Number(n)))) }));
  const unitStep = Math.max(...dist.unitPrice, 0) > 40_000 ? 5_000 : 2_000;
  const singlePrice = bandsFromQuantiles(dist.unitPrice, unitStep, (lo, hi) =>
    hi === null ? `${lo / 1000}千以上` : lo === 0 ? `${hi / 1000}千以下` : `${lo / 1000}-${hi / 1000}千`,
  ).map((b) => ({ ...b, label: `${b.label}元/㎡` }));
  const groups: ConditionGroup[] = CONDITION_KEYS.map((key) => {
    if (key === 'price') return { key, name: '总价', multiple: false, options: price };
    if (key === 'singlePrice') return { key, name: '单价', multiple: false, options: singlePrice };
    return { key, ...FIXED[key] };
  });
  return { version: 1, groups };
}

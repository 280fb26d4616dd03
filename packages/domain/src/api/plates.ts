// plate/list, plate/detail, price-index/series and map/bubbles payloads (PAGES.md §3.4 plates, §3.1 findArea,
// the map search 地图找房). Every average of a plate, district or city is one price_series row of the city's
// newest month, so plate/list, plate/detail and the map show the same figure.
import { z } from 'zod';
import { cityIdParam } from './geo.ts';
import { band, idParam } from './params.ts';

// ---------- plate/list ----------

export const PLATE_ORDERS = [
  'default',
  'avgPrice_desc',
  'avgPrice_asc',
  'rise_desc',
  'fall_desc',
  'onSale_desc',
] as const;
export type PlateOrder = (typeof PLATE_ORDERS)[number];
export const PLATE_ORDER_LABELS: Record<PlateOrder, string> = {
  default: '默认',
  avgPrice_desc: '均价从高到低',
  avgPrice_asc: '均价从低到高',
  rise_desc: '涨幅最大',
  fall_desc: '跌幅最大',
  onSale_desc: '在售最多',
};

export const plateListQuery = z.object({
  cityId: cityIdParam,
  districtId: idParam('districtId').optional(),
  sort: z.enum(PLATE_ORDERS, { message: 'sort 不是可用的排序方式' }).default('default'),
});
export type PlateListQuery = z.infer<typeof plateListQuery>;

export const plateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  districtId: z.number().int(),
  districtName: z.string(),
  /** 挂牌均价 元/㎡ of the month (price_series). */
  listingAvg: z.number().nullable(),
  /** Month-on-month change of 挂牌均价, percent. */
  listingMom: z.number().nullable(),
  /** 在售: listings on sale at the month's end. */
  onSaleCount: z.number().int(),
  dealCount: z.number().int(),
});
export type PlateRow = z.infer<typeof plateRow>;

export const plateListBody = z.object({
  /** 'YYYY-MM' of the city's newest month, null before any data. */
  month: z.string().nullable(),
  districts: z.array(z.object({ id: z.number().int(), name: z.string(), plateCount: z.number().int() })),
  list: z.array(plateRow),
});
export type PlateListBody = z.infer<typeof plateListBody>;

// ---------- plate/detail ----------

export const plateDetailQuery = z.object({ plateId: idParam('plateId') });
export type PlateDetailQuery = z.infer<typeof plateDetailQuery>;

export const distributionRow = z.object({ label: z.string(), count: z.number().int() });
export type DistributionRow = z.infer<typeof distributionRow>;

/** 面积段 ㎡ [min, max). */
export const AREA_BANDS = [
  { min: 0, max: 50, label: '50㎡以下' },
  { min: 50, max: 70, label: '50-70㎡' },
  { min: 70, max: 90, label: '70-90㎡' },
  { min: 90, max: 120, label: '90-120㎡' },
  { min: 120, max: 144, label: '120-144㎡' },
  { min: 144, max: null, label: '144㎡以上' },
] as const;

export const ROOM_LABELS = ['一室', '二室', '三室', '四室', '五室及以上'] as const;

export const plateTopEstate = z.object({
  id: z.number().int(),
  name: z.string(),
  buildYear: z.number().int().nullable(),
  listingAvg: z.number().nullable(),
  listingMom: z.number().nullable(),
  onSaleCount: z.number().int(),
});

export const plateNewProject = z.object({
  id: z.number().int(),
  name: z.string(),
  saleStatus: z.string(),
  /** 参考均价 元/㎡. */
  avgPrice: z.number().nullable(),
  openingDate: z.string().nullable(),
});

export const plateDetailBody = z.object({
  id: z.number().int(),
  name: z.string(),
  cityId: z.number().int(),
  cityName: z.string(),
  districtId: z.number().int(),
  districtName: z.string(),
  month: z.string().nullable(),
  listingAvg: z.number().nullable(),
  listingMom: z.number().nullable(),
  listingYoy: z.number().nullable(),
  dealAvg: z.number().nullable(),
  dealMom: z.number().nullable(),
  dealYoy: z.number().nullable(),
  supply: z.object({
    /** 挂牌量: on sale at the month's end. */
    listingCount: z.number().int(),
    /** 新增: listed during the month. */
    newListings: z.number().int(),
    /** 成交量 of the month. */
    dealCount: z.number().int(),
    /** 成交周期: mean days from listing to deal of the month's deals. */
    cycleDays: z.number().int().nullable(),
    /** 涨价/降价占比 %: listings on sale asking more / less than when first listed. */
    raisedPct: z.number().nullable(),
    cutPct: z.number().nullable(),
  }),
  /** Listings on sale by 总价段, 面积段 and 户型. */
  priceBands: z.array(distributionRow),
  areaBands: z.array(distributionRow),
  roomTypes: z.array(distributionRow),
  /** 领涨小区: the five estates with the highest MoM, rises only, each on at least topEstatesMinSample listings. */
  topEstates: z.array(plateTopEstate),
  topEstatesMinSample: z.number().int(),
  estateCount: z.number().int(),
  newProjects: z.array(plateNewProject),
});
export type PlateDetailBody = z.infer<typeof plateDetailBody>;

// ---------- price-index/series ----------

export const PRICE_INDEX_LEVELS = ['plate', 'district', 'city'] as const;
export type PriceIndexLevel = (typeof PRICE_INDEX_LEVELS)[number];

export const priceIndexSeriesQuery = z.object({
  level: z.enum(PRICE_INDEX_LEVELS, { message: 'level 只能是 plate、district 或 city' }),
  id: idParam('id'),
  months: z.enum(['12', '36'], { message: 'months 只能是 12 或 36' }).default('12').transform(Number),
});
export type PriceIndexSeriesQuery = z.infer<typeof priceIndexSeriesQuery>;

export const priceIndexPoint = z.object({
  month: z.string(),
  listingAvg: z.number().nullable(),
  dealAvg: z.number().nullable(),
  listingCount: z.number().int(),
  dealCount: z.number().int(),
});
export type PriceIndexPoint = z.infer<typeof priceIndexPoint>;

export const priceIndexSeriesBody = z.object({
  level: z.enum(PRICE_INDEX_LEVELS),
  id: z.number().int(),
  name: z.string(),
  /** Oldest first, ending with the city's newest month; months without data carry nulls. */
  points: z.array(priceIndexPoint),
});
export type PriceIndexSeriesBody = z.infer<typeof priceIndexSeriesBody>;

// ---------- map/bubbles ----------

export const MAP_LEVELS = ['district', 'plate', 'estate'] as const;
export type MapLevel = (typeof MAP_LEVELS)[number];

export const mapBubblesQuery = z
  .object({
    cityId: cityIdParam,
    level: z.enum(MAP_LEVELS, { message: 'level 只能是 district、plate 或 estate' }).default('district'),
    /** The district (level plate) or plate (level estate) drilled into. */
    parentId: idParam('parentId').optional(),
    /** Estates' 挂牌均价 band 元/㎡ and 楼龄 band in years, as in estate/list. */
    singlePrice: band('singlePrice', '20000-40000'),
    homeAge: band('homeAge', '0-10'),
  })
  .refine((q) => q.level === 'district' || q.parentId !== undefined, {
    message: 'parentId 不能为空',
    path: ['parentId'],
  });
export type MapBubblesQuery = z.infer<typeof mapBubblesQuery>;

/** Outer rings of a district, [lng, lat] pairs. */
export const mapBoundary = z.array(z.array(z.tuple([z.number(), z.number()])));

export const mapBubble = z.object({
  id: z.number().int(),
  name: z.string(),
  lng: z.number(),
  lat: z.number(),
  listingAvg: z.number().nullable(),
  listingMom: z.number().nullable(),
  /**
   * Whether listingMom rests on the level's minimum sample (MIN_LISTING_SAMPLE, this month and the month before);
   * the map shows a change on fewer listings grey, as 仅供参考, and no ranking holds it.
   */
  momSampled: z.boolean(),
  /** Estates inside (matching the filters); 1 for an estate. */
  estateCount: z.number().int(),
  onSaleCount: z.number().int(),
});
export type MapBubble = z.infer<typeof mapBubble>;

export const mapBubblesBody = z.object({
  month: z.string().nullable(),
  level: z.enum(MAP_LEVELS),
  /** The district or plate drilled into, with its parent district (for the way back). */
  parent: z
    .object({
      level: z.enum(['district', 'plate']),
      id: z.number().int(),
      name: z.string(),
      districtId: z.number().int(),
      districtName: z.string(),
    })
    .nullable(),
  /** District outlines to draw: every district of the city, or the one drilled into. */
  outlines: z.array(z.object({ id: z.number().int(), name: z.string(), boundary: mapBoundary })),
  list: z.array(mapBubble),
});
export type MapBubblesBody = z.infer<typeof mapBubblesBody>;

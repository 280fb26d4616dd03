// Listings (挂牌) pages of PAGES.md §3.2: NEW house/listing/search (在售二手房 of an estate or a city, with the
// filters of spec §3) and NEW house/listing/detail (房源详情). Money is in 元 (总价) and 元/㎡ (单价).
import { z } from 'zod';
import { band, idParam, metroDistanceParam, pageParams, roomTypes, textParam } from './params.ts';
import { cityIdParam } from './geo.ts';
import { LISTING_LABEL_CODES } from './condition.ts';
import { dealRow, houseIdParam } from './estates.ts';

/** A comma-separated multi-choice of fixed values: 'low,high'. */
const choices = <T extends string>(name: string, values: readonly [T, ...T[]]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const parts = [...new Set(v.split(','))];
      if (!parts.every((p): p is T => (values as readonly string[]).includes(p))) {
        ctx.addIssue({ code: 'custom', message: `${name} 不是可用的选项` });
        return z.NEVER;
      }
      return parts as T[];
    });

export const RESOLD_ORDERS = [
  'default',
  'listedAt_desc',
  'totalPrice_asc',
  'totalPrice_desc',
  'unitPrice_asc',
  'unitPrice_desc',
  'area_desc',
] as const;
export type ResoldOrder = (typeof RESOLD_ORDERS)[number];

export const ORIENTATIONS = ['南', '南北', '东南', '西南', '东', '西', '北', '东西'] as const;
export const DECORATIONS = ['精装', '简装', '毛坯'] as const;
export const YEARS_HELD = ['满五', '满二', '不满二'] as const;
export const FLOOR_LEVELS = ['low', 'middle', 'high'] as const;

export const listingSearchQuery = z.object({
  cityId: cityIdParam,
  /** The estate (小区); absent for the city's listings. */
  houseId: houseIdParam.optional(),
  /** Listings of the estates a keyword matches (汉字, pinyin, initials), as search/result's 二手房 tab asks. */
  kw: textParam('kw', { max: 30 }).optional(),
  /** Room counts, 5 meaning five or more: '2,3'. */
  roomType: roomTypes(),
  /** 建筑面积 band in ㎡: '70-90', '200-'. */
  area: band('area', '70-90'),
  /** 低/中/高楼层: the bottom, middle and top third (floorLevel). */
  floor: choices('floor', FLOOR_LEVELS),
  orientation: choices('orientation', ORIENTATIONS),
  decoration: choices('decoration', DECORATIONS),
  /** 房本年限: 满五, 满二 (满二 includes 满五), 不满二. */
  holdLimit: choices('holdLimit', YEARS_HELD),
  elevator: z.enum(['1', '0'], { message: 'elevator 只能是 1 或 0' }).optional(),
  /** 总价 band in 万, as getComplexCondition's price group offers it: '0-200', '300-400', '500-'. */
  price: band('price', '200-300'),
  /** The estate within this many metres of a metro station (getComplexCondition metroDistance: 500…2000). */
  metroDistance: metroDistanceParam().optional(),
  /** 楼龄 band in years, counted from the year of the data's newest month: '0-10', '20-'. */
  homeAge: band('homeAge', '0-10'),
  /** 特色, all of them at once: 'school', 'nearMetro,fiveOnly' (getComplexCondition label group). */
  label: choices('label', LISTING_LABEL_CODES),
  order: z.enum(RESOLD_ORDERS, { message: 'order 不是可用的排序方式' }).default('default'),
  ...pageParams(20, { maxPage: 500 }),
});
export type ListingSearchQuery = z.infer<typeof listingSearchQuery>;

export const listingCard = z.object({
  id: z.number().int(),
  estateId: z.number().int(),
  estateName: z.string(),
  plateName: z.string().nullable(),
  rooms: z.number().int(),
  halls: z.number().int(),
  baths: z.number().int(),
  area: z.number(),
  orientation: z.string(),
  floor: z.number().int(),
  totalFloors: z.number().int(),
  decoration: z.string(),
  hasElevator: z.boolean(),
  totalPrice: z.number().int(),
  unitPrice: z.number().int(),
  initialTotalPrice: z.number().int(),
  /** 'YYYY-MM-DD'. */
  listedAt: z.string(),
  priceChangeCount: z.number().int(),
  /** 满五 | 满二 | 不满二. */
  yearsHeld: z.string(),
  onlyHome: z.boolean(),
  views7d: z.number().int(),
  views30d: z.number().int(),
  stationDistanceM: z.number().int().nullable(),
  /** The estate's tags: 近地铁, 学区房, 次新房, 大型社区 … */
  estateTags: z.array(z.string()),
});
export type ListingCard = z.infer<typeof listingCard>;

export const listingMonth = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  listingCount: z.number().int(),
  listingAvg: z.number().nullable(),
  dealCount: z.number().int(),
  dealAvg: z.number().nullable(),
});
export type ListingMonth = z.infer<typeof listingMonth>;

export const listingSummary = z.object({
  /** The estate's or the city's name. */
  name: z.string(),
  estateId: z.number().int().nullable(),
  plateName: z.string().nullable(),
  districtName: z.string().nullable(),
  /** 挂牌均价 元/㎡ of the newest month. */
  listingAvg: z.number().nullable(),
  onSaleCount: z.number().int(),
  newCount30d: z.number().int(),
  cutCount30d: z.number().int(),
  /** The newest day of the data, 'YYYY-MM-DD'. */
  asOf: z.string().nullable(),
  /** 12 months, oldest first; a month without rows has zero counts and null averages. */
  months: z.array(listingMonth),
});
export type ListingSummary = z.infer<typeof listingSummary>;

export const listingSearchBody = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  list: z.array(listingCard),
  summary: listingSummary,
});
export type ListingSearchBody = z.infer<typeof listingSearchBody>;

// ---------- NEW house/listing/detail ----------

export const listingDetailQuery = z.object({ propertyId: idParam('propertyId') });
export type ListingDetailQuery = z.infer<typeof listingDetailQuery>;

export const listingPriceChange = z.object({
  /** 'YYYY-MM-DD'. */
  changedAt: z.string(),
  oldTotalPrice: z.number().int(),
  newTotalPrice: z.number().int(),
  newUnitPrice: z.number().int(),
});

export const listingDetailBody = z.object({
  listing: listingCard.extend({
    cityId: z.number().int(),
    innerArea: z.number().nullable(),
    /** on_sale | sold | off. */
    status: z.string(),
    onSale: z.boolean(),
    ownership: z.string(),
    lastTradeDate: z.string().nullable(),
    mortgaged: z.boolean(),
    followers: z.number().int(),
  }),
  estate: z.object({
    id: z.number().int(),
    name: z.string(),
    plateName: z.string().nullable(),
    districtName: z.string().nullable(),
    buildYear: z.number().int().nullable(),
    /** 挂牌均价 元/㎡ of the newest month. */
    listingAvg: z.number().nullable(),
    onSaleCount: z.number().int(),
  }),
  /** 单价 vs the estate's 挂牌均价, %; null without an average. */
  vsEstatePct: z.number().nullable(),
  /** 调价记录, oldest first. */
  priceChanges: z.array(listingPriceChange),
  /** The estate's 3 latest deals. */
  deals: z.array(dealRow),
  /** On sale in the same estate or plate, with a similar area. */
  similar: z.array(listingCard),
  agent: z
    .object({ id: z.number().int(), name: z.string(), company: z.string(), store: z.string(), years: z.number().int() })
    .nullable(),
});
export type ListingDetailBody = z.infer<typeof listingDetailBody>;

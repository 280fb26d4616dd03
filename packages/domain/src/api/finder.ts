// Payloads of the finder pages (PAGES.md §3.1, §3.5): 本周好房 (home/week-house), 捡漏 (house/bargain/list) and
// the budget-first 帮我找房 (new-house/find-plate-12-5-2, new-house/get-district-of-find-plate).
// Money in 元 and 元/㎡ unless a field says 万; "now" is the end of the city's newest published month.
import { z } from 'zod';
import { cityIdParam } from './geo.ts';
import { band, idParam, intParam, pageParams, roomTypes } from './params.ts';

export const WEEK_HOUSE_TABS = ['new', 'resale'] as const;
export type WeekHouseTab = (typeof WEEK_HOUSE_TABS)[number];

export const weekHouseQuery = z.object({
  cityId: cityIdParam,
  tab: z.enum(WEEK_HOUSE_TABS, { message: 'tab 只能是 new 或 resale' }).default('new'),
  ...pageParams(20),
});
export type WeekHouseQuery = z.infer<typeof weekHouseQuery>;

export const weekHouseProject = z.object({
  id: z.number().int(),
  name: z.string(),
  districtName: z.string(),
  plateName: z.string(),
  saleStatus: z.string(),
  /** 参考均价 元/㎡. */
  avgPrice: z.number().nullable(),
  totalPriceMin: z.number().nullable(),
  totalPriceMax: z.number().nullable(),
  openingDate: z.string().nullable(),
  tags: z.array(z.string()),
});
export type WeekHouseProject = z.infer<typeof weekHouseProject>;

/** A listing on sale with its estate's figures; shared by 本周好房 and 捡漏. */
export const finderListing = z.object({
  id: z.number().int(),
  estateId: z.number().int(),
  estateName: z.string(),
  districtName: z.string(),
  plateName: z.string(),
  rooms: z.number().int(),
  halls: z.number().int(),
  area: z.number(),
  orientation: z.string(),
  floor: z.number().int(),
  totalFloors: z.number().int(),
  decoration: z.string(),
  totalPrice: z.number().int(),
  unitPrice: z.number().int(),
  listedAt: z.string(),
  /** Days from listing to "now". */
  daysListed: z.number().int(),
  priceChangeCount: z.number().int(),
  /** initial − current asking price, 元 (0 when never cut). */
  priceCut: z.number().int(),
  /** The average the listing is compared with, 元/㎡, and how far below it the listing is, percent. */
  referenceAvg: z.number(),
  belowPct: z.number(),
});
export type FinderListing = z.infer<typeof finderListing>;

export const weekHouseBody = z.object({
  tab: z.enum(WEEK_HOUSE_TABS),
  /** The week: the 7 days ending with the newest published month's last day, 'YYYY-MM-DD'; null before data. */
  weekFrom: z.string().nullable(),
  weekTo: z.string().nullable(),
  /** 新房: projects opening in the week, then (so the tab is never a dead end) the next openings after it. */
  projects: z.array(weekHouseProject),
  upcoming: z.array(weekHouseProject),
  /** 二手: listings first listed in the week below their estate's 挂牌均价 of the month, cheapest first. */
  list: z.array(finderListing),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type WeekHouseBody = z.infer<typeof weekHouseBody>;

export const BARGAIN_SORTS = ['discount', 'newest', 'total'] as const;
export type BargainSort = (typeof BARGAIN_SORTS)[number];

export const bargainListQuery = z.object({
  cityId: cityIdParam,
  districtId: idParam('districtId').optional(),
  roomType: roomTypes(),
  /** 总价 band in 万, '200-300'. */
  price: band('price', '200-300'),
  sort: z.enum(BARGAIN_SORTS, { message: 'sort 只能是 discount、newest 或 total' }).default('discount'),
  ...pageParams(20),
});
export type BargainListQuery = z.infer<typeof bargainListQuery>;

export const bargainListBody = z.object({
  /** The last day of the 365-day deal window ('YYYY-MM-DD'); null before any data. */
  asOf: z.string().nullable(),
  list: z.array(finderListing),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type BargainListBody = z.infer<typeof bargainListBody>;

export const FIND_PURPOSES = ['home', 'invest'] as const;
export type FindPurpose = (typeof FIND_PURPOSES)[number];

const budgetParam = intParam('budget', {
  min: 10,
  max: 100_000,
  message: 'budget 须为整数（万）',
  missingMessage: 'budget 不能为空，请填写预算（万）',
  minMessage: '预算至少 10 万',
  maxMessage: '预算超过允许的最大值',
});

export const findPlateQuery = z.object({
  cityId: cityIdParam,
  /** 总价预算, 万. */
  budget: budgetParam,
  /** Comma-separated district ids, '330106,330108'. */
  districtIds: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/, { message: 'districtIds 格式不正确，例如 330106,330108' })
    .optional()
    .transform((v) => (v ? [...new Set(v.split(',').map(Number))] : undefined)),
  roomType: roomTypes(),
  /** 面积 band in ㎡, '70-90'. */
  area: band('area', '70-90'),
  /** 自住 sorts by listings in budget, 投资 by rent yield. */
  purpose: z.enum(FIND_PURPOSES, { message: 'purpose 只能是 home 或 invest' }).default('home'),
});
export type FindPlateQuery = z.infer<typeof findPlateQuery>;

export const findPlateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  districtId: z.number().int(),
  districtName: z.string(),
  listingAvg: z.number().nullable(),
  listingMom: z.number().nullable(),
  /** Median area of the listings considered, ㎡, and the typical total price = area × 挂牌均价, 元. */
  typicalArea: z.number().nullable(),
  typicalTotal: z.number().nullable(),
  /** ㎡ the budget buys at the plate's 挂牌均价. */
  affordableArea: z.number().nullable(),
  /** On-sale listings matching the filters within the budget. */
  listingsInBudget: z.number().int(),
  /** Gross rent yield, percent: rent 元/㎡·月 × 12 ÷ 挂牌均价. */
  rentYield: z.number().nullable(),
});
export type FindPlateRow = z.infer<typeof findPlateRow>;

export const findPlateBody = z.object({
  month: z.string().nullable(),
  budget: z.number().int(),
  list: z.array(findPlateRow),
  /** When nothing fits: the smallest budget (万) at which some plate would. */
  minBudget: z.number().int().nullable(),
});
export type FindPlateBody = z.infer<typeof findPlateBody>;

export const findDistrictQuery = findPlateQuery.omit({ districtIds: true, purpose: true });
export type FindDistrictQuery = z.infer<typeof findDistrictQuery>;

export const findDistrictRow = z.object({
  id: z.number().int(),
  name: z.string(),
  listingAvg: z.number().nullable(),
  /** Plates of the district whose typical total fits the budget, of all its plates with data. */
  fittingPlates: z.number().int(),
  plates: z.number().int(),
  listingsInBudget: z.number().int(),
});
export type FindDistrictRow = z.infer<typeof findDistrictRow>;

export const findDistrictBody = z.object({
  month: z.string().nullable(),
  budget: z.number().int(),
  list: z.array(findDistrictRow),
});
export type FindDistrictBody = z.infer<typeof findDistrictBody>;

// Payloads of the estate (小区) detail endpoints (PAGES.md §3.2 /{city}/house-detail/{estateId}, §3.11 agent-list,
// spec §7 "Listings and houses" and part two). Money is in 元 (总价) and 元/㎡ (单价); months are 'YYYY-MM'.
import { z } from 'zod';
import { idParam, intParam, pageParams } from './params.ts';
import { cityIdParam } from './geo.ts';

/** The estate id of every house/* call (spec §7 names it houseId; PAGES.md §0: houseId = estate id). */
export const houseIdParam = idParam('houseId');

export const estateQuery = z.object({ houseId: houseIdParam });
export type EstateQuery = z.infer<typeof estateQuery>;

export const TREND_MONTH_OPTIONS = [12, 36] as const;
export type TrendMonths = (typeof TREND_MONTH_OPTIONS)[number];

const trendMonths = z
  .enum(['12', '36'], { message: 'months 只能是 12 或 36' })
  .default('12')
  .transform((v) => Number(v) as TrendMonths);

export const ESTATE_PAGE_SIZE = 20;

const pageParamsOf = pageParams(ESTATE_PAGE_SIZE);

// ---------- house/basic-info ----------

export const estateBasicInfo = z.object({
  id: z.number().int(),
  cityId: z.number().int(),
  name: z.string(),
  alias: z.string().nullable(),
  districtId: z.number().int(),
  districtName: z.string(),
  plateId: z.number().int(),
  plateName: z.string(),
  tags: z.array(z.string()),
  buildYear: z.number().int().nullable(),
  /** Newest month of the city's series ('YYYY-MM'), the month 挂牌均价 is of; null before any data. */
  month: z.string().nullable(),
  /** 挂牌均价 元/㎡ of the listings on sale at the end of `month`. */
  listingAvg: z.number().nullable(),
  /** Month-on-month change of 挂牌均价, percent. */
  listingMom: z.number().nullable(),
  /** 成交均价 元/㎡ of the newest month with deals (within the estate's series). */
  dealAvg: z.number().nullable(),
  /** 'YYYY-MM' that dealAvg is of. */
  dealMonth: z.string().nullable(),
  /** Change of 成交均价 against the month before dealMonth, percent (null when that month had no deal). */
  dealMom: z.number().nullable(),
  /** 房东溢价系数 of `month` = 挂牌均价 ÷ last month's 成交均价 (spec §2). */
  premium: z.number().nullable(),
  /** 在售套数 / 在租套数 now. */
  onSaleCount: z.number().int(),
  onRentCount: z.number().int(),
  lng: z.number(),
  lat: z.number(),
});
export type EstateBasicInfo = z.infer<typeof estateBasicInfo>;

// ---------- house/basic-info/quotations ----------

export const quotationsQuery = estateQuery.extend({ months: trendMonths });
export type QuotationsQuery = z.infer<typeof quotationsQuery>;

export const estateQuotation = z.object({
  month: z.string(),
  listingAvg: z.number().nullable(),
  listingCount: z.number().int(),
  dealAvg: z.number().nullable(),
  dealCount: z.number().int(),
  premium: z.number().nullable(),
});
export type EstateQuotation = z.infer<typeof estateQuotation>;

/** Every month of the window, oldest first; a month without rows has nulls and zero counts. */
export const quotationsBody = z.object({ months: z.number().int(), list: z.array(estateQuotation) });
export type QuotationsBody = z.infer<typeof quotationsBody>;

// ---------- house/detail ----------

export const estateFacts = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 建成年代. */
  buildYear: z.number().int().nullable(),
  buildingType: z.string().nullable(),
  propertyType: z.string(),
  /** 产权年限. */
  tenureYears: z.number().int().nullable(),
  buildingCount: z.number().int().nullable(),
  householdCount: z.number().int().nullable(),
  plotRatio: z.number().nullable(),
  /** 绿化率 0–1. */
  greeningRate: z.number().nullable(),
  /** 物业费 元/㎡·月. */
  propertyFee: z.number().nullable(),
  propertyCompany: z.string().nullable(),
  developer: z.string().nullable(),
  /** 车位比: parking spaces per household. */
  parkingRatio: z.number().nullable(),
  nearestStation: z.string().nullable(),
  stationDistanceM: z.number().int().nullable(),
});
export type EstateFacts = z.infer<typeof estateFacts>;

// ---------- house/general ----------

export const estateGeneral = z.object({
  /** One summary line, e.g. '清波北苑位于上城区清波，1996年建成，共10栋415户；2026年6月挂牌均价43,835元/㎡，环比持平。' */
  summary: z.string(),
});
export type EstateGeneral = z.infer<typeof estateGeneral>;

// ---------- house/header-chart-plate ----------

export const headerChartQuery = estateQuery.extend({ months: trendMonths });
export type HeaderChartQuery = z.infer<typeof headerChartQuery>;

export const trendSeries = z.object({
  level: z.enum(['estate', 'plate', 'district']),
  id: z.number().int(),
  name: z.string(),
  /** 挂牌均价 per month, aligned with `months`; null where the month has no listing. */
  values: z.array(z.number().nullable()),
  /** Change from the first to the last month with a value, percent. */
  change: z.number().nullable(),
});
export type TrendSeries = z.infer<typeof trendSeries>;

export const headerChartBody = z.object({
  months: z.array(z.string()),
  /** estate, plate, district — in that order. */
  series: z.array(trendSeries),
});
export type HeaderChartBody = z.infer<typeof headerChartBody>;

// ---------- house/roomTypeAnalysis(List) ----------

export const roomTypeRow = z.object({
  /** 1–5; 5 stands for 5室及以上. */
  rooms: z.number().int(),
  label: z.string(),
  onSaleCount: z.number().int(),
  /** 在售 average 元/㎡ and 总价 元. */
  listingAvg: z.number().nullable(),
  avgTotalPrice: z.number().nullable(),
  minArea: z.number().nullable(),
  maxArea: z.number().nullable(),
  /** Deals of the last 12 months and their 成交均价 元/㎡. */
  dealCount: z.number().int(),
  dealAvg: z.number().nullable(),
  /**
   * The estate's most common unit type (户型) with these rooms, from its buildings (the one most households
   * live in), for the drawn floor plan; null when no building records one.
   */
  layout: z
    .object({ rooms: z.number().int(), halls: z.number().int(), baths: z.number().int(), area: z.number() })
    .nullable(),
});
export type RoomTypeRow = z.infer<typeof roomTypeRow>;

export const roomTypeAnalysisBody = z.object({
  onSaleCount: z.number().int(),
  dealCount: z.number().int(),
  list: z.array(roomTypeRow),
});
export type RoomTypeAnalysisBody = z.infer<typeof roomTypeAnalysisBody>;

export const roomTypeListQuery = estateQuery.extend({
  rooms: intParam('rooms', { min: 1, max: 5, message: 'rooms 只能是 1 到 5' }),
  ...pageParamsOf,
});
export type RoomTypeListQuery = z.infer<typeof roomTypeListQuery>;

// ---------- estate_stats (packages/dataset/src/estate-stats.ts) ----------

/** Nearest estates kept per estate: the around list's largest page. */
export const ESTATE_STATS_AROUND = 20;
/** Newest deals and on-sale listings kept per estate: the estate page shows 3 and 5. */
export const ESTATE_STATS_LATEST = 5;

// ---------- house/totalPriceAnalysis(List) ----------

/** 总价段 in 万: [min, max) ; the last band has no upper bound. */
export const TOTAL_PRICE_BANDS = [
  { band: 1, min: 0, max: 200, label: '200万以下' },
  { band: 2, min: 200, max: 300, label: '200-300万' },
  { band: 3, min: 300, max: 500, label: '300-500万' },
  { band: 4, min: 500, max: 800, label: '500-800万' },
  { band: 5, min: 800, max: 1200, label: '800-1200万' },
  { band: 6, min: 1200, max: null, label: '1200万以上' },
] as const;

export const totalPriceRow = z.object({
  band: z.number().int(),
  label: z.string(),
  onSaleCount: z.number().int(),
  /** Deals of the last 12 months. */
  dealCount: z.number().int(),
  listingAvg: z.number().nullable(),
});
export type TotalPriceRow = z.infer<typeof totalPriceRow>;

export const totalPriceAnalysisBody = z.object({
  onSaleCount: z.number().int(),
  dealCount: z.number().int(),
  /** 在售 average 总价 元. */
  avgTotalPrice: z.number().nullable(),
  list: z.array(totalPriceRow),
});
export type TotalPriceAnalysisBody = z.infer<typeof totalPriceAnalysisBody>;

export const totalPriceListQuery = estateQuery.extend({
  band: intParam('band', {
    min: 1,
    max: TOTAL_PRICE_BANDS.length,
    message: `band 只能是 1 到 ${TOTAL_PRICE_BANDS.length}`,
  }),
  ...pageParamsOf,
});
export type TotalPriceListQuery = z.infer<typeof totalPriceListQuery>;

// ---------- house/buildingAnalysis ----------

export const buildingRow = z.object({
  id: z.number().int(),
  name: z.string(),
  floors: z.number().int(),
  /** 梯户比, e.g. '2梯4户'. */
  elevatorRatio: z.string(),
  hasElevator: z.boolean(),
  householdCount: z.number().int(),
  /** 户型 as '2室1厅 71㎡'. */
  layouts: z.array(z.string()),
  onSaleCount: z.number().int(),
  listingAvg: z.number().nullable(),
  /** Deals of the last 12 months. */
  dealCount: z.number().int(),
  dealAvg: z.number().nullable(),
});
export type BuildingRow = z.infer<typeof buildingRow>;

export const buildingAnalysisBody = z.object({ list: z.array(buildingRow) });
export type BuildingAnalysisBody = z.infer<typeof buildingAnalysisBody>;

// ---------- house/listing-analysis ----------

export const listingAnalysisBody = z.object({
  onSaleCount: z.number().int(),
  /** Listed in the last 30 days (of the data's newest day). */
  newCount30d: z.number().int(),
  /** On sale now and cut at least once in the last 30 days. */
  cutCount30d: z.number().int(),
  /** Median days on the market of what is on sale now. */
  medianDaysListed: z.number().int().nullable(),
  /** 议价空间 % averaged over the deals of the last 12 months. */
  avgBargainPct: z.number().nullable(),
  /** 成交周期 days averaged over the deals of the last 12 months. */
  avgCycleDays: z.number().int().nullable(),
  /** The newest day of the data, 'YYYY-MM-DD'. */
  asOf: z.string().nullable(),
});
export type ListingAnalysisBody = z.infer<typeof listingAnalysisBody>;

// ---------- house/analysisDataSource ----------

export const analysisDataSourceBody = z.object({
  asOf: z.string().nullable(),
  listingCount: z.number().int(),
  dealCount: z.number().int(),
  agencyDealCount: z.number().int(),
  netsignDealCount: z.number().int(),
  rentalCount: z.number().int(),
  /** Of those, on sale and on rent now: the 在售/在租 the estate page shows. */
  onSaleCount: z.number().int(),
  onRentCount: z.number().int(),
  /** What the figures are and how they are computed, in Chinese. */
  notes: z.array(z.string()),
});
export type AnalysisDataSourceBody = z.infer<typeof analysisDataSourceBody>;

// ---------- consultation/around/list ----------

export const aroundQuery = estateQuery.extend({
  size: pageParams(20, { defaultSize: 6 }).size,
});
export type AroundQuery = z.infer<typeof aroundQuery>;

export const aroundEstate = z.object({
  id: z.number().int(),
  name: z.string(),
  plateName: z.string(),
  distanceM: z.number().int(),
  buildYear: z.number().int().nullable(),
  listingAvg: z.number().nullable(),
  listingMom: z.number().nullable(),
  onSaleCount: z.number().int(),
});
export type AroundEstate = z.infer<typeof aroundEstate>;

export const aroundBody = z.object({ list: z.array(aroundEstate) });
export type AroundBody = z.infer<typeof aroundBody>;

// ---------- estate-dispatch/estate-recommend (spec §7 part two) ----------

export const estateRecommendQuery = z.object({
  type: intParam('type', { min: 2, max: 2, message: 'type 只能是 2' }),
  estateId: idParam('estateId'),
});
export type EstateRecommendQuery = z.infer<typeof estateRecommendQuery>;

export const recommendedEstate = z.object({
  id: z.number().int(),
  cityId: z.number().int(),
  houseName: z.string(),
  /** Estates have no photos (DESIGN.md): always empty; the modal draws a cover. */
  picList: z.array(z.string()),
  roomCount: z.number().int().nullable(),
  livingRoomCount: z.number().int().nullable(),
  area: z.number().nullable(),
  /** 元/㎡ (the modal shows it in 万/㎡). */
  avgPrice: z.number().nullable(),
  /** 总价 in 万. */
  totalPriceMillion: z.number().nullable(),
});
export type RecommendedEstate = z.infer<typeof recommendedEstate>;

export const estateRecommendBody = z.object({ estateList: z.array(recommendedEstate) });
export type EstateRecommendBody = z.infer<typeof estateRecommendBody>;

// ---------- POST house/agent/get (spec §7 part two) ----------

export const agentGetBody = z.object({
  type: intParam('type', { min: 8, max: 8, message: 'type 只能是 8' }),
  cityId: cityIdParam,
  houseId: houseIdParam,
});
export type AgentGetInput = z.infer<typeof agentGetBody>;

export const agentCard = z.object({
  mainTitle: z.string(),
  subtitle: z.string(),
  appUrl: z.string(),
  h5Url: z.string(),
});

export const estateAgent = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  company: z.string(),
  store: z.string(),
  /** 从业年限. */
  years: z.number().int(),
  rating: z.number(),
  showingCount: z.number().int(),
  dealCount: z.number().int(),
  /** 本小区: listings the agent holds and deals the agent closed in this estate. */
  estateListingCount: z.number().int(),
  estateDealCount: z.number().int(),
  wechatNo: z.string().nullable(),
});
export type EstateAgent = z.infer<typeof estateAgent>;

export const agentGetResult = z.object({
  customHouse: agentCard,
  consultationTransformation: agentCard.extend({ wechatNo: z.string().nullable() }),
  agents: z.array(estateAgent),
});
export type AgentGetResult = z.infer<typeof agentGetResult>;

// ---------- NEW house/deal/list and house/listing/list ----------

export const dealListQuery = estateQuery.extend(pageParamsOf);
export type DealListQuery = z.infer<typeof dealListQuery>;

export const dealRow = z.object({
  id: z.number().int(),
  /** 'YYYY-MM-DD'; only the month 'YYYY-MM' when masked. */
  dealDate: z.string(),
  rooms: z.number().int(),
  halls: z.number().int(),
  area: z.number(),
  floor: z.number().int().nullable(),
  totalFloors: z.number().int().nullable(),
  orientation: z.string().nullable(),
  /** null when masked (membership gate). */
  totalPrice: z.number().nullable(),
  unitPrice: z.number().nullable(),
  listTotalPrice: z.number().nullable(),
  bargainPct: z.number().nullable(),
  cycleDays: z.number().int().nullable(),
  /** 中介 | 网签. */
  source: z.string(),
  /** True when the prices are hidden behind membership (PAGES.md §0 VIP mask). */
  masked: z.boolean(),
});
export type DealRow = z.infer<typeof dealRow>;

export const dealListBody = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  list: z.array(dealRow),
});
export type DealListBody = z.infer<typeof dealListBody>;

export const listingListQuery = estateQuery.extend(pageParamsOf);
export type ListingListQuery = z.infer<typeof listingListQuery>;

export const listingRow = z.object({
  id: z.number().int(),
  rooms: z.number().int(),
  halls: z.number().int(),
  baths: z.number().int(),
  area: z.number(),
  orientation: z.string(),
  floor: z.number().int(),
  totalFloors: z.number().int(),
  decoration: z.string(),
  hasElevator: z.boolean(),
  totalPrice: z.number(),
  unitPrice: z.number(),
  initialTotalPrice: z.number(),
  /** 'YYYY-MM-DD'. */
  listedAt: z.string(),
  priceChangeCount: z.number().int(),
  /** 满五 | 满二 | 不满二. */
  yearsHeld: z.string(),
  onlyHome: z.boolean(),
  views7d: z.number().int(),
});
export type ListingRow = z.infer<typeof listingRow>;

export const listingListBody = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  list: z.array(listingRow),
});
export type ListingListBody = z.infer<typeof listingListBody>;

// The report mall (PAGES.md §3.10 /market*) and the shared trading/* calls of spec §7: trading/city-list,
// trading/spu-count, trading/cityView, trading/city/promotion, trading/newsView; NEW market/product/list,
// market/product/detail, POST market/order/create (createProductOrderInput, products.ts), market/purchased and GET
// market/report/file?productCode (the PDF). Amounts in 元; the catalogue keeps 分.
import { z } from 'zod';
import { cityIdParam } from './geo.ts';
import { pageParams } from './params.ts';
import { productCodeParam } from './products.ts';

/** Report categories, in the order of the mall's tabs. */
export const REPORT_CATEGORIES = ['city', 'district', 'estate', 'custom'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
export const REPORT_CATEGORY_LABELS: Record<ReportCategory, string> = {
  city: '城市',
  district: '区域',
  estate: '小区',
  custom: '定制',
};
export const MALL_PAGE_SIZE = 10;

export const MALL_MESSAGES = {
  category: 'category 只能是 city、district、estate 或 custom',
  notOwned: '请先购买该报告',
  rendering: '报告正在生成，请稍后再试',
  failed: '报告生成失败，请点击「重新生成」',
  noBrowser: '报告生成服务暂不可用（未找到浏览器组件），请稍后点击「重新生成」',
  unknownCity: '城市不存在',
} as const;

// --- trading/city-list ---------------------------------------------------------------------------------------------
export const tradingCity = z.object({
  cityId: z.number().int(),
  cityName: z.string(),
  pinyin: z.string(),
  isHot: z.boolean(),
  /** Reports on sale in the city. */
  reportCount: z.number().int(),
  /** Deal-data packages on sale in the city. */
  tradeCount: z.number().int(),
});
export const tradingCityListBody = z.object({ list: z.array(tradingCity) });
export type TradingCity = z.infer<typeof tradingCity>;

// --- trading/spu-count?cityId --------------------------------------------------------------------------------------
export const cityQuery = z.object({ cityId: cityIdParam });
export const spuCountBody = z.object({
  cityId: z.number().int(),
  /** Reports on sale in all. */
  total: z.number().int(),
  categories: z.object({
    city: z.number().int(),
    district: z.number().int(),
    estate: z.number().int(),
    custom: z.number().int(),
  }),
  trade: z.number().int(),
});
export type SpuCountBody = z.infer<typeof spuCountBody>;

// --- trading/cityView?cityId ---------------------------------------------------------------------------------------
export const cityViewBody = z.object({
  cityId: z.number().int(),
  cityName: z.string(),
  /** 'YYYY-MM' of the newest month with data. */
  month: z.string().nullable(),
  /** 成交套数: the month's deals of every source (网签 only: trading/trade-show). */
  dealCount: z.number().int(),
  /** 成交均价 元/㎡. */
  dealAvg: z.number().nullable(),
  /** Month-on-month change of 成交均价, percent. */
  dealMom: z.number().nullable(),
  /** Month-on-month change of 成交套数, percent. */
  countMom: z.number().nullable(),
  listingAvg: z.number().nullable(),
});
export type CityViewBody = z.infer<typeof cityViewBody>;

// --- products ------------------------------------------------------------------------------------------------------
export const mallProductCard = z.object({
  code: z.string(),
  category: z.enum(REPORT_CATEGORIES),
  title: z.string(),
  subtitle: z.string(),
  coverage: z.string(),
  updateCycle: z.string(),
  amount: z.number(),
  originAmount: z.number().nullable(),
  soldCount: z.number().int(),
});
export type MallProductCard = z.infer<typeof mallProductCard>;

// --- trading/city/promotion?cityId ---------------------------------------------------------------------------------
export const promotionBody = z.object({
  /** The headline, e.g. '限时特惠'. */
  title: z.string(),
  list: z.array(mallProductCard.extend({ tag: z.string() })),
});
export type PromotionBody = z.infer<typeof promotionBody>;

// --- trading/newsView?cityId ---------------------------------------------------------------------------------------
export const newsItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** 'YYYY-MM-DD'. */
  publishedAt: z.string(),
  source: z.string(),
  href: z.string(),
});
export const newsViewBody = z.object({ list: z.array(newsItem) });
export type NewsItem = z.infer<typeof newsItem>;

// --- NEW market/product/list?cityId&category&page&size -------------------------------------------------------------
export const productListQuery = z.object({
  cityId: cityIdParam,
  category: z.enum(REPORT_CATEGORIES, { message: MALL_MESSAGES.category }).optional(),
  ...pageParams(20, { defaultSize: MALL_PAGE_SIZE }),
});
export type ProductListQuery = z.infer<typeof productListQuery>;
export const productListBody = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  list: z.array(mallProductCard),
});
export type ProductListBody = z.infer<typeof productListBody>;

// --- NEW market/product/detail?productCode -------------------------------------------------------------------------
export const productDetailQuery = z.object({ productCode: productCodeParam });
export const productDetailBody = z.object({
  product: mallProductCard.extend({
    cityId: z.number().int(),
    cityName: z.string(),
    contents: z.array(z.string()),
    /** The data month of the current edition ('YYYY-MM'). */
    edition: z.string().nullable(),
    /** The report page the PDF is printed from: the free sample to look at before buying. */
    sampleHref: z.string(),
  }),
  /** Whether the signed-in user owns it (false for a visitor). */
  owned: z.boolean(),
});
export type ProductDetailBody = z.infer<typeof productDetailBody>;

// --- NEW market/purchased ------------------------------------------------------------------------------------------
export const REPORT_FILE_STATUSES = ['pending', 'ready', 'failed'] as const;
export type ReportFileStatus = (typeof REPORT_FILE_STATUSES)[number];
export const reportFileView = z.object({
  status: z.enum(REPORT_FILE_STATUSES),
  edition: z.string(),
  bytes: z.number().int().nullable(),
  /** Why it failed, in Chinese (status failed). */
  error: z.string().nullable(),
});
export const purchasedItem = z.object({
  orderNo: z.string(),
  /** ISO time of purchase. */
  boughtAt: z.string(),
  product: mallProductCard,
  file: reportFileView.nullable(),
});
export const purchasedBody = z.object({ list: z.array(purchasedItem) });
export type PurchasedItem = z.infer<typeof purchasedItem>;

// --- NEW GET market/report/file?productCode (application/pdf) and POST market/report/regenerate {productCode} -------
export const reportFileQuery = z.object({ productCode: productCodeParam });
export const regenerateInput = z.object({ productCode: productCodeParam });
export const regenerateBody = z.object({ file: reportFileView });

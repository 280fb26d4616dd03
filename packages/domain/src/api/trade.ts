// The deal-data product (issue 12; PAGES.md §3.10 /trade*, spec §7 Trading): packages of a city's deal data (kind
// 'trade', category deal in mall_products) that give, for duration_days (stacking), the city's deal rows unmasked
// as for a member (dealsUnlocked) and the city's CSV export. trading/vipAuthor → isTradePremit (spec §3: the
// resale store's trade permit), trading/trade-show, trading/trade-detail, NEW POST trade/order/create, NEW
// trade/purchased, NEW GET trade/export. Money in 元 (prices) and 元/㎡ (averages); months 'YYYY-MM'.
import { z } from 'zod';
import { dealRow } from './estates.ts';
import { cityIdParam } from './geo.ts';
import { idParam, intParam } from './params.ts';
import { productCodeParam } from './products.ts';

/** The messages of the trade calls. */
export const TRADE_MESSAGES = {
  unknownCity: '城市不存在',
  unknownProduct: '数据包不存在或已下架',
  productMissing: '缺少数据包信息',
  /** trade/export without a permit for the city (nor membership). */
  exportForbidden: '购买成交数据后可导出',
} as const;

/** The most months one export covers (the city's newest published month and the ones before). */
export const TRADE_EXPORT_MAX_MONTHS = 12;
export const TRADE_EXPORT_DEFAULT_MONTHS = 3;
/** How many deals a package page shows as its sample. */
export const TRADE_SAMPLE_ROWS = 6;

/** A deal-data package as the pages show it. */
export const tradePackage = z.object({
  productId: z.number().int(),
  productCode: z.string(),
  cityId: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  /** The fields the package gives, one line each. */
  fields: z.array(z.string()),
  coverage: z.string(),
  updateCycle: z.string(),
  /** Days of access one purchase gives (a second one follows the first). */
  durationDays: z.number().int(),
  price: z.number(),
  originPrice: z.number().nullable(),
  soldCount: z.number().int(),
});
export type TradePackage = z.infer<typeof tradePackage>;

/** A city's deals in its newest published month: 成交套数 (网签量 of them), 成交均价 and the change on the month before. */
export const tradeOverview = z.object({
  /** 'YYYY-MM', null when the city has no published month. */
  month: z.string().nullable(),
  dealCount: z.number().int(),
  /** Deals registered through 网签 (source netsign). */
  netsignCount: z.number().int(),
  /** % change of the deal count on the month before; null without one. */
  countMom: z.number().nullable(),
  /** 成交均价 元/㎡ (total price over total area of the month's deals). */
  dealAvg: z.number().nullable(),
  /** % change of 成交均价 on the month before. */
  avgMom: z.number().nullable(),
  /** Deals of the city over the last 12 months: what a package covers. */
  dealCount12: z.number().int(),
});
export type TradeOverview = z.infer<typeof tradeOverview>;

// --- trading/vipAuthor?cityId -----------------------------------------------------------------------------------------
export const vipAuthorQuery = z.object({ cityId: cityIdParam.optional() });
export const vipAuthorBody = z.object({
  /** A live permit for the city asked about (any city when none is given); false for a visitor. */
  isTradePremit: z.boolean(),
  /** When that access ends (ISO), periods bought one after another counted together; null without one. */
  expiresAt: z.string().nullable(),
  /** Every city the viewer holds a live permit for (the pages unmask those cities' deal rows). */
  cityIds: z.array(z.number().int()),
});
export type VipAuthorBody = z.infer<typeof vipAuthorBody>;

// --- trading/trade-show?cityId ----------------------------------------------------------------------------------------
export const tradeShowQuery = z.object({ cityId: cityIdParam });
export const tradeShowBody = z.object({
  cityId: z.number().int(),
  cityName: z.string(),
  overview: tradeOverview,
  packages: z.array(tradePackage),
});
export type TradeShowBody = z.infer<typeof tradeShowBody>;

// --- trading/trade-detail?productId|productCode ---------------------------------------------------------------------
export const tradeDetailQuery = z
  .object({
    productId: idParam('productId', '数据包不存在或已下架').optional(),
    productCode: productCodeParam.optional(),
  })
  .refine((q) => q.productId !== undefined || q.productCode !== undefined, {
    message: TRADE_MESSAGES.productMissing,
  });
/** A sample deal: the deal row (masked unless the viewer sees the city's deals) with where it is. */
export const tradeSampleRow = dealRow.extend({
  estateId: z.number().int(),
  estateName: z.string(),
  districtName: z.string(),
});
export type TradeSampleRow = z.infer<typeof tradeSampleRow>;
export const tradeDetailBody = z.object({
  product: tradePackage,
  cityName: z.string(),
  overview: tradeOverview,
  /** Recent deals of the city past their estates' free rows: what the package unlocks. */
  sample: z.array(tradeSampleRow),
  /** Whether the sample came unmasked (the viewer is a member or holds the city's permit). */
  unlocked: z.boolean(),
});
export type TradeDetailBody = z.infer<typeof tradeDetailBody>;

// --- NEW trade/purchased (login) -------------------------------------------------------------------------------------
export const tradePurchase = z.object({
  orderNo: z.string(),
  productCode: z.string(),
  productId: z.number().int().nullable(),
  title: z.string(),
  cityId: z.number().int(),
  cityName: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  /** live: access now; pending: begins after an earlier period; ended; refunded. */
  state: z.enum(['live', 'pending', 'ended', 'refunded']),
});
export type TradePurchase = z.infer<typeof tradePurchase>;
export const tradePurchasedBody = z.object({ list: z.array(tradePurchase) });
export type TradePurchasedBody = z.infer<typeof tradePurchasedBody>;

// --- NEW GET trade/export?cityId&months (text/csv) -----------------------------------------------------------------
export const tradeExportQuery = z.object({
  cityId: cityIdParam,
  months: intParam('months', {
    min: 1,
    max: TRADE_EXPORT_MAX_MONTHS,
    message: `months 须为 1 到 ${TRADE_EXPORT_MAX_MONTHS} 之间的整数`,
  }).default(TRADE_EXPORT_DEFAULT_MONTHS),
});

/** The export's columns, in order (UTF-8 with a BOM, so that Excel opens the Chinese). */
export const TRADE_EXPORT_COLUMNS = [
  '成交日期',
  '区县',
  '板块',
  '小区',
  '户型',
  '面积(㎡)',
  '楼层',
  '朝向',
  '成交总价(元)',
  '成交单价(元/㎡)',
  '挂牌价(元)',
  '议价空间(%)',
  '成交周期(天)',
  '来源',
] as const;

/** One CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused (CSV injection). */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

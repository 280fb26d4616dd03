// market/quotation and market/quotation/detail payloads (PAGES.md §3.1 行情): the monthly board of the city and
// its districts, and one district's or plate's 36 months. Every figure is a price_series row, so the board
// shows the same 挂牌均价 as rank/list, app/house/areaList and the city home for the same month.
import { z } from 'zod';
import { cityIdParam } from './geo.ts';
import { idParam, monthParam } from './params.ts';

/** Months of history a detail page shows, and how far back the board's month picker reaches. */
export const QUOTATION_MONTHS = 36;

export const quotationQuery = z.object({
  cityId: cityIdParam,
  /** 'YYYY-MM'; absent or not published → the city's newest published month. */
  month: monthParam(),
});
export type QuotationQuery = z.infer<typeof quotationQuery>;

export const QUOTATION_LEVELS = ['city', 'district', 'plate', 'estate'] as const;
export type QuotationLevel = (typeof QUOTATION_LEVELS)[number];

/** One area in one month. Averages in 元/㎡; MoM in percent against the month before. */
export const quotationRow = z.object({
  level: z.enum(QUOTATION_LEVELS),
  id: z.number().int(),
  name: z.string(),
  listingAvg: z.number().nullable(),
  dealAvg: z.number().nullable(),
  listingMom: z.number().nullable(),
  dealMom: z.number().nullable(),
  listingCount: z.number().int(),
  dealCount: z.number().int(),
  /** 房东溢价系数 (spec §2). */
  premium: z.number().nullable(),
});
export type QuotationRow = z.infer<typeof quotationRow>;

export const quotationBody = z.object({
  cityId: z.number().int(),
  cityName: z.string(),
  /** The month shown, 'YYYY-MM'; null before any data. */
  month: z.string().nullable(),
  /** Published months for the picker, newest first (at most 36). */
  months: z.array(z.string()),
  city: quotationRow.nullable(),
  /** The city's districts in their usual order. */
  list: z.array(quotationRow),
});
export type QuotationBody = z.infer<typeof quotationBody>;

export const quotationDetailQuery = z.object({
  level: z.enum(['district', 'plate'], { message: 'level 只能是 district 或 plate' }),
  id: idParam('id'),
});
export type QuotationDetailQuery = z.infer<typeof quotationDetailQuery>;

export const quotationMonth = z.object({
  month: z.string(),
  listingAvg: z.number().nullable(),
  dealAvg: z.number().nullable(),
  listingMom: z.number().nullable(),
  listingCount: z.number().int(),
  dealCount: z.number().int(),
  premium: z.number().nullable(),
});
export type QuotationMonth = z.infer<typeof quotationMonth>;

export const quotationDetailBody = z.object({
  level: z.enum(['district', 'plate']),
  id: z.number().int(),
  name: z.string(),
  cityId: z.number().int(),
  /** The district a plate belongs to; null for a district. */
  parent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The newest published month of the city, 'YYYY-MM'; null before any data. */
  month: z.string().nullable(),
  /** The 36 months ending with `month`, oldest first; months without a row have null averages. */
  series: z.array(quotationMonth),
  /** A district's plates, or a plate's estates (top 30 by 挂牌量), in `month`. */
  subLevel: z.enum(['plate', 'estate']),
  subAreas: z.array(quotationRow),
});
export type QuotationDetailBody = z.infer<typeof quotationDetailBody>;

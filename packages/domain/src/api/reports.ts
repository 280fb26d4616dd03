// Payloads of the report endpoints (PAGES.md §3.4): the monthly district and city reports, the city / plate
// week reports, an estate's week, and the certificates behind an issued report's QR code.
// Monthly averages always come from price_series (the same row every other page shows for that month);
// weekly figures are counted from the rows (listing.listed_at, listing_price_change.changed_at, deal.deal_date).
// Money in 元 and 元/㎡; months 'YYYY-MM'; days 'YYYY-MM-DD'; weeks run Monday to Sunday.
import { z } from 'zod';
import { idParam, monthParam, weekParam } from './params.ts';
import { cityIdParam } from './geo.ts';

const optionalId = (name: string) => idParam(name).optional();

/** One month of a price_series row. */
export const seriesFigures = z.object({
  listingAvg: z.number().nullable(),
  dealAvg: z.number().nullable(),
  listingCount: z.number().int(),
  dealCount: z.number().int(),
  premium: z.number().nullable(),
  /** Against the month before and the same month a year earlier, percent. */
  listingMom: z.number().nullable(),
  listingYoy: z.number().nullable(),
  dealMom: z.number().nullable(),
  dealYoy: z.number().nullable(),
});
export type SeriesFigures = z.infer<typeof seriesFigures>;

/** A sub-area row of a report (district of a city, plate of a district). */
export const reportAreaRow = z.object({
  id: z.number().int(),
  name: z.string(),
  listingAvg: z.number().nullable(),
  listingMom: z.number().nullable(),
  dealAvg: z.number().nullable(),
  dealCount: z.number().int(),
  listingCount: z.number().int(),
});
export type ReportAreaRow = z.infer<typeof reportAreaRow>;

export const reportTrendPoint = z.object({
  month: z.string(),
  listingAvg: z.number().nullable(),
  dealAvg: z.number().nullable(),
  /** The parent's 挂牌均价 (the city for a district report), for the comparison line. */
  parentListingAvg: z.number().nullable(),
});
export type ReportTrendPoint = z.infer<typeof reportTrendPoint>;

/** The month's deals by 总价段 (TOTAL_PRICE_BANDS). */
export const priceSegment = z.object({ label: z.string(), dealCount: z.number().int() });
export type PriceSegment = z.infer<typeof priceSegment>;

/** What the month's deal rows add: 成交周期, 议价空间, and listings newly put up. */
export const monthActivity = z.object({
  avgCycleDays: z.number().int().nullable(),
  avgBargainPct: z.number().nullable(),
  newListingCount: z.number().int(),
});
export type MonthActivity = z.infer<typeof monthActivity>;

export const newSupplyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  saleStatus: z.string(),
  avgPrice: z.number().nullable(),
  /** 'YYYY-MM-DD' or null. */
  openingDate: z.string().nullable(),
  districtName: z.string(),
});
export type NewSupplyRow = z.infer<typeof newSupplyRow>;

// ---------- NEW report/area ----------

export const areaReportQuery = z.object({
  cityId: cityIdParam,
  /** Absent → the city's first district. */
  districtId: optionalId('districtId'),
  /** Absent or not published → the city's newest published month. */
  month: monthParam(),
});
export type AreaReportQuery = z.infer<typeof areaReportQuery>;

export const areaReportBody = z.object({
  cityId: z.number().int(),
  cityName: z.string(),
  districtId: z.number().int(),
  districtName: z.string(),
  /** Every district of the city, for the switcher. */
  districts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The report's month; null before any data. */
  month: z.string().nullable(),
  /** Published months, newest first (at most 24). */
  months: z.array(z.string()),
  figures: seriesFigures,
  /** The city's figures of the same month. */
  city: seriesFigures,
  activity: monthActivity,
  /** 12 months ending with `month`, oldest first. */
  trend: z.array(reportTrendPoint),
  plates: z.array(reportAreaRow),
  segments: z.array(priceSegment),
  newSupply: z.array(newSupplyRow),
  /** One-paragraph conclusion built from the figures above. */
  summary: z.string(),
});
export type AreaReportBody = z.infer<typeof areaReportBody>;

// ---------- NEW report/city ----------

export const cityReportQuery = z.object({ cityId: cityIdParam, month: monthParam() });
export type CityReportQuery = z.infer<typeof cityReportQuery>;

export const priceIndexRow = z.object({
  /** Source label shown with the figure. */
  source: z.string(),
  name: z.string(),
  /** Previous period = 100. */
  mom: z.number().nullable(),
  yoy: z.number().nullable(),
});
export type PriceIndexRow = z.infer<typeof priceIndexRow>;

export const cityReportBody = z.object({
  cityId: z.number().int(),
  cityName: z.string(),
  month: z.string().nullable(),
  months: z.array(z.string()),
  figures: seriesFigures,
  activity: monthActivity,
  trend: z.array(reportTrendPoint),
  districts: z.array(reportAreaRow),
  segments: z.array(priceSegment),
  /** New-house projects opening in the month. */
  openings: z.array(newSupplyRow),
  /** NBS 70-city indices of the month, when the city is one of them. */
  indices: z.array(priceIndexRow),
  summary: z.string(),
});
export type CityReportBody = z.infer<typeof cityReportBody>;

// ---------- NEW report/weekly ----------

export const weeklyReportQuery = z.object({
  cityId: cityIdParam,
  districtId: optionalId('districtId'),
  plateId: optionalId('plateId'),
  /** The Monday of the week; absent or outside the archive → the newest week with data. */
  week: weekParam(),
});
export type WeeklyReportQuery = z.infer<typeof weeklyReportQuery>;

export const weekFigures = z.object({
  newListingCount: z.number().int(),
  priceCutCount: z.number().int(),
  priceRiseCount: z.number().int(),
  dealCount: z.number().int(),
  /** Mean 成交单价 of the week's deals, 元/㎡. */
  dealAvg: z.number().nullable(),
});
export type WeekFigures = z.infer<typeof weekFigures>;

export const hotEstateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  plateName: z.string(),
  newListingCount: z.number().int(),
  dealCount: z.number().int(),
  /** 7-day views of the estate's listings on sale. */
  views: z.number().int(),
});
export type HotEstateRow = z.infer<typeof hotEstateRow>;

export const weekAreaRow = z.object({
  id: z.number().int(),
  name: z.string(),
  newListingCount: z.number().int(),
  priceCutCount: z.number().int(),
  dealCount: z.number().int(),
});
export type WeekAreaRow = z.infer<typeof weekAreaRow>;

export const weekRange = z.object({ start: z.string(), end: z.string() });
export type WeekRange = z.infer<typeof weekRange>;

export const weeklyReportBody = z.object({
  cityId: z.number().int(),
  cityName: z.string(),
  level: z.enum(['city', 'district', 'plate']),
  /** The city, district or plate reported on. */
  target: z.object({ id: z.number().int(), name: z.string(), districtId: z.number().int().nullable() }),
  /** null before any data. */
  week: weekRange.nullable(),
  /** The archive: up to 12 weeks, newest first. */
  weeks: z.array(weekRange),
  figures: weekFigures,
  previous: weekFigures,
  /** Change of the week's deal average against the week before, percent. */
  dealAvgWow: z.number().nullable(),
  /** The target's monthly 挂牌均价 from price_series (newest month), the figure other pages show. */
  month: z.string().nullable(),
  listingAvg: z.number().nullable(),
  listingMom: z.number().nullable(),
  /** Sub-areas of a city (districts) or district (plates); empty for a plate. */
  areas: z.array(weekAreaRow),
  hotEstates: z.array(hotEstateRow),
});
export type WeeklyReportBody = z.infer<typeof weeklyReportBody>;

// ---------- NEW report/estate-weekly ----------

export const estateWeeklyQuery = z.object({ estateId: idParam('estateId'), week: weekParam() });
export type EstateWeeklyQuery = z.infer<typeof estateWeeklyQuery>;

export const weekListingRow = z.object({
  id: z.number().int(),
  rooms: z.number().int(),
  halls: z.number().int(),
  area: z.number(),
  totalPrice: z.number(),
  unitPrice: z.number(),
  /** 'YYYY-MM-DD'. */
  date: z.string(),
});
export type WeekListingRow = z.infer<typeof weekListingRow>;

export const weekPriceChangeRow = weekListingRow.extend({ oldTotalPrice: z.number() });
export type WeekPriceChangeRow = z.infer<typeof weekPriceChangeRow>;

/** A deal of the week: masked like every deal row (DEAL_FREE_ROWS) — prices null, date 'YYYY-MM'. */
export const weekDealRow = weekListingRow.extend({
  totalPrice: z.number().nullable(),
  unitPrice: z.number().nullable(),
  masked: z.boolean(),
});
export type WeekDealRow = z.infer<typeof weekDealRow>;

export const estateWeeklyBody = z.object({
  estateId: z.number().int(),
  estateName: z.string(),
  cityId: z.number().int(),
  plateName: z.string(),
  week: weekRange.nullable(),
  weeks: z.array(weekRange),
  figures: weekFigures,
  previous: weekFigures,
  /** Mean asking 元/㎡ of what was on sale at the end of the week and of the week before, and the change %. */
  askingAvg: z.number().nullable(),
  previousAskingAvg: z.number().nullable(),
  askingWow: z.number().nullable(),
  newListings: z.array(weekListingRow),
  priceChanges: z.array(weekPriceChangeRow),
  deals: z.array(weekDealRow),
});
export type EstateWeeklyBody = z.infer<typeof estateWeeklyBody>;

// ---------- NEW report/certificate ----------

/** Certificate codes: 'FJT' and 11 characters without look-alikes (0/O, 1/I). */
export const CERTIFICATE_ID_PATTERN = /^FJT[2-9A-HJ-NP-Z]{11}$/;

export const certificateQuery = z.object({
  id: z
    .string({ message: 'id 不能为空' })
    .min(1, { message: 'id 不能为空' })
    .transform((v) => v.trim().toUpperCase())
    .pipe(z.string().regex(CERTIFICATE_ID_PATTERN, { message: '证书编号格式不正确' })),
});
export type CertificateQuery = z.infer<typeof certificateQuery>;

export const issueCertificateBody = z.object({ estateId: idParam('estateId') });
export type IssueCertificateInput = z.infer<typeof issueCertificateBody>;

export const certificateBody = z.object({
  id: z.string(),
  kind: z.literal('estate'),
  title: z.string(),
  cityId: z.number().int(),
  estateId: z.number().int(),
  estateName: z.string(),
  districtName: z.string(),
  plateName: z.string(),
  /** 'YYYY-MM' the report's data is of, or null. */
  dataMonth: z.string().nullable(),
  /** ISO timestamp. */
  issuedAt: z.string(),
});
export type CertificateBody = z.infer<typeof certificateBody>;

/** The verification page of a certificate. */
export function certificatePath(id: string): string {
  return `/report/certificate/${encodeURIComponent(id)}`;
}

// ---------- estate report rank (house-report page) ----------

export const estatePlateRank = z.object({
  month: z.string().nullable(),
  /** 1 = the most expensive estate of the plate by 挂牌均价 of `month`. */
  rank: z.number().int().nullable(),
  /** Estates of the plate with a 挂牌均价 that month. */
  total: z.number().int(),
  /** Share of the plate's estates priced below this one, 0–100. */
  percentile: z.number().nullable(),
  plateListingAvg: z.number().nullable(),
});
export type EstatePlateRank = z.infer<typeof estatePlateRank>;

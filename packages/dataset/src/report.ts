// Calibration report: per city, what was generated against the targets in data/README.md and the NBS
// second-hand index. Read from the database (the same rows the pages read).
import type { DatabaseHandle } from '@fjt/db';
import { CITIES } from './cities.ts';
import { nbsTwelveMonthChange } from './nbs.ts';
import { MONTHS, WINDOW } from './time.ts';

export interface CityReport {
  cityId: number;
  city: string;
  estates: number;
  listings: number;
  listingsOnSale: number;
  deals: number;
  dealsLast12Months: number;
  rentals: number;
  targetListingAvg: number;
  latestMonth: string;
  latestListingAvg: number | null;
  latestDealAvg: number | null;
  /** (latest listing avg ÷ target − 1) × 100. */
  listingVsTargetPct: number | null;
  withinTenPct: boolean;
  premium: number | null;
  /** 12-month change of the generated city listing and deal averages, %. */
  listingAvgChange12mPct: number | null;
  dealAvgChange12mPct: number | null;
  /** The NBS second-hand index over the same 12 months (chained month-on-month), %. */
  nbsSecondHandChange12mPct: number;
  meanBargainPct: number | null;
  februaryVolumeRatio: number | null;
  marchVolumeRatio: number | null;
  /** Latest 12 months' deal average of each district ÷ the city's, by ring. */
  districtRatios: Record<string, [number, number]>;
  /** Estate listing averages: p90 ÷ p10 and max ÷ min (latest month). */
  estateSpreadP90P10: number | null;
  estateSpreadMaxMin: number | null;
}

export interface CalibrationReport {
  generatedAt: string;
  latestMonth: string;
  totals: { estates: number; listings: number; deals: number; rentals: number };
  allWithinTenPct: boolean;
  cities: CityReport[];
}

const pct = (a: number | null | undefined, b: number | null | undefined) =>
  a && b ? Math.round((a / b - 1) * 1000) / 10 : null;

export async function calibrationReport(handle: DatabaseHandle): Promise<CalibrationReport> {
  const q = handle.sql.query.bind(handle.sql);
  const latest = `${MONTHS[WINDOW - 1]!}-01`;
  const yearAgo = `${MONTHS[WINDOW - 13]!}-01`;
  const counts = async (table: string, extra = '') =>
    new Map(
      (
        await q<{ city_id: number; n: string }>(
          `SELECT city_id, count(*)::text AS n FROM ${table} ${extra} GROUP BY city_id`,
        )
      ).map((r) => [r.city_id, Number(r.n)]),
    );
  const estates = await counts('estate');
  const listings = await counts('listing');
  const onSale = await counts('listing', `WHERE status = 'on_sale'`);
  const deals = await counts('deal');
  const deals12 = await counts('deal', `WHERE deal_date >= '${MONTHS[WINDOW - 12]!}-01'`);
  const rentals = await counts('rental');
  const bargain = new Map(
    (
      await q<{ city_id: number; v: number }>(
        `SELECT city_id, avg(bargain_pct)::float8 AS v FROM deal GROUP BY city_id`,
      )
    ).map((r) => [r.city_id, r.v]),
  );
  const series = await q<{
    target_id: number;
    month: string;
    listing_avg: number | null;
    deal_avg: number | null;
    deal_count: number;
    premium: number | null;
  }>(
    `SELECT target_id, to_char(month, 'YYYY-MM') AS month, listing_avg, deal_avg, deal_count, premium FROM price_series WHERE level = 'city' ORDER BY target_id, month`,
  );
  const districtRows = await q<{ city_id: number; ring: string; ratio: number }>(
    `WITH d AS (
       SELECT s.city_id, s.target_id, sum(s.deal_avg::float8 * s.deal_count) / nullif(sum(s.deal_count), 0) AS avg
       FROM price_series s WHERE s.level = 'district' AND s.month > '${yearAgo}' GROUP BY 1, 2),
     c AS (
       SELECT s.target_id AS city_id, sum(s.deal_avg::float8 * s.deal_count) / nullif(sum(s.deal_count), 0) AS avg
       FROM price_series s WHERE s.level = 'city' AND s.month > '${yearAgo}' GROUP BY 1)
     SELECT d.city_id, di.ring, (d.avg / c.avg)::float8 AS ratio
     FROM d JOIN c ON c.city_id = d.city_id JOIN district di ON di.id = d.target_id WHERE d.avg IS NOT NULL`,
  );
  const spreads = await q<{ city_id: number; p10: number; p90: number; mn: number; mx: number }>(
    `SELECT city_id, percentile_cont(0.1) WITHIN GROUP (ORDER BY listing_avg)::float8 AS p10,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY listing_avg)::float8 AS p90,
            min(listing_avg)::float8 AS mn, max(listing_avg)::float8 AS mx
     FROM price_series WHERE level = 'estate' AND month = '${latest}' AND listing_avg IS NOT NULL GROUP BY city_id`,
  );

  const cities: CityReport[] = [];
  for (const c of CITIES) {
    if (!estates.get(c.id)) continue;
    const s = series.filter((r) => r.target_id === c.id);
    const at = (m: string) => s.find((r) => r.month === m);
    const last = at(MONTHS[WINDOW - 1]!);
    const prev = at(MONTHS[WINDOW - 13]!);
    const vol = (month: string) =>
      s.filter((r) => r.month.endsWith(`-${month}`)).reduce((t, r) => t + r.deal_count, 0) /
      Math.max(1, s.filter((r) => r.month.endsWith(`-${month}`)).length);
    const meanVol = s.reduce((t, r) => t + r.deal_count, 0) / Math.max(1, s.length);
    const ratios: Record<string, [number, number]> = {};
    for (const r of districtRows.filter((d) => d.city_id === c.id)) {
      const cur = ratios[r.ring];
      const v = Math.round(r.ratio * 100) / 100;
      ratios[r.ring] = cur ? [Math.min(cur[0], v), Math.max(cur[1], v)] : [v, v];
    }
    const sp = spreads.find((r) => r.city_id === c.id);
    const vsTarget = pct(last?.listing_avg, c.targetPrice);
    cities.push({
      cityId: c.id,
      city: c.name,
      estates: estates.get(c.id) ?? 0,
      listings: listings.get(c.id) ?? 0,
      listingsOnSale: onSale.get(c.id) ?? 0,
      deals: deals.get(c.id) ?? 0,
      dealsLast12Months: deals12.get(c.id) ?? 0,
      rentals: rentals.get(c.id) ?? 0,
      targetListingAvg: c.targetPrice,
      latestMonth: MONTHS[WINDOW - 1]!,
      latestListingAvg: last?.listing_avg ?? null,
      latestDealAvg: last?.deal_avg ?? null,
      listingVsTargetPct: vsTarget,
      withinTenPct: vsTarget !== null && Math.abs(vsTarget) <= 10,
      premium: last?.premium ?? null,
      listingAvgChange12mPct: pct(last?.listing_avg, prev?.listing_avg),
      dealAvgChange12mPct: pct(last?.deal_avg, prev?.deal_avg),
      nbsSecondHandChange12mPct: Math.round(nbsTwelveMonthChange(c.adcode) * 10) / 10,
      meanBargainPct: bargain.has(c.id) ? Math.round(bargain.get(c.id)! * 10) / 10 : null,
      februaryVolumeRatio: meanVol ? Math.round((vol('02') / meanVol) * 100) / 100 : null,
      marchVolumeRatio: meanVol ? Math.round((vol('03') / meanVol) * 100) / 100 : null,
      districtRatios: ratios,
      estateSpreadP90P10: sp ? Math.round((sp.p90 / sp.p10) * 100) / 100 : null,
      estateSpreadMaxMin: sp ? Math.round((sp.mx / sp.mn) * 10) / 10 : null,
    });
  }
  return {
    generatedAt: new Date().toISOString(),
    latestMonth: MONTHS[WINDOW - 1]!,
    totals: {
      estates: cities.reduce((t, c) => t + c.estates, 0),
      listings: cities.reduce((t, c) => t + c.listings, 0),
      deals: cities.reduce((t, c) => t + c.deals, 0),
      rentals: cities.reduce((t, c) => t + c.rentals, 0),
    },
    allWithinTenPct: cities.every((c) => c.withinTenPct),
    cities,
  };
}

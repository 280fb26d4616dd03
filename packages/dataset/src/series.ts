// Monthly price series, aggregated from the rows. One definition, two implementations: the generator
// aggregates in memory (SeriesAggregator), the importer recomputes in SQL (recomputeSeries); tests check
// that both agree with the rows.
//   listing_avg / listing_count: listings on sale at the month's last day (listed_at ≤ e < ended_at), each
//     at its asking unit price that day (the last price change on or before e, else the initial price);
//   deal_avg / deal_count: deals dated in the month, mean unit price;
//   rent_avg / rent_count: rentals on offer at the month's last day, mean 元/㎡·月 (one decimal, averaged
//     in tenths so both implementations round identically);
//   premium: listing_avg ÷ the previous month's deal_avg (4 decimals).
// Averages are plain means of unit prices, rounded half up to whole 元. A month with no row is absent.
// City, district and plate series cover the 60-month window; estate series its last 36 months (the
// longest chart an estate page draws), which keeps the seed within its time budget.
import type { DatabaseHandle, schema } from '@fjt/db';
import { dayOf, monthDate, monthEnd, monthIndex, WINDOW } from './time.ts';

export type SeriesRow = typeof schema.priceSeries.$inferInsert;
export type Level = 'city' | 'district' | 'plate' | 'estate';
export const LEVELS: readonly Level[] = ['city', 'district', 'plate', 'estate'];

interface Acc {
  ls: Float64Array;
  ln: Int32Array;
  ds: Float64Array;
  dn: Int32Array;
  rs: Float64Array;
  rn: Int32Array;
}

interface Located {
  cityId: number;
  districtId: number;
  plateId: number;
  estateId: number;
}

/** Months of the window that each level keeps. */
export const LEVEL_MONTHS: Record<Level, number> = { city: WINDOW, district: WINDOW, plate: WINDOW, estate: 36 };

export const round1 = (v: number): number => Math.round(v * 10) / 10;
export const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;

export class SeriesAggregator {
  private readonly accs = new Map<string, Acc>();

  constructor(private readonly cityId: number) {}

  private targets(r: Located): Acc[] {
    return [
      this.acc('city', r.cityId),
      this.acc('district', r.districtId),
      this.acc('plate', r.plateId),
      this.acc('estate', r.estateId),
    ];
  }

  private acc(level: Level, id: number): Acc {
    const key = `${level}:${id}`;
    let a = this.accs.get(key);
    if (!a) {
      a = {
        ls: new Float64Array(WINDOW),
        ln: new Int32Array(WINDOW),
        ds: new Float64Array(WINDOW),
        dn: new Int32Array(WINDOW),
        rs: new Float64Array(WINDOW),
        rn: new Int32Array(WINDOW),
      };
      this.accs.set(key, a);
    }
    return a;
  }

  addListing(
    l: Located & { listedAt: string; endedAt?: string | null; initialUnitPrice: number },
    changes: readonly { changedAt: string; newUnitPrice: number; seq: number }[],
  ): void {
    const start = dayOf(l.listedAt);
    const end = l.endedAt ? dayOf(l.endedAt) : Infinity;
    const sorted = [...changes].sort((a, b) => a.seq - b.seq).map((c) => [dayOf(c.changedAt), c.newUnitPrice] as const);
    let accs: Acc[] | undefined;
    for (let m = Math.max(0, monthIndex(l.listedAt)); m < WINDOW; m++) {
      const e = monthEnd(m);
      if (start > e) continue;
      if (end <= e) break;
      let price = l.initialUnitPrice;
      for (const [day, p] of sorted) if (day <= e) price = p;
      accs ??= this.targets(l);
      for (const a of accs) {
        a.ls[m]! += price;
        a.ln[m]!++;
      }
    }
  }

  addDeal(d: Located & { dealDate: string; unitPrice: number }): void {
    const m = monthIndex(d.dealDate);
    if (m < 0) return;
    for (const a of this.targets(d)) {
      a.ds[m]! += d.unitPrice;
      a.dn[m]!++;
    }
  }

  addRental(r: Located & { listedAt: string; endedAt?: string | null; rentPerSqm: number }): void {
    const start = dayOf(r.listedAt);
    const end = r.endedAt ? dayOf(r.endedAt) : Infinity;
    let accs: Acc[] | undefined;
    for (let m = Math.max(0, monthIndex(r.listedAt)); m < WINDOW; m++) {
      const e = monthEnd(m);
      if (start > e) continue;
      if (end <= e) break;
      accs ??= this.targets(r);
      for (const a of accs) {
        a.rs[m]! += Math.round(r.rentPerSqm * 10);
        a.rn[m]!++;
      }
    }
  }

  /** Rows ordered by level (city, district, plate, estate), target id, month. */
  rows(): SeriesRow[] {
    const keys = [...this.accs.keys()].map((k) => {
      const [level, id] = k.split(':');
      return { k, level: level as Level, id: Number(id) };
    });
    keys.sort((a, b) => LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level) || a.id - b.id);
    const out: SeriesRow[] = [];
    for (const { k, level, id } of keys) {
      const a = this.accs.get(k)!;
      for (let m = WINDOW - LEVEL_MONTHS[level]; m < WINDOW; m++) {
        if (a.ln[m]! + a.dn[m]! + a.rn[m]! === 0) continue;
        const listingAvg = a.ln[m]! ? Math.round(a.ls[m]! / a.ln[m]!) : null;
        const dealAvg = a.dn[m]! ? Math.round(a.ds[m]! / a.dn[m]!) : null;
        const prevDeal = m > 0 && a.dn[m - 1]! ? Math.round(a.ds[m - 1]! / a.dn[m - 1]!) : null;
        out.push({
          level,
          targetId: id,
          cityId: this.cityId,
          month: monthDate(m),
          listingAvg,
          listingCount: a.ln[m]!,
          dealAvg,
          dealCount: a.dn[m]!,
          rentAvg: a.rn[m]! ? Math.round(a.rs[m]! / a.rn[m]!) / 10 : null,
          rentCount: a.rn[m]!,
          premium: listingAvg !== null && prevDeal ? round4(listingAvg / prevDeal) : null,
        });
      }
    }
    return out;
  }
}

const COLUMN: Record<Level, string> = {
  city: 'city_id',
  district: 'district_id',
  plate: 'plate_id',
  estate: 'estate_id',
};

/** The aggregate of the rows, in SQL, for some targets of one level (same shape as price_series). */
export function seriesSql(level: Level): string {
  const col = COLUMN[level];
  const first = monthDate(0);
  const lastEnd = new Date(monthEnd(WINDOW - 1) * 86_400_000).toISOString().slice(0, 10);
  return `
WITH months AS (
  SELECT g::date AS month, (g + interval '1 month' - interval '1 day')::date AS e
  FROM generate_series('${first}'::date, '${monthDate(WINDOW - 1)}'::date, interval '1 month') g
), lst AS (
  SELECT l.${col} AS target_id, mo.month, count(*)::int AS n,
    round(avg(coalesce((SELECT c.new_unit_price FROM listing_price_change c
                        WHERE c.listing_id = l.id AND c.changed_at <= mo.e ORDER BY c.seq DESC LIMIT 1),
                       l.initial_unit_price)))::int AS avg
  FROM listing l JOIN months mo ON l.listed_at <= mo.e AND (l.ended_at IS NULL OR l.ended_at > mo.e)
  WHERE l.${col} = ANY($1::int[])
  GROUP BY 1, 2
), dl AS (
  SELECT d.${col} AS target_id, date_trunc('month', d.deal_date)::date AS month, count(*)::int AS n,
    round(avg(d.unit_price))::int AS avg
  FROM deal d
  WHERE d.${col} = ANY($1::int[]) AND d.deal_date BETWEEN '${first}' AND '${lastEnd}'
  GROUP BY 1, 2
), rt AS (
  SELECT r.${col} AS target_id, mo.month, count(*)::int AS n, (round(avg(round(r.rent_per_sqm * 10)::int)) / 10)::float8 AS avg
  FROM rental r JOIN months mo ON r.listed_at <= mo.e AND (r.ended_at IS NULL OR r.ended_at > mo.e)
  WHERE r.${col} = ANY($1::int[])
  GROUP BY 1, 2
), k AS (
  SELECT target_id, month FROM (
    SELECT target_id, month FROM lst UNION SELECT target_id, month FROM dl UNION SELECT target_id, month FROM rt
  ) u WHERE month >= '${monthDate(WINDOW - LEVEL_MONTHS[level])}'
)
SELECT k.target_id AS "targetId", to_char(k.month, 'YYYY-MM-DD') AS month,
  lst.avg AS "listingAvg", coalesce(lst.n, 0) AS "listingCount",
  dl.avg AS "dealAvg", coalesce(dl.n, 0) AS "dealCount",
  rt.avg AS "rentAvg", coalesce(rt.n, 0) AS "rentCount",
  round(lst.avg::numeric / nullif(prev.avg, 0), 4)::float8 AS premium
FROM k
LEFT JOIN lst ON lst.target_id = k.target_id AND lst.month = k.month
LEFT JOIN dl ON dl.target_id = k.target_id AND dl.month = k.month
LEFT JOIN rt ON rt.target_id = k.target_id AND rt.month = k.month
LEFT JOIN dl prev ON prev.target_id = k.target_id AND prev.month = (k.month - interval '1 month')::date
ORDER BY k.target_id, k.month`;
}

export type SeriesPoint = Omit<SeriesRow, 'level' | 'cityId'>;

/** Aggregates the rows for the given targets (SQL). */
export async function aggregateFromRows(
  handle: DatabaseHandle,
  level: Level,
  ids: readonly number[],
): Promise<SeriesPoint[]> {
  if (ids.length === 0) return [];
  return handle.sql.query<SeriesPoint>(seriesSql(level), [ids]);
}

/** Runs one SQL text and returns its rows (a handle's runner, or a Drizzle transaction). */
export type SqlExec = (sqlText: string) => Promise<Record<string, unknown>[]>;

export const handleExec =
  (handle: DatabaseHandle): SqlExec =>
  (text) =>
    handle.sql.query(text);

const intArray = (ids: readonly number[]) => `'{${ids.map((id) => Math.trunc(id)).join(',')}}'::int[]`;

/** Replaces the stored series of the given targets of one city with fresh aggregates of their rows. */
export async function recomputeSeries(
  exec: SqlExec,
  cityId: number,
  targets: Partial<Record<Level, readonly number[]>>,
): Promise<number> {
  let written = 0;
  for (const level of LEVELS) {
    const ids = [...new Set(targets[level] ?? [])].sort((a, b) => a - b);
    if (ids.length === 0) continue;
    await exec(`DELETE FROM price_series WHERE level = '${level}' AND target_id = ANY(${intArray(ids)})`);
    const rows = await exec(
      `WITH agg AS (${seriesSql(level).replaceAll('$1::int[]', intArray(ids))})
       INSERT INTO price_series (level, target_id, city_id, month, listing_avg, listing_count, deal_avg, deal_count, rent_avg, rent_count, premium)
       SELECT '${level}', "targetId", ${Math.trunc(cityId)}, month::date, "listingAvg", "listingCount", "dealAvg", "dealCount", "rentAvg", "rentCount", premium FROM agg
       RETURNING 1 AS n`,
    );
    written += rows.length;
  }
  return written;
}

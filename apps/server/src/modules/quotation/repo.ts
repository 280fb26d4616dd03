// SQL of the 行情 board and detail: every figure is a price_series row (level, target_id, month), the same rows
// rank/list, app/house/areaList and the city home read, so the pages agree for the same month.
import { queryRows, sql, type Database } from '@fjt/db';

export interface AreaMonthRow {
  id: number;
  name: string;
  listingAvg: number | null;
  dealAvg: number | null;
  listingCount: number;
  dealCount: number;
  premium: number | null;
  previousListingAvg: number | null;
  previousDealAvg: number | null;
}

export interface SeriesRow {
  month: string;
  listingAvg: number | null;
  dealAvg: number | null;
  listingCount: number;
  dealCount: number;
  premium: number | null;
}

export interface AreaRow {
  id: number;
  name: string;
  cityId: number;
  parentId: number | null;
  parentName: string | null;
}

/** Sub-areas of a plate: its estates with the most listings in the month. */
const ESTATE_SUB_AREAS = 30;

export function createQuotationRepo(db: Database) {
  /** One level's rows of a month joined with the month before, for the targets the subquery lists. */
  function areaMonths(input: {
    level: 'city' | 'district' | 'plate' | 'estate';
    month: string;
    previousMonth: string;
    targets: ReturnType<typeof sql>;
    order: ReturnType<typeof sql>;
    limit?: number;
  }) {
    return queryRows<AreaMonthRow>(
      db,
      sql`SELECT t.id, t.name, ps.listing_avg AS "listingAvg", ps.deal_avg AS "dealAvg",
                 coalesce(ps.listing_count, 0) AS "listingCount", coalesce(ps.deal_count, 0) AS "dealCount",
                 ps.premium, prev.listing_avg AS "previousListingAvg", prev.deal_avg AS "previousDealAvg"
          FROM (${input.targets}) t
          LEFT JOIN price_series ps ON ps.level = ${input.level} AND ps.target_id = t.id AND ps.month = ${input.month}::date
          LEFT JOIN price_series prev ON prev.level = ${input.level} AND prev.target_id = t.id
                                     AND prev.month = ${input.previousMonth}::date
          ORDER BY ${input.order}
          ${input.limit ? sql`LIMIT ${input.limit}` : sql``}`,
    );
  }

  return {
    /** The city's published months, 'YYYY-MM', newest first. */
    async publishedMonths(cityId: number, limit: number): Promise<string[]> {
      const rows = await queryRows<{ month: string }>(
        db,
        sql`SELECT to_char(month, 'YYYY-MM') AS month FROM price_series
            WHERE level = 'city' AND target_id = ${cityId} ORDER BY month DESC LIMIT ${limit}`,
      );
      return rows.map((r) => r.month);
    },

    async cityRow(cityId: number, cityName: string, month: string, previousMonth: string) {
      const [row] = await areaMonths({
        level: 'city',
        month,
        previousMonth,
        targets: sql`SELECT ${cityId}::int AS id, ${cityName}::text AS name`,
        order: sql`t.id`,
      });
      return row ?? null;
    },

    districtRows(cityId: number, month: string, previousMonth: string) {
      return areaMonths({
        level: 'district',
        month,
        previousMonth,
        targets: sql`SELECT id, name, sort_order FROM district WHERE city_id = ${cityId}`,
        order: sql`t.sort_order, t.id`,
      });
    },

    plateRows(districtId: number, month: string, previousMonth: string) {
      return areaMonths({
        level: 'plate',
        month,
        previousMonth,
        targets: sql`SELECT id, name, sort_order FROM plate WHERE district_id = ${districtId}`,
        order: sql`ps.listing_avg DESC NULLS LAST, t.sort_order, t.id`,
      });
    },

    estateRows(plateId: number, month: string, previousMonth: string) {
      return areaMonths({
        level: 'estate',
        month,
        previousMonth,
        targets: sql`SELECT id, name FROM estate WHERE plate_id = ${plateId}`,
        order: sql`ps.listing_count DESC NULLS LAST, t.id`,
        limit: ESTATE_SUB_AREAS,
      });
    },

    async area(level: 'district' | 'plate', id: number): Promise<AreaRow | null> {
      const [row] = await queryRows<AreaRow>(
        db,
        level === 'district'
          ? sql`SELECT id, name, city_id AS "cityId", NULL::int AS "parentId", NULL::text AS "parentName"
                FROM district WHERE id = ${id}`
          : sql`SELECT p.id, p.name, p.city_id AS "cityId", d.id AS "parentId", d.name AS "parentName"
                FROM plate p JOIN district d ON d.id = p.district_id WHERE p.id = ${id}`,
      );
      return row ?? null;
    },

    /** A target's rows from `from` ('YYYY-MM-01') to `to`, oldest first. */
    series(level: 'district' | 'plate', id: number, from: string, to: string): Promise<SeriesRow[]> {
      return queryRows<SeriesRow>(
        db,
        sql`SELECT to_char(month, 'YYYY-MM') AS month, listing_avg AS "listingAvg", deal_avg AS "dealAvg",
                   listing_count AS "listingCount", deal_count AS "dealCount", premium
            FROM price_series
            WHERE level = ${level} AND target_id = ${id} AND month >= ${from}::date AND month <= ${to}::date
            ORDER BY month`,
      );
    },
  };
}

export type QuotationRepo = ReturnType<typeof createQuotationRepo>;

// SQL for the city overview and the rankings; every figure comes from price_series, which the dataset
// aggregates from the listing and deal rows, so a ranking agrees with the pages beneath it. MoM is not rounded
// here: the service computes it with percentChange from the two averages, as every other page does (SQL's
// round() takes halves away from zero, Math.round towards +∞, so -0.125% would read -0.13 here, -0.12 there).
import { queryRows, sql, type Database, type SQL } from '@fjt/db';
import type { RankKind, RankType } from '@fjt/domain';

export interface CityMonthRow {
  month: string;
  listingAvg: number | null;
  dealAvg: number | null;
  listingCount: number;
  dealCount: number;
  premium: number | null;
}

export interface RankSqlRow {
  id: number;
  name: string;
  parentName: string | null;
  listingAvg: number | null;
  /** Listings on sale at the month's end: the sample behind listingAvg. */
  listingCount: number;
  /** 挂牌均价 of the month compared with (the month before, or three months before for 季), and its sample. */
  previousAvg: number | null;
  previousCount: number;
  dealCount: number;
  heat: number | null;
  buildYear: number | null;
}

/** How each level names its rows and their parent, and where its listings' views add up. */
interface Level {
  table: SQL;
  parentJoin: SQL;
  parentName: SQL;
  listingKey: SQL;
  districtColumn: SQL;
  /** The plate a row lies in (an estate's plate, a plate itself); null for districts. */
  plateColumn: SQL | null;
  buildYear: SQL;
}
const LEVELS: Record<RankType, Level> = {
  estate: {
    table: sql`estate t`,
    parentJoin: sql`LEFT JOIN plate parent ON parent.id = t.plate_id`,
    parentName: sql`parent.name`,
    listingKey: sql`estate_id`,
    districtColumn: sql`t.district_id`,
    plateColumn: sql`t.plate_id`,
    buildYear: sql`t.build_year`,
  },
  plate: {
    table: sql`plate t`,
    parentJoin: sql`LEFT JOIN district parent ON parent.id = t.district_id`,
    parentName: sql`parent.name`,
    listingKey: sql`plate_id`,
    districtColumn: sql`t.district_id`,
    plateColumn: sql`t.id`,
    buildYear: sql`NULL::int`,
  },
  district: {
    table: sql`district t`,
    parentJoin: sql``,
    parentName: sql`NULL::text`,
    listingKey: sql`district_id`,
    districtColumn: sql`t.id`,
    plateColumn: null,
    buildYear: sql`NULL::int`,
  },
};

/**
 * Which rows a ranking may hold (MIN_LISTING_SAMPLE of @fjt/domain, passed in as minSample): 涨幅/跌幅 rank
 * changes on enough listings in both months and only rises / only falls; 热度 and 均价 rank rows on enough
 * listings this month; 成交 ranks the deals themselves.
 */
const SAMPLE_RULE: Record<RankKind, (minSample: number) => SQL> = {
  hot: (n) => sql`"listingCount" >= ${n}`,
  deal: () => sql`true`,
  price: (n) => sql`"listingCount" >= ${n} AND "listingAvg" IS NOT NULL`,
  rise: (n) => sql`"listingCount" >= ${n} AND "previousCount" >= ${n} AND "momSort" > 0`,
  fall: (n) => sql`"listingCount" >= ${n} AND "previousCount" >= ${n} AND "momSort" < 0`,
};

const ORDER: Record<RankKind, SQL> = {
  hot: sql`heat DESC NULLS LAST, "dealCount" DESC`,
  rise: sql`"momSort" DESC NULLS LAST`,
  fall: sql`"momSort" ASC NULLS LAST`,
  price: sql`"listingAvg" DESC NULLS LAST`,
  deal: sql`"dealCount" DESC, "listingAvg" DESC NULLS LAST`,
};

export function createMarketRepo(db: Database) {
  return {
    /** The city's newest months, newest first. */
    async cityMonths(cityId: number, count: number): Promise<CityMonthRow[]> {
      return queryRows<CityMonthRow>(
        db,
        sql`SELECT to_char(month, 'YYYY-MM') AS "month", listing_avg AS "listingAvg", deal_avg AS "dealAvg",
                   listing_count AS "listingCount", deal_count AS "dealCount", premium
            FROM price_series WHERE level = 'city' AND target_id = ${cityId}
            ORDER BY month DESC LIMIT ${count}`,
      );
    },

    async rank(input: {
      cityId: number;
      rank: RankKind;
      type: RankType;
      month: string;
      previousMonth: string;
      districtId?: number | undefined;
      plateId?: number | undefined;
      size: number;
      /** The fewest listings a row's month needs (see SAMPLE_RULE). */
      minSample: number;
      /** 季: deals are summed from this month ('YYYY-MM-01') to `month`; absent, the month's own. */
      dealsFrom?: string | undefined;
    }): Promise<RankSqlRow[]> {
      const level = LEVELS[input.type];
      const heat =
        input.rank === 'hot'
          ? sql`LEFT JOIN (SELECT ${level.listingKey} AS key, sum(views_7d)::int AS heat FROM listing
                           WHERE city_id = ${input.cityId} AND status = 'on_sale' GROUP BY ${level.listingKey}) h ON h.key = t.id`
          : sql`LEFT JOIN (SELECT NULL::int AS key, NULL::int AS heat) h ON false`;
      const districtFilter = input.districtId ? sql`AND ${level.districtColumn} = ${input.districtId}` : sql``;
      const plateFilter = input.plateId && level.plateColumn ? sql`AND ${level.plateColumn} = ${input.plateId}` : sql``;
      return queryRows<RankSqlRow>(
        db,
        sql`SELECT * FROM (
              SELECT t.id, t.name, ${level.parentName} AS "parentName", ps.listing_avg AS "listingAvg",
                     coalesce(ps.listing_count, 0)::int AS "listingCount", ${level.buildYear} AS "buildYear",
                     prev.listing_avg AS "previousAvg", coalesce(prev.listing_count, 0)::int AS "previousCount",
                     CASE WHEN prev.listing_avg > 0 AND ps.listing_avg IS NOT NULL
                          THEN (ps.listing_avg - prev.listing_avg)::float8 / prev.listing_avg END AS "momSort",
                     ${
                       input.dealsFrom
                         ? sql`(SELECT coalesce(sum(q.deal_count), 0)::int FROM price_series q
                                WHERE q.level = ps.level AND q.target_id = ps.target_id
                                  AND q.month >= ${input.dealsFrom}::date AND q.month <= ps.month)`
                         : sql`ps.deal_count`
                     } AS "dealCount", h.heat
              FROM price_series ps
              JOIN ${level.table} ON t.id = ps.target_id
              ${level.parentJoin}
              LEFT JOIN price_series prev ON prev.level = ps.level AND prev.target_id = ps.target_id
                                         AND prev.month = ${input.previousMonth}::date
              ${heat}
              WHERE ps.level = ${input.type} AND ps.city_id = ${input.cityId} AND ps.month = ${input.month}::date
              ${districtFilter} ${plateFilter}
            ) r
            WHERE ${SAMPLE_RULE[input.rank](input.minSample)}
            ORDER BY ${ORDER[input.rank]}, id
            LIMIT ${input.size}`,
      );
    },
  };
}

export type MarketRepo = ReturnType<typeof createMarketRepo>;

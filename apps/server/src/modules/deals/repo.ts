// SQL of the deal pages (PAGES.md §3.3). Monthly figures are aggregated here from the very deal rows the
// history lists, so a page's 成交均价 is the mean of its month's rows.
import { queryPage, queryRows, sql, type Database, type SQL } from '@fjt/db';
import type { DealRankLevel, DealRankMetric } from '@fjt/domain';
import type { DealSqlRow } from '../estates/repo.ts';

export interface DealEstateRow {
  id: number;
  cityId: number;
  name: string;
  districtName: string;
  plateName: string;
}

export interface DealDetailSqlRow extends DealSqlRow {
  estateId: number;
  listingId: number | null;
  priceChangeCount: number;
  views: number;
  followers: number;
  buildingName: string | null;
  baths: number | null;
  decoration: string | null;
  hasElevator: boolean | null;
  yearsHeld: string | null;
  listedAt: string | null;
  initialTotalPrice: number | null;
}

/** Which deals of an estate a history page lists; dates 'YYYY-MM-DD' inclusive. */
export interface DealHistoryFilter {
  rooms?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const DEAL_COLUMNS = sql`d.id, to_char(d.deal_date, 'YYYY-MM-DD') AS "dealDate", d.rooms, d.halls,
  round(d.area::numeric, 2)::float8 AS area, d.floor, d.total_floors AS "totalFloors", d.orientation,
  d.total_price AS "totalPrice", d.unit_price AS "unitPrice", d.list_total_price AS "listTotalPrice",
  round(d.bargain_pct::numeric, 1)::float8 AS "bargainPct", d.cycle_days AS "cycleDays", d.source`;

function historyWhere(estateId: number, filter: DealHistoryFilter): SQL {
  const parts = [sql`d.estate_id = ${estateId}`];
  if (filter.rooms !== undefined) parts.push(sql`LEAST(d.rooms, 5) = ${filter.rooms}`);
  if (filter.from) parts.push(sql`d.deal_date >= ${filter.from}::date`);
  if (filter.to) parts.push(sql`d.deal_date <= ${filter.to}::date`);
  return sql.join(parts, sql` AND `);
}

export interface DealRankSqlRow {
  id: number;
  name: string;
  parentName: string | null;
  dealCount: number;
  dealAvg: number | null;
  cycleDays: number | null;
  previousCount: number | null;
  previousAvg: number | null;
  previousCycle: number | null;
}

/** The deal column grouping a level, the table naming it and its parent's name. */
const RANK_LEVEL: Record<DealRankLevel, { column: SQL; names: SQL }> = {
  estate: {
    column: sql`estate_id`,
    names: sql`SELECT e.id, e.name, p.name AS parent FROM estate e JOIN plate p ON p.id = e.plate_id`,
  },
  plate: {
    column: sql`plate_id`,
    names: sql`SELECT p.id, p.name, d.name AS parent FROM plate p JOIN district d ON d.id = p.district_id`,
  },
  district: { column: sql`district_id`, names: sql`SELECT d.id, d.name, NULL::text AS parent FROM district d` },
};

const RANK_ORDER: Record<DealRankMetric, SQL> = {
  count: sql`cur.n DESC`,
  avg: sql`cur.avg DESC`,
  // The quickest to sell first.
  cycle: sql`cur.cycle ASC`,
};

/** The city-wide deal search's filters; money in 元, areas in ㎡, days 'YYYY-MM-DD'. */
export interface DealSearchFilter {
  cityId: number;
  districtId?: number | undefined;
  plateId?: number | undefined;
  /** Estates a keyword matched; an empty list matches nothing. */
  estateIds?: number[] | undefined;
  rooms?: number[] | undefined;
  area?: { min: number | null; max: number | null } | undefined;
  totalPrice?: { min: number | null; max: number | null } | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface DealSearchSqlGroup {
  estateId: number;
  estateName: string;
  districtName: string;
  plateName: string;
  dealCount: number;
  dealAvg: number | null;
  total: number;
  dealTotal: number;
}

function searchWhere(f: DealSearchFilter): SQL {
  const parts = [sql`d.city_id = ${f.cityId}`];
  if (f.districtId !== undefined) parts.push(sql`d.district_id = ${f.districtId}`);
  if (f.plateId !== undefined) parts.push(sql`d.plate_id = ${f.plateId}`);
  if (f.estateIds !== undefined) {
    parts.push(
      f.estateIds.length === 0
        ? sql`false`
        : sql`d.estate_id IN (${sql.join(
            f.estateIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }
  if (f.rooms?.length) {
    parts.push(
      sql`LEAST(d.rooms, 5) IN (${sql.join(
        f.rooms.map((r) => sql`${r}`),
        sql`, `,
      )})`,
    );
  }
  if (f.area?.min != null) parts.push(sql`d.area >= ${f.area.min}`);
  if (f.area?.max != null) parts.push(sql`d.area < ${f.area.max}`);
  if (f.totalPrice?.min != null) parts.push(sql`d.total_price >= ${f.totalPrice.min}`);
  if (f.totalPrice?.max != null) parts.push(sql`d.total_price < ${f.totalPrice.max}`);
  if (f.from) parts.push(sql`d.deal_date >= ${f.from}::date`);
  if (f.to) parts.push(sql`d.deal_date <= ${f.to}::date`);
  return sql.join(parts, sql` AND `);
}

export function createDealsRepo(db: Database) {
  return {
    async estate(id: number): Promise<DealEstateRow | null> {
      const [row] = await queryRows<DealEstateRow>(
        db,
        sql`SELECT e.id, e.city_id AS "cityId", e.name, d.name AS "districtName", p.name AS "plateName"
            FROM estate e JOIN district d ON d.id = e.district_id JOIN plate p ON p.id = e.plate_id
            WHERE e.id = ${id}`,
      );
      return row ?? null;
    },

    /** Newest month of the city's series, 'YYYY-MM', or null before any data. */
    async latestMonth(cityId: number): Promise<string | null> {
      const [row] = await queryRows<{ month: string | null }>(
        db,
        sql`SELECT to_char(max(month), 'YYYY-MM') AS month FROM price_series WHERE level = 'city' AND target_id = ${cityId}`,
      );
      return row?.month ?? null;
    },

    /** The city's published months, 'YYYY-MM', newest first. */
    async publishedMonths(cityId: number, limit: number): Promise<string[]> {
      const rows = await queryRows<{ month: string }>(
        db,
        sql`SELECT to_char(month, 'YYYY-MM') AS month FROM price_series
            WHERE level = 'city' AND target_id = ${cityId} ORDER BY month DESC LIMIT ${limit}`,
      );
      return rows.map((r) => r.month);
    },

    /**
     * The city's estates, plates or districts by their deals of a month (days 'YYYY-MM-DD', inclusive), with
     * the month before for MoM; rows with fewer than `minDeals` deals are left out.
     */
    async rank(input: {
      cityId: number;
      level: DealRankLevel;
      metric: DealRankMetric;
      month: { from: string; to: string };
      previous: { from: string; to: string };
      minDeals: number;
      size: number;
    }): Promise<DealRankSqlRow[]> {
      const { column, names } = RANK_LEVEL[input.level];
      const agg = (days: { from: string; to: string }) =>
        sql`SELECT ${column} AS id, count(*)::int AS n, round(avg(unit_price))::int AS avg,
                   round(avg(cycle_days))::int AS cycle
            FROM deal WHERE city_id = ${input.cityId} AND deal_date >= ${days.from}::date AND deal_date <= ${days.to}::date
            GROUP BY 1`;
      return queryRows<DealRankSqlRow>(
        db,
        sql`WITH cur AS (${agg(input.month)}), prev AS (${agg(input.previous)}), names AS (${names})
            SELECT cur.id, names.name, names.parent AS "parentName", cur.n AS "dealCount", cur.avg AS "dealAvg",
                   cur.cycle AS "cycleDays", prev.n AS "previousCount", prev.avg AS "previousAvg",
                   prev.cycle AS "previousCycle"
            FROM cur JOIN names ON names.id = cur.id LEFT JOIN prev ON prev.id = cur.id
            WHERE cur.n >= ${input.minDeals} ${input.metric === 'cycle' ? sql`AND cur.cycle IS NOT NULL` : sql``}
            ORDER BY ${RANK_ORDER[input.metric]}, cur.id
            LIMIT ${input.size}`,
      );
    },

    /** Whether a district or plate id belongs to the city. */
    async inCity(cityId: number, level: 'district' | 'plate', id: number): Promise<boolean> {
      const table = level === 'district' ? sql`district` : sql`plate`;
      const [row] = await queryRows<{ ok: boolean }>(
        db,
        sql`SELECT EXISTS (SELECT 1 FROM ${table} WHERE id = ${id} AND city_id = ${cityId}) AS ok`,
      );
      return row?.ok ?? false;
    },

    /** Estates with matching deals, most deals first, a page of them, with the totals over all pages. */
    async searchGroups(filter: DealSearchFilter, page: number, size: number): Promise<DealSearchSqlGroup[]> {
      return queryRows<DealSearchSqlGroup>(
        db,
        sql`WITH g AS (
              SELECT d.estate_id, count(*)::int AS n, round(avg(d.unit_price))::int AS avg, max(d.deal_date) AS last
              FROM deal d WHERE ${searchWhere(filter)} GROUP BY 1
            )
            SELECT g.estate_id AS "estateId", e.name AS "estateName", dn.name AS "districtName", p.name AS "plateName",
                   g.n AS "dealCount", g.avg AS "dealAvg", count(*) OVER ()::int AS total,
                   (sum(g.n) OVER ())::int AS "dealTotal"
            FROM g JOIN estate e ON e.id = g.estate_id JOIN district dn ON dn.id = e.district_id
            JOIN plate p ON p.id = e.plate_id
            ORDER BY g.n DESC, g.last DESC, g.estate_id
            LIMIT ${size} OFFSET ${(page - 1) * size}`,
      );
    },

    /** The newest `perEstate` matching deals of each of the estates. */
    async searchRows(
      filter: DealSearchFilter,
      estateIds: number[],
      perEstate: number,
    ): Promise<(DealSqlRow & { estateId: number })[]> {
      if (estateIds.length === 0) return [];
      return queryRows<DealSqlRow & { estateId: number }>(
        db,
        sql`SELECT * FROM (
              SELECT ${DEAL_COLUMNS}, d.estate_id AS "estateId",
                     row_number() OVER (PARTITION BY d.estate_id ORDER BY d.deal_date DESC, d.id DESC) AS rn
              FROM deal d
              WHERE ${searchWhere({ ...filter, estateIds })}
            ) x WHERE x.rn <= ${perEstate}
            ORDER BY x."dealDate" DESC, x.id DESC`,
      );
    },

    /** The latest `count` deal ids of each estate, newest first (the free rows; one query, index-ordered). */
    latestDealIds: (estateIds: number[], count: number) => latestDealIds(db, estateIds, count),

    async dealCount(estateId: number): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM deal WHERE estate_id = ${estateId}`,
      );
      return row?.n ?? 0;
    },

    /** Deals per month between two days ('YYYY-MM-DD', inclusive), with their mean 成交单价. */
    async months(estateId: number, from: string, to: string) {
      return queryRows<{ month: string; dealCount: number; dealAvg: number }>(
        db,
        sql`SELECT to_char(deal_date, 'YYYY-MM') AS month, count(*)::int AS "dealCount",
                   round(avg(unit_price))::int AS "dealAvg"
            FROM deal WHERE estate_id = ${estateId} AND deal_date >= ${from}::date AND deal_date <= ${to}::date
            GROUP BY 1 ORDER BY 1`,
      );
    },

    /** 成交周期 and 议价空间 averaged over the deals between two days. */
    async averages(estateId: number, from: string, to: string) {
      const [row] = await queryRows<{ avgCycleDays: number | null; avgBargainPct: number | null }>(
        db,
        sql`SELECT round(avg(cycle_days))::int AS "avgCycleDays",
                   round(avg(bargain_pct)::numeric, 1)::float8 AS "avgBargainPct"
            FROM deal WHERE estate_id = ${estateId} AND deal_date >= ${from}::date AND deal_date <= ${to}::date`,
      );
      return row ?? { avgCycleDays: null, avgBargainPct: null };
    },

    async historyPage(
      estateId: number,
      filter: DealHistoryFilter,
      page: number,
      size: number,
    ): Promise<{ total: number; rows: DealSqlRow[] }> {
      return queryPage<DealSqlRow>(db, {
        select: DEAL_COLUMNS,
        from: sql`FROM deal d WHERE ${historyWhere(estateId, filter)}`,
        orderBy: sql`d.deal_date DESC, d.id DESC`,
        page,
        size,
      });
    },

    async deal(dealId: number): Promise<DealDetailSqlRow | null> {
      const [row] = await queryRows<DealDetailSqlRow>(
        db,
        sql`SELECT ${DEAL_COLUMNS}, d.estate_id AS "estateId", d.listing_id AS "listingId",
                   d.price_change_count AS "priceChangeCount", d.views, d.followers, b.name AS "buildingName",
                   l.baths, l.decoration, l.has_elevator AS "hasElevator", l.years_held AS "yearsHeld",
                   to_char(l.listed_at, 'YYYY-MM-DD') AS "listedAt", l.initial_total_price AS "initialTotalPrice"
            FROM deal d
            LEFT JOIN listing l ON l.id = d.listing_id
            LEFT JOIN building b ON b.id = d.building_id
            WHERE d.id = ${dealId}`,
      );
      return row ?? null;
    },

    /** 调价记录 of a listing, oldest first. */
    async priceChanges(listingId: number) {
      return queryRows<{ changedAt: string; oldTotalPrice: number; newTotalPrice: number }>(
        db,
        sql`SELECT to_char(changed_at, 'YYYY-MM-DD') AS "changedAt", old_total_price AS "oldTotalPrice",
                   new_total_price AS "newTotalPrice"
            FROM listing_price_change WHERE listing_id = ${listingId} ORDER BY seq`,
      );
    },

    /** Deals of the estate with the same rooms bucket within ±6 months of a day, the deal itself left out. */
    async similar(input: { estateId: number; rooms: number; dealDate: string; dealId: number; size: number }) {
      return queryRows<DealSqlRow>(
        db,
        sql`SELECT ${DEAL_COLUMNS} FROM deal d
            WHERE d.estate_id = ${input.estateId} AND LEAST(d.rooms, 5) = LEAST(${input.rooms}::int, 5)
              AND d.id <> ${input.dealId}
              AND d.deal_date >= (${input.dealDate}::date - interval '6 months')::date
              AND d.deal_date <= (${input.dealDate}::date + interval '6 months')::date
            ORDER BY d.deal_date DESC, d.id DESC
            LIMIT ${input.size}`,
      );
    },
  };
}

export type DealsRepo = ReturnType<typeof createDealsRepo>;

/**
 * The latest `count` deal ids of each estate, in the history's order (deal_date, id, newest first): which deals
 * are everyone's (DEAL_FREE_ROWS). One query; each estate reads `count` entries of deal_estate_date_idx.
 */
export async function latestDealIds(
  db: Database,
  estateIds: readonly number[],
  count: number,
): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>(estateIds.map((id) => [id, []]));
  if (estateIds.length === 0) return result;
  const rows = await queryRows<{ estateId: number; id: number }>(
    db,
    sql`SELECT e.id AS "estateId", d.id
        FROM unnest(ARRAY[${sql.join(
          estateIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::int[]) AS e(id)
        CROSS JOIN LATERAL (
          SELECT id, deal_date FROM deal WHERE estate_id = e.id ORDER BY deal_date DESC, id DESC LIMIT ${count}
        ) d
        ORDER BY e.id, d.deal_date DESC, d.id DESC`,
  );
  for (const r of rows) result.get(r.estateId)?.push(r.id);
  return result;
}

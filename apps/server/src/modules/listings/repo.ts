// SQL of the listing pages (在售二手房, 房源详情). A scope is an estate or a whole city; averages come from
// price_series so the header agrees with the estate page, counts from the listing rows themselves.
import { queryRows, sql, type Database, type SQL } from '@fjt/db';
import {
  NEAR_METRO_M,
  type ListingCard,
  type ListingLabel,
  type ListingSearchQuery,
  type ResoldOrder,
} from '@fjt/domain';

export type ListingScope = { kind: 'estate'; id: number } | { kind: 'city'; id: number };

/** Where the data stands: 楼龄 counts from `year`, 新上房源 are listed in the 30 days to `asOf` ('YYYY-MM-DD'). */
export interface DataClock {
  year: number;
  asOf: string;
}

const CARD_COLUMNS = sql`l.id, l.estate_id AS "estateId", e.name AS "estateName", p.name AS "plateName",
  l.rooms, l.halls, l.baths, round(l.area::numeric, 2)::float8 AS area, l.orientation, l.floor,
  l.total_floors AS "totalFloors", l.decoration, l.has_elevator AS "hasElevator",
  l.total_price AS "totalPrice", l.unit_price AS "unitPrice", l.initial_total_price AS "initialTotalPrice",
  to_char(l.listed_at, 'YYYY-MM-DD') AS "listedAt", l.price_change_count AS "priceChangeCount",
  l.years_held AS "yearsHeld", l.only_home AS "onlyHome", l.views_7d AS "views7d", l.views_30d AS "views30d",
  e.station_distance_m AS "stationDistanceM", e.tags AS "estateTags"`;
const CARD_FROM = sql`listing l JOIN estate e ON e.id = l.estate_id LEFT JOIN plate p ON p.id = l.plate_id`;

const ORDER: Record<ResoldOrder, SQL> = {
  default: sql`l.listed_at DESC, l.id DESC`,
  listedAt_desc: sql`l.listed_at DESC, l.id DESC`,
  totalPrice_asc: sql`l.total_price ASC, l.id`,
  totalPrice_desc: sql`l.total_price DESC, l.id`,
  unitPrice_asc: sql`l.unit_price ASC, l.id`,
  unitPrice_desc: sql`l.unit_price DESC, l.id`,
  area_desc: sql`l.area DESC, l.id`,
};

/** The thirds of floorLevel (packages/domain/src/filters.ts), in SQL. */
const FLOOR_SQL = {
  low: sql`l.floor * 3 <= l.total_floors`,
  middle: sql`l.floor * 3 > l.total_floors AND l.floor * 3 <= l.total_floors * 2`,
  high: sql`l.floor * 3 > l.total_floors * 2`,
} as const;

const list = (values: (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

function scopeWhere(scope: ListingScope): SQL {
  return scope.kind === 'estate' ? sql`l.estate_id = ${scope.id}` : sql`l.city_id = ${scope.id}`;
}

/** 特色 (getComplexCondition label group) in SQL; `e` is the listing's estate. */
function labelWhere(label: ListingLabel, clock: DataClock): SQL {
  switch (label) {
    case 'nearMetro':
      return sql`e.station_distance_m <= ${NEAR_METRO_M}`;
    case 'school':
      return sql`'学区房' = ANY(e.tags)`;
    case 'fiveOnly':
      return sql`l.years_held = '满五' AND l.only_home`;
    case 'twoYears':
      return sql`l.years_held IN ('满二', '满五')`;
    case 'priceCut':
      return sql`l.total_price < l.initial_total_price`;
    case 'newListing':
      return sql`l.listed_at > ${clock.asOf}::date - 30 AND l.listed_at <= ${clock.asOf}::date`;
    case 'elevator':
      return sql`l.has_elevator`;
    case 'decorated':
      return sql`l.decoration = '精装'`;
  }
}

/** Whether the filters read the estate (e), so a count over listings alone must join it. */
function readsEstate(query: ListingSearchQuery): boolean {
  return (
    query.metroDistance !== undefined ||
    query.homeAge !== undefined ||
    (query.label ?? []).some((l) => l === 'nearMetro' || l === 'school')
  );
}

function filterWhere(query: ListingSearchQuery, clock: DataClock): SQL[] {
  const where: SQL[] = [];
  if (query.roomType?.length) {
    where.push(sql`LEAST(l.rooms, 5) IN (${list(query.roomType)})`);
  }
  if (query.area?.min != null) where.push(sql`l.area >= ${query.area.min}`);
  if (query.area?.max != null) where.push(sql`l.area < ${query.area.max}`);
  if (query.floor?.length)
    where.push(
      sql`(${sql.join(
        query.floor.map((f) => sql`(${FLOOR_SQL[f]})`),
        sql` OR `,
      )})`,
    );
  if (query.orientation?.length) where.push(sql`l.orientation IN (${list(query.orientation)})`);
  if (query.decoration?.length) where.push(sql`l.decoration IN (${list(query.decoration)})`);
  if (query.holdLimit?.length) {
    // 满二 means held two years or more, so it includes 满五.
    const held = new Set<string>(query.holdLimit);
    if (held.has('满二')) held.add('满五');
    where.push(sql`l.years_held IN (${list([...held])})`);
  }
  if (query.elevator) where.push(sql`l.has_elevator = ${query.elevator === '1'}`);
  // 总价 bands are in 万, the column in 元.
  if (query.price?.min != null) where.push(sql`l.total_price >= ${query.price.min * 10_000}`);
  if (query.price?.max != null) where.push(sql`l.total_price < ${query.price.max * 10_000}`);
  if (query.metroDistance !== undefined) where.push(sql`e.station_distance_m <= ${query.metroDistance}`);
  if (query.homeAge?.min != null) where.push(sql`e.build_year <= ${clock.year - query.homeAge.min}`);
  if (query.homeAge?.max != null) where.push(sql`e.build_year >= ${clock.year - query.homeAge.max}`);
  for (const label of query.label ?? []) where.push(sql`(${labelWhere(label, clock)})`);
  return where;
}

/** The WHERE of a search: the scope's listings on sale, the filters, and a keyword's estates when given. */
function searchCondition(scope: ListingScope, query: ListingSearchQuery, clock: DataClock, estateIds?: number[]) {
  const where = [scopeWhere(scope), sql`l.status = 'on_sale'`, ...filterWhere(query, clock)];
  if (estateIds)
    where.push(
      sql`l.estate_id = ANY(ARRAY[${sql.join(
        [0, ...estateIds].map((id) => sql`${id}`),
        sql`, `,
      )}]::int[])`,
    );
  return sql.join(where, sql` AND `);
}

/** The count's FROM: listings alone unless a filter reads the estate. */
function countFrom(query: ListingSearchQuery): SQL {
  return readsEstate(query) ? sql`listing l JOIN estate e ON e.id = l.estate_id` : sql`listing l`;
}

export function createListingsRepo(db: Database) {
  return {
    async estate(id: number) {
      const [row] = await queryRows<{
        id: number;
        cityId: number;
        name: string;
        plateId: number;
        plateName: string | null;
        districtName: string | null;
        buildYear: number | null;
      }>(
        db,
        sql`SELECT e.id, e.city_id AS "cityId", e.name, e.plate_id AS "plateId", p.name AS "plateName",
                   d.name AS "districtName", e.build_year AS "buildYear"
            FROM estate e LEFT JOIN plate p ON p.id = e.plate_id LEFT JOIN district d ON d.id = e.district_id
            WHERE e.id = ${id}`,
      );
      return row ?? null;
    },

    /** Newest month of the city's series, 'YYYY-MM'. */
    async latestMonth(cityId: number): Promise<string | null> {
      const [row] = await queryRows<{ month: string | null }>(
        db,
        sql`SELECT to_char(max(month), 'YYYY-MM') AS month FROM price_series WHERE level = 'city' AND target_id = ${cityId}`,
      );
      return row?.month ?? null;
    },

    /** The scope's series from `fromMonth` ('YYYY-MM') on, oldest first. */
    async months(scope: ListingScope, fromMonth: string) {
      return queryRows<{
        month: string;
        listingCount: number;
        listingAvg: number | null;
        dealCount: number;
        dealAvg: number | null;
      }>(
        db,
        sql`SELECT to_char(month, 'YYYY-MM') AS month, listing_count AS "listingCount", listing_avg AS "listingAvg",
                   deal_count AS "dealCount", deal_avg AS "dealAvg"
            FROM price_series
            WHERE level = ${scope.kind} AND target_id = ${scope.id} AND month >= ${`${fromMonth}-01`}::date
            ORDER BY month`,
      );
    },

    /** On sale now, listed in the 30 days to `asOf`, and cut in those 30 days. */
    async supply(scope: ListingScope, asOf: string) {
      const where = scopeWhere(scope);
      const [row] = await queryRows<{ onSaleCount: number; newCount30d: number; cutCount30d: number }>(
        db,
        sql`SELECT
              (SELECT count(*)::int FROM listing l WHERE ${where} AND l.status = 'on_sale') AS "onSaleCount",
              (SELECT count(*)::int FROM listing l WHERE ${where}
                 AND l.listed_at > ${asOf}::date - 30 AND l.listed_at <= ${asOf}::date) AS "newCount30d",
              (SELECT count(DISTINCT l.id)::int FROM listing l JOIN listing_price_change c ON c.listing_id = l.id
                 WHERE ${where} AND l.status = 'on_sale' AND c.new_total_price < c.old_total_price
                   AND c.changed_at > ${asOf}::date - 30 AND c.changed_at <= ${asOf}::date) AS "cutCount30d"`,
      );
      return row ?? { onSaleCount: 0, newCount30d: 0, cutCount30d: 0 };
    },

    /** A page of the scope's listings on sale matching the filters, and how many match in all; `estateIds`
     *  (a keyword's matches) narrows it further. */
    async page(
      scope: ListingScope,
      query: ListingSearchQuery,
      clock: DataClock,
      estateIds?: number[],
    ): Promise<{ total: number; rows: ListingCard[] }> {
      const condition = searchCondition(scope, query, clock, estateIds);
      const [count, rows] = await Promise.all([
        queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${countFrom(query)} WHERE ${condition}`),
        queryRows<ListingCard>(
          db,
          sql`SELECT ${CARD_COLUMNS} FROM ${CARD_FROM} WHERE ${condition}
              ORDER BY ${ORDER[query.order]}
              LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`,
        ),
      ]);
      return { total: count[0]?.n ?? 0, rows };
    },

    /** How many of the scope's listings on sale match the filters. */
    async count(scope: ListingScope, query: ListingSearchQuery, clock: DataClock, estateIds?: number[]) {
      const condition = searchCondition(scope, query, clock, estateIds);
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM ${countFrom(query)} WHERE ${condition}`,
      );
      return row?.n ?? 0;
    },

    async listing(id: number) {
      const [row] = await queryRows<
        ListingCard & {
          cityId: number;
          plateId: number;
          innerArea: number | null;
          status: string;
          ownership: string;
          lastTradeDate: string | null;
          mortgaged: boolean;
          followers: number;
          agentId: number | null;
        }
      >(
        db,
        sql`SELECT ${CARD_COLUMNS}, l.city_id AS "cityId", l.plate_id AS "plateId",
                   round(l.inner_area::numeric, 2)::float8 AS "innerArea", l.status, l.ownership,
                   to_char(l.last_trade_date, 'YYYY-MM-DD') AS "lastTradeDate", l.mortgaged, l.followers,
                   l.agent_id AS "agentId"
            FROM ${CARD_FROM} WHERE l.id = ${id}`,
      );
      return row ?? null;
    },

    async priceChanges(listingId: number) {
      return queryRows<{ changedAt: string; oldTotalPrice: number; newTotalPrice: number; newUnitPrice: number }>(
        db,
        sql`SELECT to_char(changed_at, 'YYYY-MM-DD') AS "changedAt", old_total_price AS "oldTotalPrice",
                   new_total_price AS "newTotalPrice", new_unit_price AS "newUnitPrice"
            FROM listing_price_change WHERE listing_id = ${listingId} ORDER BY seq`,
      );
    },

    /** On sale in the same estate first, then the plate, within ±20% of the area. */
    async similar(input: { id: number; estateId: number; plateId: number; area: number; size: number }) {
      return queryRows<ListingCard>(
        db,
        sql`SELECT ${CARD_COLUMNS} FROM ${CARD_FROM}
            WHERE l.plate_id = ${input.plateId} AND l.status = 'on_sale' AND l.id <> ${input.id}
              AND l.area BETWEEN ${input.area * 0.8} AND ${input.area * 1.2}
            ORDER BY (l.estate_id = ${input.estateId}) DESC, abs(l.area - ${input.area}), l.id
            LIMIT ${input.size}`,
      );
    },

    async agent(id: number) {
      const [row] = await queryRows<{ id: number; name: string; company: string; store: string; years: number }>(
        db,
        sql`SELECT id, name, company, store, years FROM agent WHERE id = ${id}`,
      );
      return row ?? null;
    },
  };
}

export type ListingsRepo = ReturnType<typeof createListingsRepo>;

// SQL of the estate detail page. Averages come from price_series (aggregated by the dataset from the very rows
// the lists below show), so a page's figures agree with its rows; breakdowns the series does not hold (room
// types, price bands, buildings) are aggregated here from the rows with the same definitions.
import { queryPage, queryRows, sql, type Database, type SQL } from '@fjt/db';

export interface EstateRow {
  id: number;
  cityId: number;
  districtId: number;
  districtName: string;
  plateId: number;
  plateName: string;
  name: string;
  alias: string | null;
  lng: number;
  lat: number;
  buildYear: number | null;
  buildingType: string | null;
  propertyType: string;
  tenureYears: number | null;
  buildingCount: number | null;
  householdCount: number | null;
  plotRatio: number | null;
  greeningRate: number | null;
  propertyFee: number | null;
  propertyCompany: string | null;
  developer: string | null;
  parkingRatio: number | null;
  nearestStation: string | null;
  stationDistanceM: number | null;
  tags: string[];
}

export interface SeriesRow {
  targetId: number;
  level: 'estate' | 'plate' | 'district';
  /** 'YYYY-MM' */
  month: string;
  listingAvg: number | null;
  listingCount: number;
  dealAvg: number | null;
  dealCount: number;
  premium: number | null;
}

export interface ListingSqlRow {
  id: number;
  rooms: number;
  halls: number;
  baths: number;
  area: number;
  orientation: string;
  floor: number;
  totalFloors: number;
  decoration: string;
  hasElevator: boolean;
  totalPrice: number;
  unitPrice: number;
  initialTotalPrice: number;
  listedAt: string;
  priceChangeCount: number;
  yearsHeld: string;
  onlyHome: boolean;
  views7d: number;
}

export interface DealSqlRow {
  id: number;
  dealDate: string;
  rooms: number;
  halls: number;
  area: number;
  floor: number | null;
  totalFloors: number | null;
  orientation: string | null;
  totalPrice: number;
  unitPrice: number;
  listTotalPrice: number | null;
  bargainPct: number | null;
  cycleDays: number | null;
  source: string;
}

/** Which on-sale listings a list shows. */
export type ListingFilter =
  { kind: 'all' } | { kind: 'rooms'; rooms: number } | { kind: 'totalPrice'; min: number; max: number | null };

const LISTING_COLUMNS = sql`l.id, l.rooms, l.halls, l.baths, round(l.area::numeric, 2)::float8 AS area, l.orientation, l.floor, l.total_floors AS "totalFloors",
  l.decoration, l.has_elevator AS "hasElevator", l.total_price AS "totalPrice", l.unit_price AS "unitPrice",
  l.initial_total_price AS "initialTotalPrice", to_char(l.listed_at, 'YYYY-MM-DD') AS "listedAt",
  l.price_change_count AS "priceChangeCount", l.years_held AS "yearsHeld", l.only_home AS "onlyHome",
  l.views_7d AS "views7d"`;

/** Rooms bucket: 5 stands for 5室及以上. */
const ROOMS_BUCKET = sql`LEAST(rooms, 5)`;

function listingWhere(estateId: number, filter: ListingFilter): SQL {
  const base = sql`l.estate_id = ${estateId} AND l.status = 'on_sale'`;
  switch (filter.kind) {
    case 'rooms':
      return sql`${base} AND LEAST(l.rooms, 5) = ${filter.rooms}`;
    case 'totalPrice':
      return filter.max === null
        ? sql`${base} AND l.total_price >= ${filter.min}`
        : sql`${base} AND l.total_price >= ${filter.min} AND l.total_price < ${filter.max}`;
    default:
      return base;
  }
}

/** Great-circle distance in metres (haversine), in SQL. */
function distanceSql(lng: number, lat: number): SQL {
  return sql`(2 * 6371000 * asin(sqrt(
    power(sin(radians(e.lat - ${lat}) / 2), 2) +
    cos(radians(${lat})) * cos(radians(e.lat)) * power(sin(radians(e.lng - ${lng}) / 2), 2))))`;
}

export function createEstatesRepo(db: Database) {
  return {
    async estate(id: number): Promise<EstateRow | null> {
      const [row] = await queryRows<EstateRow>(
        db,
        sql`SELECT e.id, e.city_id AS "cityId", e.district_id AS "districtId", d.name AS "districtName",
                   e.plate_id AS "plateId", p.name AS "plateName", e.name, e.alias, e.lng, e.lat,
                   e.build_year AS "buildYear", e.building_type AS "buildingType", e.property_type AS "propertyType",
                   e.tenure_years AS "tenureYears", e.building_count AS "buildingCount",
                   e.household_count AS "householdCount", round(e.plot_ratio::numeric, 2)::float8 AS "plotRatio",
                   round(e.greening_rate::numeric, 4)::float8 AS "greeningRate", round(e.property_fee::numeric, 2)::float8 AS "propertyFee",
                   e.property_company AS "propertyCompany", e.developer, round(e.parking_ratio::numeric, 2)::float8 AS "parkingRatio",
                   s.name AS "nearestStation", e.station_distance_m AS "stationDistanceM", e.tags
            FROM estate e
            JOIN district d ON d.id = e.district_id
            JOIN plate p ON p.id = e.plate_id
            LEFT JOIN metro_station s ON s.id = e.nearest_station_id
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

    /** Series rows of the given targets from `fromMonth` ('YYYY-MM') on, oldest first. */
    async series(targets: { level: SeriesRow['level']; id: number }[], fromMonth: string): Promise<SeriesRow[]> {
      if (targets.length === 0) return [];
      const pairs = sql.join(
        targets.map((t) => sql`(level = ${t.level} AND target_id = ${t.id})`),
        sql` OR `,
      );
      return queryRows<SeriesRow>(
        db,
        sql`SELECT target_id AS "targetId", level, to_char(month, 'YYYY-MM') AS month, listing_avg AS "listingAvg",
                   listing_count AS "listingCount", deal_avg AS "dealAvg", deal_count AS "dealCount",
                   premium::float8 AS premium
            FROM price_series
            WHERE (${pairs}) AND month >= ${`${fromMonth}-01`}::date
            ORDER BY month`,
      );
    },

    async onSaleCount(estateId: number): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM listing WHERE estate_id = ${estateId} AND status = 'on_sale'`,
      );
      return row?.n ?? 0;
    },

    /** On-sale listings and the deals since `since` ('YYYY-MM-DD'), by rooms bucket. */
    async roomTypes(estateId: number, since: string) {
      return queryRows<{
        rooms: number;
        onSaleCount: number;
        listingAvg: number | null;
        avgTotalPrice: number | null;
        minArea: number | null;
        maxArea: number | null;
        dealCount: number;
        dealAvg: number | null;
      }>(
        db,
        sql`WITH l AS (
              SELECT ${ROOMS_BUCKET} AS rooms, count(*)::int AS n, round(avg(unit_price))::int AS avg_unit,
                     round(avg(total_price))::int AS avg_total, round(min(area)::numeric, 2)::float8 AS min_area, round(max(area)::numeric, 2)::float8 AS max_area
              FROM listing WHERE estate_id = ${estateId} AND status = 'on_sale' GROUP BY 1
            ), d AS (
              SELECT ${ROOMS_BUCKET} AS rooms, count(*)::int AS n, round(avg(unit_price))::int AS avg_unit
              FROM deal WHERE estate_id = ${estateId} AND deal_date >= ${since}::date GROUP BY 1
            )
            SELECT COALESCE(l.rooms, d.rooms) AS rooms, COALESCE(l.n, 0) AS "onSaleCount", l.avg_unit AS "listingAvg",
                   l.avg_total AS "avgTotalPrice", l.min_area AS "minArea", l.max_area AS "maxArea",
                   COALESCE(d.n, 0) AS "dealCount", d.avg_unit AS "dealAvg"
            FROM l FULL JOIN d ON d.rooms = l.rooms
            ORDER BY 1`,
      );
    },

    /** The unit types (户型) of the estate's buildings, with each building's household count. */
    async buildingLayouts(estateId: number) {
      return queryRows<{
        householdCount: number;
        layouts: { rooms: number; halls: number; baths: number; area: number }[];
      }>(
        db,
        sql`SELECT household_count AS "householdCount", layouts FROM building WHERE estate_id = ${estateId} ORDER BY id`,
      );
    },

    /** On-sale listings and the deals since `since`, by 总价段 (band edges in 元, ascending). */
    async totalPriceBands(estateId: number, since: string, edges: number[]) {
      const band = (column: SQL) =>
        sql`(1 + ${sql.join(
          edges.map((edge) => sql`(CASE WHEN ${column} >= ${edge} THEN 1 ELSE 0 END)`),
          sql` + `,
        )})`;
      return queryRows<{ band: number; onSaleCount: number; listingAvg: number | null; dealCount: number }>(
        db,
        sql`WITH l AS (
              SELECT ${band(sql`total_price`)} AS band, count(*)::int AS n, round(avg(unit_price))::int AS avg_unit
              FROM listing WHERE estate_id = ${estateId} AND status = 'on_sale' GROUP BY 1
            ), d AS (
              SELECT ${band(sql`total_price`)} AS band, count(*)::int AS n
              FROM deal WHERE estate_id = ${estateId} AND deal_date >= ${since}::date GROUP BY 1
            )
            SELECT COALESCE(l.band, d.band) AS band, COALESCE(l.n, 0) AS "onSaleCount", l.avg_unit AS "listingAvg",
                   COALESCE(d.n, 0) AS "dealCount"
            FROM l FULL JOIN d ON d.band = l.band
            ORDER BY 1`,
      );
    },

    async avgTotalOnSale(estateId: number): Promise<number | null> {
      const [row] = await queryRows<{ avg: number | null }>(
        db,
        sql`SELECT round(avg(total_price))::int AS avg FROM listing WHERE estate_id = ${estateId} AND status = 'on_sale'`,
      );
      return row?.avg ?? null;
    },

    async buildings(estateId: number, since: string) {
      return queryRows<{
        id: number;
        name: string;
        floors: number;
        elevators: number;
        householdsPerFloor: number;
        hasElevator: boolean;
        householdCount: number;
        layouts: { rooms: number; halls: number; baths: number; area: number }[];
        onSaleCount: number;
        listingAvg: number | null;
        dealCount: number;
        dealAvg: number | null;
      }>(
        db,
        sql`SELECT b.id, b.name, b.floors, b.elevators, b.households_per_floor AS "householdsPerFloor",
                   b.has_elevator AS "hasElevator", b.household_count AS "householdCount", b.layouts,
                   COALESCE(l.n, 0) AS "onSaleCount", l.avg_unit AS "listingAvg",
                   COALESCE(d.n, 0) AS "dealCount", d.avg_unit AS "dealAvg"
            FROM building b
            LEFT JOIN (SELECT building_id, count(*)::int AS n, round(avg(unit_price))::int AS avg_unit
                       FROM listing WHERE estate_id = ${estateId} AND status = 'on_sale' GROUP BY 1) l ON l.building_id = b.id
            LEFT JOIN (SELECT building_id, count(*)::int AS n, round(avg(unit_price))::int AS avg_unit
                       FROM deal WHERE estate_id = ${estateId} AND deal_date >= ${since}::date GROUP BY 1) d ON d.building_id = b.id
            WHERE b.estate_id = ${estateId}
            ORDER BY b.id`,
      );
    },

    /** Supply figures as of `asOf` ('YYYY-MM-DD'), deals from `since`. */
    async listingAnalysis(estateId: number, asOf: string, since: string) {
      const [row] = await queryRows<{
        onSaleCount: number;
        newCount30d: number;
        cutCount30d: number;
        medianDaysListed: number | null;
        avgBargainPct: number | null;
        avgCycleDays: number | null;
      }>(
        db,
        sql`SELECT
              (SELECT count(*)::int FROM listing WHERE estate_id = ${estateId} AND status = 'on_sale') AS "onSaleCount",
              (SELECT count(*)::int FROM listing WHERE estate_id = ${estateId}
                 AND listed_at > ${asOf}::date - 30 AND listed_at <= ${asOf}::date) AS "newCount30d",
              (SELECT count(DISTINCT l.id)::int FROM listing l JOIN listing_price_change c ON c.listing_id = l.id
                 WHERE l.estate_id = ${estateId} AND l.status = 'on_sale' AND c.new_total_price < c.old_total_price
                   AND c.changed_at > ${asOf}::date - 30 AND c.changed_at <= ${asOf}::date) AS "cutCount30d",
              (SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY (${asOf}::date - listed_at)))::int
                 FROM listing WHERE estate_id = ${estateId} AND status = 'on_sale') AS "medianDaysListed",
              (SELECT round(avg(bargain_pct)::numeric, 1)::float8 FROM deal
                 WHERE estate_id = ${estateId} AND deal_date >= ${since}::date) AS "avgBargainPct",
              (SELECT round(avg(cycle_days))::int FROM deal
                 WHERE estate_id = ${estateId} AND deal_date >= ${since}::date) AS "avgCycleDays"`,
      );
      return row ?? null;
    },

    async sourceCounts(estateId: number) {
      const [row] = await queryRows<{
        listingCount: number;
        dealCount: number;
        agencyDealCount: number;
        netsignDealCount: number;
        rentalCount: number;
      }>(
        db,
        sql`SELECT
              (SELECT count(*)::int FROM listing WHERE estate_id = ${estateId}) AS "listingCount",
              (SELECT count(*)::int FROM deal WHERE estate_id = ${estateId}) AS "dealCount",
              (SELECT count(*)::int FROM deal WHERE estate_id = ${estateId} AND source = 'agency') AS "agencyDealCount",
              (SELECT count(*)::int FROM deal WHERE estate_id = ${estateId} AND source = 'netsign') AS "netsignDealCount",
              (SELECT count(*)::int FROM rental WHERE estate_id = ${estateId}) AS "rentalCount"`,
      );
      return row ?? { listingCount: 0, dealCount: 0, agencyDealCount: 0, netsignDealCount: 0, rentalCount: 0 };
    },

    /**
     * Estates of the same city nearest to (lng, lat), excluding `estateId`, with their series row of `month`
     * and the one before. A ±0.1° box (~10 km) keeps the scan to the neighbourhood.
     */
    async around(input: {
      estateId: number;
      cityId: number;
      lng: number;
      lat: number;
      size: number;
      month: string | null;
    }) {
      const month = input.month ? `${input.month}-01` : '1900-01-01';
      return queryRows<{
        id: number;
        name: string;
        plateName: string;
        distanceM: number;
        buildYear: number | null;
        listingAvg: number | null;
        previousListingAvg: number | null;
        onSaleCount: number;
      }>(
        db,
        sql`SELECT e.id, e.name, p.name AS "plateName", round(${distanceSql(input.lng, input.lat)})::int AS "distanceM",
                   e.build_year AS "buildYear", ps.listing_avg AS "listingAvg", prev.listing_avg AS "previousListingAvg",
                   (SELECT count(*)::int FROM listing l WHERE l.estate_id = e.id AND l.status = 'on_sale') AS "onSaleCount"
            FROM estate e
            JOIN plate p ON p.id = e.plate_id
            LEFT JOIN price_series ps ON ps.level = 'estate' AND ps.target_id = e.id AND ps.month = ${month}::date
            LEFT JOIN price_series prev ON prev.level = 'estate' AND prev.target_id = e.id
                                       AND prev.month = (${month}::date - interval '1 month')::date
            WHERE e.city_id = ${input.cityId} AND e.id <> ${input.estateId}
              AND e.lng BETWEEN ${input.lng - 0.1} AND ${input.lng + 0.1}
              AND e.lat BETWEEN ${input.lat - 0.1} AND ${input.lat + 0.1}
            ORDER BY "distanceM", e.id
            LIMIT ${input.size}`,
      );
    },

    /**
     * For the deal-price modal: the nearest estates with something on sale, each with its listing nearest
     * to the estate's median 总价 (a typical unit), and the estate's current 挂牌均价.
     */
    async recommend(input: { estateId: number; cityId: number; lng: number; lat: number; size: number }) {
      return queryRows<{
        id: number;
        cityId: number;
        name: string;
        rooms: number | null;
        halls: number | null;
        area: number | null;
        avgPrice: number | null;
        totalPrice: number | null;
      }>(
        db,
        sql`WITH near AS (
              SELECT e.id, e.city_id, e.name, ${distanceSql(input.lng, input.lat)} AS dist
              FROM estate e
              WHERE e.city_id = ${input.cityId} AND e.id <> ${input.estateId}
                AND e.lng BETWEEN ${input.lng - 0.1} AND ${input.lng + 0.1}
                AND e.lat BETWEEN ${input.lat - 0.1} AND ${input.lat + 0.1}
                AND EXISTS (SELECT 1 FROM listing l WHERE l.estate_id = e.id AND l.status = 'on_sale')
              ORDER BY dist, e.id
              LIMIT ${input.size}
            )
            SELECT near.id, near.city_id AS "cityId", near.name, pick.rooms, pick.halls, round(pick.area::numeric, 2)::float8 AS area,
                   pick.avg_unit AS "avgPrice", pick.total_price AS "totalPrice"
            FROM near
            CROSS JOIN LATERAL (
              SELECT l.rooms, l.halls, l.area, l.total_price, a.avg_unit
              FROM listing l,
                   (SELECT round(avg(unit_price))::int AS avg_unit,
                           percentile_cont(0.5) WITHIN GROUP (ORDER BY total_price) AS median
                    FROM listing WHERE estate_id = near.id AND status = 'on_sale') a
              WHERE l.estate_id = near.id AND l.status = 'on_sale'
              ORDER BY abs(l.total_price - a.median), l.id
              LIMIT 1
            ) pick
            ORDER BY near.dist, near.id`,
      );
    },

    /** Agents serving the estate, with what they hold and closed in it; most active first. */
    async agents(estateId: number) {
      return queryRows<{
        id: number;
        name: string;
        avatar: string | null;
        company: string;
        store: string;
        years: number;
        rating: number;
        showingCount: number;
        dealCount: number;
        estateListingCount: number;
        estateDealCount: number;
        wechatNo: string | null;
      }>(
        db,
        sql`SELECT a.id, a.name, a.avatar, a.company, a.store, a.years, round(a.rating::numeric, 1)::float8 AS rating,
                   a.showing_count AS "showingCount", a.deal_count AS "dealCount",
                   (SELECT count(*)::int FROM listing l WHERE l.estate_id = ${estateId} AND l.agent_id = a.id
                      AND l.status = 'on_sale') AS "estateListingCount",
                   (SELECT count(*)::int FROM deal d WHERE d.estate_id = ${estateId} AND d.agent_id = a.id) AS "estateDealCount",
                   a.wechat_no AS "wechatNo"
            FROM agent_estate ae
            JOIN agent a ON a.id = ae.agent_id
            WHERE ae.estate_id = ${estateId}
            ORDER BY "estateDealCount" DESC, a.rating DESC, a.id`,
      );
    },

    async dealPage(estateId: number, page: number, size: number): Promise<{ total: number; rows: DealSqlRow[] }> {
      return queryPage<DealSqlRow>(db, {
        select: sql`id, to_char(deal_date, 'YYYY-MM-DD') AS "dealDate", rooms, halls, round(area::numeric, 2)::float8 AS area, floor,
                     total_floors AS "totalFloors", orientation, total_price AS "totalPrice", unit_price AS "unitPrice",
                     list_total_price AS "listTotalPrice", round(bargain_pct::numeric, 1)::float8 AS "bargainPct", cycle_days AS "cycleDays",
                     source`,
        from: sql`FROM deal WHERE estate_id = ${estateId}`,
        orderBy: sql`deal_date DESC, id DESC`,
        page,
        size,
      });
    },

    async listingPage(
      estateId: number,
      filter: ListingFilter,
      page: number,
      size: number,
    ): Promise<{ total: number; rows: ListingSqlRow[] }> {
      return queryPage<ListingSqlRow>(db, {
        select: LISTING_COLUMNS,
        from: sql`FROM listing l WHERE ${listingWhere(estateId, filter)}`,
        orderBy: sql`l.listed_at DESC, l.id DESC`,
        page,
        size,
      });
    },
  };
}

export type EstatesRepo = ReturnType<typeof createEstatesRepo>;

// SQL of the estate detail page. Averages come from price_series and the breakdowns the series does not hold
// (room types, price bands, buildings, counts, agents, neighbours) from estate_stats — both aggregated by the
// dataset from the very rows the lists below show, when they are loaded — so a page's figures agree with its rows
// and a view reads a row or two instead of aggregating (issue 13: the long tail of estate pages).
import { preparedQuery, queryBatcher, queryPage, sql, type Database, type SQL } from '@fjt/db';

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

const SERIES_LEVELS = ['estate', 'plate', 'district'] as const;

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

type Layout = { rooms: number; halls: number; baths: number; area: number };

/** A row of estate_stats: what the estate page aggregates, as the dataset computed it when the rows were loaded. */
export interface EstateStats {
  figures: {
    listingCount: number;
    onSaleCount: number;
    avgTotalOnSale: number | null;
    newCount30d: number;
    cutCount30d: number;
    medianDaysListed: number | null;
    dealCount: number;
    agencyDealCount: number;
    netsignDealCount: number;
    avgBargainPct: number | null;
    avgCycleDays: number | null;
    rentalCount: number;
    onRentCount: number;
    rentAvgMonthly: number | null;
    rentAvg: number | null;
  };
  /** On-sale listings and the 12 months' deals by rooms bucket (5 = 5室及以上), ascending. */
  roomTypes: {
    rooms: number;
    onSaleCount: number;
    listingAvg: number | null;
    avgTotalPrice: number | null;
    minArea: number | null;
    maxArea: number | null;
    dealCount: number;
    dealAvg: number | null;
  }[];
  /** The same by 总价段 (TOTAL_PRICE_BANDS' band numbers), bands with neither left out. */
  priceBands: { band: number; onSaleCount: number; listingAvg: number | null; dealCount: number }[];
  buildings: {
    id: number;
    name: string;
    floors: number;
    elevators: number;
    householdsPerFloor: number;
    hasElevator: boolean;
    householdCount: number;
    layouts: Layout[];
    onSaleCount: number;
    listingAvg: number | null;
    dealCount: number;
    dealAvg: number | null;
  }[];
  /** Agents serving the estate, most active in it first. */
  agents: {
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
  }[];
  /** The nearest estates of the city (ESTATE_STATS_AROUND at most), nearest first. */
  around: {
    id: number;
    name: string;
    plateName: string;
    distanceM: number;
    buildYear: number | null;
    listingAvg: number | null;
    previousListingAvg: number | null;
    onSaleCount: number;
  }[];
  /** The newest deals and on-sale listings (ESTATE_STATS_LATEST at most), newest first. */
  latestDeals: DealSqlRow[];
  latestListings: ListingSqlRow[];
}

/** Which on-sale listings a list shows. */
export type ListingFilter =
  { kind: 'all' } | { kind: 'rooms'; rooms: number } | { kind: 'totalPrice'; min: number; max: number | null };

const LISTING_COLUMNS = sql`l.id, l.rooms, l.halls, l.baths, round(l.area::numeric, 2)::float8 AS area, l.orientation, l.floor, l.total_floors AS "totalFloors",
  l.decoration, l.has_elevator AS "hasElevator", l.total_price AS "totalPrice", l.unit_price AS "unitPrice",
  l.initial_total_price AS "initialTotalPrice", to_char(l.listed_at, 'YYYY-MM-DD') AS "listedAt",
  l.price_change_count AS "priceChangeCount", l.years_held AS "yearsHeld", l.only_home AS "onlyHome",
  l.views_7d AS "views7d"`;

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
  // the three lookups of every estate page, planned once (prepared.ts)
  const estateRow = preparedQuery<EstateRow>(
    db,
    'fjt_estate_row',
    ['int'],
    `SELECT e.id, e.city_id AS "cityId", e.district_id AS "districtId", d.name AS "districtName",
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
            WHERE e.id = $1`,
  );
  const statsRow = preparedQuery<EstateStats>(
    db,
    'fjt_estate_stats',
    ['int'],
    `SELECT figures, room_types AS "roomTypes", price_bands AS "priceBands", buildings, agents, around,
            latest_deals AS "latestDeals", latest_listings AS "latestListings"
     FROM estate_stats WHERE estate_id = $1`,
  );
  // one target's series as one JSON value: PGlite decodes a row's fields one by one, ~100 rows × 8 fields a page
  const seriesOf = Object.fromEntries(
    SERIES_LEVELS.map((level) => [
      level,
      preparedQuery<{ rows: SeriesRow[] }>(
        db,
        `fjt_${level}_series`,
        ['int', 'date'],
        `SELECT coalesce(json_agg(json_build_object('targetId', target_id, 'level', level,
                  'month', to_char(month, 'YYYY-MM'), 'listingAvg', listing_avg, 'listingCount', listing_count,
                  'dealAvg', deal_avg, 'dealCount', deal_count, 'premium', premium) ORDER BY month), '[]'::json) AS rows
         FROM price_series WHERE level = '${level}' AND target_id = $1 AND month >= $2`,
      ),
    ]),
  ) as Record<SeriesRow['level'], (params: readonly (number | string)[]) => Promise<{ rows: SeriesRow[] }[]>>;
  // A page's lookups go to the database as one statement (every column here is JSON-safe: see batch.ts).
  const batch = queryBatcher(db);
  const run = <Row>(query: SQL) => batch.rows<Row>(query);
  return {
    async estate(id: number): Promise<EstateRow | null> {
      const [row] = await estateRow([id]);
      return row ?? null;
    },

    /** Newest month of the city's series, 'YYYY-MM', or null before any data. */
    async latestMonth(cityId: number): Promise<string | null> {
      const [row] = await run<{ month: string | null }>(
        sql`SELECT to_char(max(month), 'YYYY-MM') AS month FROM price_series WHERE level = 'city' AND target_id = ${cityId}`,
      );
      return row?.month ?? null;
    },

    /** One target's series rows from `fromMonth` ('YYYY-MM') on, oldest first. */
    async series(level: SeriesRow['level'], id: number, fromMonth: string): Promise<SeriesRow[]> {
      const [row] = await seriesOf[level]([id, `${fromMonth}-01`]);
      return row?.rows ?? [];
    },

    /**
     * The estate's figures aggregated from its rows when they were loaded (table estate_stats, defined in
     * packages/dataset/src/estate-stats.ts); null for an estate without them (unknown id).
     */
    async stats(estateId: number): Promise<EstateStats | null> {
      const [row] = await statsRow([estateId]);
      return row ?? null;
    },

    /**
     * For the deal-price modal: the nearest estates with something on sale, each with its listing nearest
     * to the estate's median 总价 (a typical unit), and the estate's current 挂牌均价.
     */
    async recommend(input: { estateId: number; cityId: number; lng: number; lat: number; size: number }) {
      return run<{
        id: number;
        cityId: number;
        name: string;
        rooms: number | null;
        halls: number | null;
        area: number | null;
        avgPrice: number | null;
        totalPrice: number | null;
      }>(
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

    async dealPage(estateId: number, page: number, size: number): Promise<{ total: number; rows: DealSqlRow[] }> {
      return queryPage<DealSqlRow>(
        db,
        {
          select: sql`id, to_char(deal_date, 'YYYY-MM-DD') AS "dealDate", rooms, halls, round(area::numeric, 2)::float8 AS area, floor,
                     total_floors AS "totalFloors", orientation, total_price AS "totalPrice", unit_price AS "unitPrice",
                     list_total_price AS "listTotalPrice", round(bargain_pct::numeric, 1)::float8 AS "bargainPct", cycle_days AS "cycleDays",
                     source`,
          from: sql`FROM deal WHERE estate_id = ${estateId}`,
          orderBy: sql`deal_date DESC, id DESC`,
          page,
          size,
        },
        run,
      );
    },

    async listingPage(
      estateId: number,
      filter: ListingFilter,
      page: number,
      size: number,
    ): Promise<{ total: number; rows: ListingSqlRow[] }> {
      return queryPage<ListingSqlRow>(
        db,
        {
          select: LISTING_COLUMNS,
          from: sql`FROM listing l WHERE ${listingWhere(estateId, filter)}`,
          orderBy: sql`l.listed_at DESC, l.id DESC`,
          page,
          size,
        },
        run,
      );
    },
  };
}

export type EstatesRepo = ReturnType<typeof createEstatesRepo>;

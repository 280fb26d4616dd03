// SQL of the plate pages and the map search. Averages, MoM and 在售 of a plate, district or estate are read from
// its price_series row of one month (the city's newest), never re-aggregated here, so plate/list, plate/detail
// and the map agree with each other and with the estate pages.
import { queryRows, sql, type Database, type SQL } from '@fjt/db';
import { percentChange, sampledChange, type PlateOrder, type SampleLevel } from '@fjt/domain';

export interface PlateSqlRow {
  id: number;
  name: string;
  districtId: number;
  districtName: string;
  listingAvg: number | null;
  listingMom: number | null;
  onSaleCount: number;
  dealCount: number;
}

export interface SeriesSqlRow {
  month: string;
  listingAvg: number | null;
  dealAvg: number | null;
  listingCount: number;
  dealCount: number;
}

export interface BubbleSqlRow {
  id: number;
  name: string;
  lng: number;
  lat: number;
  listingAvg: number | null;
  listingMom: number | null;
  momSampled: boolean;
  estateCount: number;
  onSaleCount: number;
}

/** Estates counted on the map: 挂牌均价 band (元/㎡) and 建成年份 bounds, both optional. */
export interface EstateFilter {
  minPrice?: number | null | undefined;
  maxPrice?: number | null | undefined;
  minYear?: number | null | undefined;
  maxYear?: number | null | undefined;
}

const PLATE_ORDER: Record<PlateOrder, SQL> = {
  default: sql`"districtSort", "sortOrder", id`,
  avgPrice_desc: sql`"listingAvg" DESC NULLS LAST, id`,
  avgPrice_asc: sql`"listingAvg" ASC NULLS LAST, id`,
  rise_desc: sql`"momSort" DESC NULLS LAST, id`,
  fall_desc: sql`"momSort" ASC NULLS LAST, id`,
  onSale_desc: sql`"onSaleCount" DESC, id`,
};

/** The month before's 挂牌均价 (MoM is computed from it with percentChange, as app/house/areaList does) and its sample. */
const PREVIOUS_AVG = sql`prev.listing_avg AS "previousAvg", coalesce(prev.listing_count, 0)::int AS "previousCount"`;

/** The series row of `level` for target `key` in `month`, and the month before as `prev`. */
const seriesJoin = (level: string, key: SQL, month: string, previousMonth: string) =>
  sql`LEFT JOIN price_series ps ON ps.level = ${level} AND ps.target_id = ${key} AND ps.month = ${month}::date
      LEFT JOIN price_series prev ON prev.level = ${level} AND prev.target_id = ${key} AND prev.month = ${previousMonth}::date`;

function estateConditions(alias: SQL, filter: EstateFilter): SQL {
  const parts: SQL[] = [];
  if (filter.minYear != null) parts.push(sql`${alias}.build_year >= ${filter.minYear}`);
  if (filter.maxYear != null) parts.push(sql`${alias}.build_year <= ${filter.maxYear}`);
  if (filter.minPrice != null) parts.push(sql`eps.listing_avg >= ${filter.minPrice}`);
  if (filter.maxPrice != null) parts.push(sql`eps.listing_avg < ${filter.maxPrice}`);
  return parts.length ? sql`AND ${sql.join(parts, sql` AND `)}` : sql``;
}

type WithPrevious = { previousAvg: number | null; previousCount: number };

/** Rows carrying the month before → rows with listingMom (percent, two decimals), the same figure on every page. */
const withMom = <T extends { listingAvg: number | null } & WithPrevious>(rows: T[]) =>
  rows.map(({ previousAvg, previousCount: _previousCount, ...r }) => ({
    ...r,
    listingMom: percentChange(previousAvg, r.listingAvg),
  }));

/** Bubbles also say whether their change rests on the level's minimum sample (sampledChange of @fjt/domain). */
const withSampledMom = <T extends { listingAvg: number | null; onSaleCount: number } & WithPrevious>(
  level: SampleLevel,
  rows: T[],
) =>
  rows.map((r) => ({
    ...withMom([r])[0]!,
    momSampled:
      sampledChange(
        level,
        { avg: r.previousAvg, count: r.previousCount },
        { avg: r.listingAvg, count: r.onSaleCount },
      ) !== null,
  }));

export function createPlatesRepo(db: Database) {
  return {
    /** Newest month of the city's series, 'YYYY-MM-01', or null before any data. */
    async latestMonth(cityId: number): Promise<string | null> {
      const [row] = await queryRows<{ month: string | null }>(
        db,
        sql`SELECT to_char(max(month), 'YYYY-MM-DD') AS month FROM price_series WHERE level = 'city' AND target_id = ${cityId}`,
      );
      return row?.month ?? null;
    },

    async districts(cityId: number) {
      return queryRows<{ id: number; name: string; plateCount: number }>(
        db,
        sql`SELECT d.id, d.name, (SELECT count(*)::int FROM plate p WHERE p.district_id = d.id) AS "plateCount"
            FROM district d WHERE d.city_id = ${cityId} ORDER BY d.sort_order, d.id`,
      );
    },

    async district(id: number) {
      const [row] = await queryRows<{ id: number; name: string; cityId: number }>(
        db,
        sql`SELECT id, name, city_id AS "cityId" FROM district WHERE id = ${id}`,
      );
      return row ?? null;
    },

    async plate(id: number) {
      const [row] = await queryRows<{
        id: number;
        name: string;
        cityId: number;
        districtId: number;
        districtName: string;
      }>(
        db,
        sql`SELECT p.id, p.name, p.city_id AS "cityId", p.district_id AS "districtId", d.name AS "districtName"
            FROM plate p JOIN district d ON d.id = p.district_id WHERE p.id = ${id}`,
      );
      return row ?? null;
    },

    async plates(input: {
      cityId: number;
      districtId?: number | undefined;
      plateId?: number | undefined;
      month: string;
      previousMonth: string;
      order: PlateOrder;
    }): Promise<PlateSqlRow[]> {
      const where = [sql`p.city_id = ${input.cityId}`];
      if (input.districtId) where.push(sql`p.district_id = ${input.districtId}`);
      if (input.plateId) where.push(sql`p.id = ${input.plateId}`);
      const rows = await queryRows<Omit<PlateSqlRow, 'listingMom'> & WithPrevious>(
        db,
        sql`SELECT id, name, "districtId", "districtName", "listingAvg", "previousAvg", "previousCount", "onSaleCount", "dealCount"
            FROM (
              SELECT p.id, p.name, p.district_id AS "districtId", d.name AS "districtName",
                     d.sort_order AS "districtSort", p.sort_order AS "sortOrder",
                     ps.listing_avg AS "listingAvg", ${PREVIOUS_AVG},
                     CASE WHEN prev.listing_avg > 0 THEN (ps.listing_avg - prev.listing_avg)::float8 / prev.listing_avg END AS "momSort",
                     coalesce(ps.listing_count, 0)::int AS "onSaleCount", coalesce(ps.deal_count, 0)::int AS "dealCount"
              FROM plate p JOIN district d ON d.id = p.district_id
              ${seriesJoin('plate', sql`p.id`, input.month, input.previousMonth)}
              WHERE ${sql.join(where, sql` AND `)}) r
            ORDER BY ${PLATE_ORDER[input.order]}`,
      );
      return withMom(rows);
    },

    /** Series rows of a target between two months ('YYYY-MM-01', inclusive), oldest first. */
    async series(level: string, id: number, from: string, to: string): Promise<SeriesSqlRow[]> {
      return queryRows<SeriesSqlRow>(
        db,
        sql`SELECT to_char(month, 'YYYY-MM') AS month, listing_avg AS "listingAvg", deal_avg AS "dealAvg",
                   listing_count AS "listingCount", deal_count AS "dealCount"
            FROM price_series WHERE level = ${level} AND target_id = ${id}
              AND month >= ${from}::date AND month <= ${to}::date
            ORDER BY month`,
      );
    },

    /** 新增, 成交周期 and 涨/降价占比 of a plate for the month starting `month`. */
    async supply(plateId: number, month: string) {
      const [row] = await queryRows<{
        newListings: number;
        cycleDays: number | null;
        onSale: number;
        raised: number;
        cut: number;
      }>(
        db,
        sql`SELECT
              (SELECT count(*)::int FROM listing WHERE plate_id = ${plateId}
                 AND listed_at >= ${month}::date AND listed_at < (${month}::date + interval '1 month')) AS "newListings",
              (SELECT round(avg(cycle_days))::int FROM deal WHERE plate_id = ${plateId}
                 AND deal_date >= ${month}::date AND deal_date < (${month}::date + interval '1 month')) AS "cycleDays",
              count(*)::int AS "onSale",
              count(*) FILTER (WHERE total_price > initial_total_price)::int AS raised,
              count(*) FILTER (WHERE total_price < initial_total_price)::int AS cut
            FROM listing WHERE plate_id = ${plateId} AND status = 'on_sale'`,
      );
      return row!;
    },

    /** Listings on sale in a plate: 总价 (元), 面积 and 室 of each, for the distributions. */
    async onSaleShapes(plateId: number) {
      return queryRows<{ totalPrice: number; area: number; rooms: number }>(
        db,
        sql`SELECT total_price AS "totalPrice", area::float8 AS area, rooms FROM listing
            WHERE plate_id = ${plateId} AND status = 'on_sale'`,
      );
    },

    async newProjects(plateId: number) {
      return queryRows<{
        id: number;
        name: string;
        saleStatus: string;
        avgPrice: number | null;
        openingDate: string | null;
      }>(
        db,
        sql`SELECT id, name, sale_status AS "saleStatus", avg_price AS "avgPrice",
                   to_char(opening_date, 'YYYY-MM-DD') AS "openingDate"
            FROM new_house_project WHERE plate_id = ${plateId}
            ORDER BY opening_date DESC NULLS LAST, id LIMIT 5`,
      );
    },

    /** District outlines of a city, or of one district. */
    async outlines(cityId: number, districtId?: number) {
      return queryRows<{ id: number; name: string; boundary: [number, number][][] | null }>(
        db,
        sql`SELECT id, name, boundary FROM district WHERE city_id = ${cityId}
            ${districtId ? sql`AND id = ${districtId}` : sql``} ORDER BY sort_order, id`,
      );
    },

    /** One bubble per district or plate: its series row, and the estates inside that pass the filter. */
    async areaBubbles(input: {
      level: 'district' | 'plate';
      cityId: number;
      districtId?: number | undefined;
      month: string;
      previousMonth: string;
      filter: EstateFilter;
    }): Promise<BubbleSqlRow[]> {
      const isDistrict = input.level === 'district';
      const from = isDistrict ? sql`district t` : sql`plate t`;
      const position = isDistrict ? sql`t.center_lng AS lng, t.center_lat AS lat` : sql`t.lng, t.lat`;
      const estateKey = isDistrict ? sql`e.district_id` : sql`e.plate_id`;
      const where = [sql`t.city_id = ${input.cityId}`];
      if (!isDistrict && input.districtId) where.push(sql`t.district_id = ${input.districtId}`);
      const rows = await queryRows<Omit<BubbleSqlRow, 'listingMom' | 'momSampled'> & WithPrevious>(
        db,
        sql`SELECT t.id, t.name, ${position}, ps.listing_avg AS "listingAvg", ${PREVIOUS_AVG},
                   coalesce(c.n, 0)::int AS "estateCount", coalesce(ps.listing_count, 0)::int AS "onSaleCount"
            FROM ${from}
            ${seriesJoin(input.level, sql`t.id`, input.month, input.previousMonth)}
            LEFT JOIN (
              SELECT ${estateKey} AS key, count(*)::int AS n FROM estate e
              LEFT JOIN price_series eps ON eps.level = 'estate' AND eps.target_id = e.id AND eps.month = ${input.month}::date
              WHERE e.city_id = ${input.cityId} ${estateConditions(sql`e`, input.filter)}
              GROUP BY 1
            ) c ON c.key = t.id
            WHERE ${sql.join(where, sql` AND `)}
            ORDER BY t.sort_order, t.id`,
      );
      return withSampledMom(input.level, rows);
    },

    /** The estates of a plate that pass the filter, as bubbles with their own series rows. */
    async estateBubbles(input: {
      plateId: number;
      month: string;
      previousMonth: string;
      filter: EstateFilter;
    }): Promise<BubbleSqlRow[]> {
      const rows = await queryRows<Omit<BubbleSqlRow, 'listingMom' | 'momSampled'> & WithPrevious>(
        db,
        sql`SELECT e.id, e.name, e.lng, e.lat, eps.listing_avg AS "listingAvg", ${PREVIOUS_AVG},
                   1 AS "estateCount", coalesce(eps.listing_count, 0)::int AS "onSaleCount"
            FROM estate e
            LEFT JOIN price_series eps ON eps.level = 'estate' AND eps.target_id = e.id AND eps.month = ${input.month}::date
            LEFT JOIN price_series prev ON prev.level = 'estate' AND prev.target_id = e.id AND prev.month = ${input.previousMonth}::date
            WHERE e.plate_id = ${input.plateId} ${estateConditions(sql`e`, input.filter)}
            ORDER BY eps.listing_count DESC NULLS LAST, e.id`,
      );
      return withSampledMom('estate', rows);
    },
  };
}

export type PlatesRepo = ReturnType<typeof createPlatesRepo>;

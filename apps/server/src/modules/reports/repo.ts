// SQL of the reports (PAGES.md §3.4). Monthly figures are price_series rows, so a report shows the number every
// other page shows for that month; weekly figures are counted from the listing, price-change and deal rows.
import { queryRows, sql, type Database, type SQL } from '@fjt/db';
import { TOTAL_PRICE_BANDS } from '@fjt/domain';
import { latestDealIds } from '../deals/repo.ts';

/** Where a report looks: a whole city, a district, a plate or one estate (the column of the row tables). */
export type ScopeLevel = 'city' | 'district' | 'plate' | 'estate';
export interface Scope {
  level: ScopeLevel;
  id: number;
}

const COLUMN: Record<ScopeLevel, SQL> = {
  city: sql.raw('city_id'),
  district: sql.raw('district_id'),
  plate: sql.raw('plate_id'),
  estate: sql.raw('estate_id'),
};

/** `alias.column = id` for a scope, on any of listing, deal, rental. */
const inScope = (scope: Scope, alias?: string) =>
  alias ? sql`${sql.raw(alias)}.${COLUMN[scope.level]} = ${scope.id}` : sql`${COLUMN[scope.level]} = ${scope.id}`;

export interface SeriesRow {
  targetId: number;
  month: string;
  listingAvg: number | null;
  dealAvg: number | null;
  listingCount: number;
  dealCount: number;
  premium: number | null;
}

export interface ChildSeriesRow {
  id: number;
  name: string;
  listingAvg: number | null;
  previousListingAvg: number | null;
  dealAvg: number | null;
  dealCount: number;
  listingCount: number;
}

export interface WeekCountsRow {
  newListingCount: number;
  priceCutCount: number;
  priceRiseCount: number;
  dealCount: number;
  dealAvg: number | null;
}

export interface EstateRow {
  id: number;
  cityId: number;
  name: string;
  districtId: number;
  districtName: string;
  plateId: number;
  plateName: string;
}

export interface SupplyRow {
  id: number;
  name: string;
  saleStatus: string;
  avgPrice: number | null;
  openingDate: string | null;
  districtName: string;
}

export interface WeekListingSqlRow {
  id: number;
  rooms: number;
  halls: number;
  area: number;
  totalPrice: number;
  unitPrice: number;
  date: string;
}

export interface CertificateRow {
  id: string;
  kind: string;
  title: string;
  cityId: number;
  estateId: number;
  estateName: string;
  districtName: string;
  plateName: string;
  dataMonth: string | null;
  issuedAt: string;
}

const bandCase = sql.join(
  [
    sql`CASE`,
    ...TOTAL_PRICE_BANDS.map((b) =>
      b.max === null ? sql`ELSE ${b.band}::int` : sql`WHEN total_price < ${b.max * 10_000}::int THEN ${b.band}::int`,
    ),
    sql`END`,
  ],
  sql` `,
);

export function createReportsRepo(db: Database) {
  return {
    /** The latest deal ids of each estate: which of a week's deals are everyone's (DEAL_FREE_ROWS). */
    latestDealIds: (estateIds: number[], count: number) => latestDealIds(db, estateIds, count),

    /** The city's published months ('YYYY-MM'), newest first. */
    async publishedMonths(cityId: number, limit: number): Promise<string[]> {
      const rows = await queryRows<{ month: string }>(
        db,
        sql`SELECT to_char(month, 'YYYY-MM') AS month FROM price_series
            WHERE level = 'city' AND target_id = ${cityId} ORDER BY month DESC LIMIT ${limit}`,
      );
      return rows.map((r) => r.month);
    },

    async districts(cityId: number): Promise<{ id: number; name: string }[]> {
      return queryRows(db, sql`SELECT id, name FROM district WHERE city_id = ${cityId} ORDER BY sort_order, id`);
    },

    async plate(id: number): Promise<{ id: number; name: string; cityId: number; districtId: number } | null> {
      const [row] = await queryRows<{ id: number; name: string; cityId: number; districtId: number }>(
        db,
        sql`SELECT id, name, city_id AS "cityId", district_id AS "districtId" FROM plate WHERE id = ${id}`,
      );
      return row ?? null;
    },

    async estate(id: number): Promise<EstateRow | null> {
      const [row] = await queryRows<EstateRow>(
        db,
        sql`SELECT e.id, e.city_id AS "cityId", e.name, e.district_id AS "districtId", d.name AS "districtName",
                   e.plate_id AS "plateId", p.name AS "plateName"
            FROM estate e JOIN district d ON d.id = e.district_id JOIN plate p ON p.id = e.plate_id
            WHERE e.id = ${id}`,
      );
      return row ?? null;
    },

    /** price_series rows of one target between two months ('YYYY-MM', inclusive). */
    async series(level: ScopeLevel, targetId: number, from: string, to: string): Promise<SeriesRow[]> {
      return queryRows<SeriesRow>(
        db,
        sql`SELECT target_id AS "targetId", to_char(month, 'YYYY-MM') AS month, listing_avg AS "listingAvg",
                   deal_avg AS "dealAvg", listing_count AS "listingCount", deal_count AS "dealCount", premium
            FROM price_series
            WHERE level = ${level} AND target_id = ${targetId}
              AND month >= ${`${from}-01`}::date AND month <= ${`${to}-01`}::date
            ORDER BY month`,
      );
    },

    /** The districts of a city or the plates of a district with their series row of a month and the month before. */
    async children(
      parent: { level: 'city' | 'district'; id: number },
      month: string,
      previousMonth: string,
    ): Promise<ChildSeriesRow[]> {
      const level = parent.level === 'city' ? 'district' : 'plate';
      return queryRows<ChildSeriesRow>(
        db,
        sql`SELECT a.id, a.name, ps.listing_avg AS "listingAvg", prev.listing_avg AS "previousListingAvg",
                   ps.deal_avg AS "dealAvg", coalesce(ps.deal_count, 0)::int AS "dealCount",
                   coalesce(ps.listing_count, 0)::int AS "listingCount"
            FROM ${level === 'district' ? sql`district a` : sql`plate a`}
            LEFT JOIN price_series ps ON ps.level = ${level} AND ps.target_id = a.id
                                     AND ps.month = ${`${month}-01`}::date
            LEFT JOIN price_series prev ON prev.level = ${level} AND prev.target_id = a.id
                                       AND prev.month = ${`${previousMonth}-01`}::date
            WHERE ${parent.level === 'city' ? sql`a.city_id` : sql`a.district_id`} = ${parent.id}
            ORDER BY ps.listing_avg DESC NULLS LAST, a.sort_order, a.id`,
      );
    },

    /** 成交周期 and 议价空间 of the month's deals, and the listings put up in the month. */
    async monthActivity(scope: Scope, month: string) {
      const from = `${month}-01`;
      const [row] = await queryRows<{
        avgCycleDays: number | null;
        avgBargainPct: number | null;
        newListingCount: number;
      }>(
        db,
        sql`SELECT round(avg(cycle_days))::int AS "avgCycleDays",
                   (round(avg(bargain_pct)::numeric, 2))::float8 AS "avgBargainPct",
                   (SELECT count(*)::int FROM listing
                    WHERE ${inScope(scope)} AND listed_at >= ${from}::date
                      AND listed_at < (${from}::date + interval '1 month')::date) AS "newListingCount"
            FROM deal
            WHERE ${inScope(scope)} AND deal_date >= ${from}::date
              AND deal_date < (${from}::date + interval '1 month')::date`,
      );
      return row ?? { avgCycleDays: null, avgBargainPct: null, newListingCount: 0 };
    },

    /** The month's deals counted by 总价段 (TOTAL_PRICE_BANDS' band numbers). */
    async dealBands(scope: Scope, month: string): Promise<{ band: number; dealCount: number }[]> {
      const from = `${month}-01`;
      return queryRows(
        db,
        sql`SELECT band, count(*)::int AS "dealCount" FROM (
              SELECT ${bandCase} AS band FROM deal
              WHERE ${inScope(scope)} AND deal_date >= ${from}::date
                AND deal_date < (${from}::date + interval '1 month')::date
            ) b GROUP BY band ORDER BY band`,
      );
    },

    /** New-house projects of a district still selling or to be sold, newest opening first. */
    async districtSupply(districtId: number, limit: number) {
      return queryRows<SupplyRow>(
        db,
        sql`SELECT n.id, n.name, n.sale_status AS "saleStatus", n.avg_price AS "avgPrice",
                   n.opening_date::text AS "openingDate", d.name AS "districtName"
            FROM new_house_project n JOIN district d ON d.id = n.district_id
            WHERE n.district_id = ${districtId} AND n.sale_status <> '售罄'
            ORDER BY n.opening_date DESC NULLS LAST, n.id LIMIT ${limit}`,
      );
    },

    /** New-house projects of a city opening in a month. */
    async cityOpenings(cityId: number, month: string, limit: number) {
      const from = `${month}-01`;
      return queryRows<SupplyRow>(
        db,
        sql`SELECT n.id, n.name, n.sale_status AS "saleStatus", n.avg_price AS "avgPrice",
                   n.opening_date::text AS "openingDate", d.name AS "districtName"
            FROM new_house_project n JOIN district d ON d.id = n.district_id
            WHERE n.city_id = ${cityId} AND n.opening_date >= ${from}::date
              AND n.opening_date < (${from}::date + interval '1 month')::date
            ORDER BY n.opening_date, n.id LIMIT ${limit}`,
      );
    },

    /** NBS 70-city indices of the newest month up to `month`. */
    async nbsIndices(cityId: number, month: string) {
      return queryRows<{ month: string; basis: string; newHouseIdx: number; secondHandIdx: number }>(
        db,
        sql`SELECT to_char(month, 'YYYY-MM') AS month, basis, new_house_idx AS "newHouseIdx",
                   second_hand_idx AS "secondHandIdx"
            FROM nbs_price_index
            WHERE city_id = ${cityId}
              AND month = (SELECT max(month) FROM nbs_price_index WHERE city_id = ${cityId}
                           AND month <= ${`${month}-01`}::date)`,
      );
    },

    /** The newest day of the city's rows: its newest listing, price change or deal. */
    async latestDay(cityId: number): Promise<string | null> {
      const [row] = await queryRows<{ day: string | null }>(
        db,
        sql`SELECT greatest(
                     (SELECT max(listed_at) FROM listing WHERE city_id = ${cityId}),
                     (SELECT max(deal_date) FROM deal WHERE city_id = ${cityId})
                   )::text AS day`,
      );
      return row?.day ?? null;
    },

    /** New listings, price cuts and rises, and deals of a scope between two days (inclusive). */
    async weekCounts(scope: Scope, start: string, end: string): Promise<WeekCountsRow> {
      const [row] = await queryRows<WeekCountsRow>(
        db,
        sql`SELECT
              (SELECT count(*)::int FROM listing WHERE ${inScope(scope)}
                 AND listed_at >= ${start}::date AND listed_at <= ${end}::date) AS "newListingCount",
              (SELECT count(*)::int FROM listing_price_change c JOIN listing l ON l.id = c.listing_id
                 WHERE ${inScope(scope, 'l')} AND c.changed_at >= ${start}::date AND c.changed_at <= ${end}::date
                   AND c.new_total_price < c.old_total_price) AS "priceCutCount",
              (SELECT count(*)::int FROM listing_price_change c JOIN listing l ON l.id = c.listing_id
                 WHERE ${inScope(scope, 'l')} AND c.changed_at >= ${start}::date AND c.changed_at <= ${end}::date
                   AND c.new_total_price > c.old_total_price) AS "priceRiseCount",
              d.n AS "dealCount", d.avg AS "dealAvg"
            FROM (SELECT count(*)::int AS n, round(avg(unit_price))::int AS avg FROM deal
                  WHERE ${inScope(scope)} AND deal_date >= ${start}::date AND deal_date <= ${end}::date) d`,
      );
      return row!;
    },

    /** The week's counts of each district of a city or each plate of a district. */
    async weekAreas(parent: { level: 'city' | 'district'; id: number }, start: string, end: string) {
      const child = parent.level === 'city' ? sql.raw('district_id') : sql.raw('plate_id');
      const table = parent.level === 'city' ? sql`district a` : sql`plate a`;
      const parentColumn = parent.level === 'city' ? sql`a.city_id` : sql`a.district_id`;
      const scope = inScope(parent);
      return queryRows<{ id: number; name: string; newListingCount: number; priceCutCount: number; dealCount: number }>(
        db,
        sql`SELECT a.id, a.name, coalesce(n.c, 0)::int AS "newListingCount", coalesce(p.c, 0)::int AS "priceCutCount",
                   coalesce(d.c, 0)::int AS "dealCount"
            FROM ${table}
            LEFT JOIN (SELECT ${child} AS k, count(*) AS c FROM listing
                       WHERE ${scope} AND listed_at >= ${start}::date AND listed_at <= ${end}::date GROUP BY 1) n
                   ON n.k = a.id
            LEFT JOIN (SELECT l.${child} AS k, count(*) AS c FROM listing_price_change c JOIN listing l ON l.id = c.listing_id
                       WHERE ${inScope(parent, 'l')} AND c.changed_at >= ${start}::date AND c.changed_at <= ${end}::date
                         AND c.new_total_price < c.old_total_price GROUP BY 1) p
                   ON p.k = a.id
            LEFT JOIN (SELECT ${child} AS k, count(*) AS c FROM deal
                       WHERE ${scope} AND deal_date >= ${start}::date AND deal_date <= ${end}::date GROUP BY 1) d
                   ON d.k = a.id
            WHERE ${parentColumn} = ${parent.id}
            ORDER BY a.sort_order, a.id`,
      );
    },

    /** The scope's busiest estates of the week: new listings and deals, then the views of what is on sale. */
    async hotEstates(scope: Scope, start: string, end: string, limit: number) {
      return queryRows<{
        id: number;
        name: string;
        plateName: string;
        newListingCount: number;
        dealCount: number;
        views: number;
      }>(
        db,
        sql`SELECT e.id, e.name, p.name AS "plateName", coalesce(n.c, 0)::int AS "newListingCount",
                   coalesce(d.c, 0)::int AS "dealCount", coalesce(v.views, 0)::int AS views
            FROM estate e JOIN plate p ON p.id = e.plate_id
            LEFT JOIN (SELECT estate_id AS k, count(*) AS c FROM listing
                       WHERE ${inScope(scope)} AND listed_at >= ${start}::date AND listed_at <= ${end}::date GROUP BY 1) n
                   ON n.k = e.id
            LEFT JOIN (SELECT estate_id AS k, count(*) AS c FROM deal
                       WHERE ${inScope(scope)} AND deal_date >= ${start}::date AND deal_date <= ${end}::date GROUP BY 1) d
                   ON d.k = e.id
            LEFT JOIN (SELECT estate_id AS k, sum(views_7d) AS views FROM listing
                       WHERE ${inScope(scope)} AND status = 'on_sale' GROUP BY 1) v
                   ON v.k = e.id
            WHERE ${inScope(scope, 'e')} AND (n.c > 0 OR d.c > 0)
            ORDER BY coalesce(n.c, 0) + 2 * coalesce(d.c, 0) DESC, coalesce(v.views, 0) DESC, e.id
            LIMIT ${limit}`,
      );
    },

    /** Mean asking 元/㎡ of an estate's listings on sale at the end of a day (price changes applied). */
    async askingAvgAt(estateId: number, day: string): Promise<number | null> {
      const [row] = await queryRows<{ avg: number | null }>(
        db,
        sql`SELECT round(avg(coalesce(
                     (SELECT c.new_unit_price FROM listing_price_change c
                      WHERE c.listing_id = l.id AND c.changed_at <= ${day}::date ORDER BY c.seq DESC LIMIT 1),
                     l.initial_unit_price)))::int AS avg
            FROM listing l
            WHERE l.estate_id = ${estateId} AND l.listed_at <= ${day}::date
              AND (l.ended_at IS NULL OR l.ended_at > ${day}::date)`,
      );
      return row?.avg ?? null;
    },

    async weekNewListings(estateId: number, start: string, end: string) {
      return queryRows<WeekListingSqlRow>(
        db,
        sql`SELECT id, rooms, halls, area, initial_total_price AS "totalPrice", initial_unit_price AS "unitPrice",
                   listed_at::text AS date
            FROM listing WHERE estate_id = ${estateId} AND listed_at >= ${start}::date AND listed_at <= ${end}::date
            ORDER BY listed_at DESC, id LIMIT 20`,
      );
    },

    async weekPriceChanges(estateId: number, start: string, end: string) {
      return queryRows<WeekListingSqlRow & { oldTotalPrice: number }>(
        db,
        sql`SELECT l.id, l.rooms, l.halls, l.area, c.new_total_price AS "totalPrice", c.new_unit_price AS "unitPrice",
                   c.old_total_price AS "oldTotalPrice", c.changed_at::text AS date
            FROM listing_price_change c JOIN listing l ON l.id = c.listing_id
            WHERE l.estate_id = ${estateId} AND c.changed_at >= ${start}::date AND c.changed_at <= ${end}::date
            ORDER BY c.changed_at DESC, l.id LIMIT 20`,
      );
    },

    async weekDeals(estateId: number, start: string, end: string) {
      return queryRows<WeekListingSqlRow>(
        db,
        sql`SELECT id, rooms, halls, area, total_price AS "totalPrice", unit_price AS "unitPrice",
                   deal_date::text AS date
            FROM deal WHERE estate_id = ${estateId} AND deal_date >= ${start}::date AND deal_date <= ${end}::date
            ORDER BY deal_date DESC, id LIMIT 20`,
      );
    },

    /** 挂牌均价 of each estate of a plate in a month (price_series). */
    async plateEstateAverages(plateId: number, month: string) {
      return queryRows<{ id: number; listingAvg: number }>(
        db,
        sql`SELECT ps.target_id AS id, ps.listing_avg AS "listingAvg"
            FROM price_series ps JOIN estate e ON e.id = ps.target_id
            WHERE ps.level = 'estate' AND ps.month = ${`${month}-01`}::date AND e.plate_id = ${plateId}
              AND ps.listing_avg IS NOT NULL`,
      );
    },

    async certificate(id: string): Promise<CertificateRow | null> {
      const [row] = await queryRows<CertificateRow>(
        db,
        sql`SELECT c.id, c.kind, c.title, c.city_id AS "cityId", c.estate_id AS "estateId", e.name AS "estateName",
                   d.name AS "districtName", p.name AS "plateName", to_char(c.data_month, 'YYYY-MM') AS "dataMonth",
                   to_char(c.issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "issuedAt"
            FROM report_certificate c
            JOIN estate e ON e.id = c.estate_id
            JOIN district d ON d.id = e.district_id
            JOIN plate p ON p.id = e.plate_id
            WHERE c.id = ${id}`,
      );
      return row ?? null;
    },

    /** The first certificate issued for an estate's report of a data month, if any. */
    async certificateFor(estateId: number, dataMonth: string | null): Promise<string | null> {
      const month = dataMonth ? sql`c.data_month = ${`${dataMonth}-01`}::date` : sql`c.data_month IS NULL`;
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`SELECT c.id FROM report_certificate c
            WHERE c.estate_id = ${estateId} AND c.kind = 'estate' AND ${month}
            ORDER BY c.issued_at, c.id LIMIT 1`,
      );
      return row?.id ?? null;
    },

    async insertCertificate(row: {
      id: string;
      title: string;
      cityId: number;
      estateId: number;
      dataMonth: string | null;
    }): Promise<void> {
      await db.execute(
        sql`INSERT INTO report_certificate (id, kind, title, city_id, estate_id, data_month)
            VALUES (${row.id}, 'estate', ${row.title}, ${row.cityId}, ${row.estateId},
                    ${row.dataMonth ? `${row.dataMonth}-01` : null}::date)`,
      );
    },
  };
}

export type ReportsRepo = ReturnType<typeof createReportsRepo>;

// SQL of the finder pages: listings compared with their estate's figures (本周好房, 捡漏) and the plates a
// budget reaches (帮我找房). Plate and district averages come from price_series like every other page.
import { queryPage, queryRows, sql, type Database, type SQL } from '@fjt/db';
import type { BargainSort, FinderListing, WeekHouseProject } from '@fjt/domain';

type Band = { min: number | null; max: number | null } | undefined;

export interface PlateCandidateRow {
  id: number;
  name: string;
  districtId: number;
  districtName: string;
  listingAvg: number | null;
  previousListingAvg: number | null;
  rentAvg: number | null;
  typicalArea: number | null;
  listingsInBudget: number;
}

/** Estates need this many deals in 365 days for their deal average to say something. */
const BARGAIN_MIN_DEALS = 2;
/** A listing counts as below an average from this far below it (percent): '低于均价0.1%' is no find. */
export const MIN_BELOW_PCT = 1;
const below = (unit: SQL, avg: SQL) => sql`${unit} <= ${avg} * ${1 - MIN_BELOW_PCT / 100}::float8`;

/** The columns of a FinderListing; `ref` is a joined (estate_id, avg) relation. */
const listingColumns = (asOf: string) => sql`
  l.id, l.estate_id AS "estateId", e.name AS "estateName", d.name AS "districtName", p.name AS "plateName",
  l.rooms, l.halls, l.area, l.orientation, l.floor, l.total_floors AS "totalFloors", l.decoration,
  l.total_price AS "totalPrice", l.unit_price AS "unitPrice", to_char(l.listed_at, 'YYYY-MM-DD') AS "listedAt",
  (${asOf}::date - l.listed_at)::int AS "daysListed", l.price_change_count::int AS "priceChangeCount",
  greatest(l.initial_total_price - l.total_price, 0)::int AS "priceCut", ref.avg::int AS "referenceAvg",
  (round((ref.avg - l.unit_price) * 1000.0 / ref.avg) / 10)::float8 AS "belowPct"`;

const listingJoins = sql`
  JOIN estate e ON e.id = l.estate_id JOIN district d ON d.id = l.district_id JOIN plate p ON p.id = l.plate_id`;

function roomsFilter(column: SQL, rooms: number[] | undefined): SQL {
  if (!rooms?.length) return sql``;
  return sql`AND LEAST(${column}, 5) IN (${sql.join(
    rooms.map((r) => sql`${r}`),
    sql`, `,
  )})`;
}

function bandFilter(column: SQL, band: Band, scale = 1): SQL {
  const parts: SQL[] = [];
  if (band?.min != null) parts.push(sql`AND ${column} >= ${band.min * scale}`);
  if (band?.max != null) parts.push(sql`AND ${column} < ${band.max * scale}`);
  return sql.join(parts, sql` `);
}

const BARGAIN_ORDER: Record<BargainSort, SQL> = {
  discount: sql`"belowPct" DESC, l.id`,
  newest: sql`l.listed_at DESC, l.id DESC`,
  total: sql`l.total_price ASC, l.id`,
};

const projectColumns = sql`
  n.id, n.name, d.name AS "districtName", p.name AS "plateName", n.sale_status AS "saleStatus",
  n.avg_price AS "avgPrice", n.total_price_min AS "totalPriceMin", n.total_price_max AS "totalPriceMax",
  to_char(n.opening_date, 'YYYY-MM-DD') AS "openingDate", n.tags`;

export function createFinderRepo(db: Database) {
  return {
    /** Newest month of the city's series, 'YYYY-MM', or null before any data. */
    async latestMonth(cityId: number): Promise<string | null> {
      const [row] = await queryRows<{ month: string | null }>(
        db,
        sql`SELECT to_char(max(month), 'YYYY-MM') AS month FROM price_series WHERE level = 'city' AND target_id = ${cityId}`,
      );
      return row?.month ?? null;
    },

    async districtInCity(cityId: number, districtId: number): Promise<boolean> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM district WHERE id = ${districtId} AND city_id = ${cityId}`,
      );
      return rows.length > 0;
    },

    /** New-house projects opening from `from` to `to` (inclusive, 'YYYY-MM-DD'), earliest first. */
    openings(cityId: number, from: string, to: string | null, limit: number): Promise<WeekHouseProject[]> {
      return queryRows<WeekHouseProject>(
        db,
        sql`SELECT ${projectColumns}
            FROM new_house_project n JOIN district d ON d.id = n.district_id JOIN plate p ON p.id = n.plate_id
            WHERE n.city_id = ${cityId} AND n.opening_date >= ${from}::date
              ${to ? sql`AND n.opening_date <= ${to}::date` : sql``}
            ORDER BY n.opening_date, n.id LIMIT ${limit}`,
      );
    },

    /** Listings first listed from `from` to `asOf` below their estate's 挂牌均价 of `month` ('YYYY-MM-01'). */
    weekListings(input: { cityId: number; from: string; asOf: string; month: string; page: number; size: number }) {
      return queryPage<FinderListing>(db, {
        select: listingColumns(input.asOf),
        from: sql`FROM listing l
                  JOIN (SELECT target_id AS estate_id, listing_avg AS avg FROM price_series
                        WHERE level = 'estate' AND city_id = ${input.cityId} AND month = ${input.month}::date
                          AND listing_avg > 0) ref ON ref.estate_id = l.estate_id
                  ${listingJoins}
                  WHERE l.city_id = ${input.cityId} AND l.status = 'on_sale'
                    AND l.listed_at >= ${input.from}::date AND l.listed_at <= ${input.asOf}::date
                    AND ${below(sql`l.unit_price`, sql`ref.avg`)}`,
        orderBy: sql`"belowPct" DESC, l.id`,
        page: input.page,
        size: input.size,
      });
    },

    /** On-sale listings below their estate's mean deal unit price of the 365 days to `asOf`. */
    bargains(input: {
      cityId: number;
      asOf: string;
      districtId?: number | undefined;
      rooms?: number[] | undefined;
      price?: Band;
      sort: BargainSort;
      page: number;
      size: number;
    }) {
      return queryPage<FinderListing>(db, {
        select: listingColumns(input.asOf),
        from: sql`FROM listing l
                  JOIN (SELECT estate_id, avg(unit_price) AS avg FROM deal
                        WHERE city_id = ${input.cityId} AND deal_date > ${input.asOf}::date - 365
                          AND deal_date <= ${input.asOf}::date
                        GROUP BY estate_id HAVING count(*) >= ${BARGAIN_MIN_DEALS}) ref ON ref.estate_id = l.estate_id
                  ${listingJoins}
                  WHERE l.city_id = ${input.cityId} AND l.status = 'on_sale' AND ${below(sql`l.unit_price`, sql`ref.avg`)}
                    ${input.districtId ? sql`AND l.district_id = ${input.districtId}` : sql``}
                    ${roomsFilter(sql`l.rooms`, input.rooms)}
                    ${bandFilter(sql`l.total_price`, input.price, 10_000)}`,
        orderBy: BARGAIN_ORDER[input.sort],
        page: input.page,
        size: input.size,
      });
    },

    /**
     * Every plate of the city with a 挂牌均价 in `month`, with the median area of its on-sale listings that
     * match the filters and how many of those cost at most `budget` 元.
     */
    plateCandidates(input: {
      cityId: number;
      month: string;
      previousMonth: string;
      budget: number;
      districtIds?: number[] | undefined;
      rooms?: number[] | undefined;
      area?: Band;
    }): Promise<PlateCandidateRow[]> {
      const districts = input.districtIds?.length
        ? sql`AND p.district_id IN (${sql.join(
            input.districtIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``;
      return queryRows<PlateCandidateRow>(
        db,
        sql`WITH supply AS (
              SELECT l.plate_id, (percentile_cont(0.5) WITHIN GROUP (ORDER BY l.area))::float8 AS area,
                     (count(*) FILTER (WHERE l.total_price <= ${input.budget}))::int AS in_budget
              FROM listing l
              WHERE l.city_id = ${input.cityId} AND l.status = 'on_sale'
                ${roomsFilter(sql`l.rooms`, input.rooms)} ${bandFilter(sql`l.area`, input.area)}
              GROUP BY l.plate_id)
            SELECT p.id, p.name, p.district_id AS "districtId", d.name AS "districtName",
                   ps.listing_avg AS "listingAvg", prev.listing_avg AS "previousListingAvg",
                   ps.rent_avg AS "rentAvg", s.area AS "typicalArea", coalesce(s.in_budget, 0) AS "listingsInBudget"
            FROM plate p
            JOIN district d ON d.id = p.district_id
            JOIN price_series ps ON ps.level = 'plate' AND ps.target_id = p.id AND ps.month = ${input.month}::date
            LEFT JOIN price_series prev ON prev.level = 'plate' AND prev.target_id = p.id
                                       AND prev.month = ${input.previousMonth}::date
            LEFT JOIN supply s ON s.plate_id = p.id
            WHERE p.city_id = ${input.cityId} AND ps.listing_avg > 0 ${districts}
            ORDER BY d.sort_order, p.sort_order, p.id`,
      );
    },

    /** The city's districts with their 挂牌均价 of `month`, in their usual order. */
    districtAverages(cityId: number, month: string) {
      return queryRows<{ id: number; name: string; listingAvg: number | null }>(
        db,
        sql`SELECT d.id, d.name, ps.listing_avg AS "listingAvg"
            FROM district d
            LEFT JOIN price_series ps ON ps.level = 'district' AND ps.target_id = d.id AND ps.month = ${month}::date
            WHERE d.city_id = ${cityId}
            ORDER BY d.sort_order, d.id`,
      );
    },
  };
}

export type FinderRepo = ReturnType<typeof createFinderRepo>;

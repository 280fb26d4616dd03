import { queryBatcher, queryRows, sql, type Database, type SQL } from '@fjt/db';
import type { RentListQuery, RentalCard } from '@fjt/domain';

const ORDER: Record<RentListQuery['tenancyOrder'], SQL> = {
  default: sql`r.listed_at DESC, r.id DESC`,
  listedAt_desc: sql`r.listed_at DESC, r.id DESC`,
  rent_asc: sql`r.monthly_rent ASC, r.id`,
  rent_desc: sql`r.monthly_rent DESC, r.id`,
  area_desc: sql`r.area DESC, r.id`,
};

export function createRentalsRepo(db: Database) {
  return {
    async estate(cityId: number, estateId: number) {
      const [row] = await queryRows<{ id: number; name: string; plateName: string | null }>(
        db,
        sql`SELECT e.id, e.name, p.name AS "plateName" FROM estate e LEFT JOIN plate p ON p.id = e.plate_id
            WHERE e.id = ${estateId} AND e.city_id = ${cityId}`,
      );
      return row ?? null;
    },

    /** One page of on-offer rentals matching the filters, and how many match in all. */
    async page(query: RentListQuery, estateIds?: number[]): Promise<{ total: number; rows: RentalCard[] }> {
      const where: SQL[] = [sql`r.city_id = ${query.cityId}`, sql`r.status = 'on_rent'`];
      if (estateIds)
        where.push(
          sql`r.estate_id = ANY(ARRAY[${sql.join(
            [0, ...estateIds].map((id) => sql`${id}`),
            sql`, `,
          )}]::int[])`,
        );
      if (query.houseId) where.push(sql`r.estate_id = ${query.houseId}`);
      if (query.rental) where.push(sql`r.rent_type = ${query.rental}`);
      if (query.roomType?.length) {
        const exact = query.roomType.filter((n) => n < 5);
        const parts: SQL[] = [];
        if (exact.length)
          parts.push(
            sql`r.rooms IN (${sql.join(
              exact.map((n) => sql`${n}`),
              sql`, `,
            )})`,
          );
        if (query.roomType.includes(5)) parts.push(sql`r.rooms >= 5`);
        where.push(sql`(${sql.join(parts, sql` OR `)})`);
      }
      if (query.rent?.min != null) where.push(sql`r.monthly_rent >= ${query.rent.min}`);
      if (query.rent?.max != null) where.push(sql`r.monthly_rent < ${query.rent.max}`);
      if (query.metroDistance) where.push(sql`e.station_distance_m <= ${query.metroDistance}`);
      const condition = sql.join(where, sql` AND `);
      const offset = (query.page - 1) * query.size;
      const [count, rows] = await Promise.all([
        queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM rental r JOIN estate e ON e.id = r.estate_id WHERE ${condition}`,
        ),
        queryRows<RentalCard>(
          db,
          sql`SELECT r.id, r.estate_id AS "estateId", e.name AS "estateName", p.name AS "plateName",
                     r.rent_type AS "rentType", r.rooms, r.halls, r.area, r.orientation, r.floor,
                     r.total_floors AS "totalFloors", r.decoration, r.monthly_rent AS "monthlyRent",
                     r.rent_per_sqm AS "rentPerSqm", r.payment_method AS "paymentMethod",
                     to_char(r.available_from, 'YYYY-MM-DD') AS "availableFrom",
                     to_char(r.listed_at, 'YYYY-MM-DD') AS "listedAt",
                     e.station_distance_m AS "stationDistanceM"
              FROM rental r JOIN estate e ON e.id = r.estate_id LEFT JOIN plate p ON p.id = r.plate_id
              WHERE ${condition}
              ORDER BY ${ORDER[query.tenancyOrder]}
              LIMIT ${query.size} OFFSET ${offset}`,
        ),
      ]);
      return {
        total: count[0]?.n ?? 0,
        rows: rows.map((r) => ({ ...r, area: Number(r.area), rentPerSqm: Number(r.rentPerSqm) })),
      };
    },

    /** The city's newest month of the series, 'YYYY-MM' (the data's month), or null before any data. */
    async latestMonth(cityId: number): Promise<string | null> {
      const [row] = await queryRows<{ month: string | null }>(
        db,
        sql`SELECT to_char(max(month), 'YYYY-MM') AS month FROM price_series WHERE level = 'city' AND target_id = ${cityId}`,
      );
      return row?.month ?? null;
    },

    /** The estate's 租金均价 (元/㎡·月) of the months from `fromMonth` ('YYYY-MM') on, oldest first. */
    async rentMonths(estateId: number, fromMonth: string) {
      return queryRows<{ month: string; rentAvg: number | null; listingAvg: number | null }>(
        db,
        sql`SELECT to_char(month, 'YYYY-MM') AS month, rent_avg AS "rentAvg", listing_avg AS "listingAvg"
            FROM price_series WHERE level = 'estate' AND target_id = ${estateId} AND month >= ${`${fromMonth}-01`}::date
            ORDER BY month`,
      );
    },

    /**
     * 在租 and 租金均价 now: the rentals on offer (status on_rent) — how many, their mean monthly rent and their
     * mean 元/㎡·月 — as estate_stats holds them (packages/dataset/src/estate-stats.ts, rounded as the series rounds),
     * so this month's series, the estate page and 租房 agree.
     */
    async onRent(estateId: number) {
      const [row] = await queryBatcher(db).rows<{
        figures: { onRentCount: number; rentAvgMonthly: number | null; rentAvg: number | null };
      }>(sql`SELECT figures FROM estate_stats WHERE estate_id = ${estateId}`);
      const f = row?.figures;
      return { count: f?.onRentCount ?? 0, avgMonthly: f?.rentAvgMonthly ?? null, rentAvg: f?.rentAvg ?? null };
    },
  };
}

export type RentalsRepo = ReturnType<typeof createRentalsRepo>;

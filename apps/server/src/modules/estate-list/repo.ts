// Estates with their latest series row: 挂牌均价, MoM, listings on sale and deals of the month all come from
// price_series, so the list agrees with each estate's page.
import { queryRows, sql, type Database, type SQL } from '@fjt/db';
import { percentChange, type EstateListQuery, type EstateListRow } from '@fjt/domain';

const ORDER: Record<EstateListQuery['smartOrder'], SQL> = {
  // 综合: where buyers look (listings on sale, then deals), then price.
  default: sql`"onSaleCount" DESC, "dealCount" DESC, id`,
  avgPrice_asc: sql`"listingAvg" ASC NULLS LAST, id`,
  avgPrice_desc: sql`"listingAvg" DESC NULLS LAST, id`,
  rise_desc: sql`"momSort" DESC NULLS LAST, id`,
  fall_desc: sql`"momSort" ASC NULLS LAST, id`,
  dealCount_desc: sql`"dealCount" DESC, id`,
  buildYear_desc: sql`"buildYear" DESC NULLS LAST, id`,
};

export function createEstateListRepo(db: Database) {
  return {
    async scope(cityId: number, level: 'district' | 'plate', id: number) {
      const table = level === 'district' ? sql`district` : sql`plate`;
      const [row] = await queryRows<{ id: number; name: string }>(
        db,
        sql`SELECT id, name FROM ${table} WHERE id = ${id} AND city_id = ${cityId}`,
      );
      return row ?? null;
    },

    async latestEstateMonth(cityId: number): Promise<string | null> {
      const [row] = await queryRows<{ month: string | null }>(
        db,
        sql`SELECT to_char(max(month), 'YYYY-MM-DD') AS month FROM price_series WHERE level = 'city' AND target_id = ${cityId}`,
      );
      return row?.month ?? null;
    },

    async page(
      query: EstateListQuery,
      month: string | null,
      previousMonth: string | null,
      currentYear: number,
      /** Estates matching a keyword, best first; their order is the default order. */
      matchedIds?: number[],
    ) {
      const where: SQL[] = [sql`e.city_id = ${query.cityId}`];
      const ids = matchedIds
        ? sql`ARRAY[${sql.join(
            [0, ...matchedIds].map((id) => sql`${id}`),
            sql`, `,
          )}]::int[]`
        : null;
      if (ids) where.push(sql`e.id = ANY(${ids})`);
      if (query.districtId) where.push(sql`e.district_id = ${query.districtId}`);
      if (query.plateId) where.push(sql`e.plate_id = ${query.plateId}`);
      if (query.homeAge?.min != null) where.push(sql`e.build_year <= ${currentYear - query.homeAge.min}`);
      if (query.homeAge?.max != null) where.push(sql`e.build_year >= ${currentYear - query.homeAge.max}`);
      if (query.singlePrice?.min != null) where.push(sql`ps.listing_avg >= ${query.singlePrice.min}`);
      if (query.singlePrice?.max != null) where.push(sql`ps.listing_avg < ${query.singlePrice.max}`);
      const condition = sql.join(where, sql` AND `);
      const from = sql`FROM estate e
        LEFT JOIN price_series ps ON ps.level = 'estate' AND ps.target_id = e.id AND ps.month = ${month}::date
        LEFT JOIN price_series prev ON prev.level = 'estate' AND prev.target_id = e.id AND prev.month = ${previousMonth}::date
        LEFT JOIN plate p ON p.id = e.plate_id
        LEFT JOIN district d ON d.id = e.district_id`;
      const offset = (query.page - 1) * query.size;
      const [count, rows] = await Promise.all([
        queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from} WHERE ${condition}`),
        queryRows<Omit<EstateListRow, 'listingMom'> & { previousAvg: number | null; momSort: number | null }>(
          db,
          sql`SELECT * FROM (
                SELECT e.id, e.name, d.name AS "districtName", p.name AS "plateName", e.build_year AS "buildYear", e.tags,
                       ps.listing_avg AS "listingAvg", prev.listing_avg AS "previousAvg",
                       CASE WHEN prev.listing_avg > 0 AND ps.listing_avg IS NOT NULL
                            THEN (ps.listing_avg - prev.listing_avg)::float8 / prev.listing_avg END AS "momSort",
                       coalesce(ps.listing_count, 0)::int AS "onSaleCount", coalesce(ps.deal_count, 0)::int AS "dealCount"
                ${from} WHERE ${condition}) r
              ORDER BY ${ids && query.smartOrder === 'default' ? sql`array_position(${ids}, id)` : ORDER[query.smartOrder]}
              LIMIT ${query.size} OFFSET ${offset}`,
        ),
      ]);
      return {
        total: count[0]?.n ?? 0,
        // MoM from the two averages with percentChange, as on the estate's own page (not SQL's round()).
        rows: rows.map(({ previousAvg, momSort: _momSort, ...r }) => ({
          ...r,
          listingMom: percentChange(previousAvg, r.listingAvg),
        })),
      };
    },
  };
}

export type EstateListRepo = ReturnType<typeof createEstateListRepo>;

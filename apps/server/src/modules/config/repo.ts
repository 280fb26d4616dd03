import { queryRows, sql, type Database } from '@fjt/db';

const QUANTILES = [0.2, 0.4, 0.6, 0.8];

export function createConfigRepo(db: Database) {
  return {
    /** Quintile edges of the city's on-sale listing prices (总价 元, 单价 元/㎡). */
    async listingPriceQuantiles(cityId: number): Promise<{ totalPrice: number[]; unitPrice: number[] }> {
      const [row] = await queryRows<{ total: number[] | null; unit: number[] | null }>(
        db,
        sql`
        SELECT percentile_cont(ARRAY[${sql.raw(QUANTILES.join(','))}]::float8[]) WITHIN GROUP (ORDER BY total_price) AS total,
               percentile_cont(ARRAY[${sql.raw(QUANTILES.join(','))}]::float8[]) WITHIN GROUP (ORDER BY unit_price) AS unit
        FROM listing WHERE city_id = ${cityId} AND status = 'on_sale'`,
      );
      return { totalPrice: (row?.total ?? []).map(Number), unitPrice: (row?.unit ?? []).map(Number) };
    },
  };
}

export type ConfigRepo = ReturnType<typeof createConfigRepo>;

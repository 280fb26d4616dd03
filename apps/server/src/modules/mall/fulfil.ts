// What a paid report order gives (payments Fulfilment, run in the payment's transaction): the entitlement (kept:
// ends_at null), one more sold, and the PDF of the product's current edition queued. A refund revokes the
// entitlement (the download stops at once) and takes the sale back.
import { queryRows, sql } from '@fjt/db';
import type { Fulfilment } from '../payments/service.ts';
import type { ReportFiles } from './files.ts';

export function reportFulfilment(deps: { files: Pick<ReportFiles, 'queueIn'>; now: () => number }): Fulfilment {
  return {
    async grant(tx, order) {
      const t = new Date(deps.now()).toISOString();
      const [product] = await queryRows<{ cityId: number }>(
        tx,
        sql`SELECT city_id AS "cityId" FROM mall_products WHERE code = ${order.productCode} AND kind = 'report'`,
      );
      if (!product) throw new Error(`report ${order.productCode} of order ${order.orderNo} is gone`);
      const inserted = await tx.execute(
        sql`INSERT INTO mall_entitlements (user_id, order_no, product_code, kind, city_id, starts_at, ends_at)
            VALUES (${order.userId}, ${order.orderNo}, ${order.productCode}, 'report', ${product.cityId},
              ${t}::timestamptz, NULL)
            ON CONFLICT (order_no) DO NOTHING RETURNING id`,
      );
      const rows = (inserted as unknown as { rows: unknown[] }).rows;
      if (rows.length === 0) return;
      await tx.execute(sql`UPDATE mall_products SET sold_count = sold_count + 1 WHERE code = ${order.productCode}`);
      await deps.files.queueIn(tx, order.productCode);
    },
    async revoke(tx, order) {
      const t = new Date(deps.now()).toISOString();
      const revoked = await tx.execute(
        sql`UPDATE mall_entitlements SET revoked_at = ${t}::timestamptz
            WHERE order_no = ${order.orderNo} AND revoked_at IS NULL RETURNING id`,
      );
      if ((revoked as unknown as { rows: unknown[] }).rows.length === 0) return;
      await tx.execute(
        sql`UPDATE mall_products SET sold_count = greatest(sold_count - 1, 0) WHERE code = ${order.productCode}`,
      );
    },
  };
}

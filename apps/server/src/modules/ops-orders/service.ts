// What the /ops/orders console and `npm run ops -- orders` read (issue 12, operations): one order with its
// notification log, ledger rows and refunds, or a user's latest orders. Refunds themselves are the orders
// service's (payments/service.ts refund: PAID → REFUNDING → REFUNDED, audited).
import { isoText, queryRows, sql, type Database } from '@fjt/db';
import {
  ORDER_STATUS_LABELS,
  OPS_ORDERS_LIMIT,
  type OpsOrderDetail,
  type OpsOrderRow,
  type OrderStatus,
} from '@fjt/domain';


const ORDER_SELECT = sql`SELECT o.order_no AS "orderNo", o.user_id AS "userId",
    CASE WHEN u.phone IS NULL THEN NULL ELSE left(u.phone, 3) || '****' || substr(u.phone, 8) END AS phone,
    o.product_kind AS "productKind", o.product_code AS "productCode", o.subject, o.amount_fen AS "amountFen",
    o.status, o.platform, o.provider, o.provider_txn_id AS "providerTxnId",
    ${isoText('o.created_at')} AS "createdAt", ${isoText('o.expires_at')} AS "expiresAt", ${isoText('o.paid_at')} AS "paidAt",
    ${isoText('o.closed_at')} AS "closedAt", ${isoText('o.refunded_at')} AS "refundedAt"
  FROM orders o LEFT JOIN users u ON u.id = o.user_id`;

type RawOrder = Omit<OpsOrderRow, 'amount' | 'statusText'> & { amountFen: number };
const yuan = (fen: number) => fen / 100;

function rowOf(o: RawOrder): OpsOrderRow {
  const { amountFen, ...rest } = o;
  return { ...rest, amount: yuan(amountFen), statusText: ORDER_STATUS_LABELS[o.status as OrderStatus] };
}

export function createOpsOrdersService(db: Database) {
  return {
    /** The order in full, or null when there is none. */
    async detail(orderNo: string): Promise<OpsOrderDetail | null> {
      const [order] = await queryRows<RawOrder>(db, sql`${ORDER_SELECT} WHERE o.order_no = ${orderNo}`);
      if (!order) return null;
      const notifications = await queryRows<OpsOrderDetail['notifications'][number]>(
        db,
        sql`SELECT id::int AS id, provider, notify_id AS "notifyId", source, event, verified, outcome,
                   ${isoText('received_at')} AS "receivedAt"
            FROM payment_notifications WHERE order_no = ${orderNo} ORDER BY id`,
      );
      const ledger = await queryRows<Omit<OpsOrderDetail['ledger'][number], 'amount'> & { amountFen: number }>(
        db,
        sql`SELECT id::int AS id, kind, amount_fen AS "amountFen", provider, provider_txn_id AS "providerTxnId",
                   ${isoText('created_at')} AS "createdAt"
            FROM payment_ledger WHERE order_no = ${orderNo} ORDER BY id`,
      );
      const refunds = await queryRows<Omit<OpsOrderDetail['refunds'][number], 'amount'> & { amountFen: number }>(
        db,
        sql`SELECT refund_no AS "refundNo", provider, amount_fen AS "amountFen", status, reason, message,
                   created_by AS "createdBy", ${isoText('created_at')} AS "createdAt", ${isoText('finished_at')} AS "finishedAt"
            FROM refunds WHERE order_no = ${orderNo} ORDER BY id`,
      );
      return {
        order: rowOf(order),
        notifications,
        ledger: ledger.map(({ amountFen, ...r }) => ({ ...r, amount: yuan(amountFen) })),
        refunds: refunds.map(({ amountFen, ...r }) => ({ ...r, amount: yuan(amountFen) })),
      };
    },

    /** The latest orders of the user with this phone, newest first (an unknown phone: none). */
    async byPhone(phone: string, limit = OPS_ORDERS_LIMIT): Promise<OpsOrderRow[]> {
      const rows = await queryRows<RawOrder>(
        db,
        sql`${ORDER_SELECT} WHERE u.phone = ${phone} ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit}`,
      );
      return rows.map(rowOf);
    },
  };
}

export type OpsOrdersService = ReturnType<typeof createOpsOrdersService>;

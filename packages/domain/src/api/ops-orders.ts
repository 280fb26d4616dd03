// NEW GET ops/orders?orderNo=|?phone= and NEW POST ops/orders/refund (issue 12, operations): the /ops/orders
// console and its API (ops role). One order with its notification log, ledger rows and refunds; or a user's
// latest orders. Amounts in 元.
import { z } from 'zod';
import { mobileParam } from './accounts.ts';
import { ORDER_STATUSES, PRODUCT_KINDS, PROVIDERS, orderNoParam } from './payments.ts';

export const ORDERS_OPS_ONLY = '仅运营人员可以查询订单或退款';
export const OPS_ORDER_QUERY_ERROR = '请输入订单号或手机号（二选一）';
export const REFUND_REASON_ERROR = '退款原因须为2-100个字';
/** How many of a user's orders a phone lookup lists, newest first. */
export const OPS_ORDERS_LIMIT = 50;

export const opsOrdersQuery = z
  .object({ orderNo: orderNoParam.optional(), phone: mobileParam.optional() })
  .refine((q) => (q.orderNo === undefined) !== (q.phone === undefined), { message: OPS_ORDER_QUERY_ERROR });
export type OpsOrdersQuery = z.infer<typeof opsOrdersQuery>;

export const opsOrderRow = z.object({
  orderNo: z.string(),
  userId: z.number().int(),
  /** The buyer's phone, masked (138****0001). */
  phone: z.string().nullable(),
  productKind: z.enum(PRODUCT_KINDS),
  productCode: z.string(),
  subject: z.string(),
  amount: z.number(),
  status: z.enum(ORDER_STATUSES),
  statusText: z.string(),
  platform: z.number().int().nullable(),
  provider: z.enum(PROVIDERS).nullable(),
  providerTxnId: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type OpsOrderRow = z.infer<typeof opsOrderRow>;

export const opsNotification = z.object({
  id: z.number().int(),
  provider: z.string(),
  notifyId: z.string().nullable(),
  source: z.string(),
  event: z.string().nullable(),
  verified: z.boolean(),
  outcome: z.string(),
  receivedAt: z.string(),
});
export const opsLedgerRow = z.object({
  id: z.number().int(),
  kind: z.string(),
  amount: z.number(),
  provider: z.string().nullable(),
  providerTxnId: z.string().nullable(),
  createdAt: z.string(),
});
export const opsRefund = z.object({
  refundNo: z.string(),
  provider: z.string(),
  amount: z.number(),
  status: z.string(),
  reason: z.string(),
  message: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const opsOrderDetail = z.object({
  order: opsOrderRow,
  notifications: z.array(opsNotification),
  ledger: z.array(opsLedgerRow),
  refunds: z.array(opsRefund),
});
export type OpsOrderDetail = z.infer<typeof opsOrderDetail>;

/** ?orderNo: that order in full (none: 404); ?phone: the user's latest orders (an unknown phone: an empty list). */
export const opsOrdersBody = z.object({ detail: opsOrderDetail.nullable(), list: z.array(opsOrderRow) });
export type OpsOrdersBody = z.infer<typeof opsOrdersBody>;

export const opsRefundInput = z.object({
  orderNo: orderNoParam,
  reason: z
    .string({ message: REFUND_REASON_ERROR })
    .trim()
    .min(2, { message: REFUND_REASON_ERROR })
    .max(100, { message: REFUND_REASON_ERROR }),
});
export const opsRefundBody = z.object({ refundNo: z.string(), detail: opsOrderDetail });
export type OpsRefundBody = z.infer<typeof opsRefundBody>;

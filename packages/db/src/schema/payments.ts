// Orders and payments (issue 12; research/payments.md §5). An order's price is fen (分) from the catalogue at
// creation. Entitlements are granted exactly once: UNIQUE(provider, provider_txn_id) on orders, UNIQUE(provider,
// notify_id) on the notification log (rejected notifications are logged with notify_id NULL, so a retry of a
// rejected one is judged again), UNIQUE(order_no, kind) on the ledger, each written in the transaction of the
// conditional state update.
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** 订单. status: PENDING | PAYING | PAID | CLOSED | REFUNDING | REFUNDED (domain ORDER_STATUSES). */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id').notNull(),
    /** vip | report | trade | activity. */
    productKind: text('product_kind').notNull(),
    productCode: text('product_code').notNull(),
    subject: text('subject').notNull(),
    /** What the buyer pays: the catalogue price less the coupon's discount. */
    amountFen: integer('amount_fen').notNull(),
    /** The catalogue price before a coupon (issue 18); equals amount_fen without one. Null on older orders. */
    listFen: integer('list_fen'),
    /** The coupon this order uses (one per order), or null. */
    couponId: integer('coupon_id'),
    /**
     * What an activity item's order gives (issue 18: a card's code or a report's product code), frozen when the
     * order is made, so a sale list changed by ops later never changes what a paid order grants or a refund takes.
     */
    grants: jsonb('grants').$type<Record<string, unknown>>(),
    status: text('status').notNull().default('PENDING'),
    /** The pay platform chosen at unifiedorder (1 支付宝, 2 微信, 3 Apple). */
    platform: smallint('platform'),
    /** alipay | wechat | apple: where the order was last sent to pay. */
    provider: text('provider'),
    /** Alipay trade_no, WeChat transaction_id, Apple transactionId; set when paid. */
    providerTxnId: text('provider_txn_id'),
    /** The StoreKit appAccountToken naming this order at Apple. */
    appAccountToken: uuid('app_account_token').notNull(),
    /** Same-origin path to land on after paying. */
    returnTo: text('return_to'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    closedAt: at('closed_at'),
    refundedAt: at('refunded_at'),
  },
  (t) => [
    uniqueIndex('orders_order_no_idx').on(t.orderNo),
    uniqueIndex('orders_app_account_token_idx').on(t.appAccountToken),
    uniqueIndex('orders_provider_txn_idx').on(t.provider, t.providerTxnId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    // the timeout job: unpaid orders by deadline
    index('orders_open_idx').on(t.status, t.expiresAt),
  ],
);

/**
 * Every notification received (and every query answer or Apple confirmation applied like one). verified: the
 * adapter's signature/identity checks passed. outcome: what the orders core made of it (paid, duplicate,
 * rejected: …). notify_id is the provider's id for accepted ones and NULL for rejected ones.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    notifyId: text('notify_id'),
    /** The id the notification claimed, kept for rejected ones too. */
    claimedNotifyId: text('claimed_notify_id'),
    /** notify | query | confirm. */
    source: text('source').notNull(),
    orderNo: text('order_no'),
    event: text('event'),
    verified: boolean('verified').notNull(),
    outcome: text('outcome').notNull(),
    payload: jsonb('payload'),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_notifications_notify_idx').on(t.provider, t.notifyId),
    index('payment_notifications_order_idx').on(t.orderNo),
  ],
);

/** Entitlement and money rows: one 'grant' and at most one 'refund' per order. */
export const paymentLedger = pgTable(
  'payment_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    /** grant | refund. */
    kind: text('kind').notNull(),
    amountFen: integer('amount_fen').notNull(),
    provider: text('provider'),
    providerTxnId: text('provider_txn_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_ledger_order_kind_idx').on(t.orderNo, t.kind)],
);

/** 退款. status: PENDING | SUCCESS | FAILED. created_by: the staff user, NULL for the system (late success). */
export const refunds = pgTable(
  'refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    refundNo: text('refund_no').notNull(),
    orderNo: text('order_no').notNull(),
    provider: text('provider').notNull(),
    /** The payment refunded (a late payment's own transaction may differ from the order's). */
    providerTxnId: text('provider_txn_id'),
    amountFen: integer('amount_fen').notNull(),
    status: text('status').notNull().default('PENDING'),
    reason: text('reason').notNull(),
    message: text('message'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('refunds_refund_no_idx').on(t.refundNo),
    index('refunds_order_idx').on(t.orderNo),
    index('refunds_txn_idx').on(t.provider, t.providerTxnId),
  ],
);

/** Idempotency-Key of creating POSTs: the same key and body answer the stored response. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_idx').on(t.userId, t.route, t.key)],
);

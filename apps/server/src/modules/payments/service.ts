// The orders core (issue 12; research/payments.md §5): orders made from the catalogue's prices, the pay step at a
// provider, and ONE apply path for everything a provider says (notification, query answer, Apple confirmation):
// in one transaction the notification log row (UNIQUE(provider, notify_id): a duplicate does nothing), the
// business checks, the conditional state update, the ledger row (UNIQUE(order_no, kind)) and the entitlement.
// A success after CLOSED (or at a provider the order has left) is recorded and refunded at that provider.
// Unpaid orders close after 30 minutes, at the provider first. Refunds move PAID → REFUNDING → REFUNDED, audited.
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { isoText, queryRows, sql, type Database } from '@fjt/db';
import {
  ApiError,
  choosePaymentMethods,
  COUPON_MESSAGES,
  couponDiscountFen,
  detectClient,
  IDEMPOTENCY_KEY_ERROR,
  IDEMPOTENCY_KEY_PATTERN,
  ORDER_MESSAGES,
  ORDER_STATUS_LABELS,
  ORDER_TIMEOUT_MS,
  orderStatusPath,
  PAY_PLATFORM,
  PROVIDER_OF_PLATFORM,
  RESULT_CODE,
  safeRedirectPath,
  type OrderStatus,
  PROVIDER_CAN_REFUND,
  type OrderView,
  type PayAction,
  type PayPattern,
  type PayPlatform,
  type ProductKind,
  type ProviderName,
} from '@fjt/domain';
import { recordAudit } from '../staff/audit.ts';
import { COUPON_COLUMNS, couponRowOf, couponStateOf, type CouponRow } from '../coupons/service.ts';
import type { IncomingNotification, PaymentProvider, ProviderReply, VerifiedNotification } from './provider.ts';
import { appleProductIdOf, type Providers } from './registry.ts';
import { productViewOf, type Catalogue } from './catalogue.ts';
import { API_PREFIX } from '../../plugins/envelope.ts';

const TS = (column: string) => isoText(column, { ms: true });
const ORDER_COLUMNS = sql.raw(`order_no AS "orderNo", user_id AS "userId", product_kind AS "productKind",
  product_code AS "productCode", subject, amount_fen AS "amountFen", list_fen AS "listFen", coupon_id AS "couponId",
  grants, status, platform, provider,
  provider_txn_id AS "providerTxnId", app_account_token::text AS "appAccountToken", return_to AS "returnTo"`);
const ORDER_TIMES = sql`${TS('created_at')} AS "createdAt", ${TS('expires_at')} AS "expiresAt",
  ${TS('paid_at')} AS "paidAt", ${TS('closed_at')} AS "closedAt"`;

export interface OrderRow {
  orderNo: string;
  userId: number;
  productKind: ProductKind;
  productCode: string;
  subject: string;
  amountFen: number;
  /** The catalogue price before a coupon (null on orders older than issue 18). */
  listFen: number | null;
  couponId: number | null;
  /** What an activity item's order gives, frozen when it was made (null for other kinds). */
  grants: Record<string, unknown> | null;
  status: OrderStatus;
  platform: number | null;
  provider: ProviderName | null;
  providerTxnId: string | null;
  appAccountToken: string;
  returnTo: string | null;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
  closedAt: string | null;
}

/** What a paid order gives and how a refund takes it back; both run in the payment's transaction. */
export interface Fulfilment {
  grant(tx: Database, order: OrderRow): Promise<void>;
  revoke(tx: Database, order: OrderRow): Promise<void>;
}
export type Fulfilments = Partial<Record<ProductKind, Fulfilment>>;

/**
 * What else a grant or a revocation moves, for any kind of product (the reseller's commission): run right after the
 * fulfilment, in the same transaction and under the same once-per-order guard (the ledger row), in list order.
 */
export type OrderHook = (tx: Database, order: OrderRow) => Promise<void>;
export interface OrderHooks {
  afterGrant?: readonly OrderHook[];
  afterRevoke?: readonly OrderHook[];
  /**
   * A reseller's code sent with a product order: checks it (throws an ApiError to refuse the order) and records the
   * referral, in the order's transaction.
   */
  attribute?: (tx: Database, order: OrderRow, proxyCode: string) => Promise<void>;
}

export interface ApplyResult {
  /** Whether the provider should be told 'accepted' (a duplicate is accepted too). */
  accepted: boolean;
  outcome: string;
  orderNo: string | null;
}

export interface ClientContext {
  userAgent: string | undefined;
  currentVersion: string | undefined;
  ip: string;
}

/** Who creates an order: the client whose payment methods decide whether a coupon can be paid for. */
export type OrderClient = Pick<ClientContext, 'userAgent' | 'currentVersion'>;

/** A status poll asks the provider at most this often per order. */
export const QUERY_MIN_GAP_MS = 3000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class Rejection extends Error {
  constructor(
    readonly outcome: string,
    readonly orderNo: string | null,
  ) {
    super(outcome);
  }
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');
/** yyyyMMddHHmmss, Beijing time. */
const stamp = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace(/[-T:]/g, '');

export function createOrdersService(deps: {
  db: Database;
  providers: Providers;
  fulfil: Fulfilments;
  catalogue: Catalogue;
  hooks?: OrderHooks;
  publicOrigin: string;
  now: () => number;
  log?: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}) {
  const { db, providers, fulfil, catalogue, publicOrigin } = deps;
  const hooks = deps.hooks ?? {};
  const now = () => new Date(deps.now());
  const lastQueried = new Map<string, number>();

  function view(o: OrderRow): OrderView {
    return {
      orderNo: o.orderNo,
      productKind: o.productKind,
      productCode: o.productCode,
      subject: o.subject,
      amount: o.amountFen / 100,
      ...(o.listFen !== null && o.listFen > o.amountFen
        ? { listAmount: o.listFen / 100, discount: (o.listFen - o.amountFen) / 100 }
        : {}),
      status: o.status,
      statusText: ORDER_STATUS_LABELS[o.status],
      platform: o.platform,
      createdAt: o.createdAt,
      expiresAt: o.expiresAt,
      paidAt: o.paidAt,
      returnTo: o.returnTo,
      ...(o.grants?.kind === 'vip' || o.grants?.kind === 'report' ? { grantKind: o.grants.kind } : {}),
    };
  }

  async function findOrder(tx: Database, orderNo: string, lock = false): Promise<OrderRow | undefined> {
    const [row] = await queryRows<OrderRow>(
      tx,
      sql`SELECT ${ORDER_COLUMNS}, ${ORDER_TIMES} FROM orders WHERE order_no = ${orderNo} ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    return row;
  }

  async function ownOrder(userId: number, orderNo: string): Promise<OrderRow> {
    const order = await findOrder(db, orderNo);
    if (!order || order.userId !== userId) throw ApiError.notFound(ORDER_MESSAGES.notFound);
    return order;
  }

  /**
   * Locks the user's coupon (FOR UPDATE) and checks it for an order of `priceFen` of `kind` now: owner, unused,
   * valid, kind and threshold (COUPON_MESSAGES). Answers its id and the 分 it takes off.
   */
  async function takeCoupon(
    tx: Database,
    userId: number,
    couponNo: string,
    priceFen: number,
    kind: ProductKind,
    t: Date,
  ) {
    const [c] = await queryRows<CouponRow>(
      tx,
      sql`SELECT ${COUPON_COLUMNS} FROM coupon WHERE coupon_no = ${couponNo} FOR UPDATE`,
    );
    if (!c) throw ApiError.notFound(COUPON_MESSAGES.notFound);
    if (c.userId !== userId) throw ApiError.forbidden(COUPON_MESSAGES.notYours);
    const row = couponRowOf(c);
    const state = couponStateOf(row, t);
    if (state === 'used') throw ApiError.conflict(COUPON_MESSAGES.used);
    if (state === 'expired') throw ApiError.badRequest(COUPON_MESSAGES.expired);
    if (state === 'upcoming') throw ApiError.badRequest(COUPON_MESSAGES.notYet);
    if (row.productKinds.length > 0 && !row.productKinds.includes(kind)) {
      throw ApiError.badRequest(COUPON_MESSAGES.kindMismatch);
    }
    if (priceFen < row.minFen) throw ApiError.badRequest(COUPON_MESSAGES.belowMin);
    const discountFen = couponDiscountFen(row, priceFen, kind);
    if (discountFen <= 0) throw ApiError.badRequest(COUPON_MESSAGES.kindMismatch);
    return { id: row.id, discountFen };
  }

  /** An order closed unpaid gives its coupon back (a paid or refunded one keeps it used). */
  async function releaseCoupon(tx: Database, orderNo: string) {
    await tx.execute(sql`UPDATE coupon SET used_order_no = NULL, used_at = NULL WHERE used_order_no = ${orderNo}`);
  }

  /** Makes a PENDING order; the amount is the caller's catalogue price, never a client's. */
  async function createOrder(
    tx: Database,
    input: {
      userId: number;
      productKind: ProductKind;
      productCode: string;
      subject: string;
      amountFen: number;
      returnTo?: string | undefined;
      /** Issue 18: a coupon the user holds, checked and taken here, in the order's transaction. */
      couponNo?: string | undefined;
      /** What the order gives, frozen now (CatalogueEntry.grants). */
      grants?: Record<string, unknown> | undefined;
      /** The creating client: in the iOS app (it pays with Apple) a coupon is refused at once, not at pay. */
      client?: OrderClient | undefined;
    },
  ): Promise<OrderRow> {
    if (input.couponNo && input.client && paysOnlyWithApple(input.client)) {
      throw ApiError.badRequest(COUPON_MESSAGES.applePay);
    }
    const t = now();
    const returnTo = input.returnTo ? safeRedirectPath(input.returnTo, '') || null : null;
    const coupon = input.couponNo
      ? await takeCoupon(tx, input.userId, input.couponNo, input.amountFen, input.productKind, t)
      : null;
    const payFen = input.amountFen - (coupon?.discountFen ?? 0);
    for (let attempt = 0; ; attempt++) {
      const orderNo = `FJT${stamp(t.getTime())}${digits(8)}`;
      const rows = await queryRows<{ orderNo: string }>(
        tx,
        sql`INSERT INTO orders (order_no, user_id, product_kind, product_code, subject, amount_fen, list_fen, coupon_id,
                                grants, status, app_account_token, return_to, created_at, expires_at)
            VALUES (${orderNo}, ${input.userId}, ${input.productKind}, ${input.productCode}, ${input.subject},
                    ${payFen}, ${input.amountFen}, ${coupon?.id ?? null},
                    ${input.grants ? JSON.stringify(input.grants) : null}::jsonb, 'PENDING', ${randomUUID()}::uuid, ${returnTo},
                    ${t.toISOString()}::timestamptz, ${new Date(t.getTime() + ORDER_TIMEOUT_MS).toISOString()}::timestamptz)
            ON CONFLICT (order_no) DO NOTHING RETURNING order_no AS "orderNo"`,
      );
      if (rows.length > 0) {
        if (coupon) {
          // one order per coupon: the unique coupon_order index settles a race the row lock did not see
          await tx.execute(
            sql`UPDATE coupon SET used_order_no = ${orderNo}, used_at = ${t.toISOString()}::timestamptz
                WHERE id = ${coupon.id} AND used_order_no IS NULL`,
          );
        }
        return (await findOrder(tx, orderNo))!;
      }
      if (attempt > 5) throw new Error('could not allocate an order number');
    }
  }

  /**
   * Runs `create` once per (user, route, Idempotency-Key): the same key with the same body answers the stored
   * response; with another body, 409 ORDER_MESSAGES.idempotencyConflict. No key: runs every time.
   */
  async function withIdempotency<T>(
    userId: number,
    route: string,
    key: string | undefined,
    body: unknown,
    create: (tx: Database) => Promise<T>,
  ): Promise<T> {
    if (key === undefined) return db.transaction((tx) => create(tx));
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw ApiError.badRequest(IDEMPOTENCY_KEY_ERROR);
    const hash = createHash('sha256')
      .update(JSON.stringify(body ?? null))
      .digest('hex');
    return db.transaction(async (tx) => {
      // claims the key; a concurrent request with the same key waits here until this one commits
      const claimed = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO idempotency_keys (user_id, key, route, request_hash, created_at)
            VALUES (${userId}, ${key}, ${route}, ${hash}, ${now().toISOString()}::timestamptz)
            ON CONFLICT (user_id, route, key) DO NOTHING RETURNING id::int AS id`,
      );
      if (claimed.length === 0) {
        const [stored] = await queryRows<{ requestHash: string; response: T | null }>(
          tx,
          sql`SELECT request_hash AS "requestHash", response FROM idempotency_keys
              WHERE user_id = ${userId} AND route = ${route} AND key = ${key}`,
        );
        if (!stored || stored.requestHash !== hash || stored.response === null) {
          throw ApiError.conflict(ORDER_MESSAGES.idempotencyConflict);
        }
        return stored.response;
      }
      const response = await create(tx);
      await tx.execute(
        sql`UPDATE idempotency_keys SET response = ${JSON.stringify(response)}::jsonb WHERE id = ${claimed[0]!.id}`,
      );
      return response;
    });
  }

  /**
   * Whether Apple Pay is the only way this client can pay (the iOS app with in-app purchase required): App Store
   * prices are fixed tiers, a coupon's amount has none, so such an order cannot carry a coupon. An iOS app that is
   * also offered 支付宝 or 微信 may order with a coupon; paying that order with Apple Pay is refused (pay()).
   */
  function paysOnlyWithApple(client: OrderClient): boolean {
    const pattern = payPattern();
    const choice = choosePaymentMethods({
      platforms: pattern.platforms,
      flags: detectClient(client.userAgent, client.currentVersion),
      wechatMerchantEnabled: pattern.wechatMerchantEnabled,
      inAppOnlyFlag: pattern.inAppOnly,
    });
    const usable = choice.ok ? choice.methods.filter((m) => m.enabled) : [];
    return usable.length > 0 && usable.every((m) => m.platform === PAY_PLATFORM.applePay);
  }

  function payPattern(_productCode?: string): PayPattern {
    const platforms = (Object.entries(PROVIDER_OF_PLATFORM) as [string, ProviderName][])
      .filter(([, name]) => providers[name])
      .map(([platform]) => Number(platform))
      .sort((a, b) => a - b);
    // no product is in-app only yet (the report mall and activities may set it per product)
    return { platforms, wechatMerchantEnabled: Boolean(providers.wechat), inAppOnly: false };
  }

  // --- the apply path ---------------------------------------------------------------------------------------

  async function logRejected(
    provider: string,
    source: string,
    r: { claimedNotifyId?: string | null; orderNo?: string | null; event?: string | null; verified: boolean },
    outcome: string,
    payload: unknown,
  ) {
    await db.execute(
      sql`INSERT INTO payment_notifications (provider, notify_id, claimed_notify_id, source, order_no, event, verified,
                                             outcome, payload, received_at)
          VALUES (${provider}, NULL, ${r.claimedNotifyId ?? null}, ${source}, ${r.orderNo ?? null}, ${r.event ?? null},
                  ${r.verified}, ${`rejected: ${outcome}`}, ${JSON.stringify(payload ?? null)}::jsonb,
                  ${now().toISOString()}::timestamptz)`,
    );
  }

  /** PAID|REFUNDING → REFUNDED with the ledger row, the revocation and an audit row; once. */
  async function markRefunded(tx: Database, order: OrderRow, provider: string, actorId: number | null) {
    const t = now().toISOString();
    const moved = await queryRows<{ orderNo: string }>(
      tx,
      sql`UPDATE orders SET status = 'REFUNDED', refunded_at = ${t}::timestamptz
          WHERE order_no = ${order.orderNo} AND status IN ('PAID', 'REFUNDING') RETURNING order_no AS "orderNo"`,
    );
    await tx.execute(
      sql`UPDATE refunds SET status = 'SUCCESS', finished_at = ${t}::timestamptz
          WHERE order_no = ${order.orderNo} AND status = 'PENDING'`,
    );
    if (moved.length === 0) return false;
    const ledger = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO payment_ledger (order_no, kind, amount_fen, provider, provider_txn_id, created_at)
          VALUES (${order.orderNo}, 'refund', ${order.amountFen}, ${provider}, ${order.providerTxnId},
                  ${t}::timestamptz)
          ON CONFLICT (order_no, kind) DO NOTHING RETURNING id::int AS id`,
    );
    if (ledger.length > 0) {
      await fulfil[order.productKind]?.revoke(tx, order);
      for (const hook of hooks.afterRevoke ?? []) await hook(tx, order);
    }
    await recordAudit(tx, {
      actorId,
      action: 'order.refunded',
      targetType: 'order',
      targetId: order.orderNo,
      detail: { amountFen: order.amountFen, provider, providerTxnId: order.providerTxnId },
    });
    return true;
  }

  /**
   * Everything a provider says about a payment goes through here, once per (provider, notify id). Rejections
   * (unknown order, wrong amount, refund before payment) leave nothing but a log row with notify_id NULL, so the
   * provider's retry is judged again.
   */
  async function apply(n: VerifiedNotification, source: 'notify' | 'query' | 'confirm'): Promise<ApplyResult> {
    const lateRefunds: { orderNo: string; refundNo: string; provider: ProviderName; amountFen: number }[] = [];
    // the common duplicate (a provider's retry after our reply was lost) without a transaction; the insert below
    // is what decides under races
    const [seen] = await queryRows<{ id: number }>(
      db,
      sql`SELECT id::int AS id FROM payment_notifications WHERE provider = ${n.provider} AND notify_id = ${n.notifyId}`,
    );
    if (seen) return { accepted: true, outcome: 'duplicate', orderNo: n.outTradeNo };
    try {
      const result = await db.transaction(async (tx): Promise<ApplyResult> => {
        const logged = await queryRows<{ id: number }>(
          tx,
          sql`INSERT INTO payment_notifications (provider, notify_id, claimed_notify_id, source, order_no, event,
                                                 verified, outcome, payload, received_at)
              VALUES (${n.provider}, ${n.notifyId}, ${n.notifyId}, ${source}, ${n.outTradeNo}, ${n.event}, TRUE,
                      'received', ${JSON.stringify(n.payload ?? null)}::jsonb, ${now().toISOString()}::timestamptz)
              ON CONFLICT (provider, notify_id) DO NOTHING RETURNING id::int AS id`,
        );
        if (logged.length === 0) return { accepted: true, outcome: 'duplicate', orderNo: n.outTradeNo };
        const logId = logged[0]!.id;

        let orderNo = n.outTradeNo;
        if (!orderNo && n.appAccountToken && UUID.test(n.appAccountToken)) {
          const [byToken] = await queryRows<{ orderNo: string }>(
            tx,
            sql`SELECT order_no AS "orderNo" FROM orders WHERE app_account_token = ${n.appAccountToken}::uuid`,
          );
          orderNo = byToken?.orderNo ?? null;
        }
        const order = orderNo ? await findOrder(tx, orderNo, true) : undefined;
        if (!order) throw new Rejection('unknown order', orderNo);
        if (n.appAccountToken && n.appAccountToken !== order.appAccountToken) {
          throw new Rejection('appAccountToken is not the order’s', order.orderNo);
        }

        const done = async (outcome: string): Promise<ApplyResult> => {
          await tx.execute(
            sql`UPDATE payment_notifications SET outcome = ${outcome}, order_no = ${order.orderNo} WHERE id = ${logId}`,
          );
          return { accepted: true, outcome, orderNo: order.orderNo };
        };
        const t = now().toISOString();

        /** Money was taken where it should not have been: record it and give it back (after commit). */
        const refundLate = async (why: string) => {
          const amountFen = n.amountFen ?? order.amountFen;
          const [already] = await queryRows<{ refundNo: string }>(
            tx,
            sql`SELECT refund_no AS "refundNo" FROM refunds
                WHERE provider = ${n.provider} AND provider_txn_id = ${n.providerTxnId}`,
          );
          if (already) return done(`${why}; refund ${already.refundNo} already made`);
          const refundNo = `RF${stamp(deps.now())}${digits(8)}`;
          await tx.execute(
            sql`INSERT INTO refunds (refund_no, order_no, provider, provider_txn_id, amount_fen, status, reason,
                                     created_by, created_at)
                VALUES (${refundNo}, ${order.orderNo}, ${n.provider}, ${n.providerTxnId}, ${amountFen}, 'PENDING',
                        ${why}, NULL, ${t}::timestamptz)`,
          );
          await recordAudit(tx, {
            actorId: null,
            action: 'order.refund.late',
            targetType: 'order',
            targetId: order.orderNo,
            detail: { why, refundNo, amountFen, provider: n.provider, providerTxnId: n.providerTxnId },
          });
          lateRefunds.push({ orderNo: order.orderNo, refundNo, provider: n.provider, amountFen });
          return done(`${why}; refund ${refundNo}`);
        };

        switch (n.event) {
          case 'PAID': {
            if (n.amountFen !== null && n.amountFen !== order.amountFen) {
              throw new Rejection(`amount ${n.amountFen} is not the order's ${order.amountFen}`, order.orderNo);
            }
            const expected = appleProductIdOf(order.productKind, order.productCode, order.amountFen);
            if (n.productId && n.productId !== expected) {
              throw new Rejection(`product ${n.productId} is not the order's ${expected}`, order.orderNo);
            }
            if (!n.providerTxnId) throw new Rejection('no transaction id', order.orderNo);
            /** The one way into PAID: conditional on the state read, with the ledger row and the entitlement. */
            const markPaid = async (from: readonly OrderStatus[], outcome: string) => {
              const [other] = await queryRows<{ orderNo: string }>(
                tx,
                sql`SELECT order_no AS "orderNo" FROM orders
                    WHERE provider = ${n.provider} AND provider_txn_id = ${n.providerTxnId}`,
              );
              if (other) throw new Rejection(`transaction belongs to order ${other.orderNo}`, order.orderNo);
              const moved = await queryRows<{ orderNo: string }>(
                tx,
                sql`UPDATE orders SET status = 'PAID', provider_txn_id = ${n.providerTxnId}, paid_at = ${t}::timestamptz,
                                      closed_at = NULL
                    WHERE order_no = ${order.orderNo} AND status IN (${sql.join(
                      from.map((s) => sql`${s}`),
                      sql`, `,
                    )}) RETURNING order_no AS "orderNo"`,
              );
              if (moved.length === 0) return done('ignored: state moved');
              const ledger = await queryRows<{ id: number }>(
                tx,
                sql`INSERT INTO payment_ledger (order_no, kind, amount_fen, provider, provider_txn_id, created_at)
                    VALUES (${order.orderNo}, 'grant', ${order.amountFen}, ${n.provider}, ${n.providerTxnId},
                            ${t}::timestamptz)
                    ON CONFLICT (order_no, kind) DO NOTHING RETURNING id::int AS id`,
              );
              if (ledger.length > 0) {
                const paid: OrderRow = { ...order, status: 'PAID', providerTxnId: n.providerTxnId, paidAt: t };
                await fulfil[order.productKind]?.grant(tx, paid);
                for (const hook of hooks.afterGrant ?? []) await hook(tx, paid);
              }
              return done(outcome);
            };
            if (order.status === 'PENDING' || order.status === 'PAYING') {
              if (order.provider !== n.provider)
                return refundLate(`paid at ${n.provider}, order is at ${order.provider}`);
              return markPaid(['PENDING', 'PAYING'], 'paid');
            }
            // Apple money cannot be given back by the merchant (only the user can ask Apple): a purchase finished
            // in StoreKit after our 30-minute timeout is honoured instead of refunded — the one move out of CLOSED.
            if (order.status === 'CLOSED' && order.provider === n.provider && !PROVIDER_CAN_REFUND[n.provider]) {
              return markPaid(['CLOSED'], 'paid after the order was closed; honoured (the provider cannot refund)');
            }
            if (order.status === 'CLOSED') return refundLate('paid after the order was closed');
            if (order.provider === n.provider && order.providerTxnId === n.providerTxnId) return done('already paid');
            return refundLate('paid twice');
          }
          case 'CLOSED': {
            if (order.status !== 'PENDING' && order.status !== 'PAYING')
              return done(`ignored: order is ${order.status}`);
            if (order.provider !== n.provider) return done(`ignored: order is at ${order.provider}`);
            await tx.execute(
              sql`UPDATE orders SET status = 'CLOSED', closed_at = ${t}::timestamptz
                  WHERE order_no = ${order.orderNo} AND status IN ('PENDING', 'PAYING')`,
            );
            await releaseCoupon(tx, order.orderNo);
            return done('closed');
          }
          case 'REFUNDED': {
            if (order.status === 'PAID' || order.status === 'REFUNDING') {
              if (order.provider !== n.provider || order.providerTxnId !== n.providerTxnId) {
                return done('ignored: refund of another transaction');
              }
              await markRefunded(tx, order, n.provider, null);
              return done('refunded');
            }
            if (order.status === 'REFUNDED') return done('already refunded');
            if (order.status === 'CLOSED') {
              await tx.execute(
                sql`UPDATE refunds SET status = 'SUCCESS', finished_at = ${t}::timestamptz
                    WHERE order_no = ${order.orderNo} AND provider = ${n.provider} AND status = 'PENDING'`,
              );
              return done('refund of a late payment confirmed');
            }
            // out of order: the payment has not arrived yet; refuse so the provider sends this again later
            throw new Rejection('refund before payment', order.orderNo);
          }
          default:
            return done(`ignored: ${n.event}`);
        }
      });
      for (const r of lateRefunds) await refundAtProvider(r);
      return result;
    } catch (error) {
      if (!(error instanceof Rejection)) throw error;
      await logRejected(
        n.provider,
        source,
        { claimedNotifyId: n.notifyId, orderNo: error.orderNo ?? n.outTradeNo, event: n.event, verified: true },
        error.outcome,
        n.payload,
      );
      return { accepted: false, outcome: `rejected: ${error.outcome}`, orderNo: error.orderNo };
    }
  }

  /** A late payment's refund at its provider, after the transaction that recorded it. */
  async function refundAtProvider(r: { orderNo: string; refundNo: string; provider: ProviderName; amountFen: number }) {
    const provider = providers[r.provider];
    let result: { ok: boolean; message?: string } = { ok: false, message: 'provider not configured' };
    try {
      if (provider) {
        result = await provider.refund({
          outTradeNo: r.orderNo,
          refundNo: r.refundNo,
          amountFen: r.amountFen,
          reason: '订单已关闭，退回付款',
        });
      }
    } catch (error) {
      result = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    await db.transaction(async (tx) => {
      const t = now().toISOString();
      await tx.execute(
        sql`UPDATE refunds SET status = ${result.ok ? 'SUCCESS' : 'FAILED'}, message = ${result.message ?? null},
                               finished_at = ${t}::timestamptz
            WHERE refund_no = ${r.refundNo} AND status = 'PENDING'`,
      );
      if (result.ok) {
        // the money went back: the order's ledger says so (it never had a grant)
        await tx.execute(
          sql`INSERT INTO payment_ledger (order_no, kind, amount_fen, provider, created_at)
              VALUES (${r.orderNo}, 'refund', ${r.amountFen}, ${r.provider}, ${t}::timestamptz)
              ON CONFLICT (order_no, kind) DO NOTHING`,
        );
      }
      await recordAudit(tx, {
        actorId: null,
        action: result.ok ? 'order.refund.late.done' : 'order.refund.late.failed',
        targetType: 'order',
        targetId: r.orderNo,
        detail: { refundNo: r.refundNo, amountFen: r.amountFen, provider: r.provider, message: result.message ?? null },
      });
    });
    if (!result.ok) deps.log?.error({ refund: r, message: result.message }, 'late payment refund failed');
  }

  /** Asks the provider about an order and applies a final answer like a notification. */
  /**
   * Closes one unpaid order, at its provider first: 'paid' when the provider says it was paid after all (applied),
   * 'failed' when the provider could not confirm (the next run tries again), 'moved' when something else moved it.
   */
  async function closeOne(order: OrderRow): Promise<'closed' | 'paid' | 'moved' | 'failed'> {
    const provider = order.provider ? providers[order.provider] : undefined;
    if (provider) {
      try {
        const trade = await provider.query({
          outTradeNo: order.orderNo,
          providerTxnId: order.providerTxnId,
          appAccountToken: order.appAccountToken,
        });
        if (trade.state === 'PAID' || trade.state === 'REFUNDED') {
          await queryAndApply(order);
          return 'paid';
        }
        if (trade.state === 'NOTPAY') await provider.close(order.orderNo);
      } catch (error) {
        deps.log?.warn({ err: error, orderNo: order.orderNo }, 'closing an order at the provider failed');
        return 'failed';
      }
    }
    const closed = await db.transaction(async (tx) => {
      const rows = await queryRows<{ orderNo: string }>(
        tx,
        sql`UPDATE orders SET status = 'CLOSED', closed_at = ${now().toISOString()}::timestamptz
            WHERE order_no = ${order.orderNo} AND status IN ('PENDING', 'PAYING') RETURNING order_no AS "orderNo"`,
      );
      if (rows.length > 0) await releaseCoupon(tx, order.orderNo);
      return rows.length > 0;
    });
    return closed ? 'closed' : 'moved';
  }

  async function queryAndApply(order: OrderRow): Promise<void> {
    const provider = order.provider ? providers[order.provider] : undefined;
    if (!provider) return;
    const trade = await provider.query({
      outTradeNo: order.orderNo,
      providerTxnId: order.providerTxnId,
      appAccountToken: order.appAccountToken,
    });
    if (trade.state === 'NOTPAY' || !trade.providerTxnId) {
      if (trade.state === 'CLOSED') {
        await apply(
          {
            provider: provider.name,
            notifyId: `query:CLOSED:${order.orderNo}`,
            outTradeNo: order.orderNo,
            appAccountToken: null,
            providerTxnId: '',
            event: 'CLOSED',
            amountFen: trade.amountFen,
            payload: trade,
          },
          'query',
        );
      }
      return;
    }
    await apply(
      {
        provider: provider.name,
        notifyId: `query:${trade.state}:${trade.providerTxnId}`,
        outTradeNo: order.orderNo,
        appAccountToken: null,
        providerTxnId: trade.providerTxnId,
        event: trade.state,
        amountFen: trade.amountFen,
        payload: trade,
      },
      'query',
    );
  }

  return {
    view,
    createOrder,
    withIdempotency,
    payPattern,
    apply,

    /** The catalogue's product an order of `code` would be made for (404 when unknown or off sale). */
    entry(code: string, kind?: ProductKind) {
      return catalogue.get(db, code, kind);
    },

    /** NEW GET common/product: a product as the checkout shows it (404 when unknown or off sale). */
    async product(code: string, kind?: ProductKind) {
      return { product: productViewOf(await catalogue.get(db, code, kind)) };
    },

    /**
     * A PENDING order for a catalogue product at the catalogue's price: POST common/order/create, and the product
     * pages' own calls (market/order/create, trade/order/create) with their kind. `route` keys the Idempotency-Key.
     */
    async createProductOrder(
      userId: number,
      input: {
        productCode: string;
        returnTo?: string | undefined;
        proxyCode?: string | undefined;
        couponNo?: string | undefined;
      },
      key: string | undefined,
      options: { route: string; kind?: ProductKind; client?: OrderClient },
    ) {
      return withIdempotency(userId, options.route, key, input, async (tx) => {
        const entry = await catalogue.get(tx, input.productCode, options.kind);
        await catalogue.canBuy(tx, userId, entry);
        const order = await createOrder(tx, {
          userId,
          productKind: entry.kind,
          productCode: entry.code,
          subject: entry.title,
          amountFen: entry.amountFen,
          returnTo: input.returnTo,
          couponNo: input.couponNo,
          grants: entry.grants,
          client: options.client,
        });
        if (input.proxyCode) {
          if (!hooks.attribute) throw new Error('a proxy code was sent but no attribution is set up');
          await hooks.attribute(tx, order, input.proxyCode);
        }
        return { order: view(order) };
      });
    },

    /** POST memberCard/buyMember: a PENDING order for a card at the catalogue's price. */
    async buyMember(
      userId: number,
      input: { cardCode: string; returnTo?: string | undefined; couponNo?: string | undefined },
      key?: string,
      client?: OrderClient,
    ) {
      return withIdempotency(userId, 'memberCard/buyMember', key, input, async (tx) => {
        const entry = await catalogue.get(tx, input.cardCode, 'vip').catch((error: unknown) => {
          throw error instanceof ApiError ? ApiError.badRequest(ORDER_MESSAGES.cardUnknown) : error;
        });
        const order = await createOrder(tx, {
          userId,
          productKind: 'vip',
          productCode: entry.code,
          subject: entry.title,
          amountFen: entry.amountFen,
          returnTo: input.returnTo,
          couponNo: input.couponNo,
          client,
        });
        return { order: view(order) };
      });
    },

    /** POST customer/pay/unifiedorder: checks the method against spec §5 for this client, then asks the provider. */
    async unifiedOrder(
      userId: number,
      input: { orderNo: string; platform: number; openid?: string | undefined },
      client: ClientContext,
    ): Promise<{ orderNo: string; action: PayAction }> {
      const order = await ownOrder(userId, input.orderNo);
      if (order.status === 'CLOSED') throw ApiError.badRequest(ORDER_MESSAGES.closed);
      if (order.status !== 'PENDING' && order.status !== 'PAYING') throw ApiError.badRequest(ORDER_MESSAGES.paid);
      if (Date.parse(order.expiresAt) <= deps.now()) throw ApiError.badRequest(ORDER_MESSAGES.expired);

      const pattern = payPattern(order.productCode);
      const flags = detectClient(client.userAgent, client.currentVersion);
      const choice = choosePaymentMethods({
        platforms: pattern.platforms,
        flags,
        wechatMerchantEnabled: pattern.wechatMerchantEnabled,
        inAppOnlyFlag: pattern.inAppOnly,
      });
      if (!choice.ok || !choice.methods.some((m) => m.platform === input.platform && m.enabled)) {
        throw ApiError.badRequest(ORDER_MESSAGES.platformNotAllowed);
      }
      const name = PROVIDER_OF_PLATFORM[input.platform as PayPlatform];
      const provider: PaymentProvider | undefined = providers[name];
      if (!provider) throw ApiError.badRequest(ORDER_MESSAGES.platformNotAllowed);
      // App Store prices are fixed tiers found by the amount: a discounted amount has no product there
      if (name === 'apple' && order.couponId !== null) throw ApiError.badRequest(COUPON_MESSAGES.applePay);

      const unavailable = (error: unknown) => {
        deps.log?.warn({ err: error, orderNo: order.orderNo, provider: name }, 'payment provider failed');
        return new ApiError(502, RESULT_CODE.server, ORDER_MESSAGES.providerError);
      };
      // leaving one provider for another: its trade is closed first, so it cannot be paid as well
      if (order.provider && order.provider !== name) {
        try {
          await providers[order.provider]?.close(order.orderNo);
        } catch (error) {
          throw unavailable(error);
        }
      }
      const moved = await queryRows<{ orderNo: string }>(
        db,
        sql`UPDATE orders SET status = 'PAYING', provider = ${name}, platform = ${input.platform}
            WHERE order_no = ${order.orderNo} AND status IN ('PENDING', 'PAYING') RETURNING order_no AS "orderNo"`,
      );
      if (moved.length === 0) throw ApiError.badRequest(ORDER_MESSAGES.paid);
      try {
        const action = await provider.createPayment({
          outTradeNo: order.orderNo,
          amountFen: order.amountFen,
          subject: order.subject,
          expiresAt: new Date(order.expiresAt),
          returnUrl: `${publicOrigin}${orderStatusPath(order.productKind, order.productCode, order.orderNo)}`,
          notifyUrl: `${publicOrigin}${API_PREFIX}/customer/pay/notify/${name}`,
          clientIp: client.ip,
          wechatTradeType: flags.isWeixin ? 'jsapi' : 'h5',
          ...(input.openid ? { openid: input.openid } : {}),
          appleProductId: appleProductIdOf(order.productKind, order.productCode, order.amountFen),
          appAccountToken: order.appAccountToken,
        });
        return { orderNo: order.orderNo, action };
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw unavailable(error);
      }
    },

    /** GET order/status: the owner's order; a PAYING one is checked at the provider when its news is late. */
    async status(userId: number, orderNo: string): Promise<{ order: OrderView }> {
      let order = await ownOrder(userId, orderNo);
      if (order.status === 'PAYING' && order.provider) {
        const t = deps.now();
        const last = lastQueried.get(order.orderNo);
        if (last === undefined || t - last >= QUERY_MIN_GAP_MS) {
          lastQueried.set(order.orderNo, t);
          if (lastQueried.size > 10_000) {
            for (const [k, v] of lastQueried) if (t - v >= QUERY_MIN_GAP_MS) lastQueried.delete(k);
          }
          try {
            await queryAndApply(order);
            order = (await findOrder(db, orderNo))!;
          } catch (error) {
            deps.log?.warn({ err: error, orderNo }, 'order status query failed');
          }
        }
      }
      return { order: view(order) };
    },

    /** POST customer/pay/notify/{provider}: verify, apply, answer in the provider's protocol. */
    async notify(name: ProviderName, incoming: IncomingNotification): Promise<ProviderReply> {
      const provider = providers[name];
      if (!provider) return { status: 404, body: 'unknown provider' };
      const verified = await provider.verifyNotification(incoming);
      if (!verified.ok) {
        await logRejected(name, 'notify', { verified: false }, verified.reason, {
          rawBody: incoming.rawBody.slice(0, 8000),
        });
        return provider.replyRejected(verified.reason);
      }
      const result = await apply(verified.notification, 'notify');
      return result.accepted ? provider.replyAccepted() : provider.replyRejected(result.outcome);
    },

    /** POST customer/pay/apple/confirm: the app's StoreKit transaction, verified, applied like a notification. */
    async appleConfirm(userId: number, input: { orderNo: string; signedTransaction: string }) {
      const order = await ownOrder(userId, input.orderNo);
      const apple = providers.apple;
      if (!apple?.verifySignedTransaction) throw ApiError.badRequest(ORDER_MESSAGES.platformNotAllowed);
      const verified = await apple.verifySignedTransaction(input.signedTransaction);
      if (!verified.ok) {
        await logRejected('apple', 'confirm', { orderNo: order.orderNo, verified: false }, verified.reason, {
          signedTransaction: input.signedTransaction.slice(0, 8000),
        });
        throw ApiError.badRequest(ORDER_MESSAGES.appleReceiptInvalid);
      }
      const n = verified.notification;
      if (n.appAccountToken !== order.appAccountToken || (n.outTradeNo && n.outTradeNo !== order.orderNo)) {
        await logRejected('apple', 'confirm', { orderNo: order.orderNo, verified: true }, 'not this order', n.payload);
        throw ApiError.badRequest(ORDER_MESSAGES.appleReceiptInvalid);
      }
      const result = await apply({ ...n, outTradeNo: order.orderNo }, 'confirm');
      if (!result.accepted) throw ApiError.badRequest(ORDER_MESSAGES.appleReceiptInvalid);
      return { order: view((await findOrder(db, order.orderNo))!) };
    },

    /**
     * The timeout job: unpaid orders past their deadline are closed at the provider first (after a last query:
     * a payment that did land is applied instead), then here. Answers how many it closed.
     */
    async closeExpired(limit = 200): Promise<number> {
      const due = await queryRows<OrderRow>(
        db,
        sql`SELECT ${ORDER_COLUMNS}, ${ORDER_TIMES} FROM orders
            WHERE status IN ('PENDING', 'PAYING') AND expires_at <= ${now().toISOString()}::timestamptz
            ORDER BY expires_at LIMIT ${limit}`,
      );
      let closed = 0;
      for (const order of due) if ((await closeOne(order)) === 'closed') closed += 1;
      return closed;
    },

    /**
     * NEW POST order/cancel: the buyer left the cashier (Alipay's quit_url, WeChat's cancel). The trade is closed at
     * the provider first — a payment that got there after all is applied instead — and the order answers as it is.
     */
    async cancel(userId: number, orderNo: string): Promise<{ order: OrderView }> {
      const order = await ownOrder(userId, orderNo);
      if (order.status === 'PENDING' || order.status === 'PAYING') await closeOne(order);
      return { order: view((await findOrder(db, orderNo))!) };
    },

    /** Refunds a paid order in full at its provider: PAID → REFUNDING → REFUNDED (or back to PAID), audited. */
    async refund(orderNo: string, by: { actorId: number | null; reason: string; ip?: string | null }) {
      const refundNo = `RF${stamp(deps.now())}${digits(8)}`;
      const order = await db.transaction(async (tx) => {
        const o = await findOrder(tx, orderNo, true);
        if (!o) throw ApiError.notFound(ORDER_MESSAGES.notFound);
        if (o.status !== 'PAID' || !o.provider) throw ApiError.badRequest(ORDER_MESSAGES.refundNotPaid);
        await tx.execute(sql`UPDATE orders SET status = 'REFUNDING' WHERE order_no = ${orderNo} AND status = 'PAID'`);
        await tx.execute(
          sql`INSERT INTO refunds (refund_no, order_no, provider, provider_txn_id, amount_fen, status, reason,
                                   created_by, created_at)
              VALUES (${refundNo}, ${orderNo}, ${o.provider}, ${o.providerTxnId}, ${o.amountFen}, 'PENDING',
                      ${by.reason}, ${by.actorId}, ${now().toISOString()}::timestamptz)`,
        );
        await recordAudit(tx, {
          actorId: by.actorId,
          action: 'order.refund',
          targetType: 'order',
          targetId: orderNo,
          detail: { refundNo, amountFen: o.amountFen, provider: o.provider, reason: by.reason },
          ip: by.ip ?? null,
        });
        return o;
      });
      let result: { ok: boolean; message?: string };
      try {
        const provider = providers[order.provider!];
        result = provider
          ? await provider.refund({ outTradeNo: orderNo, refundNo, amountFen: order.amountFen, reason: by.reason })
          : { ok: false, message: 'provider not configured' };
      } catch (error) {
        result = { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
      await db.transaction(async (tx) => {
        const current = (await findOrder(tx, orderNo, true))!;
        if (result.ok) {
          await markRefunded(tx, { ...current, providerTxnId: current.providerTxnId }, order.provider!, by.actorId);
          return;
        }
        await tx.execute(sql`UPDATE orders SET status = 'PAID' WHERE order_no = ${orderNo} AND status = 'REFUNDING'`);
        await tx.execute(
          sql`UPDATE refunds SET status = 'FAILED', message = ${result.message ?? null},
                                 finished_at = ${now().toISOString()}::timestamptz
              WHERE refund_no = ${refundNo} AND status = 'PENDING'`,
        );
        await recordAudit(tx, {
          actorId: by.actorId,
          action: 'order.refund.failed',
          targetType: 'order',
          targetId: orderNo,
          detail: { refundNo, message: result.message ?? null },
          ip: by.ip ?? null,
        });
      });
      if (!result.ok)
        throw new ApiError(502, RESULT_CODE.server, `${ORDER_MESSAGES.refundFailed}：${result.message ?? ''}`);
      return { order: view((await findOrder(db, orderNo))!), refundNo };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/** VIP cards: the card's days, once per order (membership grantDays); a refund takes the order's period back. */
export function vipFulfilment(deps: {
  grantDays: (
    tx: Database,
    g: { userId: number; days: number; source: 'order'; ref: string; cardCode?: string | null },
  ) => Promise<boolean>;
  now: () => number;
}): Fulfilment {
  return {
    async grant(tx, order) {
      const [card] = await queryRows<{ days: number }>(
        tx,
        sql`SELECT days FROM member_cards WHERE code = ${order.productCode}`,
      );
      if (!card) throw new Error(`member card ${order.productCode} of order ${order.orderNo} is gone`);
      await deps.grantDays(tx, {
        userId: order.userId,
        days: card.days,
        source: 'order',
        ref: order.orderNo,
        cardCode: order.productCode,
      });
    },
    async revoke(tx, order) {
      const t = new Date(deps.now()).toISOString();
      // not begun: gone; running: ends now; over: nothing to take back
      await tx.execute(
        sql`DELETE FROM vip_periods WHERE source = 'order' AND source_ref = ${order.orderNo}
            AND starts_at > ${t}::timestamptz`,
      );
      await tx.execute(
        sql`UPDATE vip_periods SET ends_at = ${t}::timestamptz
            WHERE source = 'order' AND source_ref = ${order.orderNo} AND ends_at > ${t}::timestamptz`,
      );
    },
  };
}

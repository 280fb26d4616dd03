// 优惠券 (issue 18): the one place coupons are made and listed. grantCoupon runs in the caller's transaction (an
// invitation's reward, an activity's claim) and makes a coupon at most once per (source, source_ref), so a retried
// or raced grant gives nothing twice. Applying one to an order and giving it back when the order closes unpaid is
// the checkout's (payments), through the coupon_order unique index: one order, one coupon; one coupon, one order.
import { queryRows, sql, type Database } from '@fjt/db';
import {
  couponDiscountFen,
  DAY_MS,
  type CouponTemplate,
  type CouponUsableItem,
  type CouponView,
  type ProductKind,
} from '@fjt/domain';

export interface CouponRow {
  id: number;
  couponNo: string;
  userId: number;
  template: string;
  title: string;
  kind: 'amount' | 'discount';
  amountFen: number | null;
  discountPct: number | null;
  minFen: number;
  productKinds: string[];
  source: string;
  sourceRef: string;
  validFrom: Date;
  validUntil: Date;
  usedOrderNo: string | null;
  usedAt: Date | null;
}

export const COUPON_COLUMNS = sql`id::int AS id, coupon_no AS "couponNo", user_id AS "userId", template, title, kind,
  amount_fen AS "amountFen", discount_pct AS "discountPct", min_fen AS "minFen", product_kinds AS "productKinds",
  source, source_ref AS "sourceRef", valid_from AS "validFrom", valid_until AS "validUntil",
  used_order_no AS "usedOrderNo", used_at AS "usedAt"`;

/** Dates as Date whatever the driver gave. */
export function couponRowOf(r: CouponRow): CouponRow {
  return {
    ...r,
    validFrom: new Date(r.validFrom),
    validUntil: new Date(r.validUntil),
    usedAt: r.usedAt ? new Date(r.usedAt) : null,
  };
}

export type CouponSource = 'invitation' | 'invitee' | 'activity' | 'grant';

/**
 * Makes one coupon from `template` for `userId`, valid from `now` for the template's days; null when this
 * (source, sourceRef) has already made one (nothing changes then). Pass the transaction of the change it rewards.
 * Its number is 'QJ' and its id in 12 digits: unique by construction.
 */
export async function grantCoupon(
  tx: Database,
  input: { userId: number; template: CouponTemplate; source: CouponSource; sourceRef: string; now: Date },
): Promise<CouponRow | null> {
  const { userId, template: t, source, sourceRef, now } = input;
  const until = new Date(now.getTime() + t.validDays * DAY_MS);
  const rows = await queryRows<CouponRow>(
    tx,
    sql`WITH next AS (SELECT nextval(pg_get_serial_sequence('coupon', 'id'))::int AS id)
        INSERT INTO coupon (id, coupon_no, user_id, template, title, kind, amount_fen, discount_pct, min_fen,
                            product_kinds, source, source_ref, valid_from, valid_until)
        SELECT next.id, 'QJ' || lpad(next.id::text, 12, '0'), ${userId}, ${t.template}, ${t.title}, ${t.kind},
               ${t.amountFen ?? null}::int, ${t.discountPct ?? null}::smallint, ${t.minFen}::int,
               ${JSON.stringify(t.productKinds)}::jsonb, ${source}, ${sourceRef}, ${now.toISOString()}::timestamptz,
               ${until.toISOString()}::timestamptz
        FROM next
        ON CONFLICT (source, source_ref) DO NOTHING
        RETURNING ${COUPON_COLUMNS}`,
  );
  return rows[0] ? couponRowOf(rows[0]) : null;
}

export function couponStateOf(c: CouponRow, now: Date): CouponView['state'] {
  if (c.usedOrderNo) return 'used';
  if (c.validUntil.getTime() <= now.getTime()) return 'expired';
  if (c.validFrom.getTime() > now.getTime()) return 'upcoming';
  return 'usable';
}

export function couponViewOf(c: CouponRow, now: Date): CouponView {
  return {
    couponNo: c.couponNo,
    title: c.title,
    kind: c.kind,
    amount: c.amountFen === null ? null : c.amountFen / 100,
    discountPct: c.discountPct,
    minAmount: c.minFen / 100,
    productKinds: c.productKinds as CouponView['productKinds'],
    validFrom: c.validFrom.toISOString(),
    validUntil: c.validUntil.toISOString(),
    state: couponStateOf(c, now),
    usedOrderNo: c.usedOrderNo,
  };
}

export function createCoupons(db: Database, { now = Date.now }: { now?: () => number } = {}) {
  return {
    /** GET coupon/mine: usable ones first, then upcoming, used, expired; newest first within each; `state` filters. */
    async mine(userId: number, state: 'usable' | 'used' | 'expired' | 'all'): Promise<CouponView[]> {
      const t = new Date(now());
      const at = sql`${t.toISOString()}::timestamptz`;
      const only = {
        // an upcoming coupon is listed with the usable ones
        usable: sql`AND used_order_no IS NULL AND valid_until > ${at}`,
        used: sql`AND used_order_no IS NOT NULL`,
        expired: sql`AND used_order_no IS NULL AND valid_until <= ${at}`,
        all: sql``,
      }[state];
      const rows = await queryRows<CouponRow>(
        db,
        sql`SELECT ${COUPON_COLUMNS} FROM coupon WHERE user_id = ${userId} ${only}
            ORDER BY CASE WHEN used_order_no IS NOT NULL THEN 2 WHEN valid_until <= ${at} THEN 3
                          WHEN valid_from > ${at} THEN 1 ELSE 0 END,
                     created_at DESC, id DESC
            LIMIT 200`,
      );
      return rows.map((r) => couponViewOf(couponRowOf(r), t));
    },

    /**
     * GET coupon/usable: the user's coupons usable now for a product of `kind` at `priceFen` (the amount its order
     * is made at; kind and threshold met), the one taking most off first, then the one expiring first.
     */
    async usable(userId: number, priceFen: number, kind: ProductKind): Promise<CouponUsableItem[]> {
      const t = new Date(now());
      const rows = await queryRows<CouponRow>(
        db,
        sql`SELECT ${COUPON_COLUMNS} FROM coupon
            WHERE user_id = ${userId} AND used_order_no IS NULL AND valid_until > ${t.toISOString()}::timestamptz
              AND valid_from <= ${t.toISOString()}::timestamptz
            ORDER BY valid_until, id LIMIT 200`,
      );
      return rows
        .map((r) => couponRowOf(r))
        .map((c) => ({ c, off: couponDiscountFen(c, priceFen, kind) }))
        .filter((x) => x.off > 0)
        .sort((a, b) => b.off - a.off || a.c.validUntil.getTime() - b.c.validUntil.getTime())
        .map(({ c, off }) => ({ ...couponViewOf(c, t), discount: off / 100, payAmount: (priceFen - off) / 100 }));
    },
  };
}

export type Coupons = ReturnType<typeof createCoupons>;

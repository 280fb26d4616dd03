// 优惠券 (issue 18; PAGES.md §3.13, §3.14): coupons a user holds — an amount off (满减) or a discount (折扣), a
// validity window, the order kinds they apply to — granted by invitations and activities from a template, one per
// order at checkout. NEW GET coupon/mine (login). The template of a grant comes from the server (an activity's
// config or the invitation rules), never from a client.
import { z } from 'zod';
import { PRODUCT_KINDS, type ProductKind } from './payments.ts';
import { COUPON_NO_MESSAGE } from './params.ts';

export const COUPON_MESSAGES = {
  notFound: '优惠券不存在',
  notYours: '该优惠券不属于当前账号',
  used: '该优惠券已使用',
  expired: '该优惠券已过期',
  notYet: '该优惠券尚未生效',
  kindMismatch: '该优惠券不适用于此商品',
  belowMin: '未达到该优惠券的使用门槛',
  couponNo: COUPON_NO_MESSAGE,
  alreadyClaimed: '您已领取过该优惠券',
  applePay: '苹果支付不支持优惠券，请选择其他支付方式或不使用优惠券',
} as const;

/** A template's code, upper-case (INVITE_NEW, D11_20 …). */
export const COUPON_TEMPLATE_PATTERN = /^[A-Z0-9_]{2,32}$/;

export const COUPON_KINDS = ['amount', 'discount'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** What a grant makes (an activity's config holds a list of these; the invitation rules their own). */
export const couponTemplate = z
  .object({
    /** Upper-case code for reports. */
    template: z.string().regex(COUPON_TEMPLATE_PATTERN),
    title: z.string().min(1).max(30),
    kind: z.enum(COUPON_KINDS),
    /** amount: 分 off. */
    amountFen: z.number().int().min(1).max(1_000_000).optional(),
    /** discount: pay this percent (80 = 8折). */
    discountPct: z.number().int().min(10).max(99).optional(),
    /** The least order amount, 分 (0: none). */
    minFen: z.number().int().min(0).max(10_000_000).default(0),
    /** Empty: every kind. */
    productKinds: z.array(z.enum(PRODUCT_KINDS)).default([]),
    validDays: z.number().int().min(1).max(365),
  })
  .refine((t) => (t.kind === 'amount' ? t.amountFen !== undefined : t.discountPct !== undefined), {
    message: 'amount coupons need amountFen, discount coupons discountPct',
  });
export type CouponTemplate = z.infer<typeof couponTemplate>;

/** A coupon as its holder sees it. Amounts in 元. */
export const couponView = z.object({
  couponNo: z.string(),
  title: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** amount: 元 off; null for discount. */
  amount: z.number().nullable(),
  /** discount: percent paid (80 = 8折); null for amount. */
  discountPct: z.number().nullable(),
  /** 元; 0: none. */
  minAmount: z.number(),
  productKinds: z.array(z.enum(PRODUCT_KINDS)),
  validFrom: z.string(),
  validUntil: z.string(),
  /** usable | used | expired | upcoming. */
  state: z.enum(['usable', 'used', 'expired', 'upcoming']),
  usedOrderNo: z.string().nullable(),
});
export type CouponView = z.infer<typeof couponView>;

// --- NEW GET coupon/mine?state ---------------------------------------------------------------------------------------
export const couponMineQuery = z.object({
  state: z.enum(['usable', 'used', 'expired', 'all'], { error: '优惠券状态不正确' }).default('all'),
});
export const couponMineBody = z.object({ list: z.array(couponView) });
export type CouponMineBody = z.infer<typeof couponMineBody>;

/** '立减20元' / '8折' / '满100减20'. */
export function couponFaceText(c: {
  kind: CouponKind;
  amountFen?: number | null;
  discountPct?: number | null;
  minFen?: number | null;
}): string {
  const min = c.minFen ? `满${c.minFen / 100}` : '';
  if (c.kind === 'amount') return `${min ? `${min}减` : '立减'}${(c.amountFen ?? 0) / 100}元`;
  const pct = c.discountPct ?? 100;
  return `${min ? `${min}享` : ''}${pct / 10}折`;
}

/**
 * The 分 a coupon takes off an order of `priceFen` of `kind` — 0 when it does not apply (kind, threshold). The
 * result leaves at least 1 分 to pay (a provider cannot take 0), and a discount rounds the payable up to the 分.
 */
export function couponDiscountFen(
  c: {
    kind: CouponKind;
    amountFen: number | null;
    discountPct: number | null;
    minFen: number;
    productKinds: readonly string[];
  },
  priceFen: number,
  kind: ProductKind,
): number {
  if (c.productKinds.length > 0 && !c.productKinds.includes(kind)) return 0;
  if (priceFen < c.minFen) return 0;
  const off =
    c.kind === 'amount' ? (c.amountFen ?? 0) : priceFen - Math.ceil((priceFen * (c.discountPct ?? 100)) / 100);
  return Math.max(0, Math.min(off, priceFen - 1));
}

// --- NEW GET coupon/usable?productCode (login): the coupons usable for one product at checkout, best first --------
export const couponUsableItem = couponView.extend({
  /** 元 this coupon takes off the product's price. */
  discount: z.number(),
  /** 元 to pay with it. */
  payAmount: z.number(),
});
export type CouponUsableItem = z.infer<typeof couponUsableItem>;
export const couponUsableBody = z.object({
  /** The catalogue price, 元. */
  price: z.number(),
  list: z.array(couponUsableItem),
});
export type CouponUsableBody = z.infer<typeof couponUsableBody>;

// The campaigns of issue 18 (PAGES.md §3.13): /activity/double11 双11 (sale items of the catalogue's kind 'activity'
// and coupons claimed once per user, phone and device) and /activity/freshvip 新人会员 (a free VIP trial for new
// users, once per user, phone and device). What is on sale, the coupons and the trial's rules are the activity's
// config (activity table, `npm run ops -- activity set --config-json`), validated here; never a client's amount.
import { z } from 'zod';
import { COUPON_TEMPLATE_PATTERN, couponTemplate, couponView } from './coupons.ts';
import { PRODUCT_CODE_PATTERN } from './products.ts';

export const CAMPAIGN_MESSAGES = {
  couponMissing: '请选择要领取的优惠券',
  couponUnknown: '优惠券不存在或已领完',
  couponPhoneClaimed: '该手机号已领取过该优惠券',
  couponDeviceClaimed: '该设备已领取过该优惠券',
  trialClaimed: '您已领取过新人会员',
  trialPhoneClaimed: '该手机号已领取过新人会员',
  trialDeviceClaimed: '该设备已领取过新人会员，每台设备仅限领取1次',
  trialWasVip: '您已开通过会员，新人会员仅限从未开通过会员的用户领取',
  trialNotNew: (days: number) => `新人会员仅限注册${days}天内的新用户领取`,
} as const;

// --- the double11 config ---------------------------------------------------------------------------------------------
/** What a sale item stands for: a VIP card's days, or a report kept for good. */
export const saleItemGrant = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('vip'), cardCode: z.string().regex(PRODUCT_CODE_PATTERN) }),
  z.object({ kind: z.literal('report'), productCode: z.string().regex(PRODUCT_CODE_PATTERN) }),
]);
export const saleItem = z.object({
  /** The catalogue's product code of the item (kind 'activity'), e.g. D11_VIP_YEAR. */
  code: z.string().regex(PRODUCT_CODE_PATTERN),
  title: z.string().min(1).max(30),
  subtitle: z.string().max(40).default(''),
  /** 角标, e.g. '限时直降'. */
  badge: z.string().max(8).default(''),
  grants: saleItemGrant,
  /** The sale price, 分. */
  priceFen: z.number().int().min(1).max(10_000_000),
  /** 原价 分 (struck through). */
  originFen: z.number().int().min(1).max(10_000_000).nullable().default(null),
  lines: z.array(z.string().min(1).max(60)).max(6).default([]),
});
export type SaleItem = z.infer<typeof saleItem>;
export const double11Config = z.object({
  items: z.array(saleItem).max(10).default([]),
  coupons: z.array(couponTemplate).max(10).default([]),
});
export type Double11Config = z.infer<typeof double11Config>;

// --- NEW GET activity/double11/items (public) ------------------------------------------------------------------------
export const saleItemView = z.object({
  code: z.string(),
  title: z.string(),
  subtitle: z.string(),
  badge: z.string(),
  /** 元. */
  price: z.number(),
  originPrice: z.number().nullable(),
  lines: z.array(z.string()),
  /** vip | report. */
  grants: z.enum(['vip', 'report']),
});
export type SaleItemView = z.infer<typeof saleItemView>;
export const saleCouponView = z.object({
  template: z.string(),
  title: z.string(),
  /** '满100减20' / '8.8折'. */
  face: z.string(),
  kind: z.enum(['amount', 'discount']),
  /** 元 off (amount) or null. */
  amount: z.number().nullable(),
  discountPct: z.number().nullable(),
  /** 元; 0: none. */
  minAmount: z.number(),
  validDays: z.number().int(),
  /** '会员、活动商品可用' / '全场通用'. */
  scope: z.string(),
});
export type SaleCouponView = z.infer<typeof saleCouponView>;
export const double11ItemsBody = z.object({ items: z.array(saleItemView), coupons: z.array(saleCouponView) });
export type Double11ItemsBody = z.infer<typeof double11ItemsBody>;

// --- NEW GET activity/double11/state (login) -------------------------------------------------------------------------
export const double11StateBody = z.object({
  /** The templates this user has claimed (the coupon each made). */
  claimed: z.array(z.object({ template: z.string(), couponNo: z.string().nullable() })),
});
export type Double11StateBody = z.infer<typeof double11StateBody>;

// --- NEW POST activity/double11/claim {template} (login) ------------------------------------------------------------
export const double11ClaimInput = z.object({
  template: z
    .string({ message: CAMPAIGN_MESSAGES.couponMissing })
    .regex(COUPON_TEMPLATE_PATTERN, { message: CAMPAIGN_MESSAGES.couponUnknown }),
});
export const double11ClaimBody = z.object({ coupon: couponView });
export type Double11ClaimBody = z.infer<typeof double11ClaimBody>;

// --- the freshvip config ---------------------------------------------------------------------------------------------
export const freshvipConfig = z.object({
  trialDays: z.number().int().min(1).max(90).default(7),
  registeredWithinDays: z.number().int().min(1).max(365).default(7),
});
export type FreshvipConfig = z.infer<typeof freshvipConfig>;

export const TRIAL_REFUSALS = ['not-new', 'was-vip', 'claimed', 'phone-claimed', 'device-claimed'] as const;
export type TrialRefusal = (typeof TRIAL_REFUSALS)[number];

// --- NEW GET activity/freshvip/check (login) -------------------------------------------------------------------------
export const freshvipCheckBody = z.object({
  eligible: z.boolean(),
  /** Why not (null when eligible). */
  reason: z.enum(TRIAL_REFUSALS).nullable(),
  /** The reason in Chinese (null when eligible). */
  message: z.string().nullable(),
  trialDays: z.number().int(),
  registeredWithinDays: z.number().int(),
});
export type FreshvipCheckBody = z.infer<typeof freshvipCheckBody>;

// --- NEW POST activity/freshvip/claim (login) ------------------------------------------------------------------------
export const freshvipClaimBody = z.object({
  trialDays: z.number().int(),
  /** The membership after the trial was added (ISO). */
  expiresAt: z.string().nullable(),
  daysLeft: z.number().int(),
});
export type FreshvipClaimBody = z.infer<typeof freshvipClaimBody>;

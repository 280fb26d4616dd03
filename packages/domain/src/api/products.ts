// The one product catalogue behind every checkout (issue 12; PAGES.md §3.10): VIP cards, market reports, deal-data
// packages and activity items are all looked up by productCode, so the generic /common/order?productCode page (the
// default target of the spec §2 order redirect) can sell any of them. NEW GET common/product?productCode and NEW
// POST common/order/create {productCode, returnTo} (Idempotency-Key); the product pages' own creating calls
// (memberCard/buyMember, market/order/create, trade/order/create) make the same order through the same catalogue.
import { z } from 'zod';
import { couponNoParam } from './params.ts';
import { PRODUCT_KINDS } from './payments.ts';
import { proxyCodeParam } from './wallet.ts';

/** Product codes: upper-case letters, digits, '_' and '-', 2–48 characters (VIP_MONTH, RPT-C-330100-2026, …). */
export const PRODUCT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{1,47}$/;
export const PRODUCT_MESSAGES = {
  missing: '缺少商品信息',
  unknown: '商品不存在或已下架',
  owned: '您已购买该商品，无需重复购买',
} as const;
export const productCodeParam = z
  .string({ message: PRODUCT_MESSAGES.missing })
  .regex(PRODUCT_CODE_PATTERN, { message: PRODUCT_MESSAGES.unknown });

/** A product as a checkout shows it. Amounts in 元. */
export const productView = z.object({
  code: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  title: z.string(),
  /** One line under the title (card period, report coverage, package city …). */
  subtitle: z.string(),
  amount: z.number(),
  originAmount: z.number().nullable(),
  /** What the buyer gets, one line each. */
  lines: z.array(z.string()),
  /** Where the product is described (its detail page), for the checkout's "查看详情". */
  href: z.string().nullable(),
});
export type ProductView = z.infer<typeof productView>;

// --- NEW GET common/product?productCode ------------------------------------------------------------------------------
export const productQuery = z.object({ productCode: productCodeParam });
export const productBody = z.object({ product: productView });

// --- NEW POST common/order/create {productCode, returnTo?} (and market/order/create, trade/order/create) -------------
export const createProductOrderInput = z.object({
  productCode: productCodeParam,
  /** Same-origin path to land on after paying (spec §2 order redirect); checked with the redirect helper. */
  returnTo: z.string().max(512).optional(),
  /** A reseller's 推广码 from a share link (report and deal-data products earn it a commission). */
  proxyCode: proxyCodeParam.optional(),
  /** Issue 18: one coupon the user holds (checked in the order's transaction). */
  couponNo: couponNoParam.optional(),
});

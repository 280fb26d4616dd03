// Orders and payment (issue 12; PAGES.md §3.10 checkout contract, spec §5 and §7, research/payments.md §5):
// GET customer/pay/get-support-pay-pattern, POST memberCard/buyMember, POST customer/pay/unifiedorder, NEW GET
// order/status, NEW POST customer/pay/apple/confirm. The provider notifications are POSTed to NEW
// customer/pay/notify/{alipay|wechat|apple} in each provider's own format (not the envelope).
import { z } from 'zod';
import { couponNoParam } from './params.ts';
import { PAY_PLATFORM, type PayPlatform } from '../payment-methods.ts';

/** research/payments.md §5. */
export const ORDER_STATUSES = ['PENDING', 'PAYING', 'PAID', 'CLOSED', 'REFUNDING', 'REFUNDED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  PENDING: '待支付',
  PAYING: '支付中',
  PAID: '已支付',
  CLOSED: '已关闭',
  REFUNDING: '退款中',
  REFUNDED: '已退款',
};
/** The moves the state machine allows; anything else is refused. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  PENDING: ['PAYING', 'PAID', 'CLOSED'],
  PAYING: ['PAID', 'CLOSED'],
  PAID: ['REFUNDING'],
  // only a payment the provider cannot refund (Apple, after our timeout) is honoured: see PROVIDER_CAN_REFUND
  CLOSED: ['PAID'],
  REFUNDING: ['REFUNDED', 'PAID'],
  REFUNDED: [],
};
export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}
/** Unpaid orders close after 30 minutes, here and at the provider. */
export const ORDER_TIMEOUT_MS = 30 * 60 * 1000;

/** What an order buys. VIP cards are membership; the others come with the report mall, deal data and activities. */
export const PRODUCT_KINDS = ['vip', 'report', 'trade', 'activity'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const PROVIDERS = ['alipay', 'wechat', 'apple'] as const;
export type ProviderName = (typeof PROVIDERS)[number];
export const PROVIDER_OF_PLATFORM: Readonly<Record<PayPlatform, ProviderName>> = {
  [PAY_PLATFORM.alipay]: 'alipay',
  [PAY_PLATFORM.wechat]: 'wechat',
  [PAY_PLATFORM.applePay]: 'apple',
};

/** Whether we can give a payment back ourselves; Apple refunds only at the user's request to Apple. */
export const PROVIDER_CAN_REFUND: Readonly<Record<ProviderName, boolean>> = {
  alipay: true,
  wechat: true,
  apple: false,
};

/** Order numbers: 'FJT' + yyyyMMddHHmmss + 8 digits, 25 characters (Alipay ≤ 64, WeChat 6–32). */
export const ORDER_NO_PATTERN = /^FJT\d{22}$/;
export const ORDER_NO_ERROR = '订单号格式不正确';
export const orderNoParam = z.string({ message: ORDER_NO_ERROR }).regex(ORDER_NO_PATTERN, { message: ORDER_NO_ERROR });

/** The header every creating POST accepts (research/payments.md §5; issue 12). 8–64 visible ASCII characters. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,64}$/;
export const IDEMPOTENCY_KEY_ERROR = 'Idempotency-Key 须为8-64位可见字符';

// --- GET customer/pay/get-support-pay-pattern?productCode ---------------------------------------------------------
export const payPatternQuery = z.object({ productCode: z.string().min(1).max(64).optional() });
/**
 * The raw configuration; the page applies `choosePaymentMethods` (spec §5) with its client flags, and the server
 * applies the same function again at unifiedorder with the request's user agent.
 */
export const payPatternBody = z.object({
  platforms: z.array(z.number().int()),
  wechatMerchantEnabled: z.boolean(),
  inAppOnly: z.boolean(),
});
export type PayPattern = z.infer<typeof payPatternBody>;

// --- POST memberCard/buyMember (creates a PENDING order; the price comes from the catalogue) -----------------------
export const buyMemberInput = z.object({
  cardCode: z.string({ message: '请选择会员卡' }).regex(/^[A-Z0-9_]{2,32}$/, { message: '请选择会员卡' }),
  /** Same-origin path to land on after paying (spec §2 order redirect); checked with the redirect helper. */
  returnTo: z.string().max(512).optional(),
  /** A coupon the user holds (issue 18). */
  couponNo: couponNoParam.optional(),
});

/** An order as the pages see it. Amounts in 元, two decimals. */
export const orderView = z.object({
  orderNo: z.string(),
  productKind: z.enum(PRODUCT_KINDS),
  productCode: z.string(),
  subject: z.string(),
  amount: z.number(),
  /** Issue 18: the catalogue price before a coupon (元); present only when a coupon took something off. */
  listAmount: z.number().optional(),
  /** Issue 18: what the coupon took off (元); present only with listAmount. */
  discount: z.number().optional(),
  status: z.enum(ORDER_STATUSES),
  statusText: z.string(),
  platform: z.number().int().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  /** Same-origin path the status page sends the user back to on success. */
  returnTo: z.string().nullable(),
  /** An activity order's frozen grant (orders.grants): a card's days ('vip') or a report ('report'). */
  grantKind: z.enum(['vip', 'report']).optional(),
});
export type OrderView = z.infer<typeof orderView>;
export const createOrderBody = z.object({ order: orderView });

// --- POST customer/pay/unifiedorder {orderNo, platform} -----------------------------------------------------------
export const unifiedOrderInput = z.object({
  orderNo: orderNoParam,
  platform: z.union([z.literal(1), z.literal(2), z.literal(3)], { message: '请选择支付方式' }),
  /** WeChat JSAPI only: the payer's openid in the official account. */
  openid: z.string().min(1).max(128).optional(),
});
/** What the page does next to pay. */
export const payAction = z.discriminatedUnion('kind', [
  /** Go to the provider's cashier (Alipay wap.pay GET URL, WeChat h5_url with redirect_url). */
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  /** WeChat JSAPI: WeixinJSBridge.invoke('getBrandWCPayRequest', params). */
  z.object({
    kind: z.literal('jsapi'),
    params: z.object({
      appId: z.string(),
      timeStamp: z.string(),
      nonceStr: z.string(),
      package: z.string(),
      signType: z.literal('RSA'),
      paySign: z.string(),
    }),
    /** Sandbox only: a same-origin script defining window.WeixinJSBridge (the real one is the WeChat browser's). */
    bridgeScript: z.string().nullable(),
  }),
  /** Apple IAP: the app buys productId with appAccountToken, then the page POSTs the JWS to apple/confirm. */
  z.object({
    kind: z.literal('apple'),
    productId: z.string(),
    appAccountToken: z.string(),
    /** Sandbox only: a same-origin script defining window.fjtStoreKit.purchase (the real app has StoreKit). */
    storeKitScript: z.string().nullable(),
  }),
]);
export type PayAction = z.infer<typeof payAction>;
export const unifiedOrderBody = z.object({ orderNo: z.string(), action: payAction });

// --- NEW GET order/status?orderNo (status pages poll every 2 s for up to 30 s) -------------------------------------
export const orderStatusQuery = z.object({ orderNo: orderNoParam });
export const orderStatusBody = z.object({ order: orderView });
export const ORDER_POLL_INTERVAL_MS = 2000;
export const ORDER_POLL_LIMIT_MS = 30_000;

// --- NEW POST customer/pay/apple/confirm {orderNo, signedTransaction} ----------------------------------------------
export const appleConfirmInput = z.object({
  orderNo: orderNoParam,
  signedTransaction: z.string().min(20).max(20_000),
});

/** The WeChat sign-in for JSAPI (openid) failed or was not started by this browser. */
export const WECHAT_AUTH_FAILED = '微信授权失败，请返回重试';
export const RETURN_TO_ERROR = '返回地址须为本站页面路径';

export const ORDER_MESSAGES = {
  notFound: '订单不存在',
  notYours: '订单不存在',
  closed: '订单已关闭，请重新下单',
  paid: '订单已支付',
  platformNotAllowed: '当前环境不支持该支付方式',
  cardUnknown: '会员卡不存在或已下架',
  providerError: '支付服务暂时不可用，请稍后重试',
  idempotencyConflict: '请求重复：同一 Idempotency-Key 已用于不同的内容',
  expired: '订单已超时，请重新下单',
  appleReceiptInvalid: '支付凭证无效',
  refundNotPaid: '只有已支付的订单可以退款',
  refundFailed: '退款失败，请稍后重试',
} as const;

/** The status page of each kind of product (the provider's return URL; PAGES.md §3.10). */
export const ORDER_STATUS_PAGES: Readonly<Record<ProductKind, string>> = {
  vip: '/profile/buynewvip/status',
  report: '/market/order/status',
  trade: '/trade/order/status',
  activity: '/common/order/status',
};
/**
 * The status page of an order: orderNo, and productCode + serialNumber as the payment-callback cookie holds them
 * (spec §2), so the order redirect has nothing to add when the user comes back.
 */
export function orderStatusPath(kind: ProductKind, productCode: string, orderNo: string): string {
  const q = new URLSearchParams({ orderNo, productCode, serialNumber: orderNo });
  return `${ORDER_STATUS_PAGES[kind]}?${q.toString()}`;
}

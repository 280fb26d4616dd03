// The one interface every payment provider adapter implements (issue 12; research/payments.md §6: "the adapters
// are the real ones; only the base URL and the keys differ"). The orders core (modules/payments/orders*) talks to
// providers only through this; the sandbox gateway (modules/payments/sandbox) is the provider on the other side in
// PAY_MODE=sandbox, and production adapters differ only in base URL and keys.
import type { PayAction, ProviderName } from '@fjt/domain';

/** What the orders core hands an adapter to start a payment. */
export interface ProviderOrder {
  /** Our order number (Alipay out_trade_no, WeChat out_trade_no, Apple: the order's appAccountToken maps to it). */
  outTradeNo: string;
  /** 分, from the catalogue at order creation. */
  amountFen: number;
  subject: string;
  /** Creation + 30 min; sent as Alipay timeout_express / time_expire and WeChat time_expire. */
  expiresAt: Date;
  /** Absolute URL (from PUBLIC_ORIGIN, never from request headers) of the order's status page. */
  returnUrl: string;
  /** Absolute URL the provider POSTs notifications to. */
  notifyUrl: string;
  clientIp: string;
  /** WeChat: 'jsapi' inside the WeChat browser (needs openid), 'h5' elsewhere. */
  wechatTradeType?: 'jsapi' | 'h5';
  openid?: string;
  /** Apple: the StoreKit product id of the catalogue item and the order's UUID token. */
  appleProductId?: string;
  appAccountToken?: string;
}

/** The provider's view of a trade (query answers). 'NOTPAY' covers Alipay 40004 TRADE_NOT_EXIST and WAIT_BUYER_PAY. */
export type ProviderTradeState = 'NOTPAY' | 'PAID' | 'CLOSED' | 'REFUNDED';
export interface ProviderTrade {
  state: ProviderTradeState;
  providerTxnId: string | null;
  /** 分 as the provider reports it; null when it reports none. */
  amountFen: number | null;
  paidAt: string | null;
}

/**
 * A notification (or an Apple signed transaction) whose signature, app/merchant id, serial and timestamp have been
 * checked by the adapter. The business checks (order exists, amount equals the order's, state move allowed) are the
 * orders core's.
 */
export interface VerifiedNotification {
  provider: ProviderName;
  /** Dedupe key: Alipay notify_id, WeChat notification id, Apple notificationUUID (or 'txn:'+transactionId). */
  notifyId: string;
  /** Our order number; for Apple resolved from appAccountToken by the core when null. */
  outTradeNo: string | null;
  appAccountToken: string | null;
  providerTxnId: string;
  /** PAID: money taken. CLOSED: closed unpaid. REFUNDED: money returned. REFUND_REVERSED: Apple re-grant. */
  event: 'PAID' | 'CLOSED' | 'REFUNDED' | 'REFUND_REVERSED' | 'IGNORED';
  amountFen: number | null;
  /** Apple: the StoreKit product bought; it must be the one the order is paid with (appleOrderProductId). */
  productId?: string | null;
  /** The decoded payload, stored in the notification log. */
  payload: unknown;
}

export type VerifyResult = { ok: true; notification: VerifiedNotification } | { ok: false; reason: string };

/** The HTTP request a notification arrived in. rawBody is exactly the bytes received (WeChat signs them). */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  /** Fastify's parsed body (form fields for Alipay, JSON for WeChat/Apple). */
  body: unknown;
}

/** What to answer the provider, in its own protocol (Alipay 'success', WeChat 204 / {code:'FAIL'}, Apple 200). */
export interface ProviderReply {
  status: number;
  headers?: Record<string, string>;
  body: string | null;
}

export interface TradeRef {
  outTradeNo: string;
  providerTxnId: string | null;
  appAccountToken: string | null;
}

/**
 * How adapters and the sandbox notifier make HTTP calls. buildApp gives them one that sends requests for its own
 * origin (the sandbox gateway under /__sandbox, our notify endpoints) through Fastify's inject, so the embedded
 * default works without a listening socket or outbound network, and everything else through fetch.
 */
export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}
export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}
export type HttpClient = (request: HttpRequest) => Promise<HttpResponse>;

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Starts a payment at the provider and says what the page must do. Throws on provider errors. */
  createPayment(order: ProviderOrder): Promise<PayAction>;
  /** Active query (used when a notification is late). Apple looks up by transaction id, the others by order number. */
  query(ref: TradeRef): Promise<ProviderTrade>;
  /** Closes an unpaid trade at the provider (timeout or cancel); a trade the provider never saw is fine. */
  close(outTradeNo: string): Promise<void>;
  /** Refunds a paid trade in full. Apple cannot be refunded by the merchant: it answers {ok:false}. */
  refund(input: {
    outTradeNo: string;
    refundNo: string;
    amountFen: number;
    reason: string;
  }): Promise<{ ok: boolean; message?: string }>;
  /** Signature and identity checks of an incoming notification. Never throws for bad input; answers ok:false. */
  verifyNotification(incoming: IncomingNotification): Promise<VerifyResult>;
  /** Apple only: checks a StoreKit signed transaction JWS the app sent (POST customer/pay/apple/confirm). */
  verifySignedTransaction?(jws: string): Promise<VerifyResult>;
  replyAccepted(): ProviderReply;
  replyRejected(reason: string): ProviderReply;
}

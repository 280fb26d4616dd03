// The sandbox gateway's shared shapes (issue 12; research/payments.md §6). PAY_MODE=sandbox mounts the providers'
// gateways under /__sandbox/{alipay|wechat|apple}; each provider module supplies a SandboxProvider (its protocol:
// signed requests and answers, cashier, signed notifications, retry table) and the shared core (sandbox/core.ts)
// supplies the trade store, the virtual clock, the notifier that delivers and retries, and the test controls:
//   POST /__sandbox/control/{provider}/{out_trade_no}/{pay|cancel|close|refund}
//        {delayMs?, duplicates?, tamper?: 'sign'|'amount'|'serial'|'timestamp', reorder?}
//   POST /__sandbox/control/clock {advanceMs}
//   GET  /__sandbox/control/deliveries
import type { FastifyPluginAsync } from 'fastify';
import type { ProviderName } from '@fjt/domain';
import type { ProviderTradeState } from '../provider.ts';

export type Tamper = 'sign' | 'amount' | 'serial' | 'timestamp';
export const TAMPERS: readonly Tamper[] = ['sign', 'amount', 'serial', 'timestamp'];

/** The provider's record of a trade (in memory: the sandbox plays the provider, whose books are not ours). */
export interface SandboxTrade {
  provider: ProviderName;
  outTradeNo: string;
  /** The provider's transaction id (Alipay trade_no, WeChat transaction_id, Apple transactionId), set on creation. */
  providerTxnId: string;
  amountFen: number;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  /** Virtual-clock ms. */
  createdAt: number;
  expiresAt: number;
  state: ProviderTradeState;
  paidAt: number | null;
  refundedAt: number | null;
  /** Provider-specific fields: WeChat trade type and openid, Apple productId and appAccountToken, … */
  extra: Record<string, string>;
}

export type TradeEvent = 'PAID' | 'CLOSED' | 'REFUNDED';

/** One notification as sent over HTTP. Retries resend these same bytes (same notify id). */
export interface SandboxNotification {
  notifyId: string;
  contentType: string;
  headers: Record<string, string>;
  body: string;
}

export interface NotifyOptions {
  /** Hold the first delivery this long (virtual clock). */
  delayMs?: number;
  /** Deliver this many extra copies of the same notification at once. */
  duplicates?: number;
  tamper?: Tamper;
  /** Deliver this event's notification after the next one queued for the same trade (out-of-order tests). */
  reorder?: boolean;
}

export interface SandboxTradeStore {
  get(provider: ProviderName, outTradeNo: string): SandboxTrade | undefined;
  /** Creates the trade, or returns the existing one for the same (provider, outTradeNo) unchanged. */
  upsert(trade: Omit<SandboxTrade, 'state' | 'paidAt' | 'refundedAt' | 'createdAt'>): SandboxTrade;
  /** Moves a trade; answers false when the move is not allowed (paying a closed trade, refunding an unpaid one). */
  move(provider: ProviderName, outTradeNo: string, to: ProviderTradeState): boolean;
  byExtra(provider: ProviderName, key: string, value: string): SandboxTrade | undefined;
}

export interface SandboxContext {
  trades: SandboxTradeStore;
  clock: { now(): number };
  /** Moves the trade (pay/close/refund) and queues its notification; false when the move is not allowed. */
  settle(provider: ProviderName, outTradeNo: string, event: TradeEvent, options?: NotifyOptions): boolean;
  /** PUBLIC_ORIGIN: the cashier's links and the sandbox's own URLs. */
  publicOrigin: string;
  /**
   * Delivers the notifications due now and waits for our replies (a cashier calls it after settle, before it
   * sends the browser back, so the status page usually finds the order paid). Never call it while handling a
   * request the notification itself could wait on.
   */
  flush?(): Promise<void>;
}

export interface SandboxProvider {
  readonly name: ProviderName;
  /** Gaps between deliveries after a failed one, the provider's real table (research/payments.md §1–3). */
  readonly retryScheduleMs: readonly number[];
  /**
   * Builds the signed notification of an event (tampered when asked); called once per event: every copy
   * (duplicates) and every retry sends these same bytes. null: the provider sends none for this event.
   */
  buildNotification(trade: SandboxTrade, event: TradeEvent, tamper?: Tamper): SandboxNotification | null;
  /** Whether our reply ends the retries: Alipay body exactly 'success', WeChat 200/204, Apple 200–206. */
  accepted(reply: { status: number; body: string }): boolean;
  /** The provider's own endpoints, mounted under /__sandbox/{name}. */
  routes(ctx: SandboxContext): FastifyPluginAsync;
  /**
   * The notification as sent this time, called before every delivery (copies and retries); absent: the same bytes.
   * WeChat signs every request afresh (new Wechatpay-Timestamp/Nonce/Signature over the same body and id): without
   * it a retry more than 5 minutes after the first attempt fails the ±5 min timestamp check.
   */
  refresh?(notification: SandboxNotification): SandboxNotification;
}

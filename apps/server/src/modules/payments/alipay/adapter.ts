// The Alipay adapter (issue 12; research/payments.md §1): the real one, pointed at the sandbox gateway or at
// openapi.alipay.com only by its `gateway` and keys. alipay-sdk (v4) signs every request (RSA2 with the app private
// key) and checks every answer and notification (with the *Alipay* public key); it cannot send through an injected
// HTTP client, so the signed parameters go out through ours (the embedded sandbox answers through app.inject).
//   alipay.trade.wap.pay → a GET cashier URL (PayAction redirect)
//   alipay.trade.query   → 40004 ACQ.TRADE_NOT_EXIST is NOTPAY (the user never opened the cashier)
//   alipay.trade.close, alipay.trade.refund
// Notifications: form-encoded, RSA2-signed; app_id, seller_id and notify_id checked, notify_time within the retry
// window; reply exactly 'success' (anything else is retried for ~24 h).
import { AlipaySdk } from 'alipay-sdk';
import type {
  HttpClient,
  IncomingNotification,
  PaymentProvider,
  ProviderOrder,
  ProviderReply,
  ProviderTrade,
  TradeRef,
  VerifiedNotification,
  VerifyResult,
} from '../provider.ts';
import { alipaySignContent, alipayTime, fenToYuan, parseAlipayTime, yuanToFen } from './keys.ts';

export interface AlipayConfig {
  appId: string;
  /** The merchant's PID: notifications must name it as seller_id. */
  sellerId: string;
  /** PEM (PKCS#8) of our app private key. */
  appPrivateKey: string;
  /** PEM of the Alipay public key (never our own app key). */
  alipayPublicKey: string;
  /** https://openapi.alipay.com/gateway.do, or the sandbox's ${origin}/__sandbox/alipay/gateway.do. */
  gateway: string;
  http: HttpClient;
  now?: () => number;
}

/** A notification older than this is refused (Alipay retries one for 24 h 22 min with the same notify_time). */
export const ALIPAY_NOTIFY_MAX_AGE_MS = 25 * 3600_000;
const CLOCK_SKEW_MS = 5 * 60_000;

type AlipayAnswer = { code: string; msg?: string; sub_code?: string; sub_msg?: string; [k: string]: unknown };

export function createAlipayProvider(config: AlipayConfig): PaymentProvider {
  const now = config.now ?? Date.now;
  const sdk = new AlipaySdk({
    appId: config.appId,
    privateKey: config.appPrivateKey,
    alipayPublicKey: config.alipayPublicKey,
    keyType: 'PKCS8',
    signType: 'RSA2',
    gateway: config.gateway,
    endpoint: new URL(config.gateway).origin,
  });

  /** Calls an Alipay API: signed by the SDK, sent by our HttpClient, answer signature checked by the SDK. */
  async function call(method: string, bizContent: Record<string, unknown>): Promise<AlipayAnswer> {
    const body = sdk.sdkExecute(method, { bizContent }, { bizContentAutoSnakeCase: false });
    const response = await config.http({
      method: 'POST',
      url: `${config.gateway}?charset=utf-8`,
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body,
    });
    if (response.status !== 200) throw new Error(`alipay ${method}: HTTP ${response.status}`);
    const responseKey = `${method.replaceAll('.', '_')}_response`;
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(response.body) as Record<string, unknown>;
    } catch {
      throw new Error(`alipay ${method}: not JSON`);
    }
    const answer = parsed[responseKey] as AlipayAnswer | undefined;
    if (!answer || typeof answer.code !== 'string') throw new Error(`alipay ${method}: no ${responseKey}`);
    const sign = typeof parsed.sign === 'string' ? parsed.sign : null;
    if (sign)
      sdk.checkResponseSign(response.body, responseKey, sign, ''); // throws when forged
    else if (answer.code === '10000') throw new Error(`alipay ${method}: unsigned success answer`);
    return answer;
  }

  const providerError = (method: string, a: AlipayAnswer) =>
    new Error(`alipay ${method}: ${a.code} ${a.sub_code ?? ''} ${a.sub_msg ?? a.msg ?? ''}`.trim());

  return {
    name: 'alipay',

    async createPayment(order: ProviderOrder) {
      const url = sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
        bizContent: {
          out_trade_no: order.outTradeNo,
          total_amount: fenToYuan(order.amountFen),
          subject: order.subject,
          product_code: 'QUICK_WAP_WAY',
          // the buyer's way out of the cashier: the status page, told to cancel (POST order/cancel)
          quit_url: withQuery(order.returnUrl, 'quit', '1'),
          // the absolute deadline (timeout_express would count from when the cashier is opened)
          time_expire: alipayTime(order.expiresAt.getTime()),
        },
        notifyUrl: order.notifyUrl,
        returnUrl: order.returnUrl,
      });
      return { kind: 'redirect' as const, url };
    },

    async query(ref: TradeRef): Promise<ProviderTrade> {
      const a = await call('alipay.trade.query', { out_trade_no: ref.outTradeNo });
      if (a.code === '40004' && a.sub_code === 'ACQ.TRADE_NOT_EXIST') {
        return { state: 'NOTPAY', providerTxnId: null, amountFen: null, paidAt: null };
      }
      if (a.code !== '10000') throw providerError('alipay.trade.query', a);
      const status = String(a.trade_status ?? '');
      const state =
        status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED'
          ? 'PAID'
          : status === 'TRADE_CLOSED'
            ? // closed after a full refund: the refund shows in the answer
              Number(a.refund_fee ?? 0) > 0 || a.gmt_refund
              ? 'REFUNDED'
              : 'CLOSED'
            : 'NOTPAY';
      return {
        state,
        providerTxnId: typeof a.trade_no === 'string' ? a.trade_no : null,
        amountFen: yuanToFen(typeof a.total_amount === 'string' ? a.total_amount : undefined),
        paidAt: typeof a.send_pay_date === 'string' ? a.send_pay_date : null,
      };
    },

    async close(outTradeNo: string) {
      const a = await call('alipay.trade.close', { out_trade_no: outTradeNo });
      if (a.code === '10000') return;
      // never opened at the cashier: nothing to close
      if (a.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
      throw providerError('alipay.trade.close', a);
    },

    async refund({ outTradeNo, refundNo, amountFen, reason }) {
      const a = await call('alipay.trade.refund', {
        out_trade_no: outTradeNo,
        refund_amount: fenToYuan(amountFen),
        out_request_no: refundNo,
        refund_reason: reason.slice(0, 256),
      });
      if (a.code === '10000') return { ok: true };
      return { ok: false, message: `${a.sub_code ?? a.code} ${a.sub_msg ?? a.msg ?? ''}`.trim() };
    },

    async verifyNotification(incoming: IncomingNotification): Promise<VerifyResult> {
      // the form as received (Fastify's parse would do, but the raw bytes are the truth)
      const fields: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(incoming.rawBody)) fields[k] = v;
      if (!fields.sign) return { ok: false, reason: 'no sign' };
      if (fields.sign_type && fields.sign_type !== 'RSA2') return { ok: false, reason: 'sign_type not RSA2' };
      let signed = false;
      try {
        // Alipay's rule for notifications (sign and sign_type left out), checked by the SDK with the Alipay public
        // key; checkNotifySignV2 would verify twice (first with sign_type in), doubling the cost of every retry
        signed = sdk.rsaCheck(alipaySignContent(fields, false), fields.sign, 'RSA2');
      } catch {
        signed = false;
      }
      if (!signed) return { ok: false, reason: 'bad signature' };
      if (fields.app_id !== config.appId) return { ok: false, reason: 'app_id mismatch' };
      if (fields.seller_id !== config.sellerId) return { ok: false, reason: 'seller_id mismatch' };
      if (!fields.notify_id) return { ok: false, reason: 'no notify_id' };
      if (!fields.out_trade_no || !fields.trade_no) return { ok: false, reason: 'no trade numbers' };
      const sentAt = parseAlipayTime(fields.notify_time);
      if (!Number.isFinite(sentAt)) return { ok: false, reason: 'bad notify_time' };
      const t = now();
      if (sentAt < t - ALIPAY_NOTIFY_MAX_AGE_MS || sentAt > t + CLOCK_SKEW_MS) {
        return { ok: false, reason: 'stale notify_time' };
      }
      const refunded = Number(fields.refund_fee ?? 0) > 0 || Boolean(fields.gmt_refund);
      let event: VerifiedNotification['event'];
      switch (fields.trade_status) {
        case 'TRADE_SUCCESS':
        case 'TRADE_FINISHED':
          // a partial refund is notified as TRADE_SUCCESS with refund fields; we only refund in full
          event = refunded ? 'IGNORED' : 'PAID';
          break;
        case 'TRADE_CLOSED':
          event = refunded ? 'REFUNDED' : 'CLOSED';
          break;
        default:
          event = 'IGNORED';
      }
      return {
        ok: true,
        notification: {
          provider: 'alipay',
          notifyId: fields.notify_id,
          outTradeNo: fields.out_trade_no,
          appAccountToken: null,
          providerTxnId: fields.trade_no,
          event,
          amountFen: yuanToFen(fields.total_amount),
          payload: fields,
        },
      };
    },

    replyAccepted: (): ProviderReply => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'success' }),
    replyRejected: (): ProviderReply => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'fail' }),
  };
}

function withQuery(url: string, key: string, value: string): string {
  const u = new URL(url);
  u.searchParams.set(key, value);
  return u.toString();
}

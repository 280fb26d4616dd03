// WeChat Pay v3 adapter (issue 12; research/payments.md §2): a thin v3 client of our own. In production baseUrl is
// https://api.mch.weixin.qq.com; in PAY_MODE=sandbox it is PUBLIC_ORIGIN + /__sandbox/wechat, and only the base
// URL and the keys differ. Every request carries the WECHATPAY2-SHA256-RSA2048 Authorization; every answer's
// Wechatpay-* signature is checked with the platform key of its serial before anything in it is believed.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { PayAction } from '@fjt/domain';
import type {
  HttpClient,
  HttpResponse,
  IncomingNotification,
  PaymentProvider,
  ProviderOrder,
  ProviderReply,
  ProviderTrade,
  ProviderTradeState,
  TradeRef,
  VerifyResult,
} from '../provider.ts';
import {
  TIMESTAMP_WINDOW_SECONDS,
  decryptResource,
  formatAuthorization,
  headerValue,
  nonceStr,
  paySignMessage,
  requestMessage,
  responseMessage,
  rfc3339China,
  signSha256Rsa,
  verifySha256Rsa,
} from './crypto.ts';
import type { WechatMerchantKeys } from './keys.ts';

export const WECHAT_PRODUCTION_BASE_URL = 'https://api.mch.weixin.qq.com';

export interface WechatProviderConfig extends WechatMerchantKeys {
  /** https://api.mch.weixin.qq.com, or PUBLIC_ORIGIN + '/__sandbox/wechat'. No trailing slash. */
  baseUrl: string;
  http: HttpClient;
  /** The clock notification timestamps are checked against; default Date.now. */
  now?: () => number;
  /** Sandbox only: the same-origin URL of the WeixinJSBridge shim handed to JSAPI pages; null in production. */
  bridgeScript?: string | null;
}

/** A provider answer that is an error (4xx/5xx), or one that could not be believed (signature, shape). */
export class WechatPayError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'WechatPayError';
  }
}

/** trade_state → our provider-side state (§2: NOTPAY and USERPAYING are not final). */
export const TRADE_STATE_MAP: Readonly<Record<string, ProviderTradeState>> = {
  SUCCESS: 'PAID',
  NOTPAY: 'NOTPAY',
  USERPAYING: 'NOTPAY',
  CLOSED: 'CLOSED',
  REVOKED: 'CLOSED',
  PAYERROR: 'CLOSED',
  REFUND: 'REFUNDED',
};

const errorAnswer = z.object({ code: z.string(), message: z.string().optional() }).passthrough();
const h5Answer = z.object({ h5_url: z.string().url() });
const jsapiAnswer = z.object({ prepay_id: z.string().min(1) });
const transactionAnswer = z
  .object({
    appid: z.string(),
    mchid: z.string(),
    out_trade_no: z.string(),
    transaction_id: z.string().optional(),
    trade_state: z.string(),
    success_time: z.string().optional(),
    amount: z.object({ total: z.number().int().optional(), payer_total: z.number().int().optional() }).optional(),
  })
  .passthrough();
const notificationBody = z
  .object({
    id: z.string().min(1),
    create_time: z.string().optional(),
    event_type: z.string().min(1),
    resource_type: z.string().optional(),
    summary: z.string().optional(),
    resource: z.object({
      original_type: z.string().optional(),
      algorithm: z.string(),
      ciphertext: z.string(),
      associated_data: z.string().optional().default(''),
      nonce: z.string(),
    }),
  })
  .passthrough();
const paidResource = z
  .object({
    appid: z.string(),
    mchid: z.string(),
    out_trade_no: z.string().min(1),
    transaction_id: z.string().min(1),
    trade_state: z.literal('SUCCESS'),
    success_time: z.string().optional(),
    amount: z.object({ total: z.number().int(), payer_total: z.number().int().optional() }),
  })
  .passthrough();
const refundResource = z
  .object({
    mchid: z.string(),
    out_trade_no: z.string().min(1),
    transaction_id: z.string().min(1),
    out_refund_no: z.string().optional(),
    refund_id: z.string().optional(),
    refund_status: z.string(),
    amount: z.object({ total: z.number().int(), refund: z.number().int() }),
  })
  .passthrough();

export function createWechatProvider(config: WechatProviderConfig): PaymentProvider {
  const now = config.now ?? Date.now;
  const merchantKey = createPrivateKey(config.merchantPrivateKey);
  const platformKeys = new Map<string, KeyObject>(
    Object.entries(config.platformPublicKeys).map(([serial, pem]) => [serial, createPublicKey(pem)]),
  );
  const baseUrl = config.baseUrl.replace(/\/+$/, '');

  /** Checks the Wechatpay-* signature of an answer or notification; the reason it fails, or null. */
  function signatureProblem(headers: Record<string, string | string[] | undefined>, body: string): string | null {
    const timestamp = headerValue(headers, 'wechatpay-timestamp');
    const nonce = headerValue(headers, 'wechatpay-nonce');
    const signature = headerValue(headers, 'wechatpay-signature');
    const serial = headerValue(headers, 'wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial) return 'missing Wechatpay-* signature headers';
    const key = platformKeys.get(serial);
    if (!key) return `unknown platform serial ${serial.slice(0, 64)}`;
    if (!verifySha256Rsa(key, responseMessage(timestamp, nonce, body), signature)) return 'bad signature';
    return null;
  }

  async function call(method: 'GET' | 'POST', pathAndQuery: string, payload?: unknown): Promise<HttpResponse> {
    const url = new URL(`${baseUrl}${pathAndQuery}`);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(Math.floor(now() / 1000));
    const nonce = nonceStr();
    // The signed URL is the path and query the server receives (a sandbox base URL's prefix included).
    const signature = signSha256Rsa(
      merchantKey,
      requestMessage(method, url.pathname + url.search, timestamp, nonce, body),
    );
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': 'fjt-wechatpay-v3/1.0',
      authorization: formatAuthorization({
        mchid: config.mchid,
        nonce_str: nonce,
        signature,
        timestamp,
        serial_no: config.merchantSerial,
      }),
    };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await config.http({
      method,
      url: url.toString(),
      headers,
      ...(payload === undefined ? {} : { body }),
    });
    const problem = signatureProblem(response.headers, response.body);
    if (response.status >= 200 && response.status < 300) {
      if (problem) throw new WechatPayError(`WeChat Pay answer not believed: ${problem}`, response.status, null);
      return response;
    }
    // An error answer: its code is believed only when it is signed (a forged one is still an error).
    const parsed = problem ? null : errorAnswer.safeParse(safeJson(response.body));
    const code = parsed?.success ? parsed.data.code : null;
    const message = parsed?.success ? (parsed.data.message ?? code) : `unsigned answer (${problem})`;
    throw new WechatPayError(
      `WeChat Pay ${method} ${url.pathname}: ${response.status} ${message}`,
      response.status,
      code,
    );
  }

  function parseAnswer<T>(schema: z.ZodType<T>, response: HttpResponse, what: string): T {
    const parsed = schema.safeParse(safeJson(response.body));
    if (!parsed.success) throw new WechatPayError(`WeChat Pay ${what}: unexpected answer`, response.status, null);
    return parsed.data;
  }

  const tradePath = (outTradeNo: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`;

  return {
    name: 'wechat',

    async createPayment(order: ProviderOrder): Promise<PayAction> {
      const common = {
        appid: config.appid,
        mchid: config.mchid,
        description: truncate(order.subject, 127),
        out_trade_no: order.outTradeNo,
        time_expire: rfc3339China(order.expiresAt),
        notify_url: order.notifyUrl,
        amount: { total: order.amountFen, currency: 'CNY' },
      };
      if (order.wechatTradeType === 'jsapi') {
        if (!order.openid) throw new WechatPayError('WeChat Pay JSAPI needs the payer openid', null, 'PARAM_ERROR');
        const response = await call('POST', '/v3/pay/transactions/jsapi', {
          ...common,
          payer: { openid: order.openid },
        });
        const { prepay_id } = parseAnswer(jsapiAnswer, response, 'jsapi');
        const timeStamp = String(Math.floor(now() / 1000));
        const nonce = nonceStr();
        const pkg = `prepay_id=${prepay_id}`;
        return {
          kind: 'jsapi',
          params: {
            appId: config.appid,
            timeStamp,
            nonceStr: nonce,
            package: pkg,
            signType: 'RSA',
            paySign: signSha256Rsa(merchantKey, paySignMessage(config.appid, timeStamp, nonce, pkg)),
          },
          bridgeScript: config.bridgeScript ?? null,
        };
      }
      const response = await call('POST', '/v3/pay/transactions/h5', {
        ...common,
        scene_info: { payer_client_ip: order.clientIp, h5_info: { type: 'Wap' } },
      });
      const { h5_url } = parseAnswer(h5Answer, response, 'h5');
      return { kind: 'redirect', url: `${h5_url}&redirect_url=${encodeURIComponent(order.returnUrl)}` };
    },

    async query(ref: TradeRef): Promise<ProviderTrade> {
      let response: HttpResponse;
      try {
        response = await call('GET', `${tradePath(ref.outTradeNo)}?mchid=${encodeURIComponent(config.mchid)}`);
      } catch (error) {
        // Never created at WeChat (the user never reached the cashier): unpaid.
        if (error instanceof WechatPayError && error.code === 'ORDER_NOT_EXIST') {
          return { state: 'NOTPAY', providerTxnId: null, amountFen: null, paidAt: null };
        }
        throw error;
      }
      const trade = parseAnswer(transactionAnswer, response, 'query');
      if (trade.appid !== config.appid || trade.mchid !== config.mchid || trade.out_trade_no !== ref.outTradeNo) {
        throw new WechatPayError(
          'WeChat Pay query: the answer is for another merchant or order',
          response.status,
          null,
        );
      }
      const state = TRADE_STATE_MAP[trade.trade_state];
      if (!state)
        throw new WechatPayError(`WeChat Pay query: unknown trade_state ${trade.trade_state}`, response.status, null);
      return {
        state,
        providerTxnId: trade.transaction_id ?? null,
        amountFen: trade.amount?.total ?? null,
        paidAt: trade.success_time ?? null,
      };
    },

    async close(outTradeNo: string): Promise<void> {
      try {
        await call('POST', `${tradePath(outTradeNo)}/close`, { mchid: config.mchid });
      } catch (error) {
        if (error instanceof WechatPayError && error.code === 'ORDER_NOT_EXIST') return;
        throw error;
      }
    },

    async refund({ outTradeNo, refundNo, amountFen, reason }) {
      try {
        await call('POST', '/v3/refund/domestic/refunds', {
          out_trade_no: outTradeNo,
          out_refund_no: refundNo,
          reason: truncate(reason, 80),
          amount: { refund: amountFen, total: amountFen, currency: 'CNY' },
        });
        return { ok: true };
      } catch (error) {
        // A believed business refusal (not paid, not found, …) is an answer; anything else is an unknown outcome.
        if (error instanceof WechatPayError && error.code && error.status !== null && error.status < 500) {
          return { ok: false, message: `${error.code}: ${error.message}` };
        }
        throw error;
      }
    },

    async verifyNotification(incoming: IncomingNotification): Promise<VerifyResult> {
      const fail = (reason: string): VerifyResult => ({ ok: false, reason });
      const problem = signatureProblem(incoming.headers, incoming.rawBody);
      if (problem) return fail(problem);
      const timestamp = Number(headerValue(incoming.headers, 'wechatpay-timestamp'));
      if (!Number.isInteger(timestamp) || Math.abs(now() / 1000 - timestamp) > TIMESTAMP_WINDOW_SECONDS) {
        return fail('stale timestamp');
      }
      const envelope = notificationBody.safeParse(safeJson(incoming.rawBody));
      if (!envelope.success) return fail('malformed notification body');
      const { id, event_type: eventType, resource } = envelope.data;
      const plaintext = decryptResource(config.apiV3Key, resource);
      if (plaintext === null) return fail('resource decryption failed');
      const decrypted = safeJson(plaintext);

      if (eventType === 'TRANSACTION.SUCCESS') {
        const paid = paidResource.safeParse(decrypted);
        if (!paid.success) return fail('malformed transaction resource');
        if (paid.data.appid !== config.appid) return fail('appid mismatch');
        if (paid.data.mchid !== config.mchid) return fail('mchid mismatch');
        return {
          ok: true,
          notification: {
            provider: 'wechat',
            notifyId: id,
            outTradeNo: paid.data.out_trade_no,
            appAccountToken: null,
            providerTxnId: paid.data.transaction_id,
            event: 'PAID',
            amountFen: paid.data.amount.total,
            payload: { ...envelope.data, resource: paid.data },
          },
        };
      }
      if (eventType.startsWith('REFUND.')) {
        const refund = refundResource.safeParse(decrypted);
        if (!refund.success) return fail('malformed refund resource');
        if (refund.data.mchid !== config.mchid) return fail('mchid mismatch');
        const succeeded = eventType === 'REFUND.SUCCESS' && refund.data.refund_status === 'SUCCESS';
        return {
          ok: true,
          notification: {
            provider: 'wechat',
            notifyId: id,
            outTradeNo: refund.data.out_trade_no,
            appAccountToken: null,
            providerTxnId: refund.data.transaction_id,
            // REFUND.ABNORMAL / REFUND.CLOSED: logged, nothing moves (the core retries or staff act).
            event: succeeded ? 'REFUNDED' : 'IGNORED',
            amountFen: refund.data.amount.refund,
            payload: { ...envelope.data, resource: refund.data },
          },
        };
      }
      // Another event type (validly signed): acknowledged and logged, nothing moves, so WeChat stops resending it.
      const other = z
        .object({ mchid: z.string(), out_trade_no: z.string().optional(), transaction_id: z.string().optional() })
        .passthrough()
        .safeParse(decrypted);
      if (!other.success) return fail('malformed resource');
      if (other.data.mchid !== config.mchid) return fail('mchid mismatch');
      return {
        ok: true,
        notification: {
          provider: 'wechat',
          notifyId: id,
          outTradeNo: other.data.out_trade_no ?? null,
          appAccountToken: null,
          providerTxnId: other.data.transaction_id ?? '',
          event: 'IGNORED',
          amountFen: null,
          payload: { ...envelope.data, resource: other.data },
        },
      };
    },

    replyAccepted(): ProviderReply {
      return { status: 204, body: null };
    },

    replyRejected(reason: string): ProviderReply {
      return {
        status: 400,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ code: 'FAIL', message: truncate(reason || '失败', 200) }),
      };
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

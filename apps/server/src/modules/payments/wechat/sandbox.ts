// The WeChat Pay v3 sandbox (PAY_MODE=sandbox; research/payments.md §2 and §6): plays WeChat's side with the
// platform private key and the merchant public key. Mounted by the sandbox core under /__sandbox/wechat:
//   POST /v3/pay/transactions/h5 | /jsapi              create (Authorization checked; answers signed)
//   GET  /v3/pay/transactions/out-trade-no/{no}?mchid=  query      GET /v3/pay/transactions/id/{txn}?mchid=
//   POST /v3/pay/transactions/out-trade-no/{no}/close   close → 204
//   POST /v3/refund/domestic/refunds                     full refund (REFUND.SUCCESS notification follows)
//   GET  /h5/cashier?prepay_id&package&redirect_url      the h5_url: the cashier page (link lasts 5 min)
//   POST /h5/pay                                         the cashier's form: pay → settle → 303 redirect_url
//   GET  /jsbridge.js                                    the WeixinJSBridge shim (JSAPI pages load it)
//   POST /jsapi/check, /jsapi/pay                        the shim's calls: paySign + prepay_id checked, then settle
//   GET  /connect/oauth2/authorize, /sns/oauth2/access_token   the official account's OAuth (openid for JSAPI)
// Notifications: JSON {id, create_time, event_type, resource_type, summary, resource} with the resource encrypted
// (AEAD_AES_256_GCM, APIv3 key) and Wechatpay-* headers signed with the platform key; tampers as in §6.
import { createHash, createPrivateKey, createPublicKey, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type {
  SandboxContext,
  SandboxNotification,
  SandboxProvider,
  SandboxTrade,
  Tamper,
  TradeEvent,
} from '../sandbox/types.ts';
import type { ProviderTradeState } from '../provider.ts';
import {
  TIMESTAMP_WINDOW_SECONDS,
  encryptResource,
  nonceStr,
  parseAuthorization,
  paySignMessage,
  requestMessage,
  responseMessage,
  rfc3339China,
  signSha256Rsa,
  verifySha256Rsa,
} from './crypto.ts';
import type { WechatOauthKeys, WechatPlatformKeys } from './keys.ts';
import { JSBRIDGE_SOURCE } from './jsbridge.ts';
import { cashierPage, messagePage, yuan } from './cashier.ts';

export const WECHAT_SANDBOX_PREFIX = '/__sandbox/wechat';
/** Same-origin path of the shim, handed to JSAPI pages as PayAction.bridgeScript. */
export const WECHAT_BRIDGE_SCRIPT_PATH = `${WECHAT_SANDBOX_PREFIX}/jsbridge.js`;
/** W2: 15s, 15s, 30s, 3m, 10m, 20m, 30m, 30m, 30m, 60m, 3h, 3h, 3h, 6h, 6h (24h4m in all). */
export const WECHAT_RETRY_SCHEDULE_MS: readonly number[] = [
  15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10_800, 10_800, 10_800, 21_600, 21_600,
].map((s) => s * 1000);
/** The H5 link lasts about 5 minutes (§2); a prepay_id two hours (WeChat's documented validity). */
export const H5_LINK_TTL_MS = 5 * 60 * 1000;
export const PREPAY_TTL_MS = 2 * 3600 * 1000;
/** What the cashier shows as the merchant. */
export const SANDBOX_MERCHANT_NAME = '房价通';
const STALE_TIMESTAMP_SECONDS = 10 * 60;
/** A serial the merchant never saw (tamper 'serial'). */
export const UNKNOWN_PLATFORM_SERIAL = `PUB_KEY_ID_${'0'.repeat(32)}`;

export interface WechatSandbox extends SandboxProvider {
  readonly bridgeScriptPath: string;
  /** WeChat answers null for CLOSED: it sends no notification when a trade is closed. */
  buildNotification(trade: SandboxTrade, event: TradeEvent, tamper?: Tamper): SandboxNotification | null;
  refresh(notification: SandboxNotification): SandboxNotification;
}

export interface WechatSandboxOptions {
  /**
   * The clock the sandbox signs with (Wechatpay-Timestamp of answers and notifications) and times links with;
   * default the sandbox core's virtual clock. It must agree (±5 min) with the adapter's `now`.
   */
  now?: () => number;
  merchantName?: string;
  /** The official account's AppSecret for the OAuth endpoints; without it they refuse every appid. */
  oauth?: WechatOauthKeys;
}

/** The simulated WeChat user of a browser (its openid follows from it), kept in a sandbox-only cookie. */
export const SANDBOX_USER_COOKIE = 'fjt_wx_sandbox_uid';
const OAUTH_CODE_TTL_MS = 5 * 60 * 1000;

interface Prepay {
  outTradeNo: string;
  tradeType: 'JSAPI' | 'MWEB';
  openid: string;
  issuedAt: number;
}

type JsonAnswer = { status: number; body: unknown };

const fail = (status: number, code: string, message: string): JsonAnswer => ({ status, body: { code, message } });

const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;
const createBody = z.object({
  appid: z.string().min(1).max(32),
  mchid: z.string().min(1).max(32),
  description: z.string().min(1).max(127),
  out_trade_no: z.string().regex(OUT_TRADE_NO),
  time_expire: z.string().datetime({ offset: true }).optional(),
  attach: z.string().max(128).optional(),
  notify_url: z.string().url().max(256),
  amount: z.object({ total: z.number().int().positive(), currency: z.literal('CNY').optional() }),
});
const h5Body = createBody.extend({
  scene_info: z.object({
    payer_client_ip: z.string().min(1).max(45),
    h5_info: z.object({ type: z.string().min(1) }),
  }),
});
const jsapiBody = createBody.extend({ payer: z.object({ openid: z.string().min(1).max(128) }) });
const closeBody = z.object({ mchid: z.string().min(1) });
const refundBody = z.object({
  out_trade_no: z.string().optional(),
  transaction_id: z.string().optional(),
  out_refund_no: z.string().min(1).max(64),
  reason: z.string().max(80).optional(),
  notify_url: z.string().url().optional(),
  amount: z.object({
    refund: z.number().int().positive(),
    total: z.number().int().positive(),
    currency: z.literal('CNY'),
  }),
});
const payParams = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.string(),
  paySign: z.string(),
});

const TRADE_STATE: Readonly<Record<ProviderTradeState, { state: string; desc: string }>> = {
  NOTPAY: { state: 'NOTPAY', desc: '订单未支付' },
  PAID: { state: 'SUCCESS', desc: '支付成功' },
  CLOSED: { state: 'CLOSED', desc: '订单已关闭' },
  REFUNDED: { state: 'REFUND', desc: '转入退款' },
};

function digits(length: number): string {
  return Array.from({ length }, () => String(randomInt(10))).join('');
}

function parseJson(raw: unknown): unknown {
  if (typeof raw !== 'string' || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** A stable UUID-shaped id from its parts (copies of one notification share it; a tampered one has its own). */
function notificationId(parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function createWechatSandbox(keys: WechatPlatformKeys, options: WechatSandboxOptions = {}): WechatSandbox {
  const platformKey = createPrivateKey(keys.platformPrivateKey);
  const merchantKey = createPublicKey(keys.merchantPublicKey);
  const merchantName = options.merchantName ?? SANDBOX_MERCHANT_NAME;
  const prepays = new Map<string, Prepay>();
  const refunds = new Map<string, { outRefundNo: string; refundId: string }>();
  const tampers = new Map<string, Tamper | undefined>();
  const oauthCodes = new Map<string, { openid: string; issuedAt: number; used: boolean }>();
  let context: SandboxContext | null = null;

  const clock = () => options.now?.() ?? context?.clock.now() ?? Date.now();

  /** Wechatpay-* headers over a body; tampered as asked. */
  function signedHeaders(body: string, tamper?: Tamper): Record<string, string> {
    const timestamp = String(Math.floor(clock() / 1000) - (tamper === 'timestamp' ? STALE_TIMESTAMP_SECONDS : 0));
    const nonce = nonceStr();
    let signature = signSha256Rsa(platformKey, responseMessage(timestamp, nonce, body));
    if (tamper === 'sign') {
      const bytes = Buffer.from(signature, 'base64');
      bytes[bytes.length >> 1] = bytes[bytes.length >> 1]! ^ 0xff;
      signature = bytes.toString('base64');
    }
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': signature,
      'Wechatpay-Serial': tamper === 'serial' ? UNKNOWN_PLATFORM_SERIAL : keys.platformSerial,
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }

  function sendSigned(reply: FastifyReply, answer: JsonAnswer) {
    const body = answer.status === 204 ? '' : JSON.stringify(answer.body);
    reply.code(answer.status).headers(signedHeaders(body)).header('cache-control', 'no-store');
    if (answer.status === 204) return reply.send();
    return reply.type('application/json; charset=utf-8').send(body);
  }

  /** The Authorization check every v3 call gets: a problem answer, or null when it is the merchant's. */
  function authorizationProblem(request: FastifyRequest): JsonAnswer | null {
    const header = request.headers.authorization;
    const auth = parseAuthorization(typeof header === 'string' ? header : undefined);
    if (!auth) return fail(401, 'SIGN_ERROR', 'Authorization 缺失或格式错误');
    if (auth.mchid !== keys.mchid) return fail(401, 'SIGN_ERROR', '商户号与签名不匹配');
    if (auth.serial_no !== keys.merchantSerial) return fail(401, 'SIGN_ERROR', '商户证书序列号有误');
    const body = typeof request.body === 'string' ? request.body : '';
    const message = requestMessage(request.method, request.url, auth.timestamp, auth.nonce_str, body);
    if (!verifySha256Rsa(merchantKey, message, auth.signature)) return fail(401, 'SIGN_ERROR', '签名错误');
    // A validly signed but old (or future) request is a replay: refused like WeChat does.
    if (Math.abs(clock() / 1000 - Number(auth.timestamp)) > TIMESTAMP_WINDOW_SECONDS || !/^\d+$/.test(auth.timestamp)) {
      return fail(401, 'SIGN_ERROR', '请求时间戳与服务器时间相差超过5分钟');
    }
    return null;
  }

  function transactionJson(trade: SandboxTrade) {
    const { state, desc } = TRADE_STATE[trade.state];
    const settled = trade.state === 'PAID' || trade.state === 'REFUNDED';
    return {
      appid: keys.appid,
      mchid: keys.mchid,
      out_trade_no: trade.outTradeNo,
      trade_state: state,
      trade_state_desc: desc,
      ...(settled
        ? {
            transaction_id: trade.providerTxnId,
            trade_type: trade.extra.tradeType ?? 'MWEB',
            bank_type: 'OTHERS',
            attach: '',
            success_time: rfc3339China(new Date(trade.paidAt ?? clock())),
            payer: { openid: trade.extra.openid ?? '' },
          }
        : {}),
      amount: {
        total: trade.amountFen,
        currency: 'CNY',
        payer_currency: 'CNY',
        ...(settled ? { payer_total: trade.amountFen } : {}),
      },
    };
  }

  function issuePrepay(trade: SandboxTrade, tradeType: Prepay['tradeType'], openid: string): string {
    const prepayId = `wx${randomBytes(17).toString('hex')}`;
    prepays.set(prepayId, { outTradeNo: trade.outTradeNo, tradeType, openid, issuedAt: clock() });
    return prepayId;
  }

  /** Pays through a prepay: the trade records how (trade_type, payer) for its query answers and notification. */
  function settlePaid(ctx: SandboxContext, trade: SandboxTrade, prepay: Prepay): boolean {
    if (trade.state !== 'NOTPAY') return false;
    Object.assign(trade.extra, { tradeType: prepay.tradeType, openid: prepay.openid });
    return ctx.settle('wechat', trade.outTradeNo, 'PAID');
  }

  function create(ctx: SandboxContext, tradeType: Prepay['tradeType'], raw: unknown): JsonAnswer {
    const parsed = (tradeType === 'JSAPI' ? jsapiBody : h5Body).safeParse(parseJson(raw));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return fail(400, 'PARAM_ERROR', `参数错误：${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim());
    }
    const order = parsed.data;
    if (order.appid !== keys.appid || order.mchid !== keys.mchid) {
      return fail(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
    }
    const existing = ctx.trades.get('wechat', order.out_trade_no);
    if (existing) {
      if (existing.state === 'PAID' || existing.state === 'REFUNDED') return fail(400, 'ORDERPAID', '该订单已支付');
      if (existing.state === 'CLOSED') return fail(400, 'ORDER_CLOSED', '该订单已关闭');
      if (existing.amountFen !== order.amount.total || existing.subject !== order.description) {
        return fail(400, 'INVALID_REQUEST', '201 商户订单号重复');
      }
    }
    const createdAt = clock();
    const openid =
      'payer' in order
        ? order.payer.openid
        : `o${createHash('sha256').update(order.out_trade_no).digest('base64url').slice(0, 27)}`;
    const transactionId = `42000${digits(23)}`;
    const trade =
      existing ??
      ctx.trades.upsert({
        provider: 'wechat',
        outTradeNo: order.out_trade_no,
        providerTxnId: transactionId,
        amountFen: order.amount.total,
        subject: order.description,
        notifyUrl: order.notify_url,
        returnUrl: '',
        expiresAt: order.time_expire ? Date.parse(order.time_expire) : createdAt + PREPAY_TTL_MS,
        extra: { tradeType, openid, transaction_id: transactionId, appid: order.appid, mchid: order.mchid },
      });
    const prepayId = issuePrepay(trade, tradeType, openid);
    if (tradeType === 'JSAPI') return { status: 200, body: { prepay_id: prepayId } };
    const h5Url = `${ctx.publicOrigin}${WECHAT_SANDBOX_PREFIX}/h5/cashier?prepay_id=${prepayId}&package=${digits(10)}`;
    return { status: 200, body: { h5_url: h5Url } };
  }

  /** A trade that can still be paid now, or the reason it cannot. */
  function payable(
    ctx: SandboxContext,
    prepay: Prepay | undefined,
    ttlMs: number,
  ): { problem: string | null; trade?: SandboxTrade } {
    if (!prepay) return { problem: '支付链接无效' };
    const trade = ctx.trades.get('wechat', prepay.outTradeNo);
    if (!trade) return { problem: '支付链接无效' };
    if (trade.state === 'PAID' || trade.state === 'REFUNDED') return { problem: '该订单已支付', trade };
    if (trade.state === 'CLOSED') return { problem: '该订单已关闭', trade };
    if (clock() > trade.expiresAt) return { problem: '订单已过期', trade };
    if (clock() - prepay.issuedAt > ttlMs) return { problem: '支付链接已过期', trade };
    return { problem: null, trade };
  }

  const PROBLEM_TEXT: Record<string, { icon: string; message: string; status: number }> = {
    支付链接无效: { icon: '!', message: '该支付链接不存在，请返回商户页面重新发起支付。', status: 404 },
    该订单已支付: { icon: '✓', message: '无需重复支付。', status: 409 },
    该订单已关闭: { icon: '!', message: '请返回商户页面重新下单。', status: 410 },
    订单已过期: { icon: '!', message: '订单已超过支付时限，请返回商户页面重新下单。', status: 410 },
    支付链接已过期: { icon: '!', message: '支付链接5分钟内有效，请返回商户页面重新发起支付。', status: 410 },
  };

  /** WeChat refuses a redirect_url outside the merchant's registered H5 domain: here, PUBLIC_ORIGIN. */
  function redirectAllowed(ctx: SandboxContext, redirectUrl: string | undefined): redirectUrl is string {
    if (!redirectUrl) return false;
    try {
      return new URL(redirectUrl).origin === new URL(ctx.publicOrigin).origin;
    } catch {
      return false;
    }
  }

  function sendPage(reply: FastifyReply, status: number, html: string) {
    return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  }

  /** The JSAPI parameters a page passed to getBrandWCPayRequest, checked as WeChat's client does. */
  function checkPayParams(
    ctx: SandboxContext,
    raw: unknown,
  ): { problem: string | null; trade?: SandboxTrade; prepay?: Prepay } {
    const parsed = payParams.safeParse(parseJson(raw));
    if (!parsed.success) return { problem: '支付参数缺失' };
    const params = parsed.data;
    if (params.appId !== keys.appid) return { problem: '调用支付JSAPI缺少参数：appId不匹配' };
    if (params.signType !== 'RSA') return { problem: 'signType 须为 RSA' };
    const message = paySignMessage(params.appId, params.timeStamp, params.nonceStr, params.package);
    if (!verifySha256Rsa(merchantKey, message, params.paySign)) return { problem: '支付验证签名失败' };
    const prepayId = /^prepay_id=(.+)$/.exec(params.package)?.[1];
    const prepay = prepayId ? prepays.get(prepayId) : undefined;
    if (prepay && prepay.tradeType !== 'JSAPI') return { problem: 'prepay_id 不是 JSAPI 下单所得' };
    const { problem, trade } = payable(ctx, prepay, PREPAY_TTL_MS);
    if (problem || !trade) return { problem: problem ?? '支付链接无效' };
    return { problem: null, trade, ...(prepay ? { prepay } : {}) };
  }

  function buildNotification(trade: SandboxTrade, event: TradeEvent, tamper?: Tamper): SandboxNotification | null {
    // Only TRANSACTION.SUCCESS and REFUND.* are notified; closing a trade is silent.
    if (event === 'CLOSED') return null;
    const now = clock();
    const id = notificationId(['wechat', trade.outTradeNo, trade.providerTxnId, event, tamper ?? '']);
    const wrong = (fen: number) => (tamper === 'amount' ? (fen > 1 ? 1 : 2) : fen);
    let plaintext: object;
    let originalType: string;
    let eventType: string;
    let summary: string;
    if (event === 'PAID') {
      originalType = 'transaction';
      eventType = 'TRANSACTION.SUCCESS';
      summary = '支付成功';
      const amount = wrong(trade.amountFen);
      plaintext = {
        ...transactionJson({ ...trade, state: 'PAID' }),
        trade_state: 'SUCCESS',
        trade_state_desc: '支付成功',
        amount: { total: amount, payer_total: amount, currency: 'CNY', payer_currency: 'CNY' },
      };
    } else {
      originalType = 'refund';
      eventType = 'REFUND.SUCCESS';
      summary = '退款成功';
      const refund = refunds.get(trade.outTradeNo) ?? {
        outRefundNo: `RF${trade.outTradeNo}`.slice(0, 64),
        refundId: `50300${digits(24)}`,
      };
      const amount = wrong(trade.amountFen);
      plaintext = {
        mchid: keys.mchid,
        out_trade_no: trade.outTradeNo,
        transaction_id: trade.providerTxnId,
        out_refund_no: refund.outRefundNo,
        refund_id: refund.refundId,
        refund_status: 'SUCCESS',
        success_time: rfc3339China(new Date(trade.refundedAt ?? now)),
        user_received_account: '支付用户零钱',
        amount: { total: trade.amountFen, refund: amount, payer_total: trade.amountFen, payer_refund: amount },
      };
    }
    const body = JSON.stringify({
      id,
      create_time: rfc3339China(new Date(now)),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: {
        original_type: originalType,
        ...encryptResource(keys.apiV3Key, JSON.stringify(plaintext), originalType),
      },
    });
    tampers.set(id, tamper);
    return { notifyId: id, contentType: 'application/json', headers: notificationHeaders(body, tamper), body };
  }

  function notificationHeaders(body: string, tamper?: Tamper): Record<string, string> {
    // Content-Type travels as SandboxNotification.contentType.
    return { 'User-Agent': 'Mozilla/4.0', ...signedHeaders(body, tamper) };
  }

  return {
    name: 'wechat',
    retryScheduleMs: WECHAT_RETRY_SCHEDULE_MS,
    bridgeScriptPath: WECHAT_BRIDGE_SCRIPT_PATH,
    buildNotification,
    refresh(notification) {
      return { ...notification, headers: notificationHeaders(notification.body, tampers.get(notification.notifyId)) };
    },
    accepted(reply) {
      return reply.status === 200 || reply.status === 204;
    },
    routes(ctx) {
      context = ctx;
      return async (app: FastifyInstance) => {
        // Its own body parsers in its own context: the v3 signature covers the raw body, and the cashier posts a form.
        await app.register(async (sandbox) => {
          sandbox.removeAllContentTypeParsers();
          sandbox.addContentTypeParser(
            ['application/json', 'application/x-www-form-urlencoded', 'text/plain'],
            { parseAs: 'string', bodyLimit: 64 * 1024 },
            (_request, body, done) => done(null, body),
          );

          const v3 =
            (handler: (request: FastifyRequest) => JsonAnswer) =>
            async (request: FastifyRequest, reply: FastifyReply) =>
              sendSigned(reply, authorizationProblem(request) ?? handler(request));

          sandbox.post(
            '/v3/pay/transactions/h5',
            v3((request) => create(ctx, 'MWEB', request.body)),
          );
          sandbox.post(
            '/v3/pay/transactions/jsapi',
            v3((request) => create(ctx, 'JSAPI', request.body)),
          );

          const queryAnswer = (trade: SandboxTrade | undefined, mchid: unknown): JsonAnswer => {
            if (mchid !== keys.mchid) return fail(400, 'PARAM_ERROR', 'mchid 与商户不匹配');
            if (!trade) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
            return { status: 200, body: transactionJson(trade) };
          };
          sandbox.get(
            '/v3/pay/transactions/out-trade-no/:no',
            v3((request) => {
              const { params, query } = request as FastifyRequest<{
                Params: { no: string };
                Querystring: { mchid?: string };
              }>;
              return queryAnswer(ctx.trades.get('wechat', params.no), query.mchid);
            }),
          );
          sandbox.get(
            '/v3/pay/transactions/id/:txn',
            v3((request) => {
              const { params, query } = request as FastifyRequest<{
                Params: { txn: string };
                Querystring: { mchid?: string };
              }>;
              return queryAnswer(ctx.trades.byExtra('wechat', 'transaction_id', params.txn), query.mchid);
            }),
          );

          sandbox.post(
            '/v3/pay/transactions/out-trade-no/:no/close',
            v3((request) => {
              const { params } = request as FastifyRequest<{ Params: { no: string } }>;
              const body = closeBody.safeParse(parseJson(request.body));
              if (!body.success) return fail(400, 'PARAM_ERROR', '参数错误：mchid');
              if (body.data.mchid !== keys.mchid) return fail(400, 'PARAM_ERROR', 'mchid 与商户不匹配');
              const trade = ctx.trades.get('wechat', params.no);
              if (!trade) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
              if (trade.state === 'PAID' || trade.state === 'REFUNDED') return fail(400, 'ORDERPAID', '该订单已支付');
              // WeChat notifies nothing on close: the store moves without the notifier.
              if (trade.state === 'NOTPAY') ctx.trades.move('wechat', trade.outTradeNo, 'CLOSED');
              return { status: 204, body: null };
            }),
          );

          sandbox.post(
            '/v3/refund/domestic/refunds',
            v3((request) => {
              const parsed = refundBody.safeParse(parseJson(request.body));
              if (!parsed.success) return fail(400, 'PARAM_ERROR', '参数错误');
              const input = parsed.data;
              const trade = input.out_trade_no
                ? ctx.trades.get('wechat', input.out_trade_no)
                : input.transaction_id
                  ? ctx.trades.byExtra('wechat', 'transaction_id', input.transaction_id)
                  : undefined;
              if (!trade) return fail(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
              if (trade.state === 'REFUNDED') return fail(400, 'INVALID_REQUEST', '订单已全额退款');
              if (trade.state !== 'PAID') return fail(400, 'INVALID_REQUEST', '订单未支付，不能退款');
              if (input.amount.total !== trade.amountFen) return fail(400, 'PARAM_ERROR', '订单金额与原订单不一致');
              if (input.amount.refund !== trade.amountFen) return fail(400, 'INVALID_REQUEST', '沙箱仅支持全额退款');
              const refund = { outRefundNo: input.out_refund_no, refundId: `50300${digits(24)}` };
              refunds.set(trade.outTradeNo, refund);
              if (!ctx.settle('wechat', trade.outTradeNo, 'REFUNDED')) {
                return fail(400, 'INVALID_REQUEST', '订单状态不允许退款');
              }
              return {
                status: 200,
                body: {
                  refund_id: refund.refundId,
                  out_refund_no: refund.outRefundNo,
                  transaction_id: trade.providerTxnId,
                  out_trade_no: trade.outTradeNo,
                  channel: 'ORIGINAL',
                  user_received_account: '支付用户零钱',
                  create_time: rfc3339China(new Date(clock())),
                  status: 'PROCESSING',
                  funds_account: 'AVAILABLE',
                  amount: {
                    total: trade.amountFen,
                    refund: trade.amountFen,
                    payer_total: trade.amountFen,
                    payer_refund: trade.amountFen,
                    settlement_total: trade.amountFen,
                    settlement_refund: trade.amountFen,
                    discount_refund: 0,
                    currency: 'CNY',
                  },
                },
              };
            }),
          );

          // --- H5 cashier (the h5_url) ------------------------------------------------------------------------
          const problemPage = (reply: FastifyReply, problem: string, backUrl: string | null) => {
            const text = PROBLEM_TEXT[problem] ?? { icon: '!', message: problem, status: 400 };
            return sendPage(
              reply,
              text.status,
              messagePage({ icon: text.icon, title: problem, message: text.message, backUrl }),
            );
          };

          sandbox.get('/h5/cashier', async (request, reply) => {
            const query = request.query as Record<string, string | undefined>;
            const redirectUrl = query.redirect_url;
            if (!redirectAllowed(ctx, redirectUrl)) {
              return sendPage(
                reply,
                400,
                messagePage({
                  icon: '!',
                  title: '商家参数格式有误',
                  message: 'redirect_url 不属于商户登记的 H5 支付域名，请联系商家解决。',
                }),
              );
            }
            const prepay = query.prepay_id ? prepays.get(query.prepay_id) : undefined;
            if (prepay && prepay.tradeType !== 'MWEB') return problemPage(reply, '支付链接无效', redirectUrl);
            const { problem, trade } = payable(ctx, prepay, H5_LINK_TTL_MS);
            if (problem || !trade) return problemPage(reply, problem ?? '支付链接无效', redirectUrl);
            return sendPage(
              reply,
              200,
              cashierPage({
                merchant: merchantName,
                subject: trade.subject,
                amountFen: trade.amountFen,
                prepayId: query.prepay_id!,
                redirectUrl,
                payPath: `${WECHAT_SANDBOX_PREFIX}/h5/pay`,
              }),
            );
          });

          sandbox.post('/h5/pay', async (request, reply) => {
            const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
            const redirectUrl = form.get('redirect_url') ?? undefined;
            if (!redirectAllowed(ctx, redirectUrl)) {
              return sendPage(
                reply,
                400,
                messagePage({ icon: '!', title: '商家参数格式有误', message: 'redirect_url 无效。' }),
              );
            }
            const prepayId = form.get('prepay_id') ?? '';
            const prepay = prepays.get(prepayId);
            if (form.get('action') === 'cancel')
              return reply.header('cache-control', 'no-store').redirect(redirectUrl, 303);
            const { problem, trade } = payable(ctx, prepay?.tradeType === 'MWEB' ? prepay : undefined, H5_LINK_TTL_MS);
            if (problem || !trade) return problemPage(reply, problem ?? '支付链接无效', redirectUrl);
            if (!settlePaid(ctx, trade, prepay!)) return problemPage(reply, '该订单已关闭', redirectUrl);
            // The notification first, so the status page usually finds the order paid.
            await ctx.flush?.();
            return reply.header('cache-control', 'no-store').redirect(redirectUrl, 303);
          });

          // --- OAuth (snsapi_base): the payer's openid for JSAPI -------------------------------------------------
          sandbox.get('/connect/oauth2/authorize', async (request, reply) => {
            const query = request.query as Record<string, string | undefined>;
            const oauth = options.oauth;
            if (!oauth || query.appid !== oauth.appid) {
              return sendPage(reply, 400, messagePage({ icon: '!', title: '参数错误', message: 'appid 无效。' }));
            }
            if (query.response_type !== 'code' || !['snsapi_base', 'snsapi_userinfo'].includes(query.scope ?? '')) {
              return sendPage(
                reply,
                400,
                messagePage({ icon: '!', title: 'Scope 参数错误或没有 Scope 权限', message: '' }),
              );
            }
            if (!redirectAllowed(ctx, query.redirect_uri)) {
              return sendPage(reply, 400, messagePage({ icon: '!', title: 'redirect_uri 参数错误', message: '' }));
            }
            const cookie = /(?:^|;\s*)fjt_wx_sandbox_uid=([0-9a-f]{32})/.exec(request.headers.cookie ?? '')?.[1];
            const uid = cookie ?? randomBytes(16).toString('hex');
            const openid = `o${createHash('sha256').update(`${oauth.appid}|${uid}`).digest('base64url').slice(0, 27)}`;
            const code = randomBytes(16).toString('hex');
            oauthCodes.set(code, { openid, issuedAt: clock(), used: false });
            const target = new URL(query.redirect_uri);
            target.searchParams.set('code', code);
            target.searchParams.set('state', query.state ?? '');
            if (!cookie) {
              reply.header(
                'set-cookie',
                `${SANDBOX_USER_COOKIE}=${uid}; Path=${WECHAT_SANDBOX_PREFIX}; HttpOnly; SameSite=Lax; Max-Age=31536000`,
              );
            }
            return reply.header('cache-control', 'no-store').redirect(target.toString(), 302);
          });

          sandbox.get('/sns/oauth2/access_token', async (request, reply) => {
            const query = request.query as Record<string, string | undefined>;
            reply.header('cache-control', 'no-store');
            const oauth = options.oauth;
            if (!oauth || query.appid !== oauth.appid) return { errcode: 40013, errmsg: 'invalid appid' };
            if (query.secret !== oauth.appSecret) return { errcode: 40125, errmsg: 'invalid appsecret' };
            if (query.grant_type !== 'authorization_code') return { errcode: 40002, errmsg: 'invalid grant_type' };
            const grant = query.code ? oauthCodes.get(query.code) : undefined;
            if (!grant || clock() - grant.issuedAt > OAUTH_CODE_TTL_MS)
              return { errcode: 40029, errmsg: 'invalid code' };
            if (grant.used) return { errcode: 40163, errmsg: 'code been used' };
            grant.used = true;
            return {
              access_token: randomBytes(24).toString('hex'),
              expires_in: 7200,
              refresh_token: randomBytes(24).toString('hex'),
              openid: grant.openid,
              scope: 'snsapi_base',
            };
          });

          // --- JSAPI: the WeixinJSBridge shim and its two calls ------------------------------------------------
          sandbox.get('/jsbridge.js', async (_request, reply) =>
            reply
              .header('cache-control', 'no-store')
              .type('application/javascript; charset=utf-8')
              .send(JSBRIDGE_SOURCE),
          );

          sandbox.post('/jsapi/check', async (request, reply) => {
            const { problem, trade } = checkPayParams(ctx, request.body);
            reply.header('cache-control', 'no-store');
            if (problem || !trade) return { ok: false, message: problem };
            return {
              ok: true,
              merchant: merchantName,
              subject: trade.subject,
              amountFen: trade.amountFen,
              amountText: yuan(trade.amountFen),
            };
          });

          sandbox.post('/jsapi/pay', async (request, reply) => {
            const { problem, trade, prepay } = checkPayParams(ctx, request.body);
            reply.header('cache-control', 'no-store');
            if (problem || !trade || !prepay) {
              return { ok: false, err_msg: 'get_brand_wcpay_request:fail', message: problem };
            }
            if (!settlePaid(ctx, trade, prepay)) {
              return { ok: false, err_msg: 'get_brand_wcpay_request:fail', message: '该订单已关闭' };
            }
            await ctx.flush?.();
            return { ok: true, err_msg: 'get_brand_wcpay_request:ok' };
          });
        });
      };
    },
  };
}

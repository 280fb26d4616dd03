// WeChat Pay v3 (issue 12; research/payments.md §2, §6): the adapter against the sandbox over HTTP (Fastify inject):
// H5 and JSAPI creation, the cashier and its 5-minute link, the WeixinJSBridge shim's paySign check, query, close,
// refund; the Authorization the sandbox checks and the answer signatures the adapter checks; notifications: valid,
// each tamper, wrong ids and keys, re-signing on retries; AES-256-GCM round trips; replies and the retry table.
// A small in-test SandboxContext stands in for the sandbox core (trade store, clock, settle → notification).
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { HttpClient, IncomingNotification, PaymentProvider, ProviderOrder } from '../provider.ts';
import type { SandboxContext, SandboxNotification, SandboxTrade, SandboxTradeStore } from '../sandbox/types.ts';
import { BASE_CSP, inlineScriptHashes, registerSecurityHeaders } from '../../../plugins/security.ts';
import {
  decryptResource,
  encryptResource,
  nonceStr,
  paySignMessage,
  responseMessage,
  rfc3339China,
  signSha256Rsa,
} from './crypto.ts';
import { WechatPayError, createWechatProvider } from './adapter.ts';
import { generateWechatKeys, type WechatKeys } from './keys.ts';
import {
  UNKNOWN_PLATFORM_SERIAL,
  WECHAT_BRIDGE_SCRIPT_PATH,
  WECHAT_RETRY_SCHEDULE_MS,
  WECHAT_SANDBOX_PREFIX,
  createWechatSandbox,
  type WechatSandbox,
} from './sandbox.ts';
import { createWechatSandboxPair, wechatConfigFromEnv } from './index.ts';
import { createWechatOauth } from './oauth.ts';

const ORIGIN = 'http://localhost:3000';
const BASE = `${ORIGIN}${WECHAT_SANDBOX_PREFIX}`;
let clock = Date.parse('2026-11-25T10:00:00Z');
const now = () => clock;

let keys: WechatKeys;
let sandbox: WechatSandbox;
let app: FastifyInstance;
const trades = new Map<string, SandboxTrade>();
let sent: SandboxNotification[];
/** Rewrites requests or answers on the wire (a man in the middle), when a test sets it. */
let wire: {
  request?: (r: Parameters<HttpClient>[0]) => Parameters<HttpClient>[0];
  answer?: (a: Awaited<ReturnType<HttpClient>>) => Awaited<ReturnType<HttpClient>>;
} = {};

const http: HttpClient = async (request) => {
  const sent = wire.request ? wire.request(request) : request;
  const url = new URL(sent.url);
  const res = await app.inject({
    method: sent.method,
    url: url.pathname + url.search,
    headers: sent.headers ?? {},
    ...(sent.body === undefined ? {} : { payload: sent.body }),
  });
  const headers = Object.fromEntries(
    Object.entries(res.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(', ') : String(v)]),
  );
  const answer = { status: res.statusCode, headers, body: res.body };
  return wire.answer ? wire.answer(answer) : answer;
};

function memoryStore(): SandboxTradeStore {
  const key = (provider: string, no: string) => `${provider}:${no}`;
  return {
    get: (provider, no) => trades.get(key(provider, no)),
    upsert(trade) {
      const existing = trades.get(key(trade.provider, trade.outTradeNo));
      if (existing) return existing;
      const created: SandboxTrade = { ...trade, state: 'NOTPAY', createdAt: clock, paidAt: null, refundedAt: null };
      trades.set(key(trade.provider, trade.outTradeNo), created);
      return created;
    },
    move(provider, no, to) {
      const trade = trades.get(key(provider, no));
      if (!trade) return false;
      const allowed =
        (trade.state === 'NOTPAY' && (to === 'PAID' || to === 'CLOSED')) ||
        (trade.state === 'PAID' && to === 'REFUNDED');
      if (!allowed) return false;
      trade.state = to;
      if (to === 'PAID') trade.paidAt = clock;
      if (to === 'REFUNDED') trade.refundedAt = clock;
      return true;
    },
    byExtra: (provider, k, v) => [...trades.values()].find((t) => t.provider === provider && t.extra[k] === v),
  };
}

function context(): SandboxContext {
  const store = memoryStore();
  return {
    trades: store,
    clock: { now },
    publicOrigin: ORIGIN,
    settle(provider, no, event, options) {
      const to = event === 'PAID' ? 'PAID' : event === 'CLOSED' ? 'CLOSED' : 'REFUNDED';
      if (!store.move(provider, no, to)) return false;
      const notification = sandbox.buildNotification(store.get(provider, no)!, event, options?.tamper);
      if (notification) sent.push(notification);
      return true;
    },
  };
}

let provider: PaymentProvider;
let seq = 0;
const orderNo = () => `FJT20261125100000${String(++seq).padStart(8, '0')}`;
const order = (overrides: Partial<ProviderOrder> = {}): ProviderOrder => ({
  outTradeNo: orderNo(),
  amountFen: 1200,
  subject: '房价通会员·月卡',
  expiresAt: new Date(clock + 30 * 60_000),
  returnUrl: `${ORIGIN}/profile/buynewvip/status?orderNo=X`,
  notifyUrl: `${ORIGIN}/rabbit/v1/customer/pay/notify/wechat`,
  clientIp: '10.1.2.3',
  wechatTradeType: 'h5',
  ...overrides,
});

const incoming = (n: SandboxNotification): IncomingNotification => ({
  headers: Object.fromEntries(Object.entries(n.headers).map(([k, v]) => [k.toLowerCase(), v])),
  rawBody: n.body,
  body: JSON.parse(n.body),
});

beforeAll(async () => {
  keys = generateWechatKeys();
  sandbox = createWechatSandbox(keys.platform, { oauth: keys.oauth });
  app = Fastify();
  await registerSecurityHeaders(app, { publicOrigin: ORIGIN });
  await app.register(sandbox.routes(context()), { prefix: WECHAT_SANDBOX_PREFIX });
  await app.ready();
  provider = createWechatProvider({
    ...keys.merchant,
    baseUrl: BASE,
    http,
    now,
    bridgeScript: WECHAT_BRIDGE_SCRIPT_PATH,
  });
});

beforeEach(() => {
  sent = [];
  wire = {};
});

/** Creates an H5 payment and answers the cashier link's parts. */
async function createH5(input: Partial<ProviderOrder> = {}) {
  const o = order(input);
  const action = await provider.createPayment(o);
  if (action.kind !== 'redirect') throw new Error('expected a redirect');
  const url = new URL(action.url);
  return { order: o, url, path: url.pathname + url.search, prepayId: url.searchParams.get('prepay_id')! };
}

async function payH5(prepayId: string, redirectUrl: string, action = 'pay') {
  return app.inject({
    method: 'POST',
    url: `${WECHAT_SANDBOX_PREFIX}/h5/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ prepay_id: prepayId, redirect_url: redirectUrl, action }).toString(),
  });
}

describe('H5: create, cashier, pay', () => {
  it('answers h5_url + redirect_url, a cashier with the amount and no inline script, and pays to redirect_url', async () => {
    const { order: o, url, path, prepayId } = await createH5();
    expect(url.origin + url.pathname).toBe(`${BASE}/h5/cashier`);
    expect(prepayId).toMatch(/^wx[0-9a-f]{34}$/);
    expect(url.searchParams.get('redirect_url')).toBe(o.returnUrl);
    expect(url.search.endsWith(`&redirect_url=${encodeURIComponent(o.returnUrl)}`)).toBe(true);

    const trade = trades.get(`wechat:${o.outTradeNo}`)!;
    expect(trade).toMatchObject({
      amountFen: 1200,
      subject: '房价通会员·月卡',
      state: 'NOTPAY',
      notifyUrl: o.notifyUrl,
    });
    expect(trade.expiresAt).toBe(Date.parse(rfc3339China(o.expiresAt)));
    expect(trade.extra).toMatchObject({ tradeType: 'MWEB', appid: keys.merchant.appid, mchid: keys.merchant.mchid });

    const page = await app.inject(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('微信支付');
    expect(page.body).toContain('房价通会员·月卡');
    expect(page.body).toContain('12.00');
    expect(page.body).toContain('立即支付');
    expect(page.body).toContain('取消');
    // Works under the app's strict policy: no inline script, the base CSP untouched, the form posts to our origin.
    expect(inlineScriptHashes(page.body)).toEqual([]);
    expect(page.headers['content-security-policy']).toBe(BASE_CSP);
    expect(page.body).toContain(`action="${WECHAT_SANDBOX_PREFIX}/h5/pay"`);

    const paid = await payH5(prepayId, o.returnUrl);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(o.returnUrl);
    expect(trade.state).toBe('PAID');
    expect(sent).toHaveLength(1);

    const verified = await provider.verifyNotification(incoming(sent[0]!));
    expect(verified).toMatchObject({
      ok: true,
      notification: {
        provider: 'wechat',
        notifyId: sent[0]!.notifyId,
        outTradeNo: o.outTradeNo,
        providerTxnId: trade.providerTxnId,
        event: 'PAID',
        amountFen: 1200,
      },
    });
    // The link is spent: the cashier now says it is paid.
    const again = await app.inject(path);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('该订单已支付');
  });

  it('取消 goes back to redirect_url unpaid', async () => {
    const { order: o, prepayId } = await createH5();
    const res = await payH5(prepayId, o.returnUrl, 'cancel');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(o.returnUrl);
    expect(trades.get(`wechat:${o.outTradeNo}`)!.state).toBe('NOTPAY');
    expect(sent).toEqual([]);
  });

  it('the link expires 5 minutes after issue (page and form); ordering again gives a fresh link', async () => {
    const first = await createH5();
    clock += 5 * 60_000 + 1000;
    const page = await app.inject(first.path);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('支付链接已过期');
    expect(page.body).toContain('返回商户');
    expect((await payH5(first.prepayId, first.order.returnUrl)).statusCode).toBe(410);
    expect(trades.get(`wechat:${first.order.outTradeNo}`)!.state).toBe('NOTPAY');

    const fresh = await provider.createPayment(first.order);
    if (fresh.kind !== 'redirect') throw new Error('expected a redirect');
    const url = new URL(fresh.url);
    expect(url.searchParams.get('prepay_id')).not.toBe(first.prepayId);
    expect((await app.inject(url.pathname + url.search)).statusCode).toBe(200);
  });

  it('refuses a redirect_url outside the merchant origin and an unknown prepay_id', async () => {
    const { path, prepayId } = await createH5();
    const evil = path.replace(/redirect_url=[^&]*/, `redirect_url=${encodeURIComponent('https://evil.example/x')}`);
    const page = await app.inject(evil);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('商家参数格式有误');
    expect((await payH5(prepayId, 'https://evil.example/x')).statusCode).toBe(400);
    const unknown = await app.inject(path.replace(prepayId, `wx${'0'.repeat(34)}`));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('支付链接无效');
  });

  it('a second order call with the same number and other content is refused (201 商户订单号重复)', async () => {
    const { order: o } = await createH5();
    await expect(provider.createPayment({ ...o, amountFen: 1 })).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
    });
  });
});

describe('JSAPI: create, the WeixinJSBridge shim and its paySign check', () => {
  async function createJsapi() {
    const o = order({ wechatTradeType: 'jsapi', openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
    const action = await provider.createPayment(o);
    if (action.kind !== 'jsapi') throw new Error('expected jsapi');
    return { order: o, action };
  }
  const shimCall = (path: 'check' | 'pay', params: object) =>
    app.inject({ method: 'POST', url: `${WECHAT_SANDBOX_PREFIX}/jsapi/${path}`, payload: params });

  it('answers getBrandWCPayRequest params signed with the merchant key and the shim script', async () => {
    const { action, order: o } = await createJsapi();
    expect(action.bridgeScript).toBe(WECHAT_BRIDGE_SCRIPT_PATH);
    expect(action.params).toMatchObject({
      appId: keys.merchant.appid,
      signType: 'RSA',
      timeStamp: String(Math.floor(clock / 1000)),
    });
    expect(action.params.package).toMatch(/^prepay_id=wx[0-9a-f]{34}$/);
    expect(action.params.nonceStr).toMatch(/^[0-9A-F]{32}$/);
    expect(trades.get(`wechat:${o.outTradeNo}`)!.extra).toMatchObject({ tradeType: 'JSAPI', openid: o.openid });

    const script = await app.inject(WECHAT_BRIDGE_SCRIPT_PATH);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('application/javascript');
    expect(script.body).toContain('window.WeixinJSBridge');
    expect(script.body).toContain('getBrandWCPayRequest');
    expect(script.body).toContain('立即支付');
    expect(script.body).toContain('WeixinJSBridgeReady');
    // Valid JavaScript.
    expect(() => new Function(script.body)).not.toThrow();
  });

  it('the shim endpoint checks paySign and prepay_id, then settles once', async () => {
    const { action, order: o } = await createJsapi();
    const check = await shimCall('check', action.params);
    expect(check.json()).toEqual({
      ok: true,
      merchant: '房价通',
      subject: o.subject,
      amountFen: 1200,
      amountText: '12.00',
    });

    // Tampered signature, or a package the merchant signed but WeChat never issued: refused, nothing paid.
    const badSign = { ...action.params, paySign: action.params.paySign.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) };
    expect((await shimCall('pay', badSign)).json()).toMatchObject({
      ok: false,
      err_msg: 'get_brand_wcpay_request:fail',
      message: '支付验证签名失败',
    });
    const otherPackage = { ...action.params, package: `prepay_id=wx${'1'.repeat(34)}` };
    expect((await shimCall('pay', otherPackage)).json()).toMatchObject({ ok: false, message: '支付验证签名失败' });
    const forgedPackage = {
      ...otherPackage,
      paySign: signSha256Rsa(
        keys.merchant.merchantPrivateKey,
        paySignMessage(otherPackage.appId, otherPackage.timeStamp, otherPackage.nonceStr, otherPackage.package),
      ),
    };
    expect((await shimCall('check', forgedPackage)).json()).toMatchObject({ ok: false, message: '支付链接无效' });
    const otherKey = generateWechatKeys();
    const signedByOther = {
      ...action.params,
      paySign: signSha256Rsa(
        otherKey.merchant.merchantPrivateKey,
        paySignMessage(action.params.appId, action.params.timeStamp, action.params.nonceStr, action.params.package),
      ),
    };
    expect((await shimCall('check', signedByOther)).json()).toMatchObject({ ok: false, message: '支付验证签名失败' });
    expect(trades.get(`wechat:${o.outTradeNo}`)!.state).toBe('NOTPAY');
    expect(sent).toEqual([]);

    expect((await shimCall('pay', action.params)).json()).toEqual({ ok: true, err_msg: 'get_brand_wcpay_request:ok' });
    expect(trades.get(`wechat:${o.outTradeNo}`)!.state).toBe('PAID');
    expect((await shimCall('pay', action.params)).json()).toMatchObject({ ok: false, message: '该订单已支付' });
    expect(sent).toHaveLength(1);
    const verified = await provider.verifyNotification(incoming(sent[0]!));
    expect(verified.ok && verified.notification).toMatchObject({
      event: 'PAID',
      outTradeNo: o.outTradeNo,
      amountFen: 1200,
    });
    expect(JSON.parse(decryptResource(keys.merchant.apiV3Key, JSON.parse(sent[0]!.body).resource)!)).toMatchObject({
      trade_type: 'JSAPI',
      payer: { openid: o.openid },
    });
  });

  it('needs an openid', async () => {
    await expect(provider.createPayment(order({ wechatTradeType: 'jsapi' }))).rejects.toBeInstanceOf(WechatPayError);
  });
});

describe('query, close, refund', () => {
  it('query maps trade_state; a trade WeChat never saw is NOTPAY', async () => {
    const ref = (no: string) => ({ outTradeNo: no, providerTxnId: null, appAccountToken: null });
    expect(await provider.query(ref(orderNo()))).toEqual({
      state: 'NOTPAY',
      providerTxnId: null,
      amountFen: null,
      paidAt: null,
    });
    const { order: o, prepayId } = await createH5();
    expect(await provider.query(ref(o.outTradeNo))).toMatchObject({
      state: 'NOTPAY',
      providerTxnId: null,
      amountFen: 1200,
    });
    await payH5(prepayId, o.returnUrl);
    const trade = trades.get(`wechat:${o.outTradeNo}`)!;
    expect(await provider.query(ref(o.outTradeNo))).toEqual({
      state: 'PAID',
      providerTxnId: trade.providerTxnId,
      amountFen: 1200,
      paidAt: rfc3339China(new Date(trade.paidAt!)),
    });
  });

  it('close: an unpaid trade closes (no notification), a closed one again is fine, an unknown one is fine, a paid one is refused', async () => {
    const { order: o, prepayId } = await createH5();
    await provider.close(o.outTradeNo);
    expect(trades.get(`wechat:${o.outTradeNo}`)!.state).toBe('CLOSED');
    await provider.close(o.outTradeNo);
    expect((await provider.query({ outTradeNo: o.outTradeNo, providerTxnId: null, appAccountToken: null })).state).toBe(
      'CLOSED',
    );
    expect((await payH5(prepayId, o.returnUrl)).statusCode).toBe(410);
    await expect(provider.close(orderNo())).resolves.toBeUndefined();
    expect(sent).toEqual([]);

    const paid = await createH5();
    await payH5(paid.prepayId, paid.order.returnUrl);
    await expect(provider.close(paid.order.outTradeNo)).rejects.toMatchObject({ code: 'ORDERPAID', status: 400 });
    // Ordering again after close is refused by WeChat.
    await expect(provider.createPayment(o)).rejects.toMatchObject({ code: 'ORDER_CLOSED' });
  });

  it('refund: a paid trade is refunded (REFUND.SUCCESS notification); an unpaid one is refused', async () => {
    const { order: o, prepayId } = await createH5();
    expect(
      await provider.refund({
        outTradeNo: o.outTradeNo,
        refundNo: `R${o.outTradeNo}`,
        amountFen: 1200,
        reason: '测试退款',
      }),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining('INVALID_REQUEST'),
    });
    await payH5(prepayId, o.returnUrl);
    sent = [];
    expect(
      await provider.refund({
        outTradeNo: o.outTradeNo,
        refundNo: `R${o.outTradeNo}`,
        amountFen: 1200,
        reason: '测试退款',
      }),
    ).toEqual({ ok: true });
    const trade = trades.get(`wechat:${o.outTradeNo}`)!;
    expect(trade.state).toBe('REFUNDED');
    expect((await provider.query({ outTradeNo: o.outTradeNo, providerTxnId: null, appAccountToken: null })).state).toBe(
      'REFUNDED',
    );
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({
      event_type: 'REFUND.SUCCESS',
      resource: { original_type: 'refund' },
    });
    const verified = await provider.verifyNotification(incoming(sent[0]!));
    expect(verified).toMatchObject({
      ok: true,
      notification: {
        event: 'REFUNDED',
        outTradeNo: o.outTradeNo,
        providerTxnId: trade.providerTxnId,
        amountFen: 1200,
      },
    });
    expect(
      await provider.refund({
        outTradeNo: o.outTradeNo,
        refundNo: `R2${o.outTradeNo}`,
        amountFen: 1200,
        reason: '再退',
      }),
    ).toMatchObject({ ok: false });
  });
});

describe('signatures on the wire', () => {
  it('the sandbox refuses a request whose Authorization does not verify (401 SIGN_ERROR)', async () => {
    const attempts: Array<(r: Parameters<HttpClient>[0]) => Parameters<HttpClient>[0]> = [
      // signature corrupted
      (r) => ({
        ...r,
        headers: {
          ...r.headers,
          authorization: r.headers!.authorization!.replace(
            /signature="(.)/,
            (_m, c) => `signature="${c === 'A' ? 'B' : 'A'}`,
          ),
        },
      }),
      // body changed after signing (amount lowered by someone in between)
      (r) => ({ ...r, body: r.body!.replace('"total":1200', '"total":1') }),
      // another merchant serial
      (r) => ({
        ...r,
        headers: {
          ...r.headers,
          authorization: r.headers!.authorization!.replace(/serial_no="[^"]*"/, 'serial_no="0123456789ABCDEF"'),
        },
      }),
      // no Authorization
      (r) => ({ ...r, headers: { ...r.headers, authorization: '' } }),
    ];
    for (const tamper of attempts) {
      wire = { request: tamper };
      const o = order();
      await expect(provider.createPayment(o)).rejects.toMatchObject({ status: 401, code: 'SIGN_ERROR' });
      expect(trades.has(`wechat:${o.outTradeNo}`)).toBe(false);
    }
    // Validly signed, but replayed six minutes later.
    let captured: Parameters<HttpClient>[0] | undefined;
    wire = { request: (r) => (captured = r) };
    await provider.createPayment(order());
    wire = {};
    clock += 6 * 60_000;
    const replay = await http(captured!);
    expect(replay.status).toBe(401);
    expect(JSON.parse(replay.body)).toEqual({ code: 'SIGN_ERROR', message: '请求时间戳与服务器时间相差超过5分钟' });
    // A merchant key WeChat does not know, under the right serial.
    const stranger = generateWechatKeys();
    const forged = createWechatProvider({
      ...keys.merchant,
      merchantPrivateKey: stranger.merchant.merchantPrivateKey,
      baseUrl: BASE,
      http,
      now,
    });
    await expect(forged.createPayment(order())).rejects.toMatchObject({ status: 401, code: 'SIGN_ERROR' });
  });

  it('the adapter believes no answer whose Wechatpay-* signature does not verify', async () => {
    wire = { answer: (a) => ({ ...a, body: a.body.replace('h5/cashier', 'h5/cashiex') }) };
    await expect(provider.createPayment(order())).rejects.toThrow(/not believed: bad signature/);
    wire = { answer: (a) => ({ ...a, headers: { ...a.headers, 'wechatpay-serial': UNKNOWN_PLATFORM_SERIAL } }) };
    await expect(provider.createPayment(order())).rejects.toThrow(/unknown platform serial/);
    wire = { answer: (a) => ({ ...a, headers: { ...a.headers, 'wechatpay-signature': '' } }) };
    await expect(provider.query({ outTradeNo: orderNo(), providerTxnId: null, appAccountToken: null })).rejects.toThrow(
      /missing Wechatpay/,
    );
    // An adapter that trusts another platform key believes nothing the sandbox says.
    wire = {};
    const other = generateWechatKeys();
    const misconfigured = createWechatProvider({
      ...keys.merchant,
      platformPublicKeys: {
        [keys.platform.platformSerial]: other.merchant.platformPublicKeys[other.platform.platformSerial]!,
      },
      baseUrl: BASE,
      http,
      now,
    });
    await expect(misconfigured.createPayment(order())).rejects.toThrow(/bad signature/);
    // A forged, unsigned error answer is still an error, but its code is not believed.
    wire = { answer: () => ({ status: 404, headers: {}, body: '{"code":"ORDER_NOT_EXIST","message":"x"}' }) };
    await expect(
      provider.query({ outTradeNo: orderNo(), providerTxnId: null, appAccountToken: null }),
    ).rejects.toMatchObject({ code: null, status: 404 });
  });
});

describe('notifications', () => {
  async function paidTrade() {
    const { order: o, prepayId } = await createH5();
    await payH5(prepayId, o.returnUrl);
    sent = [];
    return trades.get(`wechat:${o.outTradeNo}`)!;
  }

  it('a valid one verifies as PAID; copies share the notification id, a tampered one has its own', async () => {
    const trade = await paidTrade();
    const first = sandbox.buildNotification(trade, 'PAID')!;
    const copy = sandbox.buildNotification(trade, 'PAID')!;
    expect(copy.notifyId).toBe(first.notifyId);
    expect(sandbox.buildNotification(trade, 'PAID', 'amount')!.notifyId).not.toBe(first.notifyId);
    const body = JSON.parse(first.body);
    expect(body).toMatchObject({
      id: first.notifyId,
      event_type: 'TRANSACTION.SUCCESS',
      resource_type: 'encrypt-resource',
      summary: '支付成功',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', associated_data: 'transaction' },
    });
    expect(first.contentType).toBe('application/json');
    expect(first.headers).toMatchObject({ 'Wechatpay-Serial': keys.platform.platformSerial });
    const results = await Promise.all([first, copy].map((n) => provider.verifyNotification(incoming(n))));
    for (const result of results)
      expect(result).toMatchObject({ ok: true, notification: { notifyId: first.notifyId, event: 'PAID' } });
  });

  it('each tamper: sign, serial and timestamp are refused with a reason; amount verifies but carries the wrong amount', async () => {
    const trade = await paidTrade();
    const verify = (tamper: 'sign' | 'serial' | 'timestamp' | 'amount') =>
      provider.verifyNotification(incoming(sandbox.buildNotification(trade, 'PAID', tamper)!));
    expect(await verify('sign')).toEqual({ ok: false, reason: 'bad signature' });
    expect(await verify('serial')).toEqual({ ok: false, reason: `unknown platform serial ${UNKNOWN_PLATFORM_SERIAL}` });
    expect(await verify('timestamp')).toEqual({ ok: false, reason: 'stale timestamp' });
    // Validly signed and encrypted: the adapter cannot know the order's amount; the orders core compares it.
    const amount = await verify('amount');
    expect(amount.ok && amount.notification.amountFen).toBe(1);
    expect(amount.ok && amount.notification.amountFen).not.toBe(trade.amountFen);
  });

  it('refuses a body changed after signing, a future timestamp, wrong appid or mchid, a wrong APIv3 key, missing headers', async () => {
    const trade = await paidTrade();
    const genuine = sandbox.buildNotification(trade, 'PAID')!;
    expect(
      await provider.verifyNotification({
        ...incoming(genuine),
        rawBody: genuine.body.replace('"summary":"支付成功"', '"summary":"支付成功 "'),
      }),
    ).toEqual({ ok: false, reason: 'bad signature' });
    // Re-serialised JSON is not the bytes that were signed.
    expect(
      await provider.verifyNotification({
        ...incoming(genuine),
        rawBody: JSON.stringify(JSON.parse(genuine.body), null, 1),
      }),
    ).toEqual({ ok: false, reason: 'bad signature' });
    expect(await provider.verifyNotification({ ...incoming(genuine), headers: {} })).toEqual({
      ok: false,
      reason: 'missing Wechatpay-* signature headers',
    });

    const saved = clock;
    clock -= 6 * 60_000;
    expect(await provider.verifyNotification(incoming(genuine))).toEqual({ ok: false, reason: 'stale timestamp' });
    clock = saved;

    // Validly signed by the platform, but for another appid / mchid, or encrypted with another APIv3 key.
    const forge = (resource: object, apiV3Key = keys.platform.apiV3Key): IncomingNotification => {
      const body = JSON.stringify({
        id: 'forged-1',
        create_time: rfc3339China(new Date(clock)),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: {
          original_type: 'transaction',
          ...encryptResource(apiV3Key, JSON.stringify(resource), 'transaction'),
        },
      });
      const timestamp = String(Math.floor(clock / 1000));
      const nonce = nonceStr();
      return {
        headers: {
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': nonce,
          'wechatpay-serial': keys.platform.platformSerial,
          'wechatpay-signature': signSha256Rsa(
            keys.platform.platformPrivateKey,
            responseMessage(timestamp, nonce, body),
          ),
        },
        rawBody: body,
        body: JSON.parse(body),
      };
    };
    const resource = JSON.parse(decryptResource(keys.merchant.apiV3Key, JSON.parse(genuine.body).resource)!);
    expect(await provider.verifyNotification(forge(resource))).toMatchObject({
      ok: true,
      notification: { notifyId: 'forged-1', event: 'PAID' },
    });
    expect(await provider.verifyNotification(forge({ ...resource, appid: 'wx0000000000000000' }))).toEqual({
      ok: false,
      reason: 'appid mismatch',
    });
    expect(await provider.verifyNotification(forge({ ...resource, mchid: '1999999999' }))).toEqual({
      ok: false,
      reason: 'mchid mismatch',
    });
    expect(await provider.verifyNotification(forge(resource, 'x'.repeat(32)))).toEqual({
      ok: false,
      reason: 'resource decryption failed',
    });
    expect(await provider.verifyNotification(forge({ ...resource, trade_state: 'NOTPAY' }))).toEqual({
      ok: false,
      reason: 'malformed transaction resource',
    });
  });

  it('refresh re-signs a retry with a fresh timestamp (hours later it still verifies); tampers stay tampered', async () => {
    const trade = await paidTrade();
    const genuine = sandbox.buildNotification(trade, 'PAID')!;
    const stale = sandbox.buildNotification(trade, 'PAID', 'timestamp')!;
    const badSign = sandbox.buildNotification(trade, 'PAID', 'sign')!;
    clock += WECHAT_RETRY_SCHEDULE_MS.slice(0, 6).reduce((a, b) => a + b, 0);
    expect(await provider.verifyNotification(incoming(genuine))).toEqual({ ok: false, reason: 'stale timestamp' });
    const retry = sandbox.refresh(genuine);
    expect(retry.body).toBe(genuine.body);
    expect(retry.notifyId).toBe(genuine.notifyId);
    expect(retry.headers['Wechatpay-Nonce']).not.toBe(genuine.headers['Wechatpay-Nonce']);
    expect(await provider.verifyNotification(incoming(retry))).toMatchObject({
      ok: true,
      notification: { notifyId: genuine.notifyId },
    });
    expect(await provider.verifyNotification(incoming(sandbox.refresh(stale)))).toEqual({
      ok: false,
      reason: 'stale timestamp',
    });
    expect(await provider.verifyNotification(incoming(sandbox.refresh(badSign)))).toEqual({
      ok: false,
      reason: 'bad signature',
    });
  });

  it('WeChat notifies nothing on close', async () => {
    const { order: o } = await createH5();
    await provider.close(o.outTradeNo);
    expect(sandbox.buildNotification(trades.get(`wechat:${o.outTradeNo}`)!, 'CLOSED')).toBeNull();
  });
});

describe('OAuth (snsapi_base): the openid JSAPI needs', () => {
  const oauth = () =>
    createWechatOauth({ ...keys.oauth, authorizeUrl: `${BASE}/connect/oauth2/authorize`, apiBaseUrl: BASE, http });
  const callback = `${ORIGIN}/pay/wechat-callback?orderNo=FJT1`;
  async function authorize(url: string, cookie?: string) {
    const u = new URL(url);
    return app.inject({ url: u.pathname + u.search, headers: cookie ? { cookie } : {} });
  }

  it('redirects back with a single-use code that gives a stable openid per browser', async () => {
    const url = oauth().authorizeUrl(callback, 'st-1');
    expect(url.startsWith(`${BASE}/connect/oauth2/authorize?appid=${keys.oauth.appid}&redirect_uri=`)).toBe(true);
    expect(url).toContain('scope=snsapi_base');
    expect(url.endsWith('#wechat_redirect')).toBe(true);
    const first = await authorize(url);
    expect(first.statusCode).toBe(302);
    const back = new URL(first.headers.location as string);
    expect(back.origin + back.pathname).toBe(`${ORIGIN}/pay/wechat-callback`);
    expect(back.searchParams.get('orderNo')).toBe('FJT1');
    expect(back.searchParams.get('state')).toBe('st-1');
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^fjt_wx_sandbox_uid=[0-9a-f]{32}$/);

    const code = back.searchParams.get('code')!;
    const openid = await oauth().openid(code);
    expect(openid).toMatch(/^o[\w-]{27}$/);
    await expect(oauth().openid(code)).rejects.toThrow(/40163/);

    const again = new URL((await authorize(url, cookie)).headers.location as string);
    expect(await oauth().openid(again.searchParams.get('code')!)).toBe(openid);
    const stranger = new URL((await authorize(url)).headers.location as string);
    expect(await oauth().openid(stranger.searchParams.get('code')!)).not.toBe(openid);
  });

  it('refuses another appid, a redirect_uri elsewhere, a wrong secret, an unknown or expired code', async () => {
    const other = createWechatOauth({
      appid: 'wx0000000000000000',
      appSecret: keys.oauth.appSecret,
      authorizeUrl: `${BASE}/connect/oauth2/authorize`,
      apiBaseUrl: BASE,
      http,
    });
    expect((await authorize(other.authorizeUrl(callback, 's'))).statusCode).toBe(400);
    const evil = await authorize(oauth().authorizeUrl('https://evil.example/cb', 's'));
    expect(evil.statusCode).toBe(400);
    expect(evil.body).toContain('redirect_uri 参数错误');

    const code = () =>
      authorize(oauth().authorizeUrl(callback, 's')).then((r) =>
        new URL(r.headers.location as string).searchParams.get('code')!,
      );
    const wrongSecret = createWechatOauth({
      ...keys.oauth,
      appSecret: 'f'.repeat(32),
      authorizeUrl: '',
      apiBaseUrl: BASE,
      http,
    });
    await expect(wrongSecret.openid(await code())).rejects.toThrow(/40125/);
    await expect(oauth().openid('nope')).rejects.toThrow(/40029/);
    const late = await code();
    clock += 6 * 60_000;
    await expect(oauth().openid(late)).rejects.toThrow(/40029/);
  });
});

describe('protocol pieces', () => {
  it('AES-256-GCM: round trip; another key, nonce, associated data or tag fails', () => {
    const key = keys.merchant.apiV3Key;
    const sealed = encryptResource(key, '{"a":"支付"}', 'transaction');
    expect(sealed.nonce).toHaveLength(12);
    expect(decryptResource(key, sealed)).toBe('{"a":"支付"}');
    expect(decryptResource('y'.repeat(32), sealed)).toBeNull();
    expect(decryptResource(key, { ...sealed, associated_data: 'refund' })).toBeNull();
    expect(decryptResource(key, { ...sealed, nonce: 'AAAAAAAAAAAA' })).toBeNull();
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
    expect(decryptResource(key, { ...sealed, ciphertext: bytes.toString('base64') })).toBeNull();
    expect(decryptResource(key, { ...sealed, algorithm: 'AES_128' })).toBeNull();
    expect(decryptResource(key, { ...sealed, ciphertext: 'AA==' })).toBeNull();
  });

  it('replies: 204 empty accepted, {"code":"FAIL"} refused; the sandbox accepts 200/204 only; the retry table is 24h4m', () => {
    expect(provider.replyAccepted()).toEqual({ status: 204, body: null });
    const rejected = provider.replyRejected('bad signature');
    expect(rejected.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(rejected.body!)).toEqual({ code: 'FAIL', message: 'bad signature' });
    expect([200, 204, 201, 400, 500].map((status) => sandbox.accepted({ status, body: '' }))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(WECHAT_RETRY_SCHEDULE_MS).toHaveLength(15);
    expect(WECHAT_RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0)).toBe((24 * 60 + 4) * 60_000);
  });

  it('time_expire is RFC 3339 in China time', () => {
    expect(rfc3339China(new Date('2026-11-25T10:30:00Z'))).toBe('2026-11-25T18:30:00+08:00');
  });

  it('createWechatSandboxPair points the adapter at the sandbox with the shim; wechatConfigFromEnv reads WECHAT_*', () => {
    const pair = createWechatSandboxPair({ http, publicOrigin: ORIGIN, now, keys });
    expect(pair.provider.name).toBe('wechat');
    expect(pair.sandbox.bridgeScriptPath).toBe(WECHAT_BRIDGE_SCRIPT_PATH);

    expect(wechatConfigFromEnv({}, { http })).toBeNull();
    expect(() => wechatConfigFromEnv({ WECHAT_MCHID: keys.merchant.mchid }, { http })).toThrow(/WECHAT_APPID/);
    const config = wechatConfigFromEnv(
      {
        WECHAT_APPID: keys.merchant.appid,
        WECHAT_MCHID: keys.merchant.mchid,
        WECHAT_MERCHANT_PRIVATE_KEY: keys.merchant.merchantPrivateKey.replace(/\n/g, '\\n'),
        WECHAT_MERCHANT_SERIAL: keys.merchant.merchantSerial,
        WECHAT_PLATFORM_PUBLIC_KEY: keys.merchant.platformPublicKeys[keys.platform.platformSerial]!,
        WECHAT_PLATFORM_SERIAL: keys.platform.platformSerial,
        WECHAT_APIV3_KEY: keys.merchant.apiV3Key,
      },
      { http },
    );
    expect(config).toMatchObject({
      baseUrl: 'https://api.mch.weixin.qq.com',
      bridgeScript: null,
      mchid: keys.merchant.mchid,
    });
    expect(config!.merchantPrivateKey).toBe(keys.merchant.merchantPrivateKey.trim());
  });
});

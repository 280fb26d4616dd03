// The Alipay adapter against the sandbox gateway, without a database (issue 12): signed requests, signed answers
// (a forged one throws), query/close/refund, and the notification checks that are not the signature's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { createHttpClient } from '../http.ts';
import type { HttpClient, PaymentProvider } from '../provider.ts';
import { createVirtualClock, registerSandbox, type SandboxCore } from '../sandbox/core.ts';
import { createAlipayProvider } from './adapter.ts';
import { createAlipaySandboxKeys, rsaPair, yuanToFen, fenToYuan, parseAlipayTime, alipayTime } from './keys.ts';
import { createAlipaySandbox } from './sandbox.ts';

const ORIGIN = 'http://localhost:3000';
const keys = createAlipaySandboxKeys();
let app: FastifyInstance;
let core: SandboxCore;
let http: HttpClient;
let alipay: PaymentProvider;
const clock = createVirtualClock();

const adapter = (over: Partial<Parameters<typeof createAlipayProvider>[0]> = {}) =>
  createAlipayProvider({
    appId: keys.appId,
    sellerId: keys.sellerId,
    appPrivateKey: keys.app.privateKey,
    alipayPublicKey: keys.alipay.publicKey,
    gateway: `${ORIGIN}/__sandbox/alipay/gateway.do`,
    http,
    now: clock.now,
    ...over,
  });

beforeAll(async () => {
  app = Fastify();
  http = createHttpClient(app, [ORIGIN]);
  core = await registerSandbox(app, {
    providers: [createAlipaySandbox(keys)],
    http,
    publicOrigin: ORIGIN,
    clock,
    tickMs: 0,
  });
  // our notify endpoint, as far as this file needs one
  app.post('/notify', async () => 'success');
  await app.ready();
  alipay = adapter();
});
afterAll(async () => app.close());

let serial = 0;
async function opened(amountFen = 1990) {
  const outTradeNo = `FJT20261125080000${String(++serial).padStart(8, '0')}`;
  const action = await alipay.createPayment({
    outTradeNo,
    amountFen,
    subject: '房价通会员 月卡',
    expiresAt: new Date(clock.now() + 30 * 60_000),
    returnUrl: `${ORIGIN}/profile/buynewvip/status?orderNo=${outTradeNo}`,
    notifyUrl: `${ORIGIN}/notify`,
    clientIp: '10.0.0.1',
  });
  if (action.kind !== 'redirect') throw new Error('not a redirect');
  const url = new URL(action.url);
  const page = await app.inject(`${url.pathname}${url.search}`);
  return { outTradeNo, page: page.body };
}

describe('Alipay adapter ↔ sandbox gateway', () => {
  it('query says NOTPAY before the cashier and while unpaid, PAID with the trade after paying', async () => {
    const ref = (outTradeNo: string) => ({ outTradeNo, providerTxnId: null, appAccountToken: null });
    expect((await alipay.query(ref('FJT20261125080000999999999'))).state).toBe('NOTPAY');
    const { outTradeNo, page } = await opened();
    expect(page).toContain('¥</small>19.90');
    expect((await alipay.query(ref(outTradeNo))).state).toBe('NOTPAY');
    core.settle('alipay', outTradeNo, 'PAID');
    const paid = await alipay.query(ref(outTradeNo));
    expect(paid).toMatchObject({ state: 'PAID', amountFen: 1990 });
    expect(paid.providerTxnId).toBe(core.trades.get('alipay', outTradeNo)!.providerTxnId);
  });

  it('close: fine for a trade never opened, closes an unpaid one, refuses a paid one', async () => {
    await alipay.close('FJT20261125080000999999998');
    const a = await opened();
    await alipay.close(a.outTradeNo);
    expect(core.trades.get('alipay', a.outTradeNo)!.state).toBe('CLOSED');
    const b = await opened();
    core.settle('alipay', b.outTradeNo, 'PAID');
    await expect(alipay.close(b.outTradeNo)).rejects.toThrow(/ACQ.TRADE_STATUS_ERROR/);
  });

  it('refund: in full only, then the query says REFUNDED; the same refund again is fine', async () => {
    const { outTradeNo } = await opened(3000);
    core.settle('alipay', outTradeNo, 'PAID');
    expect(await alipay.refund({ outTradeNo, refundNo: 'RF1', amountFen: 100, reason: 'x' })).toMatchObject({
      ok: false,
    });
    expect(await alipay.refund({ outTradeNo, refundNo: 'RF2', amountFen: 3000, reason: '用户申请' })).toEqual({
      ok: true,
    });
    expect(await alipay.refund({ outTradeNo, refundNo: 'RF2', amountFen: 3000, reason: '用户申请' })).toEqual({
      ok: true,
    });
    expect((await alipay.query({ outTradeNo, providerTxnId: null, appAccountToken: null })).state).toBe('REFUNDED');
  });

  it('a forged answer is not believed; a request signed with another app key is refused by the gateway', async () => {
    const { outTradeNo } = await opened();
    const forging = adapter({
      http: async (request) => {
        const res = await http(request);
        return { ...res, body: res.body.replace('WAIT_BUYER_PAY', 'TRADE_SUCCESS') };
      },
    });
    await expect(forging.query({ outTradeNo, providerTxnId: null, appAccountToken: null })).rejects.toThrow(/验签失败/);
    const impostor = adapter({ appPrivateKey: rsaPair().privateKey });
    await expect(impostor.query({ outTradeNo, providerTxnId: null, appAccountToken: null })).rejects.toThrow(
      /isv.invalid-signature/,
    );
    const action = await impostor.createPayment({
      outTradeNo,
      amountFen: 1,
      subject: 's',
      expiresAt: new Date(clock.now() + 60_000),
      returnUrl: `${ORIGIN}/x`,
      notifyUrl: `${ORIGIN}/notify`,
      clientIp: '10.0.0.1',
    });
    const url = new URL((action as { url: string }).url);
    expect((await app.inject(`${url.pathname}${url.search}`)).body).toContain('验签出错');
  });

  it('notifications: valid → PAID; another app id or seller, or a TRADE_CLOSED, read as such', async () => {
    const { outTradeNo } = await opened();
    core.settle('alipay', outTradeNo, 'PAID', { delayMs: 3600_000 });
    const trade = core.trades.get('alipay', outTradeNo)!;
    const incoming = (body: string) => ({ headers: {}, rawBody: body, body });
    const valid = await alipay.verifyNotification(
      incoming(core.provider('alipay')!.buildNotification(trade, 'PAID')!.body),
    );
    expect(valid).toMatchObject({
      ok: true,
      notification: {
        provider: 'alipay',
        outTradeNo,
        event: 'PAID',
        amountFen: 1990,
        providerTxnId: trade.providerTxnId,
      },
    });
    const otherApp = createAlipaySandbox({ ...keys, appId: '2021000000000009' });
    const otherSeller = createAlipaySandbox({ ...keys, sellerId: '2088000000000009' });
    for (const [sandbox, reason] of [
      [otherApp, 'app_id mismatch'],
      [otherSeller, 'seller_id mismatch'],
    ] as const) {
      await sandbox.routes(core.context());
      const n = sandbox.buildNotification(trade, 'PAID')!;
      expect(await alipay.verifyNotification(incoming(n.body))).toEqual({ ok: false, reason });
    }
    const closed = await alipay.verifyNotification(
      incoming(core.provider('alipay')!.buildNotification(trade, 'CLOSED')!.body),
    );
    expect(closed).toMatchObject({ ok: true, notification: { event: 'CLOSED' } });
    core.settle('alipay', outTradeNo, 'REFUNDED', { delayMs: 3600_000 });
    const refunded = await alipay.verifyNotification(
      incoming(core.provider('alipay')!.buildNotification(trade, 'REFUNDED')!.body),
    );
    expect(refunded).toMatchObject({ ok: true, notification: { event: 'REFUNDED' } });
    expect(alipay.replyAccepted()).toMatchObject({ status: 200, body: 'success' });
    expect(alipay.replyRejected('x').body).toBe('fail');
  });

  it('money and time helpers', () => {
    expect(yuanToFen('30.00')).toBe(3000);
    expect(yuanToFen('0.5')).toBe(50);
    expect(yuanToFen('-1')).toBeNull();
    expect(yuanToFen('1.234')).toBeNull();
    expect(fenToYuan(1990)).toBe('19.90');
    expect(fenToYuan(5)).toBe('0.05');
    const t = Date.parse('2026-11-25T08:00:00Z');
    expect(alipayTime(t)).toBe('2026-11-25 16:00:00');
    expect(parseAlipayTime('2026-11-25 16:00:00')).toBe(t);
    expect(parseAlipayTime('bad')).toBeNaN();
  });
});

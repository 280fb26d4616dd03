// WeChat Pay end to end through the orders core (issue 12): buyMember → unifiedorder (platform 2) → the sandbox's H5
// cashier or the JSAPI shim endpoint → signed, encrypted notification → order PAID and granted once; each tamper
// refused with WeChat's {"code":"FAIL"} and nothing granted; duplicates and replays granted once; a notification
// delivered ten minutes late (re-signed by refresh) still verifies; timeout closes at WeChat; refunds.
// PGlite, or PostgreSQL with TEST_DATABASE_URL. The app's clock is the test's (`t`); the sandbox clock follows it.
import { describe, expect, it } from 'vitest';
import { queryRows, sql } from '@fjt/db';
import { ORDER_TIMEOUT_MS } from '@fjt/domain';
import { expectFail, seededApp, signInAs, type SignedIn } from '../../../testing.ts';
import type { SandboxNotification, SandboxTrade } from '../sandbox/types.ts';
import type { WechatSandbox } from './sandbox.ts';

let t = Date.parse('2026-11-25T08:00:00Z');
const seeded = seededApp('small', { now: () => t });
const BROWSER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const WECHAT_UA = `${BROWSER_UA} MicroMessenger/8.0.49`;
const NOTIFY = '/rabbit/v1/customer/pay/notify/wechat';
const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(seeded.database.db, query);
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const sandbox = () => seeded.app.payments.sandbox!;
const wechat = () => sandbox().provider('wechat') as WechatSandbox;
const trade = (orderNo: string): SandboxTrade => sandbox().trades.get('wechat', orderNo)!;

async function newOrder(user: SignedIn): Promise<string> {
  const res = await seeded.app.inject({
    method: 'POST',
    url: '/rabbit/v1/memberCard/buyMember',
    headers: user.headers,
    payload: { cardCode: 'VIP_MONTH' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: { order: { orderNo: string } } }).body.order.orderNo;
}

type Action =
  { kind: 'redirect'; url: string } | { kind: 'jsapi'; params: Record<string, string>; bridgeScript: string | null };

async function payWith(user: SignedIn, orderNo: string, ua: string, openid?: string): Promise<Action> {
  const res = await seeded.app.inject({
    method: 'POST',
    url: '/rabbit/v1/customer/pay/unifiedorder',
    headers: { ...user.headers, 'user-agent': ua },
    payload: { orderNo, platform: 2, ...(openid ? { openid } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: { action: Action } }).body.action;
}

async function status(user: SignedIn, orderNo: string) {
  const res = await seeded.app.inject({ url: `/rabbit/v1/order/status?orderNo=${orderNo}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: { order: { status: string } } }).body.order;
}

async function grants(orderNo: string) {
  const [vip] = await rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM vip_periods WHERE source = 'order' AND source_ref = ${orderNo}`,
  );
  const [ledger] = await rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM payment_ledger WHERE order_no = ${orderNo} AND kind = 'grant'`,
  );
  return { vip: vip!.n, ledger: ledger!.n };
}

async function orderStatus(orderNo: string) {
  const [row] = await rows<{ status: string; providerTxnId: string | null }>(
    sql`SELECT status, provider_txn_id AS "providerTxnId" FROM orders WHERE order_no = ${orderNo}`,
  );
  return row!;
}

async function deliveries(orderNo: string) {
  const res = await seeded.app.inject(`/__sandbox/control/deliveries?provider=wechat&outTradeNo=${orderNo}`);
  return (
    res.json() as { list: { event: string; status: number; body: string; accepted: boolean; tamper: string | null }[] }
  ).list;
}

/** An H5 order opened at the cashier (the trade exists at WeChat from then on). */
async function openH5(user: SignedIn) {
  const orderNo = await newOrder(user);
  const action = await payWith(user, orderNo, BROWSER_UA);
  if (action.kind !== 'redirect') throw new Error(`expected redirect, got ${action.kind}`);
  const cashier = await seeded.app.inject(pathOf(action.url));
  expect(cashier.statusCode, cashier.body).toBe(200);
  return { orderNo, action, url: new URL(action.url) };
}

const postNotification = (n: SandboxNotification) =>
  seeded.app.inject({
    method: 'POST',
    url: NOTIFY,
    headers: { ...n.headers, 'content-type': n.contentType },
    payload: n.body,
  });

describe('WeChat Pay through the orders core', () => {
  it('is offered; H5: cashier → 立即支付 → back to the status page, PAID and granted once', async () => {
    const pattern = await seeded.app.inject('/rabbit/v1/customer/pay/get-support-pay-pattern');
    expect(pattern.json().body).toMatchObject({ platforms: [1, 2, 3], wechatMerchantEnabled: true });

    const user = await signInAs(seeded.app);
    const { orderNo, url } = await openH5(user);
    const redirectUrl = url.searchParams.get('redirect_url')!;
    expect(redirectUrl).toContain(orderNo);
    expect(new URL(redirectUrl).origin).toBe(new URL(url).origin);
    expect(trade(orderNo)).toMatchObject({ amountFen: 3000, state: 'NOTPAY' });

    const paid = await seeded.app.inject({
      method: 'POST',
      url: '/__sandbox/wechat/h5/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        prepay_id: url.searchParams.get('prepay_id')!,
        redirect_url: redirectUrl,
        action: 'pay',
      }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(redirectUrl);
    // The cashier flushed the notification before sending the user back.
    expect(await orderStatus(orderNo)).toEqual({ status: 'PAID', providerTxnId: trade(orderNo).providerTxnId });
    expect(await grants(orderNo)).toEqual({ vip: 1, ledger: 1 });
    expect(await deliveries(orderNo)).toEqual([
      expect.objectContaining({ event: 'PAID', status: 204, body: '', accepted: true }),
    ]);
    expect(await status(user, orderNo)).toMatchObject({ status: 'PAID' });
  });

  it('JSAPI in the WeChat browser: the shim endpoint checks paySign and pays; PAID once', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    const action = await payWith(user, orderNo, WECHAT_UA, OPENID);
    if (action.kind !== 'jsapi') throw new Error(`expected jsapi, got ${action.kind}`);
    expect(action.bridgeScript).toBe('/__sandbox/wechat/jsbridge.js');
    expect((await seeded.app.inject(action.bridgeScript!)).statusCode).toBe(200);

    const forged = await seeded.app.inject({
      method: 'POST',
      url: '/__sandbox/wechat/jsapi/pay',
      payload: { ...action.params, paySign: Buffer.from('forged').toString('base64') },
    });
    expect(forged.json()).toMatchObject({ ok: false, err_msg: 'get_brand_wcpay_request:fail' });
    expect(await grants(orderNo)).toEqual({ vip: 0, ledger: 0 });

    const res = await seeded.app.inject({ method: 'POST', url: '/__sandbox/wechat/jsapi/pay', payload: action.params });
    expect(res.json()).toEqual({ ok: true, err_msg: 'get_brand_wcpay_request:ok' });
    expect((await orderStatus(orderNo)).status).toBe('PAID');
    expect(await grants(orderNo)).toEqual({ vip: 1, ledger: 1 });
  });

  it('each tamper is refused with {"code":"FAIL"}; nothing granted; WeChat keeps retrying', async () => {
    const user = await signInAs(seeded.app);
    for (const tamper of ['sign', 'serial', 'timestamp', 'amount'] as const) {
      const { orderNo } = await openH5(user);
      const res = await seeded.app.inject({
        method: 'POST',
        url: `/__sandbox/control/wechat/${orderNo}/pay`,
        payload: { tamper },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [delivery, ...rest] = await deliveries(orderNo);
      expect(rest).toEqual([]);
      expect(delivery).toMatchObject({ tamper, accepted: false });
      expect(delivery!.status).toBeGreaterThanOrEqual(400);
      expect(JSON.parse(delivery!.body)).toMatchObject({ code: 'FAIL' });
      expect(await grants(orderNo)).toEqual({ vip: 0, ledger: 0 });
      expect((await orderStatus(orderNo)).status).toBe('PAYING');
    }
  });

  it('duplicates, 20 sequential and 20 concurrent replays of one notification: one grant, one ledger row', async () => {
    const user = await signInAs(seeded.app);
    const { orderNo } = await openH5(user);
    await seeded.app.inject({
      method: 'POST',
      url: `/__sandbox/control/wechat/${orderNo}/pay`,
      payload: { duplicates: 3 },
    });
    expect((await deliveries(orderNo)).every((d) => d.accepted && d.status === 204)).toBe(true);
    const notification = wechat().buildNotification(trade(orderNo), 'PAID')!;
    for (let i = 0; i < 20; i++) expect((await postNotification(wechat().refresh(notification))).statusCode).toBe(204);
    const concurrent = await Promise.all(
      Array.from({ length: 20 }, () => postNotification(wechat().refresh(notification))),
    );
    expect(concurrent.map((r) => r.statusCode)).toEqual(Array(20).fill(204));
    expect(await grants(orderNo)).toEqual({ vip: 1, ledger: 1 });
  });

  it('a notification held 10 minutes is re-signed when delivered, and verifies', async () => {
    const user = await signInAs(seeded.app);
    const { orderNo } = await openH5(user);
    await seeded.app.inject({
      method: 'POST',
      url: `/__sandbox/control/wechat/${orderNo}/pay`,
      payload: { delayMs: 600_000 },
    });
    expect(await deliveries(orderNo)).toEqual([]);
    const clock = await seeded.app.inject({
      method: 'POST',
      url: '/__sandbox/control/clock',
      payload: { advanceMs: 600_000 },
    });
    expect(clock.statusCode).toBe(200);
    expect(await deliveries(orderNo)).toEqual([expect.objectContaining({ status: 204, accepted: true })]);
    expect(await grants(orderNo)).toEqual({ vip: 1, ledger: 1 });
  });

  it('an unpaid order closes after 30 minutes at WeChat too; then it cannot be paid', async () => {
    const user = await signInAs(seeded.app);
    const { orderNo, url } = await openH5(user);
    t += ORDER_TIMEOUT_MS + 60_000;
    try {
      expect(await seeded.app.payments.orders.closeExpired()).toBeGreaterThanOrEqual(1);
      expect((await orderStatus(orderNo)).status).toBe('CLOSED');
      expect(trade(orderNo).state).toBe('CLOSED');
      expect((await seeded.app.inject(pathOf(url.toString()))).statusCode).toBe(410);
      expect(await deliveries(orderNo)).toEqual([]);
    } finally {
      t -= ORDER_TIMEOUT_MS + 60_000;
    }
  });

  it('refund: PAID → REFUNDED at WeChat; the REFUND.SUCCESS notification is accepted and changes nothing more', async () => {
    const user = await signInAs(seeded.app);
    const { orderNo } = await openH5(user);
    await seeded.app.inject({ method: 'POST', url: `/__sandbox/control/wechat/${orderNo}/pay` });
    expect((await orderStatus(orderNo)).status).toBe('PAID');
    const done = await seeded.app.payments.orders.refund(orderNo, { actorId: user.id, reason: '用户申请退款' });
    expect(done.order.status).toBe('REFUNDED');
    await sandbox().flush();
    expect(trade(orderNo).state).toBe('REFUNDED');
    expect((await deliveries(orderNo)).at(-1)).toMatchObject({ event: 'REFUNDED', status: 204, accepted: true });
    expect((await orderStatus(orderNo)).status).toBe('REFUNDED');
    const ledger = await rows<{ kind: string }>(
      sql`SELECT kind FROM payment_ledger WHERE order_no = ${orderNo} ORDER BY kind`,
    );
    expect(ledger.map((l) => l.kind)).toEqual(['grant', 'refund']);
  });

  it("the checkout's WeChat sign-in gives the payer's openid: authorize → WeChat → oauth-return → the page with ?openid=", async () => {
    const user = await signInAs(seeded.app);
    const returnTo = '/profile/buynewvip/order?cardCode=VIP_MONTH';
    const start = await seeded.app.inject({
      url: `/rabbit/v1/customer/pay/wechat/authorize?returnTo=${encodeURIComponent(returnTo)}`,
      headers: { ...user.headers, 'user-agent': WECHAT_UA },
    });
    expect(start.statusCode, start.body).toBe(302);
    const stateCookie = String(start.headers['set-cookie']).split(';')[0]!;
    const atWechat = await seeded.app.inject({
      url: pathOf(start.headers.location!),
      headers: { 'user-agent': WECHAT_UA },
    });
    expect(atWechat.statusCode, atWechat.body).toBe(302);
    const back = pathOf(atWechat.headers.location!);
    expect(back).toMatch(/^\/rabbit\/v1\/customer\/pay\/wechat\/oauth-return\?code=\w+&state=\w+$/);
    // another browser (no state cookie) cannot finish this sign-in
    expectFail(await seeded.app.inject({ url: back }), 400, '微信授权失败，请返回重试');
    const done = await seeded.app.inject({ url: back, headers: { cookie: stateCookie } });
    expect(done.statusCode, done.body).toBe(302);
    const landed = new URL(done.headers.location!, 'http://localhost');
    expect(`${landed.pathname}?cardCode=${landed.searchParams.get('cardCode')}`).toBe(returnTo);
    const openid = landed.searchParams.get('openid')!;
    expect(openid).toMatch(/^o[\w-]{20,}$/);
    // the code is single use
    expectFail(await seeded.app.inject({ url: back, headers: { cookie: stateCookie } }), 400);
    const action = await payWith(user, await newOrder(user), WECHAT_UA, openid);
    expect(action.kind).toBe('jsapi');
    // only a path of this site may be returned to
    for (const bad of ['//evil.example/x', 'https://evil.example/', '2147483648', '/a%0d%0ab']) {
      const res = await seeded.app.inject({
        url: `/rabbit/v1/customer/pay/wechat/authorize?returnTo=${encodeURIComponent(bad)}`,
      });
      expectFail(res, 400, '返回地址须为本站页面路径');
    }
  });
});

// Orders, the apply path and the Alipay sandbox end to end (issue 12): every state move, every tamper, replays and
// races, the timeout, a success after the timeout, late notifications, refunds, Idempotency-Key, the §5 check at
// unifiedorder. The app's clock is the test's (`t`); the sandbox's virtual clock follows it.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ORDER_MESSAGES, ORDER_TIMEOUT_MS, PRODUCT_MESSAGES } from '@fjt/domain';
import { queryRows, sql } from '@fjt/db';
import { expectFail, seededApp, signInAs, type SignedIn } from '../../testing.ts';
import { buildApp } from '../../app.ts';
import type { SandboxTrade } from './sandbox/types.ts';
import { createCatalogue, vipProducts } from './catalogue.ts';

let t = Date.parse('2026-11-25T08:00:00Z');
const seeded = seededApp('small', { now: () => t });
const BROWSER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const WECHAT_UA = `${BROWSER_UA} MicroMessenger/8.0.49`;
const NOTIFY = '/rabbit/v1/customer/pay/notify/alipay';

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(seeded.database.db, query);
const path = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

async function buy(
  app: FastifyInstance,
  user: SignedIn,
  payload: Record<string, unknown> = { cardCode: 'VIP_MONTH' },
  key?: string,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/rabbit/v1/memberCard/buyMember',
    headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
  return res;
}

async function newOrder(user: SignedIn): Promise<string> {
  const res = await buy(seeded.app, user);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: { order: { orderNo: string } } }).body.order.orderNo;
}

async function unifiedOrder(user: SignedIn, orderNo: string, ua = BROWSER_UA, platform = 1) {
  return seeded.app.inject({
    method: 'POST',
    url: '/rabbit/v1/customer/pay/unifiedorder',
    headers: { ...user.headers, 'user-agent': ua },
    payload: { orderNo, platform },
  });
}

/** unifiedorder with Alipay and opening the cashier (the trade exists at the provider from then on). */
async function openCashier(user: SignedIn, orderNo: string): Promise<string> {
  const res = await unifiedOrder(user, orderNo);
  expect(res.statusCode, res.body).toBe(200);
  const action = (res.json() as { body: { action: { kind: string; url: string } } }).body.action;
  expect(action.kind).toBe('redirect');
  const cashier = await seeded.app.inject({ method: 'GET', url: path(action.url) });
  expect(cashier.statusCode).toBe(200);
  return cashier.body;
}

async function status(user: SignedIn, orderNo: string) {
  const res = await seeded.app.inject({ url: `/rabbit/v1/order/status?orderNo=${orderNo}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: { order: { status: string; amount: number } } }).body.order;
}

async function control(provider: string, orderNo: string, action: string, body: Record<string, unknown> = {}) {
  return seeded.app.inject({
    method: 'POST',
    url: `/__sandbox/control/${provider}/${orderNo}/${action}`,
    payload: body,
  });
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

async function orderRow(orderNo: string) {
  const [row] = await rows<{ status: string; provider: string | null; providerTxnId: string | null }>(
    sql`SELECT status, provider, provider_txn_id AS "providerTxnId" FROM orders WHERE order_no = ${orderNo}`,
  );
  return row!;
}

function trade(orderNo: string): SandboxTrade {
  return seeded.app.payments.sandbox!.trades.get('alipay', orderNo)!;
}

/** The signed notification the sandbox would send for the trade's current state (to replay it ourselves). */
function notificationOf(orderNo: string, event: 'PAID' | 'CLOSED' | 'REFUNDED' = 'PAID') {
  return seeded.app.payments.sandbox!.provider('alipay')!.buildNotification(trade(orderNo), event)!;
}
const post = (n: { body: string; contentType: string }) =>
  seeded.app.inject({ method: 'POST', url: NOTIFY, headers: { 'content-type': n.contentType }, payload: n.body });

describe('checkout', () => {
  it('offers the configured providers, creates orders at the catalogue price whatever the client says', async () => {
    const pattern = await seeded.app.inject('/rabbit/v1/customer/pay/get-support-pay-pattern');
    expect(pattern.json().body).toEqual({ platforms: [1, 2, 3], wechatMerchantEnabled: true, inAppOnly: false });

    expectFail(await buy(seeded.app, { headers: {} } as SignedIn), 401);
    const user = await signInAs(seeded.app);
    expectFail(await buy(seeded.app, user, { cardCode: 'NO_SUCH' }), 400, ORDER_MESSAGES.cardUnknown);
    const res = await buy(seeded.app, user, { cardCode: 'VIP_MONTH', amount: 0.01, amountFen: 1, price: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const order = res.json().body.order;
    expect(order).toMatchObject({
      productKind: 'vip',
      productCode: 'VIP_MONTH',
      amount: 30,
      status: 'PENDING',
      statusText: '待支付',
    });
    expect(order.orderNo).toMatch(/^FJT\d{22}$/);
    expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBe(ORDER_TIMEOUT_MS);
  });

  it('the generic catalogue: common/product shows any product; common/order/create orders it at its price', async () => {
    const product = await seeded.app.inject('/rabbit/v1/common/product?productCode=VIP_QUARTER');
    expect(product.statusCode, product.body).toBe(200);
    expect(product.json().body.product).toMatchObject({
      code: 'VIP_QUARTER',
      kind: 'vip',
      title: '房价通会员 季卡',
      amount: 68,
      originAmount: 135,
    });
    expectFail(await seeded.app.inject('/rabbit/v1/common/product?productCode=NO_SUCH'), 404, PRODUCT_MESSAGES.unknown);
    expectFail(await seeded.app.inject('/rabbit/v1/common/product?productCode=%3Cx%3E'), 400, PRODUCT_MESSAGES.unknown);
    expectFail(await seeded.app.inject('/rabbit/v1/common/product'), 400, PRODUCT_MESSAGES.missing);

    const create = (user: SignedIn, payload: Record<string, unknown>, key?: string) =>
      seeded.app.inject({
        method: 'POST',
        url: '/rabbit/v1/common/order/create',
        headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
        payload,
      });
    expectFail(await create({ headers: {} } as SignedIn, { productCode: 'VIP_YEAR' }), 401);
    const user = await signInAs(seeded.app);
    expectFail(await create(user, { productCode: 'NO_SUCH' }), 404, PRODUCT_MESSAGES.unknown);
    const res = await create(user, { productCode: 'VIP_YEAR', amount: 0.01, returnTo: '/profile' }, 'generic-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body.order).toMatchObject({ productKind: 'vip', productCode: 'VIP_YEAR', amount: 198 });
    const again = await create(user, { productCode: 'VIP_YEAR', amount: 0.01, returnTo: '/profile' }, 'generic-1');
    expect(again.json().body.order.orderNo).toBe(res.json().body.order.orderNo);
  });

  it('Idempotency-Key: the same key and body answer the same order; another body is refused', async () => {
    const user = await signInAs(seeded.app);
    const a = await buy(seeded.app, user, { cardCode: 'VIP_MONTH' }, 'checkout-attempt-1');
    const b = await buy(seeded.app, user, { cardCode: 'VIP_MONTH' }, 'checkout-attempt-1');
    expect(a.json().body.order.orderNo).toBe(b.json().body.order.orderNo);
    expectFail(
      await buy(seeded.app, user, { cardCode: 'VIP_YEAR' }, 'checkout-attempt-1'),
      409,
      ORDER_MESSAGES.idempotencyConflict,
    );
    const c = await buy(seeded.app, user, { cardCode: 'VIP_MONTH' }, 'checkout-attempt-2');
    expect(c.json().body.order.orderNo).not.toBe(a.json().body.order.orderNo);
    expectFail(await buy(seeded.app, user, { cardCode: 'VIP_MONTH' }, 'short'), 400);
    // concurrent retries of one attempt make one order
    const many = await Promise.all(
      Array.from({ length: 5 }, () => buy(seeded.app, user, { cardCode: 'VIP_MONTH' }, 'checkout-attempt-3')),
    );
    expect(new Set(many.map((r) => r.json().body.order.orderNo)).size).toBe(1);
    // the key is the user's own
    const other = await signInAs(seeded.app);
    const d = await buy(seeded.app, other, { cardCode: 'VIP_MONTH' }, 'checkout-attempt-1');
    expect(d.json().body.order.orderNo).not.toBe(a.json().body.order.orderNo);
  });

  it('unifiedorder applies spec §5 for the asking client and only to the owner', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    expectFail(await unifiedOrder(user, orderNo, WECHAT_UA, 1), 400, ORDER_MESSAGES.platformNotAllowed);
    expectFail(await unifiedOrder(user, orderNo, BROWSER_UA, 3), 400, ORDER_MESSAGES.platformNotAllowed);
    expectFail(await unifiedOrder(await signInAs(seeded.app), orderNo), 404, ORDER_MESSAGES.notFound);
    expectFail(await unifiedOrder(user, 'FJT0000'), 400);
    expect((await orderRow(orderNo)).status).toBe('PENDING');
    const res = await unifiedOrder(user, orderNo);
    const action = res.json().body.action;
    expect(action.url).toMatch(/^http:\/\/localhost:3000\/__sandbox\/alipay\/gateway\.do\?/);
    const params = new URL(action.url).searchParams;
    expect(params.get('method')).toBe('alipay.trade.wap.pay');
    expect(params.get('sign_type')).toBe('RSA2');
    expect(params.get('notify_url')).toBe('http://localhost:3000/rabbit/v1/customer/pay/notify/alipay');
    expect(params.get('return_url')).toBe(
      `http://localhost:3000/profile/buynewvip/status?orderNo=${orderNo}&productCode=VIP_MONTH&serialNumber=${orderNo}`,
    );
    expect(JSON.parse(params.get('biz_content')!)).toMatchObject({ out_trade_no: orderNo, total_amount: '30.00' });
    expect(await orderRow(orderNo)).toMatchObject({ status: 'PAYING', provider: 'alipay' });
    expectFail(
      await seeded.app.inject({
        url: `/rabbit/v1/order/status?orderNo=${orderNo}`,
        headers: (await signInAs(seeded.app)).headers,
      }),
      404,
    );
  });

  it('pays in the sandbox cashier: one notification, PAID, one VIP period and one ledger row; back to the status page', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    const cashier = await openCashier(user, orderNo);
    expect(cashier).toContain('确认付款');
    expect(cashier).toContain('取消');
    expect(cashier).toContain('30.00');
    expect(cashier).toContain('房价通会员 月卡');
    const paid = await seeded.app.inject({ method: 'POST', url: `/__sandbox/alipay/cashier/${orderNo}/pay` });
    expect(paid.statusCode).toBe(303);
    const back = new URL(paid.headers.location as string);
    expect(back.pathname).toBe('/profile/buynewvip/status');
    expect(back.searchParams.get('orderNo')).toBe(orderNo);
    expect(back.searchParams.get('method')).toBe('alipay.trade.wap.pay.return');
    expect(back.searchParams.get('sign')).toBeTruthy();
    expect(paid.headers['x-robots-tag']).toMatch(/noindex/);

    expect(await status(user, orderNo)).toMatchObject({ status: 'PAID', amount: 30 });
    expect(await grants(orderNo)).toEqual({ vip: 1, ledger: 1 });
    const deliveries = (await seeded.app.inject(`/__sandbox/control/deliveries?outTradeNo=${orderNo}`)).json().list;
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      provider: 'alipay',
      event: 'PAID',
      attempt: 1,
      status: 200,
      body: 'success',
      accepted: true,
    });
    const member = await seeded.app.inject({
      method: 'POST',
      url: '/rabbit/v1/memberCard/getMemberCardInfo',
      headers: user.headers,
      payload: {},
    });
    expect(member.json().body.isVip).toBe(true);
    // paid: no second payment
    expectFail(await unifiedOrder(user, orderNo), 400, ORDER_MESSAGES.paid);
  });

  it('cancel in the cashier goes back without paying', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    await openCashier(user, orderNo);
    const res = await seeded.app.inject({ method: 'POST', url: `/__sandbox/alipay/cashier/${orderNo}/cancel` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain(`/profile/buynewvip/status?orderNo=${orderNo}`);
    expect(await status(user, orderNo)).toMatchObject({ status: 'PAYING' });
    expect(await grants(orderNo)).toEqual({ vip: 0, ledger: 0 });
  });
});

describe('notifications', () => {
  it.each(['sign', 'amount', 'serial', 'timestamp'] as const)(
    'a notification tampered (%s) is refused with fail, retried, logged, and grants nothing',
    async (tamper) => {
      const user = await signInAs(seeded.app);
      const orderNo = await newOrder(user);
      await openCashier(user, orderNo);
      const res = await control('alipay', orderNo, 'pay', { tamper });
      expect(res.statusCode, res.body).toBe(200);
      // Alipay retries 4 minutes later with the same bytes: refused again
      await seeded.app.inject({ method: 'POST', url: '/__sandbox/control/clock', payload: { advanceMs: 4 * 60_000 } });
      const deliveries = (await seeded.app.inject(`/__sandbox/control/deliveries?outTradeNo=${orderNo}`)).json().list;
      expect(deliveries.map((d: { attempt: number }) => d.attempt)).toEqual([1, 2]);
      expect(new Set(deliveries.map((d: { notifyId: string }) => d.notifyId)).size).toBe(1);
      for (const d of deliveries) expect(d).toMatchObject({ body: 'fail', accepted: false, tamper });
      expect(await grants(orderNo)).toEqual({ vip: 0, ledger: 0 });
      expect((await orderRow(orderNo)).status).toBe('PAYING');
      const logged = await rows<{ outcome: string; notifyId: string | null; verified: boolean }>(
        sql`SELECT outcome, notify_id AS "notifyId", verified FROM payment_notifications
            WHERE source = 'notify' AND (order_no = ${orderNo} OR payload->>'rawBody' LIKE ${`%${orderNo}%`})`,
      );
      expect(logged).toHaveLength(2);
      const why = {
        sign: /bad signature/,
        serial: /bad signature/,
        timestamp: /stale notify_time/,
        amount: /amount 3001/,
      }[tamper];
      for (const row of logged) {
        expect(row.outcome).toMatch(why);
        expect(row.notifyId).toBeNull();
        expect(row.verified).toBe(tamper === 'amount');
      }
    },
  );

  it('a notification for an unknown order, or not from Alipay, is refused', async () => {
    const forged = await seeded.app.inject({
      method: 'POST',
      url: NOTIFY,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'out_trade_no=FJT20261125000000123456789&trade_status=TRADE_SUCCESS&total_amount=0.01&sign=abc',
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).toBe('fail');
    const empty = await seeded.app.inject({ method: 'POST', url: NOTIFY });
    expect(empty.body).toBe('fail');
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    await openCashier(user, orderNo);
    await control('alipay', orderNo, 'pay', { delayMs: 3600_000 });
    const n = notificationOf(orderNo);
    // the same signed notification for another order number would need a new signature: refused
    const moved = await post({ ...n, body: n.body.replace(orderNo, 'FJT20261125000000123456789') });
    expect(moved.body).toBe('fail');
    expect(await grants(orderNo)).toEqual({ vip: 0, ledger: 0 });
    const unknown = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM payment_notifications WHERE outcome LIKE 'rejected:%' AND verified = FALSE`,
    );
    expect(unknown[0]!.n).toBeGreaterThanOrEqual(3);
  });

  it('one valid notification replayed 1,000 times in turn and 100 at once: one grant, one ledger row', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    await openCashier(user, orderNo);
    // paid at the provider, its own delivery held back: we replay its bytes ourselves
    await control('alipay', orderNo, 'pay', { delayMs: 3600_000 });
    const n = notificationOf(orderNo);
    for (let i = 0; i < 1000; i++) {
      const res = await post(n);
      if (res.body !== 'success') throw new Error(`replay ${i}: ${res.body}`);
    }
    const concurrent = await Promise.all(Array.from({ length: 100 }, () => post(n)));
    expect(concurrent.every((r) => r.body === 'success')).toBe(true);
    expect(await grants(orderNo)).toEqual({ vip: 1, ledger: 1 });
    const logged = await rows<{ outcome: string; n: number }>(
      sql`SELECT outcome, count(*)::int AS n FROM payment_notifications WHERE order_no = ${orderNo} GROUP BY outcome`,
    );
    expect(logged).toEqual([{ outcome: 'paid', n: 1 }]);
  });

  it('100 concurrent copies straight from the sandbox (duplicates) grant once', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    await openCashier(user, orderNo);
    await control('alipay', orderNo, 'pay', { duplicates: 99 });
    expect(await grants(orderNo)).toEqual({ vip: 1, ledger: 1 });
    const deliveries = (await seeded.app.inject(`/__sandbox/control/deliveries?outTradeNo=${orderNo}`)).json().list;
    expect(deliveries).toHaveLength(100);
    expect(deliveries.every((d: { accepted: boolean }) => d.accepted)).toBe(true);
  });

  it('a notification racing a status query grants once', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    await openCashier(user, orderNo);
    await control('alipay', orderNo, 'pay', { delayMs: 3600_000 });
    const n = notificationOf(orderNo);
    const [notified, polled] = await Promise.all([post(n), status(user, orderNo)]);
    expect(notified.body).toBe('success');
    expect(['PAID', 'PAYING']).toContain(polled.status);
    expect(await status(user, orderNo)).toMatchObject({ status: 'PAID' });
    expect(await grants(orderNo)).toEqual({ vip: 1, ledger: 1 });
  });

  it('a late notification: the status poll asks Alipay and grants; the notification then changes nothing', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    await openCashier(user, orderNo);
    await control('alipay', orderNo, 'pay', { delayMs: 10 * 60_000 });
    expect(await grants(orderNo)).toEqual({ vip: 0, ledger: 0 });
    expect(await status(user, orderNo)).toMatchObject({ status: 'PAID' });
    expect(await grants(orderNo)).toEqual({ vip: 1, ledger: 1 });
    await seeded.app.inject({ method: 'POST', url: '/__sandbox/control/clock', payload: { advanceMs: 10 * 60_000 } });
    const deliveries = (await seeded.app.inject(`/__sandbox/control/deliveries?outTradeNo=${orderNo}`)).json().list;
    expect(deliveries).toMatchObject([{ accepted: true, body: 'success' }]);
    expect(await grants(orderNo)).toEqual({ vip: 1, ledger: 1 });
  });

  it('out of order: the refund arrives before the payment, is refused, and its retry revokes', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    await openCashier(user, orderNo);
    expect((await control('alipay', orderNo, 'pay', { reorder: true })).statusCode).toBe(200);
    await control('alipay', orderNo, 'refund');
    let deliveries = (await seeded.app.inject(`/__sandbox/control/deliveries?outTradeNo=${orderNo}`)).json().list;
    expect(deliveries.map((d: { event: string; accepted: boolean }) => [d.event, d.accepted])).toEqual([
      ['REFUNDED', false],
      ['PAID', true],
    ]);
    expect((await orderRow(orderNo)).status).toBe('PAID');
    await seeded.app.inject({ method: 'POST', url: '/__sandbox/control/clock', payload: { advanceMs: 4 * 60_000 } });
    deliveries = (await seeded.app.inject(`/__sandbox/control/deliveries?outTradeNo=${orderNo}`)).json().list;
    expect(deliveries.at(-1)).toMatchObject({ event: 'REFUNDED', attempt: 2, accepted: true });
    expect((await orderRow(orderNo)).status).toBe('REFUNDED');
    const [ledger] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM payment_ledger WHERE order_no = ${orderNo}`,
    );
    expect(ledger!.n).toBe(2);
    const member = await seeded.app.inject({
      method: 'POST',
      url: '/rabbit/v1/memberCard/getMemberCardInfo',
      headers: user.headers,
      payload: {},
    });
    expect(member.json().body.isVip).toBe(false);
  });
});

describe('timeouts and refunds', () => {
  it("order/cancel (the cashier's way out): closed at Alipay, then here; a payment that got there first is kept", async () => {
    const user = await signInAs(seeded.app);
    const cancel = (orderNo: string, who: SignedIn = user) =>
      seeded.app.inject({ method: 'POST', url: '/rabbit/v1/order/cancel', headers: who.headers, payload: { orderNo } });
    const orderNo = await newOrder(user);
    await openCashier(user, orderNo);
    expect(new URL(trade(orderNo).extra.quitUrl!).searchParams.get('quit')).toBe('1');
    expectFail(await cancel(orderNo, await signInAs(seeded.app)), 404);
    expectFail(await cancel('FJT123'), 400);
    const res = await cancel(orderNo);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { body: { order: { status: string } } }).body.order.status).toBe('CLOSED');
    expect(trade(orderNo).state).toBe('CLOSED');
    expect(await grants(orderNo)).toEqual({ vip: 0, ledger: 0 });

    // paid at Alipay before the buyer came back through quit_url: cancelling finds the payment and keeps it
    const paid = await newOrder(user);
    await openCashier(user, paid);
    expect((await control('alipay', paid, 'pay', { delayMs: 3_600_000 })).statusCode).toBe(200);
    const kept = await cancel(paid);
    expect((kept.json() as { body: { order: { status: string } } }).body.order.status).toBe('PAID');
    expect(await grants(paid)).toEqual({ vip: 1, ledger: 1 });
  });

  it('an unpaid order closes after 30 minutes, at Alipay first; nothing is granted and the trade cannot be paid', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    await openCashier(user, orderNo);
    const never = await newOrder(user); // never sent to a provider
    await seeded.app.payments.orders.closeExpired();
    expect((await orderRow(orderNo)).status).toBe('PAYING');
    t += ORDER_TIMEOUT_MS + 60_000;
    try {
      await seeded.app.payments.orders.closeExpired();
      expect((await orderRow(orderNo)).status).toBe('CLOSED');
      expect((await orderRow(never)).status).toBe('CLOSED');
      expect(trade(orderNo).state).toBe('CLOSED');
      expect((await control('alipay', orderNo, 'pay')).statusCode).toBe(409);
      expect(await grants(orderNo)).toEqual({ vip: 0, ledger: 0 });
      expect(await status(user, orderNo)).toMatchObject({ status: 'CLOSED' });
      expectFail(await unifiedOrder(user, orderNo), 400, ORDER_MESSAGES.closed);
    } finally {
      t -= ORDER_TIMEOUT_MS + 60_000;
    }
  });

  it('a payment that lands after the order closed here is recorded and refunded at Alipay', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    await openCashier(user, orderNo);
    // closed here while Alipay still took the money (its close answered before the payment was booked)
    await seeded.database.db.execute(sql`UPDATE orders SET status = 'CLOSED' WHERE order_no = ${orderNo}`);
    await control('alipay', orderNo, 'pay');
    await seeded.app.payments.sandbox!.flush();
    expect(await grants(orderNo)).toEqual({ vip: 0, ledger: 0 });
    expect((await orderRow(orderNo)).status).toBe('CLOSED');
    expect(trade(orderNo).state).toBe('REFUNDED');
    const refunds = await rows<{ status: string; createdBy: number | null }>(
      sql`SELECT status, created_by AS "createdBy" FROM refunds WHERE order_no = ${orderNo}`,
    );
    expect(refunds).toEqual([{ status: 'SUCCESS', createdBy: null }]);
    const ledger = await rows<{ kind: string; amountFen: number }>(
      sql`SELECT kind, amount_fen AS "amountFen" FROM payment_ledger WHERE order_no = ${orderNo}`,
    );
    expect(ledger).toEqual([{ kind: 'refund', amountFen: 3000 }]);
    const audit = await rows<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE target_id = ${orderNo} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['order.refund.late', 'order.refund.late.done']);
  });

  it('refund: PAID → REFUNDING → REFUNDED at Alipay, audited, the VIP period taken back', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    await openCashier(user, orderNo);
    await seeded.app.inject({ method: 'POST', url: `/__sandbox/alipay/cashier/${orderNo}/pay` });
    expect((await orderRow(orderNo)).status).toBe('PAID');
    await expect(
      seeded.app.payments.orders.refund(await newOrder(user), { actorId: null, reason: 'x' }),
    ).rejects.toThrow(ORDER_MESSAGES.refundNotPaid);
    const done = await seeded.app.payments.orders.refund(orderNo, { actorId: user.id, reason: '用户申请退款' });
    expect(done.order.status).toBe('REFUNDED');
    await seeded.app.payments.sandbox!.flush();
    expect(trade(orderNo).state).toBe('REFUNDED');
    const ledger = await rows<{ kind: string }>(
      sql`SELECT kind FROM payment_ledger WHERE order_no = ${orderNo} ORDER BY kind`,
    );
    expect(ledger.map((l) => l.kind)).toEqual(['grant', 'refund']);
    const [period] = await rows<{ endsAt: string }>(
      sql`SELECT ends_at AS "endsAt" FROM vip_periods WHERE source = 'order' AND source_ref = ${orderNo}`,
    );
    expect(period === undefined || Date.parse(period.endsAt) <= t).toBe(true);
    const audit = await rows<{ action: string; actorId: number | null }>(
      sql`SELECT action, actor_id AS "actorId" FROM audit_log WHERE target_id = ${orderNo} ORDER BY id`,
    );
    expect(audit).toEqual([
      { action: 'order.refund', actorId: user.id },
      { action: 'order.refunded', actorId: expect.toBeOneOf([user.id, null]) },
    ]);
    // Alipay's TRADE_CLOSED (refund) notification changed nothing more
    const deliveries = (await seeded.app.inject(`/__sandbox/control/deliveries?outTradeNo=${orderNo}`)).json().list;
    expect(deliveries.at(-1)).toMatchObject({ event: 'REFUNDED', accepted: true });
    await expect(seeded.app.payments.orders.refund(orderNo, { actorId: null, reason: 'again' })).rejects.toThrow(
      ORDER_MESSAGES.refundNotPaid,
    );
  });
});

describe('more state moves', () => {
  it('PAYING → CLOSED when Alipay says the trade closed', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    await openCashier(user, orderNo);
    expect((await control('alipay', orderNo, 'close')).statusCode).toBe(200);
    expect((await orderRow(orderNo)).status).toBe('CLOSED');
    expect(await grants(orderNo)).toEqual({ vip: 0, ledger: 0 });
  });

  it('a refund Alipay refuses goes back REFUNDING → PAID, the refund FAILED and audited', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    await openCashier(user, orderNo);
    await seeded.app.inject({ method: 'POST', url: `/__sandbox/alipay/cashier/${orderNo}/pay` });
    // refunded at Alipay behind our back (its notification held): our refund is refused there
    await control('alipay', orderNo, 'refund', { delayMs: 3600_000 });
    await expect(seeded.app.payments.orders.refund(orderNo, { actorId: null, reason: '测试' })).rejects.toThrow(
      ORDER_MESSAGES.refundFailed,
    );
    expect((await orderRow(orderNo)).status).toBe('PAID');
    const refunds = await rows<{ status: string }>(sql`SELECT status FROM refunds WHERE order_no = ${orderNo}`);
    expect(refunds).toEqual([{ status: 'FAILED' }]);
    const audit = await rows<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE target_id = ${orderNo} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['order.refund', 'order.refund.failed']);
    // Alipay's own refund notification then lands: REFUNDED, the period taken back
    await seeded.app.inject({ method: 'POST', url: '/__sandbox/control/clock', payload: { advanceMs: 3600_000 } });
    expect((await orderRow(orderNo)).status).toBe('REFUNDED');
    const ledger = await rows<{ kind: string }>(
      sql`SELECT kind FROM payment_ledger WHERE order_no = ${orderNo} ORDER BY kind`,
    );
    expect(ledger.map((l) => l.kind)).toEqual(['grant', 'refund']);
  });
});

describe('Apple through the core (a stand-in adapter)', () => {
  it('confirm resolves the order by its token, grants once; a REFUND notification found by token revokes', async () => {
    const { createOrdersService, vipFulfilment } = await import('./service.ts');
    const { createMembershipService } = await import('../membership/service.ts');
    let txn = 0;
    const said = (token: string, event: 'PAID' | 'REFUNDED', id: string) => ({
      ok: true as const,
      notification: {
        provider: 'apple' as const,
        notifyId: id,
        outTradeNo: null,
        appAccountToken: token,
        providerTxnId: `2000000${txn}`,
        event,
        amountFen: 3000,
        payload: { token },
      },
    });
    const apple = {
      name: 'apple' as const,
      createPayment: async (o: { appleProductId?: string; appAccountToken?: string }) => ({
        kind: 'apple' as const,
        productId: o.appleProductId!,
        appAccountToken: o.appAccountToken!,
        storeKitScript: null,
      }),
      query: async () => ({ state: 'NOTPAY' as const, providerTxnId: null, amountFen: null, paidAt: null }),
      close: async () => {},
      refund: async () => ({ ok: false, message: 'Apple 订单须由用户向 Apple 申请退款' }),
      verifySignedTransaction: async (jws: string) => {
        const [token, id] = jws.split('|');
        return said(token!, 'PAID', id!);
      },
      verifyNotification: async (incoming: { rawBody: string }) => {
        const [token, id] = incoming.rawBody.split('|');
        return said(token!, 'REFUNDED', id!);
      },
      replyAccepted: () => ({ status: 200, body: null }),
      replyRejected: () => ({ status: 400, body: null }),
    };
    const db = seeded.database.db;
    const orders = createOrdersService({
      db,
      providers: { apple },
      fulfil: {
        vip: vipFulfilment({ grantDays: createMembershipService(db, { now: () => t }).grantDays, now: () => t }),
      },
      catalogue: createCatalogue([vipProducts]),
      publicOrigin: 'http://localhost:3000',
      now: () => t,
    });
    const user = await signInAs(seeded.app);
    const { order } = await orders.buyMember(user.id, { cardCode: 'VIP_MONTH' });
    const app = { userAgent: `${BROWSER_UA} FangJiaTong/11.2.0`, currentVersion: undefined, ip: '10.0.0.1' };
    await expect(
      orders.unifiedOrder(user.id, { orderNo: order.orderNo, platform: 3 }, { ...app, userAgent: BROWSER_UA }),
    ).rejects.toThrow(ORDER_MESSAGES.platformNotAllowed);
    const { action } = await orders.unifiedOrder(user.id, { orderNo: order.orderNo, platform: 3 }, app);
    expect(action).toMatchObject({ kind: 'apple', productId: 'com.fangjiatong.vip.month' });
    const token = (action as { appAccountToken: string }).appAccountToken;
    txn = 1;
    const other = await orders.buyMember(user.id, { cardCode: 'VIP_MONTH' });
    // a transaction for another order's token is refused
    await expect(
      orders.appleConfirm(user.id, { orderNo: other.order.orderNo, signedTransaction: `${token}|txn:1` }),
    ).rejects.toThrow(ORDER_MESSAGES.appleReceiptInvalid);
    const confirmed = await orders.appleConfirm(user.id, {
      orderNo: order.orderNo,
      signedTransaction: `${token}|txn:1`,
    });
    expect(confirmed.order.status).toBe('PAID');
    // the app retries, and Apple's own ONE_TIME_CHARGE (another notify id, same transaction) comes too
    await orders.appleConfirm(user.id, { orderNo: order.orderNo, signedTransaction: `${token}|txn:1` });
    expect((await orders.apply(said(token, 'PAID', 'uuid-1').notification, 'notify')).outcome).toBe('already paid');
    expect(await grants(order.orderNo)).toEqual({ vip: 1, ledger: 1 });
    // the merchant cannot refund at Apple: refused, back to PAID
    await expect(orders.refund(order.orderNo, { actorId: null, reason: 'x' })).rejects.toThrow(
      ORDER_MESSAGES.refundFailed,
    );
    expect((await orderRow(order.orderNo)).status).toBe('PAID');
    // Apple's REFUND notification names only the token
    const reply = await orders.notify('apple', { headers: {}, rawBody: `${token}|uuid-2`, body: null });
    expect(reply.status).toBe(200);
    expect((await orderRow(order.orderNo)).status).toBe('REFUNDED');
  });
});

describe('the Alipay gateway', () => {
  it('refuses a request whose signature is not the app’s (40002 isv.invalid-signature)', async () => {
    const params = new URLSearchParams({
      app_id: '2021000000000000',
      method: 'alipay.trade.query',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: '2026-11-25 16:00:00',
      version: '1.0',
      biz_content: '{"out_trade_no":"FJT20261125000000123456789"}',
      sign: 'AAAA',
    });
    const res = await seeded.app.inject({
      method: 'POST',
      url: '/__sandbox/alipay/gateway.do',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: params.toString(),
    });
    expect(res.json().alipay_trade_query_response).toMatchObject({ code: '40002', sub_code: 'isv.invalid-signature' });
  });
});

describe('PAY_MODE=off', () => {
  it('mounts no sandbox and offers no payment method', async () => {
    // a second app on the file's database (a new one costs a database start)
    const off = await buildApp({
      env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false, PAY_MODE: 'off' },
      database: seeded.database,
    });
    try {
      const control = await off.inject('/__sandbox/control/deliveries');
      expect(control.statusCode).toBe(404);
      const gateway = await off.inject({ method: 'POST', url: '/__sandbox/alipay/gateway.do' });
      expect(gateway.statusCode).toBe(404);
      expect(off.payments.sandbox).toBeNull();
      const pattern = await off.inject('/rabbit/v1/customer/pay/get-support-pay-pattern');
      expect(pattern.json().body.platforms).toEqual([]);
      const notify = await off.inject({
        method: 'POST',
        url: NOTIFY,
        payload: 'a=b',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(notify.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

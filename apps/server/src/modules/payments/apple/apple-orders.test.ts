// Apple IAP through the whole app (issue 12): buyMember → unifiedorder in the iOS app (platform 3) → the sandbox
// App Store's purchase → customer/pay/apple/confirm → PAID with one grant; the ONE_TIME_CHARGE notification after
// it changes nothing; a notification alone pays an order the app never confirmed; tampered transactions and
// notifications grant nothing; the user's refund at Apple (REFUND) takes the period back; Apple cannot be refunded
// by us. PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { queryRows, sql } from '@fjt/db';
import { ORDER_MESSAGES } from '@fjt/domain';
import { expectFail, seededApp, signInAs, type SignedIn } from '../../../testing.ts';
import { APPLE_REFUND_MESSAGE, appleOrderProductId, appleTierOf } from './adapter.ts';

let t = Date.parse('2026-11-25T08:00:00Z');
const seeded = seededApp('small', { now: () => t });
const IOS_APP_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 FangJiaTong/11.2.0';
const BROWSER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const MONTH = 'com.fangjiatong.vip.month';

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(seeded.database.db, query);

async function newOrder(user: SignedIn, cardCode = 'VIP_MONTH'): Promise<string> {
  const res = await seeded.app.inject({
    method: 'POST',
    url: '/rabbit/v1/memberCard/buyMember',
    headers: user.headers,
    payload: { cardCode },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: { order: { orderNo: string } } }).body.order.orderNo;
}

interface AppleAction {
  kind: 'apple';
  productId: string;
  appAccountToken: string;
  storeKitScript: string | null;
}
async function payInApp(user: SignedIn, orderNo: string): Promise<AppleAction> {
  const res = await seeded.app.inject({
    method: 'POST',
    url: '/rabbit/v1/customer/pay/unifiedorder',
    headers: { ...user.headers, 'user-agent': IOS_APP_UA },
    payload: { orderNo, platform: 3 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: { action: AppleAction } }).body.action;
}

/** What the StoreKit sheet does on 购买. */
async function storeKitBuy(action: Pick<AppleAction, 'productId' | 'appAccountToken'>, extra: object = {}) {
  const res = await seeded.app.inject({
    method: 'POST',
    url: '/__sandbox/apple/purchase',
    payload: { productId: action.productId, appAccountToken: action.appAccountToken, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { signedTransaction: string }).signedTransaction;
}

const confirm = (user: SignedIn, orderNo: string, signedTransaction: string) =>
  seeded.app.inject({
    method: 'POST',
    url: '/rabbit/v1/customer/pay/apple/confirm',
    headers: { ...user.headers, 'user-agent': IOS_APP_UA },
    payload: { orderNo, signedTransaction },
  });

async function status(user: SignedIn, orderNo: string) {
  const res = await seeded.app.inject({ url: `/rabbit/v1/order/status?orderNo=${orderNo}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: { order: { status: string; amount: number } } }).body.order.status;
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

/** Delivers what the sandbox App Store has queued; answers the deliveries of one trade (keyed by the token). */
async function deliveries(token: string) {
  const res = await seeded.app.inject(`/__sandbox/control/deliveries?provider=apple&outTradeNo=${token}`);
  return (res.json() as { list: { event: string; status: number; accepted: boolean; tamper: string | null }[] }).list;
}

describe('Apple IAP through the orders core', () => {
  it('is offered in the iOS app only, as a StoreKit purchase of the card with the order token', async () => {
    const pattern = await seeded.app.inject('/rabbit/v1/customer/pay/get-support-pay-pattern');
    expect((pattern.json() as { body: { platforms: number[] } }).body.platforms).toContain(3);
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    expectFail(
      await seeded.app.inject({
        method: 'POST',
        url: '/rabbit/v1/customer/pay/unifiedorder',
        headers: { ...user.headers, 'user-agent': BROWSER_UA },
        payload: { orderNo, platform: 3 },
      }),
      400,
      ORDER_MESSAGES.platformNotAllowed,
    );
    const action = await payInApp(user, orderNo);
    expect(action).toMatchObject({ kind: 'apple', productId: MONTH, storeKitScript: '/__sandbox/apple/storekit.js' });
    expect(action.appAccountToken).toMatch(/^[0-9a-f-]{36}$/);
    const script = await seeded.app.inject(action.storeKitScript!);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
  });

  it('confirm grants once; the ONE_TIME_CHARGE notification and a second confirm change nothing', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    const action = await payInApp(user, orderNo);
    const jws = await storeKitBuy(action, { notify: { duplicates: 2 } });
    const res = await confirm(user, orderNo, jws);
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(user, orderNo)).toBe('PAID');
    expect(await grants(orderNo)).toEqual({ vip: 1, ledger: 1 });

    const delivered = await deliveries(action.appAccountToken);
    expect(delivered.map((d) => [d.event, d.status, d.accepted])).toEqual([
      ['PAID', 200, true],
      ['PAID', 200, true],
      ['PAID', 200, true],
    ]);
    expect((await confirm(user, orderNo, jws)).statusCode).toBe(200);
    expect(await grants(orderNo)).toEqual({ vip: 1, ledger: 1 });
  });

  it('a notification alone pays an order the app never confirmed (found by its appAccountToken)', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    const action = await payInApp(user, orderNo);
    await storeKitBuy(action);
    expect(await deliveries(action.appAccountToken)).toMatchObject([{ event: 'PAID', status: 200, accepted: true }]);
    expect(await status(user, orderNo)).toBe('PAID');
    expect(await grants(orderNo)).toEqual({ vip: 1, ledger: 1 });
  });

  it.each(['sign', 'amount', 'serial', 'timestamp'] as const)(
    'a %s-tampered transaction is refused at confirm and its notification is retried, nothing granted',
    async (tamper) => {
      const user = await signInAs(seeded.app);
      const orderNo = await newOrder(user);
      const action = await payInApp(user, orderNo);
      const jws = await storeKitBuy(action, { tamper, notify: { tamper } });
      expectFail(await confirm(user, orderNo, jws), 400, ORDER_MESSAGES.appleReceiptInvalid);
      expect(await deliveries(action.appAccountToken)).toMatchObject([{ event: 'PAID', status: 400, accepted: false }]);
      expect(await status(user, orderNo)).not.toBe('PAID');
      expect(await grants(orderNo)).toEqual({ vip: 0, ledger: 0 });
    },
  );

  it("refuses another order's transaction and a transaction for a token no order has", async () => {
    const user = await signInAs(seeded.app);
    const mine = await newOrder(user);
    await payInApp(user, mine);
    const other = await signInAs(seeded.app);
    const theirs = await newOrder(other);
    const jws = await storeKitBuy(await payInApp(other, theirs));
    expectFail(await confirm(user, mine, jws), 400, ORDER_MESSAGES.appleReceiptInvalid);
    expect(await grants(mine)).toEqual({ vip: 0, ledger: 0 });
    // Bought outside any order of ours: the notification names no order, Apple is told to retry.
    const stray = randomUUID();
    await storeKitBuy({ productId: MONTH, appAccountToken: stray });
    expect(await deliveries(stray)).toMatchObject([{ event: 'PAID', status: 400, accepted: false }]);
  });

  it('a cheaper product bought with the order token (年卡 order, 月卡 bought) grants nothing', async () => {
    const user = await signInAs(seeded.app);
    const year = await newOrder(user, 'VIP_YEAR');
    const action = await payInApp(user, year);
    expect(action.productId).toBe('com.fangjiatong.vip.year');
    const jws = await storeKitBuy({ productId: MONTH, appAccountToken: action.appAccountToken });
    expectFail(await confirm(user, year, jws), 400, ORDER_MESSAGES.appleReceiptInvalid);
    expect(await grants(year)).toEqual({ vip: 0, ledger: 0 });
    expect(await status(user, year)).not.toBe('PAID');
  });

  it('other products are price-tier consumables: com.fangjiatong.{kind}.tier{分}', () => {
    expect(appleOrderProductId('vip', 'VIP_MONTH', 3000)).toBe(MONTH);
    expect(appleOrderProductId('report', 'RPT-C-605', 990)).toBe('com.fangjiatong.report.tier990');
    expect(appleTierOf('com.fangjiatong.trade.tier19900')).toEqual({ kind: 'trade', priceFen: 19900 });
    for (const bad of [
      'com.fangjiatong.vip.tier990',
      'com.fangjiatong.report.tier0',
      'com.fangjiatong.report.tier01',
    ]) {
      expect(appleTierOf(bad), bad).toBeNull();
    }
  });

  it('a refund at Apple (REFUND) takes the period back; we cannot refund an Apple order ourselves', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    const action = await payInApp(user, orderNo);
    expect((await confirm(user, orderNo, await storeKitBuy(action))).statusCode).toBe(200);
    expect(await status(user, orderNo)).toBe('PAID');

    await expect(seeded.app.payments.orders.refund(orderNo, { actorId: null, reason: '用户申请退款' })).rejects.toThrow(
      APPLE_REFUND_MESSAGE,
    );
    expect(await status(user, orderNo)).toBe('PAID');

    t += 60 * 60 * 1000;
    const refunded = await seeded.app.inject({
      method: 'POST',
      url: `/__sandbox/control/apple/${action.appAccountToken}/refund`,
      payload: {},
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await deliveries(action.appAccountToken)).at(-1)).toMatchObject({ event: 'REFUNDED', accepted: true });
    expect(await status(user, orderNo)).toBe('REFUNDED');
    const ledger = await rows<{ kind: string }>(
      sql`SELECT kind FROM payment_ledger WHERE order_no = ${orderNo} ORDER BY kind`,
    );
    expect(ledger.map((l) => l.kind)).toEqual(['grant', 'refund']);
    const [period] = await rows<{ endsAt: string }>(
      sql`SELECT ends_at AS "endsAt" FROM vip_periods WHERE source = 'order' AND source_ref = ${orderNo}`,
    );
    expect(period === undefined || Date.parse(period.endsAt) <= t).toBe(true);
  });

  it('a StoreKit purchase finished after the 30-minute timeout is honoured (Apple money cannot be refunded by us)', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await newOrder(user);
    const action = await payInApp(user, orderNo);
    t += 31 * 60 * 1000;
    await seeded.app.payments.orders.closeExpired();
    expect(await status(user, orderNo)).toBe('CLOSED');
    const res = await confirm(user, orderNo, await storeKitBuy(action));
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(user, orderNo)).toBe('PAID');
    expect(await grants(orderNo)).toEqual({ vip: 1, ledger: 1 });
    expect(await rows(sql`SELECT refund_no FROM refunds WHERE order_no = ${orderNo}`)).toEqual([]);
    // Apple's own notification of the same purchase changes nothing
    await deliveries(action.appAccountToken);
    expect(await grants(orderNo)).toEqual({ vip: 1, ledger: 1 });
  });
});

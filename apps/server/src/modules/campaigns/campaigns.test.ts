// The campaigns (issue 18): 双11 — the sale items in the catalogue only while the sale runs, at the config's price
// (never the client's), paid in the Alipay sandbox and fulfilled (a card's days, a report); coupons claimed once per
// user, phone and device per template, racing claims giving one coupon, refused after the end. 新人会员 — check's
// reasons (registered too long ago, held VIP, claimed by the user / phone / device), one trial for racing claims, the
// trial period, refused once ended; deleting an account keeps "once per phone" through the hash.
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows, sql } from '@fjt/db';
import {
  ACTIVITY_MESSAGES,
  CAMPAIGN_MESSAGES,
  COUPON_MESSAGES,
  DEVICE_COOKIE,
  PRODUCT_MESSAGES,
  double11Config,
  type Double11ItemsBody,
  type FreshvipCheckBody,
} from '@fjt/domain';
import {
  expectFail,
  expectPersonalFail,
  personalBody,
  seededApp,
  signInAs,
  testIp,
  testPhone,
  type SignedIn,
} from '../../testing.ts';
import { phoneHash } from '../accounts/repo.ts';
import { createFreshvip } from './freshvip.ts';
import { createActivities } from '../activities/service.ts';
import { createMembershipService } from '../membership/service.ts';

const seeded = seededApp('small');
const API = '/rabbit/v1';
const BROWSER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(seeded.database.db, query);
const device = () => crypto.randomUUID();

/** A signed-in user on a device (the fjt_did cookie). */
async function onDevice(deviceId: string | null, phone = testPhone()) {
  const user = await signInAs(seeded.app, phone);
  const headers = {
    ...user.headers,
    cookie: deviceId ? `${user.headers.cookie}; ${DEVICE_COOKIE}=${deviceId}` : user.headers.cookie,
  };
  return { ...user, headers } satisfies SignedIn;
}

const get = (url: string, user?: SignedIn) => seeded.app.inject({ url: `${API}/${url}`, headers: user?.headers ?? {} });
const post = (url: string, user: SignedIn | null, payload: object = {}) =>
  seeded.app.inject({
    method: 'POST',
    url: `${API}/${url}`,
    headers: user?.headers ?? { origin: 'http://localhost:3000' },
    payload,
    remoteAddress: testIp(),
  });
const setPeriod = (payload: object) =>
  seeded.app.inject({ method: 'POST', url: `${API}/dev/activity/period`, payload, remoteAddress: testIp() });
const DAY = 86_400_000;
const endActivity = (code: string) =>
  setPeriod({
    code,
    startsAt: new Date(Date.now() - 2 * DAY).toISOString(),
    endsAt: new Date(Date.now() - DAY).toISOString(),
  });
const reopen = (code: string) =>
  setPeriod({ code, startsAt: new Date(Date.now() - DAY).toISOString(), endsAt: null, disabled: false });

afterEach(async () => {
  await reopen('double11');
  await reopen('freshvip');
});

describe('双11 sale items', () => {
  it('lists the running sale items and coupons, and sells them through the catalogue at the config price', async () => {
    const res = await get('activity/double11/items');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = (res.json() as { body: Double11ItemsBody }).body;
    expect(body.items.map((i) => i.code)).toEqual(['D11_VIP_YEAR', 'D11_VIP_QUARTER', 'D11_RPT_HZ']);
    expect(body.items[0]).toMatchObject({ price: 111, originPrice: 198, grants: 'vip' });
    expect(body.coupons.map((c) => [c.template, c.face])).toEqual([
      ['D11_20', '满100减20元'],
      ['D11_VIP88', '8.8折'],
    ]);
    const product = await get('common/product?productCode=D11_VIP_YEAR');
    expect(product.json().body.product).toMatchObject({ kind: 'activity', amount: 111, originAmount: 198 });
  });

  it('an order is made at the config price whatever the client sends, paid in the sandbox, and gives the card days', async () => {
    const user = await onDevice(device());
    const created = await seeded.app.inject({
      method: 'POST',
      url: `${API}/common/order/create`,
      headers: { ...user.headers, 'idempotency-key': `d11-${Date.now()}-abc` },
      payload: { productCode: 'D11_VIP_YEAR', amount: 0.01, amountFen: 1, returnTo: '/activity/double11' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json().body.order as { orderNo: string; amount: number; productKind: string };
    expect(order).toMatchObject({ amount: 111, productKind: 'activity', grantKind: 'vip' });
    const unified = await seeded.app.inject({
      method: 'POST',
      url: `${API}/customer/pay/unifiedorder`,
      headers: { ...user.headers, 'user-agent': BROWSER_UA },
      payload: { orderNo: order.orderNo, platform: 1 },
    });
    expect(unified.statusCode, unified.body).toBe(200);
    const url = new URL(unified.json().body.action.url as string);
    expect((await seeded.app.inject({ url: url.pathname + url.search })).statusCode).toBe(200);
    const paid = await seeded.app.inject({ method: 'POST', url: `/__sandbox/alipay/cashier/${order.orderNo}/pay` });
    expect(paid.statusCode).toBe(303);
    await expect
      .poll(async () => (await get(`order/status?orderNo=${order.orderNo}`, user)).json().body.order.status)
      .toBe('PAID');
    const [period] = await rows<{ days: number; cardCode: string }>(
      sql`SELECT days, card_code AS "cardCode" FROM vip_periods WHERE source = 'order' AND source_ref = ${order.orderNo}`,
    );
    expect(period).toEqual({ days: 365, cardCode: 'VIP_YEAR' });
  });

  it('a paid order gets what was sold when it was made, and a refund takes back the same, whatever ops change after', async () => {
    const user = await onDevice(device());
    const created = await seeded.app.inject({
      method: 'POST',
      url: `${API}/common/order/create`,
      headers: { ...user.headers, 'idempotency-key': `d11-frozen-${Date.now()}-abc` },
      payload: { productCode: 'D11_VIP_YEAR' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const orderNo = created.json().body.order.orderNo as string;
    const [stored] = await rows<{ grants: unknown }>(sql`SELECT grants FROM orders WHERE order_no = ${orderNo}`);
    expect(stored!.grants).toEqual({ kind: 'vip', cardCode: 'VIP_YEAR' });
    // ops re-point the item at the quarter card while the order waits for its payment
    const activities = createActivities(seeded.database.db);
    const before = (await activities.get('double11')).config;
    const changed = double11Config.parse(before);
    changed.items = changed.items.map((i) =>
      i.code === 'D11_VIP_YEAR' ? { ...i, grants: { kind: 'vip', cardCode: 'VIP_QUARTER' } } : i,
    );
    await activities.update('double11', { config: changed }, null);
    try {
      const unified = await seeded.app.inject({
        method: 'POST',
        url: `${API}/customer/pay/unifiedorder`,
        headers: { ...user.headers, 'user-agent': BROWSER_UA },
        payload: { orderNo, platform: 1 },
      });
      expect(unified.statusCode, unified.body).toBe(200);
      const url = new URL(unified.json().body.action.url as string);
      expect((await seeded.app.inject({ url: url.pathname + url.search })).statusCode).toBe(200);
      expect(
        (await seeded.app.inject({ method: 'POST', url: `/__sandbox/alipay/cashier/${orderNo}/pay` })).statusCode,
      ).toBe(303);
      await expect
        .poll(async () => (await get(`order/status?orderNo=${orderNo}`, user)).json().body.order.status)
        .toBe('PAID');
      const period = () =>
        rows<{ days: number; cardCode: string; over: boolean }>(
          sql`SELECT days, card_code AS "cardCode", ends_at <= now() AS over FROM vip_periods
              WHERE source = 'order' AND source_ref = ${orderNo}`,
        );
      expect(await period()).toEqual([{ days: 365, cardCode: 'VIP_YEAR', over: false }]);
      await seeded.app.inject({ method: 'POST', url: `/__sandbox/control/alipay/${orderNo}/refund`, payload: {} });
      await expect
        .poll(async () => (await get(`order/status?orderNo=${orderNo}`, user)).json().body.order.status)
        .toBe('REFUNDED');
      expect(await period()).toEqual([{ days: 365, cardCode: 'VIP_YEAR', over: true }]);
    } finally {
      await activities.update('double11', { config: before }, null);
    }
  });

  it('a report item gives the report entitlement, and the owner cannot buy it twice', async () => {
    const user = await onDevice(device());
    const create = (key: string) =>
      seeded.app.inject({
        method: 'POST',
        url: `${API}/common/order/create`,
        headers: { ...user.headers, 'idempotency-key': key },
        payload: { productCode: 'D11_RPT_HZ' },
      });
    const res = await create(`d11-rpt-${Date.now()}-1`);
    expect(res.statusCode, res.body).toBe(200);
    const orderNo = res.json().body.order.orderNo as string;
    expect(res.json().body.order).toMatchObject({ amount: 9.9, grantKind: 'report' });
    // granted as the payment's apply path would (the Alipay flow is the test above)
    await seeded.database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE orders SET status = 'PAID', paid_at = now() WHERE order_no = ${orderNo}`);
    });
    const { double11Fulfilment } = await import('./double11.ts');
    const { reportFulfilment } = await import('../mall/fulfil.ts');
    const { vipFulfilment } = await import('../payments/service.ts');
    const report = reportFulfilment({ files: { queueIn: async () => {} }, now: Date.now });
    const fulfil = double11Fulfilment({ vip: vipFulfilment({ grantDays: async () => true, now: Date.now }), report });
    const [order] = await rows<{ orderNo: string; userId: number; productCode: string }>(
      sql`SELECT order_no AS "orderNo", user_id AS "userId", product_code AS "productCode", grants
          FROM orders WHERE order_no = ${orderNo}`,
    );
    await seeded.database.db.transaction((tx) => fulfil.grant(tx, order as never));
    const [entitlement] = await rows<{ productCode: string }>(
      sql`SELECT product_code AS "productCode" FROM mall_entitlements WHERE order_no = ${orderNo}`,
    );
    expect(entitlement).toEqual({ productCode: 'RPT-C-605' });
    expectFail(await create(`d11-rpt-${Date.now()}-2`), 409, PRODUCT_MESSAGES.owned);
  });

  it('an ended sale sells nothing: its codes are off sale, the list is empty', async () => {
    expect((await endActivity('double11')).statusCode).toBe(200);
    expectFail(await get('common/product?productCode=D11_VIP_YEAR'), 404, PRODUCT_MESSAGES.unknown);
    const user = await onDevice(device());
    expectFail(
      await seeded.app.inject({
        method: 'POST',
        url: `${API}/common/order/create`,
        headers: { ...user.headers, 'idempotency-key': `d11-end-${Date.now()}-1` },
        payload: { productCode: 'D11_VIP_YEAR' },
      }),
      404,
      PRODUCT_MESSAGES.unknown,
    );
    expect((await get('activity/double11/items')).json().body).toEqual({ items: [], coupons: [] });
  });
});

describe('双11 coupons', () => {
  it('validates: login, a template, a known one', async () => {
    expectFail(await post('activity/double11/claim', null, { template: 'D11_20' }), 401);
    expectFail(await get('activity/double11/state'), 401);
    const user = await onDevice(device());
    expectPersonalFail(await post('activity/double11/claim', user, {}), 400, CAMPAIGN_MESSAGES.couponMissing);
    expectPersonalFail(
      await post('activity/double11/claim', user, { template: 'x<' }),
      400,
      CAMPAIGN_MESSAGES.couponUnknown,
    );
    expectPersonalFail(await post('activity/double11/claim', user, { template: 42 }), 400);
    expectPersonalFail(
      await post('activity/double11/claim', user, { template: 'NOPE' }),
      404,
      CAMPAIGN_MESSAGES.couponUnknown,
    );
  });

  it('claims once per user; the state shows it; the coupon is the config template', async () => {
    const user = await onDevice(device());
    expect(personalBody(await get('activity/double11/state', user))).toEqual({ claimed: [] });
    const res = await post('activity/double11/claim', user, { template: 'D11_20' });
    const { coupon } = personalBody<{ coupon: { title: string; amount: number; minAmount: number; state: string } }>(
      res,
    );
    expect(coupon).toMatchObject({ title: '双11满减券', amount: 20, minAmount: 100, state: 'usable' });
    expectPersonalFail(
      await post('activity/double11/claim', user, { template: 'D11_20' }),
      409,
      COUPON_MESSAGES.alreadyClaimed,
    );
    // another template is another claim
    personalBody(await post('activity/double11/claim', user, { template: 'D11_VIP88' }));
    const state = personalBody<{ claimed: { template: string; couponNo: string | null }[] }>(
      await get('activity/double11/state', user),
    );
    expect(state.claimed.map((c) => c.template)).toEqual(['D11_20', 'D11_VIP88']);
    expect(state.claimed.every((c) => /^QJ\d{12}$/.test(c.couponNo ?? ''))).toBe(true);
    const [n] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM coupon WHERE user_id = ${user.id}`);
    expect(n!.n).toBe(2);
  });

  it('once per device: a new account on the same device is refused', async () => {
    const d = device();
    personalBody(await post('activity/double11/claim', await onDevice(d), { template: 'D11_20' }));
    expectPersonalFail(
      await post('activity/double11/claim', await onDevice(d), { template: 'D11_20' }),
      409,
      CAMPAIGN_MESSAGES.couponDeviceClaimed,
    );
  });

  it('racing claims of one user give one coupon', async () => {
    const user = await onDevice(device());
    const results = await Promise.all(
      Array.from({ length: 4 }, () => post('activity/double11/claim', user, { template: 'D11_20' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const [n] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM coupon WHERE user_id = ${user.id}`);
    expect(n!.n).toBe(1);
  });

  it('racing claims of two accounts on one device give one coupon', async () => {
    const d = device();
    const [a, b] = [await onDevice(d), await onDevice(d)];
    const results = await Promise.all([
      post('activity/double11/claim', a, { template: 'D11_VIP88' }),
      post('activity/double11/claim', b, { template: 'D11_VIP88' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('an ended sale refuses claims', async () => {
    const user = await onDevice(device());
    await endActivity('double11');
    expectPersonalFail(
      await post('activity/double11/claim', user, { template: 'D11_20' }),
      409,
      ACTIVITY_MESSAGES.ended,
    );
  });
});

describe('新人会员', () => {
  const check = async (user: SignedIn) => personalBody<FreshvipCheckBody>(await get('activity/freshvip/check', user));

  it('validates: login', async () => {
    expectFail(await get('activity/freshvip/check'), 401);
    expectFail(await post('activity/freshvip/claim', null), 401);
  });

  it('a new user is eligible, claims a 7-day trial once; the period is source activity', async () => {
    const user = await onDevice(device());
    expect(await check(user)).toEqual({
      eligible: true,
      reason: null,
      message: null,
      trialDays: 7,
      registeredWithinDays: 7,
    });
    const claimed = personalBody<{ trialDays: number; expiresAt: string; daysLeft: number }>(
      await post('activity/freshvip/claim', user),
    );
    expect(claimed).toMatchObject({ trialDays: 7, daysLeft: 7 });
    expect(Math.abs(Date.parse(claimed.expiresAt) - Date.now() - 7 * DAY)).toBeLessThan(60_000);
    const periods = await rows<{ source: string; sourceRef: string; days: number }>(
      sql`SELECT source, source_ref AS "sourceRef", days FROM vip_periods WHERE user_id = ${user.id}`,
    );
    expect(periods).toHaveLength(1);
    expect(periods[0]).toMatchObject({ source: 'activity', days: 7 });
    expect(periods[0]!.sourceRef).toMatch(/^freshvip:\d+$/);
    expect(await check(user)).toMatchObject({
      eligible: false,
      reason: 'claimed',
      message: CAMPAIGN_MESSAGES.trialClaimed,
    });
    expectPersonalFail(await post('activity/freshvip/claim', user), 409, CAMPAIGN_MESSAGES.trialClaimed);
    // the history shows it
    const history = personalBody<{ list: { source: string; sourceLabel: string }[] }>(
      await get('memberCard/purchase-history', user),
    );
    expect(history.list[0]).toMatchObject({ source: 'activity', sourceLabel: '活动领取' });
  });

  it('refuses a second account on the same device', async () => {
    const d = device();
    personalBody(await post('activity/freshvip/claim', await onDevice(d)));
    const other = await onDevice(d);
    expect(await check(other)).toMatchObject({ eligible: false, reason: 'device-claimed' });
    expectPersonalFail(await post('activity/freshvip/claim', other), 409, CAMPAIGN_MESSAGES.trialDeviceClaimed);
  });

  it('refuses an account registered too long ago, and one that held VIP', async () => {
    const old = await onDevice(device());
    await seeded.database.db.execute(sql`UPDATE users SET created_at = now() - interval '8 days' WHERE id = ${old.id}`);
    expect(await check(old)).toMatchObject({
      eligible: false,
      reason: 'not-new',
      message: '新人会员仅限注册7天内的新用户领取',
    });
    expectPersonalFail(await post('activity/freshvip/claim', old), 409, '新人会员仅限注册7天内的新用户领取');

    const vip = await onDevice(device());
    await seeded.database.db.execute(
      sql`INSERT INTO vip_periods (user_id, starts_at, ends_at, days, source, source_ref)
          VALUES (${vip.id}, now() - interval '40 days', now() - interval '10 days', 30, 'grant', ${`t-${vip.id}`})`,
    );
    expect(await check(vip)).toMatchObject({
      eligible: false,
      reason: 'was-vip',
      message: CAMPAIGN_MESSAGES.trialWasVip,
    });
    expectPersonalFail(await post('activity/freshvip/claim', vip), 409, CAMPAIGN_MESSAGES.trialWasVip);
  });

  it('racing claims give one trial (same user; two accounts on one device)', async () => {
    const user = await onDevice(device());
    const results = await Promise.all(Array.from({ length: 4 }, () => post('activity/freshvip/claim', user)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const [n] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM vip_periods WHERE user_id = ${user.id}`);
    expect(n!.n).toBe(1);

    const d = device();
    const [a, b] = [await onDevice(d), await onDevice(d)];
    const both = await Promise.all([post('activity/freshvip/claim', a), post('activity/freshvip/claim', b)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('a deleted account: its phone is hashed in the claims, and a new account on that phone is still refused', async () => {
    const phone = testPhone();
    const first = await onDevice(device(), phone);
    personalBody(await post('activity/freshvip/claim', first));
    const { createAccountsRepo } = await import('../accounts/repo.ts');
    await createAccountsRepo(seeded.database.db).deleteAccount(first.id, new Date());
    const claims = await rows<{ phone: string }>(sql`SELECT phone FROM activity_claim WHERE user_id = ${first.id}`);
    expect(claims).toEqual([{ phone: phoneHash(phone) }]);
    // the number signs up again (straight in the table: the SMS gateway allows one code a minute per number)
    const [again] = await rows<{ id: number }>(sql`INSERT INTO users (phone) VALUES (${phone}) RETURNING id`);
    const db = seeded.database.db;
    const freshvip = createFreshvip(db, {
      activities: createActivities(db),
      membership: createMembershipService(db, { now: Date.now }),
      now: Date.now,
    });
    expect(await freshvip.check(again!.id, device())).toMatchObject({ eligible: false, reason: 'phone-claimed' });
    await expect(freshvip.claim(again!.id, device())).rejects.toMatchObject({
      statusCode: 409,
      message: CAMPAIGN_MESSAGES.trialPhoneClaimed,
    });
  });

  it('an ended activity refuses check and claim', async () => {
    const user = await onDevice(device());
    await endActivity('freshvip');
    expectPersonalFail(await get('activity/freshvip/check', user), 409, ACTIVITY_MESSAGES.ended);
    expectPersonalFail(await post('activity/freshvip/claim', user), 409, ACTIVITY_MESSAGES.ended);
  });
});

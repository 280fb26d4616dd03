// 邀请好友 and coupons at checkout (issue 18): invitation/info, get-coupon and receive with their validation and every
// abuse rule (once per phone, not oneself, device reuse, existing users, the daily cap, rewards once even when a
// hook runs twice), and a coupon on an order: applies, owner, used, expired, kind, threshold, a race, close gives it
// back, paid keeps it, Apple refuses it. The app's clock is the test's (`t`).
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  COUPON_MESSAGES,
  DELETE_CONFIRMATION,
  DEVICE_COOKIE,
  INVITATION_MESSAGES,
  ORDER_TIMEOUT_MS,
  type CouponTemplate,
  type CouponUsableBody,
  type InvitationClaimBody,
  type InvitationInfoBody,
} from '@fjt/domain';
import { queryRows, sql } from '@fjt/db';
import { expectFail, personalBody, seededApp, signInAs, type SignedIn } from '../../testing.ts';
import { grantCoupon } from '../coupons/service.ts';
import { phoneHash } from '../accounts/repo.ts';

let t = Date.now();
const seeded = seededApp('small', { now: () => t });
const API = '/rabbit/v1';
const BROWSER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
let deviceSeq = 0;
const newDevice = () => `00000000-0000-4000-8000-${String(++deviceSeq).padStart(12, '0')}`;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(seeded.database.db, query);

const withDevice = (user: SignedIn, device: string | null) => ({
  ...user.headers,
  ...(device ? { cookie: `${user.headers.cookie}; ${DEVICE_COOKIE}=${device}` } : {}),
});
const info = async (user: SignedIn, device: string | null = null) =>
  personalBody<InvitationInfoBody>(
    await seeded.app.inject({ url: `${API}/invitation/info`, headers: withDevice(user, device) }),
  );
const getCoupon = (user: SignedIn, code: unknown, device: string | null = newDevice()) =>
  seeded.app.inject({
    method: 'POST',
    url: `${API}/invitation/get-coupon`,
    headers: withDevice(user, device),
    payload: { code },
  });
const receive = (user: SignedIn, payload: Record<string, unknown>, device: string | null = newDevice()) =>
  seeded.app.inject({ method: 'POST', url: `${API}/invitation/receive`, headers: withDevice(user, device), payload });

async function inviterWithCode() {
  const inviter = await signInAs(seeded.app);
  const { code } = await info(inviter);
  return { inviter, code };
}

const buy = (app: FastifyInstance, user: SignedIn, payload: Record<string, unknown>, key?: string) =>
  app.inject({
    method: 'POST',
    url: `${API}/memberCard/buyMember`,
    headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const orderOf = (res: { json(): unknown }) =>
  (res.json() as { body: { order: { orderNo: string; amount: number; listAmount?: number; discount?: number } } }).body
    .order;
const couponRow = async (couponNo: string) =>
  (
    await rows<{ usedOrderNo: string | null }>(
      sql`SELECT used_order_no AS "usedOrderNo" FROM coupon WHERE coupon_no = ${couponNo}`,
    )
  )[0]!;

async function give(user: SignedIn, template: Partial<CouponTemplate> = {}, at = new Date(t)) {
  const c = await seeded.database.db.transaction((tx) =>
    grantCoupon(tx, {
      userId: user.id,
      template: {
        template: 'TEST_10',
        title: '测试券',
        kind: 'amount',
        amountFen: 1000,
        minFen: 0,
        productKinds: [],
        validDays: 7,
        ...template,
      },
      source: 'grant',
      sourceRef: `test-${Math.random()}`,
      now: at,
    }),
  );
  return c!.couponNo;
}

async function pay(user: SignedIn, orderNo: string) {
  const res = await seeded.app.inject({
    method: 'POST',
    url: `${API}/customer/pay/unifiedorder`,
    headers: { ...user.headers, 'user-agent': BROWSER_UA },
    payload: { orderNo, platform: 1 },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL((res.json() as { body: { action: { url: string } } }).body.action.url);
  await seeded.app.inject({ url: `${url.pathname}${url.search}` });
  const paid = await seeded.app.inject({
    method: 'POST',
    url: `/__sandbox/control/alipay/${orderNo}/pay`,
    payload: {},
  });
  expect(paid.statusCode, paid.body).toBe(200);
  for (let i = 0; i < 50; i += 1) {
    const [o] = await rows<{ status: string }>(sql`SELECT status FROM orders WHERE order_no = ${orderNo}`);
    if (o?.status === 'PAID') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`order ${orderNo} was not paid`);
}

describe('invitation/info', () => {
  it('needs a login; gives a permanent code and an absolute share link', async () => {
    expectFail(await seeded.app.inject(`${API}/invitation/info`), 401);
    const user = await signInAs(seeded.app);
    const first = await info(user);
    expect(first.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
    expect(first.shareLink).toMatch(new RegExp(`^https?://[^/]+/invitation/getcoupon\\?code=${first.code}$`));
    expect((await info(user)).code).toBe(first.code);
    expect(first).toMatchObject({ counts: { invited: 0, rewarded: 0, refused: 0 }, list: [], dailyCap: 20 });
    // the share link never comes from the request's host
    const spoofed = personalBody<InvitationInfoBody>(
      await seeded.app.inject({ url: `${API}/invitation/info`, headers: { ...user.headers, host: 'evil.example' } }),
    );
    expect(spoofed.shareLink).not.toContain('evil.example');
  });
});

describe('invitation claims', () => {
  it('validates the input', async () => {
    const user = await signInAs(seeded.app);
    expectFail(await getCoupon({ headers: { origin: 'http://localhost:3000' } } as unknown as SignedIn, 'ABCDEF'), 401);
    expectFail(await getCoupon(user, undefined), 400, INVITATION_MESSAGES.code);
    expectFail(await getCoupon(user, 'abc'), 400, INVITATION_MESSAGES.code);
    expectFail(await getCoupon(user, 'OOOOOO'), 400, INVITATION_MESSAGES.code);
    expectFail(await getCoupon(user, 12), 400);
    expectFail(await getCoupon(user, '222222'), 404, INVITATION_MESSAGES.unknown);
    expectFail(await receive(user, { code: '222222', variant: 'nope' }), 400, INVITATION_MESSAGES.variant);
    const { code } = await inviterWithCode();
    expectFail(await getCoupon(user, code, null), 400, INVITATION_MESSAGES.noDevice);
    expectFail(await getCoupon(user, code, 'not-a-uuid'), 400, INVITATION_MESSAGES.noDevice);
  });

  it('gives the invitee a coupon and the inviter VIP days once; a second claim of the phone is refused', async () => {
    const { inviter, code } = await inviterWithCode();
    const invitee = await signInAs(seeded.app);
    const claim = personalBody<InvitationClaimBody>(await getCoupon(invitee, code.toLowerCase()));
    expect(claim.status).toBe('rewarded');
    expect(claim.coupon).toMatchObject({ title: '新人专享会员券', amount: 10, productKinds: ['vip'], state: 'usable' });
    expectFail(await getCoupon(invitee, code), 409, INVITATION_MESSAGES.phoneInvited);
    const other = await inviterWithCode();
    expectFail(await getCoupon(invitee, other.code), 409, INVITATION_MESSAGES.phoneInvited);
    const mine = await info(inviter);
    expect(mine.counts).toEqual({ invited: 1, rewarded: 1, refused: 0 });
    expect(mine.list[0]).toMatchObject({ phone: `${invitee.mobile.slice(0, 3)}****${invitee.mobile.slice(7)}` });
    expect(mine.rewards.vipDays).toBe(7);
    // the login hook running again (the invitee signs in again) gives nothing twice
    t += 61_000;
    await signInAs(seeded.app, invitee.mobile);
    expect((await info(inviter)).rewards.vipDays).toBe(7);
  });

  it('refuses inviting oneself', async () => {
    const { inviter, code } = await inviterWithCode();
    expectFail(await getCoupon(inviter, code), 400, INVITATION_MESSAGES.self);
  });

  it('records a reused device as refused: no coupon, no reward', async () => {
    const { inviter, code } = await inviterWithCode();
    const inviterDevice = newDevice();
    await info(inviter, inviterDevice); // the inviter's own phone
    const a = await signInAs(seeded.app);
    const refused = personalBody<InvitationClaimBody>(await getCoupon(a, code, inviterDevice));
    expect(refused).toEqual({ status: 'refused', message: INVITATION_MESSAGES.deviceReused, coupon: null });
    // a device an earlier invitee (of any inviter) used
    const shared = newDevice();
    const other = await inviterWithCode();
    const b = await signInAs(seeded.app);
    expect(personalBody<InvitationClaimBody>(await getCoupon(b, other.code, shared)).status).toBe('rewarded');
    const c = await signInAs(seeded.app);
    expect(personalBody<InvitationClaimBody>(await getCoupon(c, code, shared)).status).toBe('refused');
    const mine = await info(inviter);
    expect(mine.counts).toEqual({ invited: 0, rewarded: 0, refused: 2 });
    expect(mine.list[0]!.reason).toBe(INVITATION_MESSAGES.deviceReused);
    expect(mine.rewards.vipDays).toBe(0);
    const [coupons] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coupon WHERE user_id IN (${a.id}, ${c.id})`,
    );
    expect(coupons!.n).toBe(0);
  });

  it('notes no device of an inviter whose browser refuses tracking (DNT) or who opted out', async () => {
    const { inviter } = await inviterWithCode();
    const device = newDevice();
    const viewed = (headers: Record<string, string>) =>
      seeded.app.inject({ url: `${API}/invitation/info`, headers: { ...withDevice(inviter, device), ...headers } });
    personalBody(await viewed({ dnt: '1' }));
    const events = () => rows<{ page: string }>(sql`SELECT page FROM ubt_event WHERE device_id = ${device}`);
    expect(await events()).toEqual([]);
    await rows(sql`INSERT INTO tracking_opt_out (user_id) VALUES (${inviter.id})`);
    personalBody(await viewed({}));
    expect(await events()).toEqual([]);
    await rows(sql`DELETE FROM tracking_opt_out WHERE user_id = ${inviter.id}`);
    personalBody(await viewed({}));
    expect(await events()).toEqual([{ page: 'invitation' }]);
  });

  it('an existing user is not a new invitee (registered earlier, or already paid)', async () => {
    const { code } = await inviterWithCode();
    const old = await signInAs(seeded.app);
    t += 31 * 60_000;
    try {
      expectFail(await getCoupon(old, code), 409, INVITATION_MESSAGES.notNew);
    } finally {
      t -= 31 * 60_000;
    }
    const payer = await signInAs(seeded.app);
    const res = await buy(seeded.app, payer, { cardCode: 'VIP_MONTH' });
    await pay(payer, orderOf(res).orderNo);
    expectFail(await getCoupon(payer, code), 409, INVITATION_MESSAGES.notNew);
  });

  it('caps invitations per inviter per day', async () => {
    const { inviter, code } = await inviterWithCode();
    await seeded.database.db.execute(
      sql`INSERT INTO invitation (inviter_id, invitee_phone, status, created_at)
          SELECT ${inviter.id}, 'cap-' || ${inviter.id} || '-' || g, 'claimed', ${new Date(t).toISOString()}::timestamptz
          FROM generate_series(1, 20) AS g`,
    );
    const late = await signInAs(seeded.app);
    expectFail(await getCoupon(late, code), 429, INVITATION_MESSAGES.dailyCap);
  });

  it('receive: the campaign variants; invitation2 rewards at the next login; an ended activity refuses', async () => {
    const { inviter, code } = await inviterWithCode();
    const invitee = await signInAs(seeded.app);
    const got = personalBody<InvitationClaimBody>(await receive(invitee, { code, variant: 'invitation2' }));
    expect(got.status).toBe('claimed');
    expect((await info(inviter)).rewards.vipDays).toBe(0);
    t += 61_000;
    await signInAs(seeded.app, invitee.mobile); // the APP login: the hook rewards the inviter
    const after = await info(inviter);
    expect(after.rewards.vipDays).toBe(7);
    expect(after.list[0]!.status).toBe('rewarded');
    const [row] = await rows<{ variant: string }>(
      sql`SELECT variant FROM invitation WHERE invitee_user_id = ${invitee.id}`,
    );
    expect(row!.variant).toBe('invitation2');

    await seeded.database.db.execute(sql`UPDATE activity SET disabled = true WHERE code = 'invitation'`);
    try {
      const late = await signInAs(seeded.app);
      expectFail(await receive(late, { code }), 409, '活动已结束');
    } finally {
      await seeded.database.db.execute(sql`UPDATE activity SET disabled = false WHERE code = 'invitation'`);
    }
  });

  it("the invitee's first paid order gives the inviter a coupon, once", async () => {
    const { inviter, code } = await inviterWithCode();
    const invitee = await signInAs(seeded.app);
    const claim = personalBody<InvitationClaimBody>(await getCoupon(invitee, code));
    const res = await buy(seeded.app, invitee, { cardCode: 'VIP_MONTH', couponNo: claim.coupon!.couponNo });
    expect(orderOf(res)).toMatchObject({ amount: 20, listAmount: 30, discount: 10 });
    await pay(invitee, orderOf(res).orderNo);
    const second = await buy(seeded.app, invitee, { cardCode: 'VIP_MONTH' });
    await pay(invitee, orderOf(second).orderNo);
    const mine = await info(inviter);
    expect(mine.rewards.coupons.map((c) => c.title)).toEqual(['邀请奖励券']);
    // a second paid order (the hook runs again) gives nothing more
    const [n] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM coupon WHERE user_id = ${inviter.id}`);
    expect(n!.n).toBe(1);
  });

  it('account deletion keeps only a hash of the invitee phone, still matched', async () => {
    const { inviter, code } = await inviterWithCode();
    const invitee = await signInAs(seeded.app);
    personalBody(await getCoupon(invitee, code));
    const del = await seeded.app.inject({
      method: 'POST',
      url: `${API}/user/delete`,
      headers: invitee.headers,
      payload: { confirm: DELETE_CONFIRMATION },
    });
    expect(del.statusCode, del.body).toBe(200);
    const list = await rows<{ phone: string }>(
      sql`SELECT invitee_phone AS phone FROM invitation WHERE inviter_id = ${inviter.id}`,
    );
    expect(list[0]!.phone).toBe(phoneHash(invitee.mobile));
    expect((await info(inviter)).list[0]!.phone).toBe('已注销用户');
    t += 61_000;
    const again = await signInAs(seeded.app, invitee.mobile);
    expectFail(await getCoupon(again, code), 409, INVITATION_MESSAGES.phoneInvited);
  });

  it("a deleted inviter's code goes with the account: claiming it is refused", async () => {
    const { inviter, code } = await inviterWithCode();
    const del = await seeded.app.inject({
      method: 'POST',
      url: `${API}/user/delete`,
      headers: inviter.headers,
      payload: { confirm: DELETE_CONFIRMATION },
    });
    expect(del.statusCode, del.body).toBe(200);
    const codes = await rows<{ code: string }>(sql`SELECT code FROM invitation_code WHERE user_id = ${inviter.id}`);
    expect(codes).toEqual([]);
    const invitee = await signInAs(seeded.app);
    expectFail(await getCoupon(invitee, code), 404, INVITATION_MESSAGES.unknown);
    expectFail(await receive(invitee, { code, variant: 'invitation2' }), 404, INVITATION_MESSAGES.unknown);
  });
});

describe('coupons at checkout', () => {
  it('coupon/usable lists the usable ones for a product, best first; validates', async () => {
    const user = await signInAs(seeded.app);
    expectFail(await seeded.app.inject(`${API}/coupon/usable?productCode=VIP_MONTH`), 401);
    expectFail(await seeded.app.inject({ url: `${API}/coupon/usable`, headers: user.headers }), 400);
    expectFail(await seeded.app.inject({ url: `${API}/coupon/usable?productCode=x`, headers: user.headers }), 400);
    expectFail(
      await seeded.app.inject({ url: `${API}/coupon/usable?productCode=NO_SUCH`, headers: user.headers }),
      404,
    );
    await give(user, { amountFen: 500 });
    await give(user, { amountFen: 800 });
    await give(user, { productKinds: ['report'] });
    await give(user, { minFen: 100_000 });
    const body = personalBody<CouponUsableBody>(
      await seeded.app.inject({ url: `${API}/coupon/usable?productCode=VIP_MONTH`, headers: user.headers }),
    );
    expect(body.price).toBe(30);
    expect(body.list.map((c) => [c.discount, c.payAmount])).toEqual([
      [8, 22],
      [5, 25],
    ]);
  });

  it('applies; refuses wrong owner, used, expired, kind, threshold, a bad number', async () => {
    const user = await signInAs(seeded.app);
    const other = await signInAs(seeded.app);
    const c = await give(user);
    expectFail(await buy(seeded.app, user, { cardCode: 'VIP_MONTH', couponNo: 'nope' }), 400, COUPON_MESSAGES.couponNo);
    expectFail(
      await buy(seeded.app, user, { cardCode: 'VIP_MONTH', couponNo: 'QJ000000000000' }),
      404,
      COUPON_MESSAGES.notFound,
    );
    expectFail(await buy(seeded.app, other, { cardCode: 'VIP_MONTH', couponNo: c }), 403, COUPON_MESSAGES.notYours);
    const ok = await buy(seeded.app, user, { cardCode: 'VIP_MONTH', couponNo: c });
    expect(orderOf(ok)).toMatchObject({ amount: 20, listAmount: 30, discount: 10 });
    expect((await couponRow(c)).usedOrderNo).toBe(orderOf(ok).orderNo);
    expectFail(await buy(seeded.app, user, { cardCode: 'VIP_MONTH', couponNo: c }), 409, COUPON_MESSAGES.used);
    const old = await give(user, { validDays: 1 }, new Date(t - 2 * 86_400_000));
    expectFail(await buy(seeded.app, user, { cardCode: 'VIP_MONTH', couponNo: old }), 400, COUPON_MESSAGES.expired);
    const report = await give(user, { productKinds: ['report'] });
    expectFail(
      await buy(seeded.app, user, { cardCode: 'VIP_MONTH', couponNo: report }),
      400,
      COUPON_MESSAGES.kindMismatch,
    );
    const big = await give(user, { minFen: 100_000 });
    expectFail(await buy(seeded.app, user, { cardCode: 'VIP_MONTH', couponNo: big }), 400, COUPON_MESSAGES.belowMin);
    // the Idempotency-Key covers the coupon: same key, other coupon → conflict
    const d = await give(user);
    const e = await give(user);
    const key = 'k-coupon-0000000001';
    expect((await buy(seeded.app, user, { cardCode: 'VIP_MONTH', couponNo: d }, key)).statusCode).toBe(200);
    expect((await buy(seeded.app, user, { cardCode: 'VIP_MONTH', couponNo: e }, key)).statusCode).toBe(409);
  });

  it('two orders racing for one coupon: one wins', async () => {
    const user = await signInAs(seeded.app);
    const c = await give(user);
    const results = await Promise.all(
      [1, 2, 3].map(() => buy(seeded.app, user, { cardCode: 'VIP_MONTH', couponNo: c })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('an order closing unpaid gives the coupon back; a paid (even refunded) one keeps it', async () => {
    const user = await signInAs(seeded.app);
    const c = await give(user, { validDays: 30 });
    const first = orderOf(await buy(seeded.app, user, { cardCode: 'VIP_MONTH', couponNo: c }));
    t += ORDER_TIMEOUT_MS + 60_000;
    try {
      await seeded.app.payments.orders.closeExpired();
    } finally {
      t -= ORDER_TIMEOUT_MS + 60_000;
    }
    const [closed] = await rows<{ status: string }>(sql`SELECT status FROM orders WHERE order_no = ${first.orderNo}`);
    expect(closed!.status).toBe('CLOSED');
    expect((await couponRow(c)).usedOrderNo).toBeNull();
    const second = orderOf(await buy(seeded.app, user, { cardCode: 'VIP_MONTH', couponNo: c }));
    await pay(user, second.orderNo);
    expect((await couponRow(c)).usedOrderNo).toBe(second.orderNo);
    t += ORDER_TIMEOUT_MS + 60_000;
    try {
      await seeded.app.payments.orders.closeExpired();
    } finally {
      t -= ORDER_TIMEOUT_MS + 60_000;
    }
    expect((await couponRow(c)).usedOrderNo).toBe(second.orderNo);
  });

  it('Apple pay refuses an order with a coupon; the iOS app, also offered 支付宝, still orders with one', async () => {
    const user = await signInAs(seeded.app);
    const iosApp = { ...user.headers, 'user-agent': `${BROWSER_UA} FangJiaTong/11.2.0` };
    const payWithApple = (orderNo: string) =>
      seeded.app.inject({
        method: 'POST',
        url: `${API}/customer/pay/unifiedorder`,
        headers: iosApp,
        payload: { orderNo, platform: 3 },
      });
    const c = await give(user);
    const order = orderOf(await buy(seeded.app, user, { cardCode: 'VIP_MONTH', couponNo: c }));
    expectFail(await payWithApple(order.orderNo), 400, COUPON_MESSAGES.applePay);
    // ordered inside the iOS app, where 支付宝 is offered beside Apple Pay: the coupon is taken, Apple Pay refused
    const c2 = await give(user);
    const created = await seeded.app.inject({
      method: 'POST',
      url: `${API}/common/order/create`,
      headers: iosApp,
      payload: { productCode: 'VIP_MONTH', couponNo: c2 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const inApp = orderOf(created);
    expect((await couponRow(c2)).usedOrderNo).toBe(inApp.orderNo);
    expectFail(await payWithApple(inApp.orderNo), 400, COUPON_MESSAGES.applePay);
    // without a coupon Apple Pay takes the order
    const plain = orderOf(await buy(seeded.app, user, { cardCode: 'VIP_MONTH' }));
    const paid = await payWithApple(plain.orderNo);
    expect(paid.statusCode, paid.body).toBe(200);
  });
});

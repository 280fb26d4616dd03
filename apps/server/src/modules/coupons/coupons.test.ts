// 优惠券 core (issue 18): a grant happens once per (source, source_ref) even when raced, coupon/mine lists the
// holder's coupons with their state (login, no-store, validated), and the discount arithmetic every checkout uses.
import { describe, expect, it } from 'vitest';
import { couponDiscountFen, couponFaceText, type CouponMineBody, type CouponTemplate } from '@fjt/domain';
import { expectFail, personalBody, seededApp, signInAs } from '../../testing.ts';
import { grantCoupon } from './service.ts';

const seeded = seededApp('small');
const API = '/rabbit/v1';
const tpl: CouponTemplate = {
  template: 'TEST_20',
  title: '测试券',
  kind: 'amount',
  amountFen: 2000,
  minFen: 0,
  productKinds: [],
  validDays: 7,
};

describe('grantCoupon and coupon/mine', () => {
  it('grants once per source, even when two grants race', async () => {
    const user = await signInAs(seeded.app);
    const db = seeded.database.db;
    const now = new Date();
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        db.transaction((tx) =>
          grantCoupon(tx, { userId: user.id, template: tpl, source: 'grant', sourceRef: `t-${user.id}`, now }),
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    // its number is its id: unique without a draw
    const made = results.find(Boolean)!;
    expect(made.couponNo).toBe(`QJ${String(made.id).padStart(12, '0')}`);
    await db.transaction((tx) =>
      grantCoupon(tx, {
        userId: user.id,
        template: { ...tpl, template: 'TEST_OLD', validDays: 1 },
        source: 'grant',
        sourceRef: `old-${user.id}`,
        now: new Date(Date.now() - 2 * 86_400_000),
      }),
    );
    const res = await seeded.app.inject({ url: `${API}/coupon/mine`, headers: user.headers });
    const { list } = personalBody<CouponMineBody>(res);
    expect(list.map((c) => [c.title, c.state, c.amount])).toEqual([
      ['测试券', 'usable', 20],
      ['测试券', 'expired', 20],
    ]);
    expect(list[0]!.couponNo).toMatch(/^QJ\d{12}$/);
    const usable = personalBody<CouponMineBody>(
      await seeded.app.inject({ url: `${API}/coupon/mine?state=usable`, headers: user.headers }),
    );
    expect(usable.list.map((c) => c.state)).toEqual(['usable']);
    const expired = personalBody<CouponMineBody>(
      await seeded.app.inject({ url: `${API}/coupon/mine?state=expired`, headers: user.headers }),
    );
    expect(expired.list.map((c) => [c.title, c.state])).toEqual([['测试券', 'expired']]);
    const used = personalBody<CouponMineBody>(
      await seeded.app.inject({ url: `${API}/coupon/mine?state=used`, headers: user.headers }),
    );
    expect(used.list).toEqual([]);
  });

  it('refuses visitors and bad states', async () => {
    expectFail(await seeded.app.inject(`${API}/coupon/mine`), 401);
    const user = await signInAs(seeded.app);
    expectFail(await seeded.app.inject({ url: `${API}/coupon/mine?state=nope`, headers: user.headers }), 400);
  });
});

describe('couponDiscountFen', () => {
  const amount = { kind: 'amount' as const, amountFen: 2000, discountPct: null, minFen: 0, productKinds: [] };
  const pct = { kind: 'discount' as const, amountFen: null, discountPct: 85, minFen: 0, productKinds: ['vip'] };
  it('takes an amount off, never below 1 分, and only on its kinds above its threshold', () => {
    expect(couponDiscountFen(amount, 9800, 'vip')).toBe(2000);
    expect(couponDiscountFen(amount, 1500, 'vip')).toBe(1499);
    expect(couponDiscountFen({ ...amount, minFen: 10000 }, 9800, 'vip')).toBe(0);
    expect(couponDiscountFen(pct, 9800, 'report')).toBe(0);
  });
  it('a discount rounds what is paid up to the 分', () => {
    expect(couponDiscountFen(pct, 9800, 'vip')).toBe(9800 - 8330);
    expect(couponDiscountFen(pct, 999, 'vip')).toBe(999 - 850);
  });
  it('words the face of a coupon', () => {
    expect(couponFaceText({ kind: 'amount', amountFen: 2000 })).toBe('立减20元');
    expect(couponFaceText({ kind: 'amount', amountFen: 2000, minFen: 10000 })).toBe('满100减20元');
    expect(couponFaceText({ kind: 'discount', discountPct: 85 })).toBe('8.5折');
  });
});

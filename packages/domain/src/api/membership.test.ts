import { describe, expect, it } from 'vitest';
import { DAY_MS, exchangeVipInput, nextVipPeriod, vipStatusOf } from './membership.ts';

const now = new Date('2026-11-25T08:00:00Z');
const iso = (t: number) => new Date(t).toISOString();

describe('VIP periods stack', () => {
  it('a first card starts now; a renewal starts where the running membership ends', () => {
    expect(nextVipPeriod([], 30, now)).toEqual({ startsAt: now, endsAt: new Date(now.getTime() + 30 * DAY_MS) });
    const running = [{ startsAt: iso(now.getTime() - 10 * DAY_MS), endsAt: iso(now.getTime() + 20 * DAY_MS) }];
    const next = nextVipPeriod(running, 90, now);
    expect(next.startsAt.toISOString()).toBe(running[0]!.endsAt);
    expect(next.endsAt.getTime()).toBe(now.getTime() + 110 * DAY_MS);
    // an expired period does not move the start
    expect(nextVipPeriod([{ startsAt: iso(0), endsAt: iso(1000) }], 1, now).startsAt).toEqual(now);
  });

  it('status: member while a period covers now, until the end of the periods that follow without a gap', () => {
    expect(vipStatusOf([], now)).toEqual({ isVip: false, expiresAt: null });
    const a = { startsAt: iso(now.getTime() - DAY_MS), endsAt: iso(now.getTime() + DAY_MS) };
    const b = { startsAt: a.endsAt, endsAt: iso(now.getTime() + 31 * DAY_MS) };
    const later = { startsAt: iso(now.getTime() + 40 * DAY_MS), endsAt: iso(now.getTime() + 50 * DAY_MS) };
    expect(vipStatusOf([later, b, a], now)).toEqual({ isVip: true, expiresAt: b.endsAt });
    expect(vipStatusOf([later], now)).toEqual({ isVip: false, expiresAt: null });
    expect(vipStatusOf([a], new Date(Date.parse(a.endsAt)))).toEqual({ isVip: false, expiresAt: null });
  });
});

describe('exchange codes', () => {
  it('ignore case, spaces and dashes; refuse other lengths and letters', () => {
    expect(exchangeVipInput.parse({ code: 'abcd-efgh-jkmn-pq23' }).code).toBe('ABCDEFGHJKMNPQ23');
    for (const code of ['ABCD', 'ABCDEFGHJKMNPQ2O', 'ABCDEFGHJKMNPQ231', '']) {
      expect(exchangeVipInput.safeParse({ code }).error?.issues[0]?.message).toBe('兑换码格式不正确，请检查后重新输入');
    }
    expect(exchangeVipInput.safeParse({}).error?.issues[0]?.message).toBe('请输入兑换码');
  });
});

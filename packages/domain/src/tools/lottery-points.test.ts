import { describe, expect, it } from 'vitest';
import { lotteryRule, recordPoints, scorePoints } from './lottery-points.ts';

describe('scorePoints (上海 积分)', () => {
  it('a 沪籍 family without a home or a record, 120 months at 0.1: 60 + 12 = 72', () => {
    const r = scorePoints({
      cityId: 201,
      family: 'family',
      hukou: 'local',
      ownsHome: false,
      boughtWithin5y: false,
      socialMonths: 120,
    })!;
    expect(r.base).toBe(60);
    expect(r.score).toBe(72);
    expect(r.items.map((i) => i.points)).toEqual([10, 10, 20, 20, 12]);
  });

  it('a single 非沪籍 with a home: only the 5-year bonus and 社保', () => {
    const r = scorePoints({
      cityId: 201,
      family: 'single',
      hukou: 'nonlocal',
      ownsHome: true,
      boughtWithin5y: false,
      socialMonths: 37,
      coefficient: 0.13,
    })!;
    expect(r.base).toBe(5);
    expect(r.score).toBe(9.81);
  });

  it('the 5-year record: 20 / 5 / 0', () => {
    expect(recordPoints(false, false)).toBe(20);
    expect(recordPoints(true, false)).toBe(5);
    expect(recordPoints(false, true)).toBe(0);
  });

  it('a city without a points rule (杭州) has none', () => {
    expect(lotteryRule(605)).toBeNull();
    expect(
      scorePoints({
        cityId: 605,
        family: 'family',
        hukou: 'local',
        ownsHome: false,
        boughtWithin5y: false,
        socialMonths: 1,
      }),
    ).toBeNull();
  });
});

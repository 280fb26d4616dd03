import { describe, it, expect } from 'vitest';
import {
  ellipsis,
  formatDate,
  formatMoney,
  formatRate,
  isValidMobile,
  maskPhone,
  MOBILE_FORMAT_ERROR,
  roundTo,
  toDate,
} from './filters.ts';

describe('formatMoney', () => {
  it('thousand divides by 10,000 (万), rounded to digits', () => {
    expect(formatMoney(2_935_000, 'thousand')).toBe('294');
    expect(formatMoney(2_934_999, 'thousand')).toBe('293');
    expect(formatMoney(2_935_000, 'thousand', 1)).toBe('293.5');
    expect(formatMoney(29_350, 'thousand', 2)).toBe('2.94');
    expect(formatMoney(10_000, 'thousand', 2)).toBe('1.00');
  });

  it('million divides by 100,000,000 (亿)', () => {
    expect(formatMoney(150_000_000, 'million', 1)).toBe('1.5');
    expect(formatMoney(149_999_999, 'million')).toBe('1');
    expect(formatMoney(150_000_000, 'million')).toBe('2');
  });

  it('without a unit adds thousands separators', () => {
    expect(formatMoney(29_350)).toBe('29,350');
    expect(formatMoney(999)).toBe('999');
    expect(formatMoney(1_000)).toBe('1,000');
    expect(formatMoney(1_234_567.891, undefined, 2)).toBe('1,234,567.89');
    expect(formatMoney(-29_350)).toBe('-29,350');
    expect(formatMoney(0)).toBe('0');
  });

  it('rounds the number as written, not its binary approximation', () => {
    expect(formatMoney(1.005, undefined, 2)).toBe('1.01');
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(1e-7, 2)).toBe(0);
  });

  it('shows no minus sign for a value that rounds to zero', () => {
    expect(formatMoney(-0.4)).toBe('0');
  });

  it("shows '--' for missing values", () => {
    expect(formatMoney(null)).toBe('--');
    expect(formatMoney(undefined, 'thousand')).toBe('--');
    expect(formatMoney(Number.NaN)).toBe('--');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('--');
  });
});

describe('formatRate', () => {
  it('zero is 持平', () => {
    expect(formatRate(0)).toEqual({ text: '持平', trend: 'flat' });
    expect(formatRate(-0)).toEqual({ text: '持平', trend: 'flat' });
  });

  it('positive is 上涨 with an up arrow', () => {
    expect(formatRate(1.23)).toEqual({ text: '上涨1.2%↑', trend: 'up' });
    expect(formatRate(12)).toEqual({ text: '上涨12.0%↑', trend: 'up' });
    expect(formatRate(1.25, 2)).toEqual({ text: '上涨1.25%↑', trend: 'up' });
  });

  it('negative is 下跌 with a down arrow and no minus sign', () => {
    expect(formatRate(-1.2)).toEqual({ text: '下跌1.2%↓', trend: 'down' });
    expect(formatRate(-0.05)).toEqual({ text: '下跌0.1%↓', trend: 'down' });
  });

  it('a change that rounds to zero is 持平', () => {
    expect(formatRate(0.04)).toEqual({ text: '持平', trend: 'flat' });
    expect(formatRate(-0.049)).toEqual({ text: '持平', trend: 'flat' });
  });

  it("missing is '--' and flat", () => {
    expect(formatRate(null)).toEqual({ text: '--', trend: 'flat' });
    expect(formatRate(undefined)).toEqual({ text: '--', trend: 'flat' });
    expect(formatRate(Number.NaN)).toEqual({ text: '--', trend: 'flat' });
  });
});

describe('formatDate (Beijing time)', () => {
  // 2024-06-15 10:00 Beijing time, a Saturday.
  const now = new Date('2024-06-15T02:00:00Z');

  it('shows 今天 for the same day, from 00:00 to 23:59 Beijing time', () => {
    expect(formatDate('2024-06-15', now)).toBe('今天');
    expect(formatDate('2024-06-15 00:00:00', now)).toBe('今天');
    expect(formatDate('2024-06-15 23:59:59', now)).toBe('今天');
    expect(formatDate(new Date('2024-06-14T16:00:00Z'), now)).toBe('今天');
  });

  it('shows MM月DD日 周X otherwise, with weekdays 周日…周六', () => {
    expect(formatDate('2024-06-14', now)).toBe('06月14日 周五');
    expect(formatDate('2024-06-16', now)).toBe('06月16日 周日');
    expect(formatDate('2024-06-10', now)).toBe('06月10日 周一');
    expect(formatDate('2024-06-11', now)).toBe('06月11日 周二');
    expect(formatDate('2024-06-12', now)).toBe('06月12日 周三');
    expect(formatDate('2024-06-13', now)).toBe('06月13日 周四');
    expect(formatDate('2024-06-08', now)).toBe('06月08日 周六');
    expect(formatDate(new Date('2024-06-14T15:59:59Z'), now)).toBe('06月14日 周五');
  });

  it('adds the year only when earlier than the current one', () => {
    expect(formatDate('2023-12-31', now)).toBe('2023年12月31日 周日');
    expect(formatDate('2024-01-01', now)).toBe('01月01日 周一');
    expect(formatDate('2025-01-01', now)).toBe('01月01日 周三');
  });

  it('compares years in Beijing time at the new-year boundary', () => {
    const newYear = new Date('2024-12-31T16:30:00Z'); // 2025-01-01 00:30 in Beijing
    expect(formatDate('2024-12-31 23:00', newYear)).toBe('2024年12月31日 周二');
  });

  it('accepts epoch milliseconds, slash dates and ISO strings with a zone', () => {
    expect(formatDate(Date.UTC(2024, 5, 14, 4), now)).toBe('06月14日 周五');
    expect(formatDate('2024/6/14', now)).toBe('06月14日 周五');
    expect(formatDate('2024-06-14T20:00:00Z', now)).toBe('今天');
  });

  it("shows '--' for an invalid date", () => {
    expect(formatDate('not a date', now)).toBe('--');
    expect(formatDate(Number.NaN, now)).toBe('--');
    expect(formatDate(new Date(Number.NaN), now)).toBe('--');
  });

  it('parses the space-separated form without relying on the runtime parser', () => {
    expect(toDate('2024-06-14 08:30:00')?.toISOString()).toBe('2024-06-14T00:30:00.000Z');
    expect(toDate('2024-06-14')?.toISOString()).toBe('2024-06-13T16:00:00.000Z');
  });
});

describe('maskPhone', () => {
  it('keeps the first 3 digits, four stars, then the rest', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone(13812345678)).toBe('138****5678');
    expect(maskPhone(' 13812345678 ')).toBe('138****5678');
  });

  it("shows '--' when empty", () => {
    expect(maskPhone('')).toBe('--');
    expect(maskPhone(null)).toBe('--');
    expect(maskPhone(undefined)).toBe('--');
  });
});

describe('ellipsis', () => {
  it('cuts after 10 characters by default', () => {
    expect(ellipsis('一二三四五六七八九十')).toBe('一二三四五六七八九十');
    expect(ellipsis('一二三四五六七八九十十一')).toBe('一二三四五六七八九十...');
  });

  it('takes a custom max', () => {
    expect(ellipsis('abcdef', 3)).toBe('abc...');
    expect(ellipsis('abc', 3)).toBe('abc');
  });

  it('counts an emoji as one character', () => {
    expect(ellipsis('🏠🏠🏠', 2)).toBe('🏠🏠...');
  });

  it('returns empty for missing text', () => {
    expect(ellipsis(null)).toBe('');
    expect(ellipsis(undefined)).toBe('');
  });
});

describe('isValidMobile', () => {
  it('accepts mainland mobile numbers', () => {
    for (const s of ['13812345678', '19912345678', '16600000000']) expect(isValidMobile(s)).toBe(true);
  });

  it('refuses other formats', () => {
    for (const s of [
      '',
      '12812345678',
      '10812345678',
      '1381234567',
      '138123456789',
      '138 1234 5678',
      '+8613812345678',
      13812345678,
      null,
    ]) {
      expect(isValidMobile(s)).toBe(false);
    }
  });

  it('has the spec toast text', () => {
    expect(MOBILE_FORMAT_ERROR).toBe('请填写正确格式的手机号');
  });
});

describe('floorLevel', () => {
  it('names the third of the building the floor is in, with the total', async () => {
    const { floorLevel } = await import('./filters.ts');
    expect(floorLevel(2, 18)).toBe('低楼层/共18层');
    expect(floorLevel(6, 18)).toBe('低楼层/共18层');
    expect(floorLevel(7, 18)).toBe('中楼层/共18层');
    expect(floorLevel(18, 18)).toBe('高楼层/共18层');
    expect(floorLevel(1, 0)).toBe('--');
  });
});

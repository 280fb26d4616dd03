import { describe, expect, it } from 'vitest';
import {
  DEBT_TO_INCOME_RULE,
  DOWN_PAYMENT_FLOOR_HISTORY,
  FUND_RATE_HISTORY,
  LPR_HISTORY,
  fundRatePctFor,
  fundRatesOn,
  lprOn,
  lprPctFor,
  ratePctText,
  spreadText,
  withSpread,
} from './loan-rates.ts';

describe('loan rates', () => {
  it('every history is dated, newest first, with a source', () => {
    for (const list of [LPR_HISTORY, FUND_RATE_HISTORY, DOWN_PAYMENT_FLOOR_HISTORY]) {
      const dates = list.map((r) => r.effective);
      expect(dates.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(list.every((r) => r.source.issuer.length > 0 && r.source.document.length > 0)).toBe(true);
    }
  });

  it('LPR since 2025-05-20: 1年期 3.0%, 5年期以上 3.5%; the fixing in force on a date', () => {
    expect(lprOn('2026-11-28')).toMatchObject({ effective: '2025-05-20', oneYearPct: 3, overFiveYearsPct: 3.5 });
    expect(lprOn('2025-05-19').effective).toBe('2024-10-21');
    expect(lprPctFor(30, lprOn('2026-11-28'))).toBe(3.5);
    expect(lprPctFor(5, lprOn('2026-11-28'))).toBe(3);
  });

  it('公积金 since 2025-05-08: 首套 2.1% / 2.6%, 二套 2.525% / 3.075%', () => {
    const t = fundRatesOn('2026-11-28');
    expect(t.effective).toBe('2025-05-08');
    expect([1, 5, 6, 30].map((y) => fundRatePctFor(y, false, t))).toEqual([2.1, 2.1, 2.6, 2.6]);
    expect([5, 6].map((y) => fundRatePctFor(y, true, t))).toEqual([2.525, 3.075]);
    expect(fundRatesOn('2025-01-01').firstOverFivePct).toBe(2.85);
  });

  it('adds a spread without float noise and writes rates as people do', () => {
    expect(withSpread(3.5, 30)).toBe(3.8);
    expect(withSpread(3.5, -35)).toBe(3.15);
    expect(withSpread(3.075, 1)).toBe(3.085);
    expect(ratePctText(3)).toBe('3%');
    expect(ratePctText(3.075)).toBe('3.075%');
    expect(spreadText(0)).toBe('LPR');
    expect(spreadText(-20)).toBe('LPR-20BP');
    expect(spreadText(35)).toBe('LPR+35BP');
  });

  it('the debt-to-income rule: 50% housing, 55% all debts', () => {
    expect(DEBT_TO_INCOME_RULE).toMatchObject({ housingPct: 50, allDebtsPct: 55 });
  });
});

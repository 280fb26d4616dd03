// 房贷计算's maths against published worked examples (cited per case; they round each figure to the fen as the
// banks do) and the invariants every schedule keeps: principal repaid = the loan to the fen, no negative or
// non-integer amount, interest = Σ payment − loan.
import { describe, expect, it } from 'vitest';
import { FUND_RATE_HISTORY, LPR_HISTORY, withSpread } from './loan-rates.ts';
import {
  MORTGAGE_DEFAULTS,
  MORTGAGE_MESSAGES,
  affordablePrincipalFen,
  combineSchedules,
  equalPaymentFen,
  fenToYuanText,
  loanSchedule,
  minDownPaymentPct,
  mortgageFormFromQuery,
  mortgageFormToQuery,
  planMortgage,
  scheduleByYear,
  type LoanSchedule,
  type MortgageForm,
} from './mortgage.ts';

const WAN = 1_000_000; // fen in 1万元

function expectSound(s: LoanSchedule) {
  expect(s.rows).toHaveLength(s.months);
  expect(s.rows.reduce((a, r) => a + r.principalFen, 0)).toBe(s.principalFen);
  expect(s.rows.reduce((a, r) => a + r.interestFen, 0)).toBe(s.totalInterestFen);
  expect(s.rows.reduce((a, r) => a + r.paymentFen, 0)).toBe(s.totalPaymentFen);
  expect(s.totalPaymentFen - s.principalFen).toBe(s.totalInterestFen);
  expect(s.rows.at(-1)!.remainingFen).toBe(0);
  for (const r of s.rows) {
    for (const v of [r.paymentFen, r.principalFen, r.interestFen, r.remainingFen]) {
      expect(Number.isSafeInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(0);
    }
    expect(r.paymentFen).toBe(r.principalFen + r.interestFen);
  }
}

describe('等额本息 (equal instalments)', () => {
  it('100万, 30年, 4.9% → 月供 5307.27 (the brief’s example, the figure every bank calculator shows)', () => {
    expect(equalPaymentFen(100 * WAN, 4.9, 360)).toBe(530727);
    const s = loanSchedule(100 * WAN, 4.9, 360, 'equal-payment');
    expectSound(s);
    // every month but the last pays the instalment; the last absorbs the rounding residue (a few fen)
    expect(s.rows.slice(0, -1).every((r) => r.paymentFen === 530727)).toBe(true);
    expect(Math.abs(s.rows.at(-1)!.paymentFen - 530727)).toBeLessThan(500);
    // 月供×期数 − 本金 = 910,617.20; per-month rounding of interest lands within a few 元 of it
    expect(Math.abs(s.totalInterestFen - 91_061_720)).toBeLessThan(500);
  });

  it('100万, 20年, 4.9% → 6544.44; 首月利息 4083.33, 本金 2461.11 (http://372181.com/wenda/229816.html)', () => {
    const s = loanSchedule(100 * WAN, 4.9, 240, 'equal-payment');
    expect(s.firstPaymentFen).toBe(654444);
    expect(s.rows[0]).toMatchObject({ interestFen: 408333, principalFen: 246111 });
    expectSound(s);
  });

  it('10万, 10年, 4.9% → 1055.77; 第2月利息 405.69, 本金 650.08 (http://m.789yingshi.cn/wenda/244196.html)', () => {
    const s = loanSchedule(10 * WAN, 4.9, 120, 'equal-payment');
    expect(s.firstPaymentFen).toBe(105577);
    expect(s.rows[0]).toMatchObject({ interestFen: 40833, principalFen: 64744 });
    expect(s.rows[1]).toMatchObject({ interestFen: 40569, principalFen: 65008 });
    expectSound(s);
  });

  it('60万 and 63万, 30年, 4.9% → 3184.36 and 3343.58 (http://372181.com/baike/57910.html, http://vdgb.cn/wenda/220578.html)', () => {
    expect(equalPaymentFen(60 * WAN, 4.9, 360)).toBe(318436);
    expect(equalPaymentFen(63 * WAN, 4.9, 360)).toBe(334358);
  });

  it('a zero rate repays P/n, the last month taking the odd fen', () => {
    const s = loanSchedule(1_000_001, 0, 12, 'equal-payment');
    expectSound(s);
    expect(s.totalInterestFen).toBe(0);
  });
});

describe('等额本金 (equal principal)', () => {
  it('63万, 30年, 4.9% → 首月 4322.50, 每月递减 7.15, 利息 464,336.25 (http://vdgb.cn/wenda/220578.html)', () => {
    const s = loanSchedule(63 * WAN, 4.9, 360, 'equal-principal');
    expect(s.firstPaymentFen).toBe(432250);
    expect(s.monthlyDecreaseFen).toBe(715);
    // the source uses the closed form P·r·(n+1)/2; rounding each month's interest to the fen moves it by cents
    expect(Math.abs(s.totalInterestFen - 46_433_625)).toBeLessThan(100);
    expectSound(s);
  });

  it('100万, 30年, 4.9% → 首月 6861.11, 每月递减 11.34; payments fall month by month', () => {
    const s = loanSchedule(100 * WAN, 4.9, 360, 'equal-principal');
    expect(s.firstPaymentFen).toBe(686111);
    expect(s.monthlyDecreaseFen).toBe(1134);
    expectSound(s);
    // principal is P/n to the fen every month but the last, which absorbs the residue
    expect(s.rows.slice(0, -1).every((r) => r.principalFen === 277778)).toBe(true);
    expect(s.rows.at(-1)!.principalFen).toBe(100 * WAN - 277778 * 359);
    for (let i = 1; i < s.rows.length - 1; i++) expect(s.rows[i]!.paymentFen).toBeLessThan(s.rows[i - 1]!.paymentFen);
  });

  it('costs less interest than 等额本息 on the same loan', () => {
    const a = loanSchedule(200 * WAN, 3.5, 360, 'equal-payment');
    const b = loanSchedule(200 * WAN, 3.5, 360, 'equal-principal');
    expect(b.totalInterestFen).toBeLessThan(a.totalInterestFen);
    expect(b.firstPaymentFen).toBeGreaterThan(a.firstPaymentFen);
  });
});

describe('schedule invariants over many loans', () => {
  it('holds for odd amounts, short and long terms, both methods', () => {
    for (const fen of [1, 99, 10_001, 123_456_789, 987_654_321_00]) {
      for (const months of [1, 7, 60, 361 - 1]) {
        for (const pct of [0, 2.1, 3.075, 4.9, 6.55]) {
          expectSound(loanSchedule(fen, pct, months, 'equal-payment'));
          expectSound(loanSchedule(fen, pct, months, 'equal-principal'));
        }
      }
    }
  });

  it('refuses what is not a loan instead of answering NaN', () => {
    expect(() => loanSchedule(0, 3, 12, 'equal-payment')).toThrow(RangeError);
    expect(() => loanSchedule(1.5, 3, 12, 'equal-payment')).toThrow(RangeError);
    expect(() => loanSchedule(100, Number.NaN, 12, 'equal-payment')).toThrow(RangeError);
    expect(() => loanSchedule(100, 3, 0, 'equal-payment')).toThrow(RangeError);
    expect(() => loanSchedule(100, 3, 361, 'equal-payment')).toThrow(RangeError);
  });

  it('groups by year: 30 years of 12 months, sums equal to the months', () => {
    const s = loanSchedule(100 * WAN, 4.9, 360, 'equal-payment');
    const years = scheduleByYear(s);
    expect(years).toHaveLength(30);
    expect(years.every((y) => y.months.length === 12)).toBe(true);
    expect(years.reduce((a, y) => a + y.principalFen, 0)).toBe(100 * WAN);
    expect(years[0]!.remainingFen).toBe(s.rows[11]!.remainingFen);
    expect(years.at(-1)!.remainingFen).toBe(0);
  });
});

describe('组合贷', () => {
  it('sums the parts month by month', () => {
    const c = loanSchedule(140 * WAN, 3.5, 360, 'equal-payment');
    const f = loanSchedule(60 * WAN, 2.6, 360, 'equal-payment');
    const both = combineSchedules([c, f]);
    expectSound(both);
    expect(both.principalFen).toBe(200 * WAN);
    expect(both.firstPaymentFen).toBe(c.firstPaymentFen + f.firstPaymentFen);
    expect(both.totalInterestFen).toBe(c.totalInterestFen + f.totalInterestFen);
  });

  it('lets a shorter part end early', () => {
    const both = combineSchedules([
      loanSchedule(10 * WAN, 3, 24, 'equal-principal'),
      loanSchedule(5 * WAN, 2.1, 12, 'equal-principal'),
    ]);
    expect(both.months).toBe(24);
    expectSound(both);
  });
});

const rates = { lpr: LPR_HISTORY[0]!, fund: FUND_RATE_HISTORY[0]!, minDownPct: 15 };
const form = (over: Partial<MortgageForm>): MortgageForm => ({ ...MORTGAGE_DEFAULTS, ...over });

describe('planMortgage', () => {
  it('商贷 300万, 首付30%, 30年, LPR+0 → 210万 at the 5年期以上 LPR', () => {
    const r = planMortgage(form({}), rates);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.plan.loanFen).toBe(210 * WAN);
    expect(r.plan.downPaymentFen).toBe(90 * WAN);
    expect(r.plan.parts).toHaveLength(1);
    expect(r.plan.parts[0]!.annualPct).toBe(rates.lpr.overFiveYearsPct);
  });

  it('prices 5 years or less on the 1年期 LPR and adds the spread exactly', () => {
    const r = planMortgage(form({ years: '5', bp: '30' }), rates);
    if (!r.ok) throw new Error('refused');
    expect(r.plan.parts[0]!.annualPct).toBe(withSpread(rates.lpr.oneYearPct, 30));
    const long = planMortgage(form({ years: '6', bp: '-20' }), rates);
    if (!long.ok) throw new Error('refused');
    expect(long.plan.parts[0]!.annualPct).toBe(withSpread(rates.lpr.overFiveYearsPct, -20));
  });

  it('公积金: 首套 and 二套 rates by term; no spread', () => {
    const first = planMortgage(form({ kind: 'fund', bp: '999' }), rates);
    if (!first.ok) throw new Error('refused');
    expect(first.plan.parts[0]).toMatchObject({ kind: 'fund', annualPct: rates.fund.firstOverFivePct });
    const second = planMortgage(form({ kind: 'fund', years: '5', secondHome: true }), rates);
    if (!second.ok) throw new Error('refused');
    expect(second.plan.parts[0]!.annualPct).toBe(rates.fund.secondUpToFivePct);
  });

  it('组合: 公积金 60万 + 商贷 the rest, summed', () => {
    const r = planMortgage(form({ kind: 'combo', fundWan: '60' }), rates);
    if (!r.ok) throw new Error('refused');
    const [c, f] = r.plan.parts;
    expect(c).toMatchObject({ kind: 'commercial', principalFen: 150 * WAN });
    expect(f).toMatchObject({ kind: 'fund', principalFen: 60 * WAN });
    expect(r.plan.schedule.firstPaymentFen).toBe(c!.schedule.firstPaymentFen + f!.schedule.firstPaymentFen);
    expectSound(r.plan.schedule);
  });

  it('reads 总价 with two decimals exactly (no float multiply)', () => {
    const r = planMortgage(form({ totalWan: '123.45', downPct: '20' }), rates);
    if (!r.ok) throw new Error('refused');
    expect(r.plan.totalFen).toBe(123_450_000 * 1);
    expect(r.plan.loanFen).toBe(98_760_000);
  });

  it.each([
    [{ totalWan: '' }, 'totalWan', MORTGAGE_MESSAGES.totalMissing],
    [{ totalWan: '0' }, 'totalWan', MORTGAGE_MESSAGES.total],
    [{ totalWan: 'abc' }, 'totalWan', MORTGAGE_MESSAGES.total],
    [{ totalWan: '1e3' }, 'totalWan', MORTGAGE_MESSAGES.total],
    [{ totalWan: '100000.01' }, 'totalWan', MORTGAGE_MESSAGES.total],
    [{ totalWan: 'Infinity' }, 'totalWan', MORTGAGE_MESSAGES.total],
    [{ downPct: '14' }, 'downPct', MORTGAGE_MESSAGES.down(15)],
    [{ downPct: '100' }, 'downPct', MORTGAGE_MESSAGES.down(15)],
    [{ downPct: '' }, 'downPct', MORTGAGE_MESSAGES.downMissing],
    [{ years: '0' }, 'years', MORTGAGE_MESSAGES.years],
    [{ years: '31' }, 'years', MORTGAGE_MESSAGES.years],
    [{ years: '2.5' }, 'years', MORTGAGE_MESSAGES.years],
    [{ bp: '301' }, 'bp', MORTGAGE_MESSAGES.bp],
    [{ bp: '-201' }, 'bp', MORTGAGE_MESSAGES.bp],
    [{ bp: 'NaN' }, 'bp', MORTGAGE_MESSAGES.bp],
    [{ kind: 'combo', fundWan: '' }, 'fundWan', MORTGAGE_MESSAGES.fundMissing],
    [{ kind: 'combo', fundWan: '210' }, 'fundWan', MORTGAGE_MESSAGES.fund],
    [{ kind: 'combo', fundWan: '0' }, 'fundWan', MORTGAGE_MESSAGES.fund],
  ] as const)('refuses %o with a message on %s', (over, field, message) => {
    const r = planMortgage(form(over as Partial<MortgageForm>), rates);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[field]).toBe(message);
  });

  it('refuses a spread that leaves no positive rate', () => {
    const low = { ...rates, lpr: { ...rates.lpr, oneYearPct: 1.5 } };
    const r = planMortgage(form({ years: '3', bp: '-200' }), low);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.bp).toBe(MORTGAGE_MESSAGES.rateNotPositive);
  });

  it('round-trips through the URL query; junk falls back to the defaults', () => {
    const f = form({
      kind: 'combo',
      totalWan: '450.5',
      downPct: '25',
      years: '20',
      bp: '-10',
      fundWan: '80',
      method: 'equal-principal',
      secondHome: true,
    });
    expect(mortgageFormFromQuery(mortgageFormToQuery(f))).toEqual(f);
    const junk = mortgageFormFromQuery(new URLSearchParams('kind=loan&method=x'));
    expect(junk.kind).toBe('commercial');
    expect(junk.method).toBe('equal-payment');
  });

  it('the national floor is 15% for 首套 and 二套 today, 25% for 二套 before the 2024-09 notice', () => {
    expect(minDownPaymentPct(false, '2026-11-28')).toBe(15);
    expect(minDownPaymentPct(true, '2026-11-28')).toBe(15);
    expect(minDownPaymentPct(true, '2024-06-01')).toBe(25);
  });
});

describe('affordablePrincipalFen and fenToYuanText', () => {
  it('inverts 等额本息: 5307.27/月 at 4.9% over 30 years affords 100万', () => {
    const p = affordablePrincipalFen(530727, 4.9, 360);
    expect(p).toBeLessThanOrEqual(100 * WAN);
    expect(p).toBeGreaterThan(100 * WAN - 20_000);
    expect(equalPaymentFen(p, 4.9, 360)).toBeLessThanOrEqual(530727);
    expect(affordablePrincipalFen(0, 3.5, 360)).toBe(0);
    expect(affordablePrincipalFen(Number.NaN, 3.5, 360)).toBe(0);
  });

  it('writes fen as 元 with two decimals', () => {
    expect(fenToYuanText(530727)).toBe('5307.27');
    expect(fenToYuanText(5)).toBe('0.05');
    expect(fenToYuanText(-120)).toBe('-1.20');
  });
});

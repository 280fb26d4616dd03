import { describe, expect, it } from 'vitest';
import { creditSubmitInput } from '../api/loans.ts';
import {
  CREDIT_BANDS,
  CREDIT_QUESTIONS,
  OVERDUE_SCORE_CAP,
  creditAnswersProblem,
  evaluateCredit,
  type CreditAnswers,
  type CreditForm,
} from './credit.ts';
import { LPR_HISTORY } from './loan-rates.ts';
import { equalPaymentFen } from './mortgage.ts';

const lpr = LPR_HISTORY[0]!;
const best: CreditAnswers = Object.fromEntries(CREDIT_QUESTIONS.map((q) => [q.id, q.options[0]!.id]));
const worst: CreditAnswers = Object.fromEntries(CREDIT_QUESTIONS.map((q) => [q.id, q.options.at(-1)!.id]));
const form = (over: Partial<CreditForm> = {}): CreditForm => ({
  monthlyIncome: 20_000,
  monthlyDebt: 0,
  fundMonthly: 3_000,
  fundBalance: 50_000,
  household: 'married',
  ...over,
});

describe('credit questions', () => {
  it('has about ten questions with unique ids, 2–4 options, points 0–10 and a reason each', () => {
    expect(CREDIT_QUESTIONS.length).toBe(10);
    expect(new Set(CREDIT_QUESTIONS.map((q) => q.id)).size).toBe(10);
    for (const q of CREDIT_QUESTIONS) {
      expect(q.options.length).toBeGreaterThanOrEqual(2);
      expect(new Set(q.options.map((o) => o.id)).size).toBe(q.options.length);
      expect(q.why.length).toBeGreaterThan(10);
      for (const o of q.options) expect(o.points >= 0 && o.points <= 10 && o.note.length > 0).toBe(true);
    }
  });

  it('names a missing, an unknown and an extra answer', () => {
    expect(creditAnswersProblem(best)).toBeNull();
    const { history: _h, ...missing } = best;
    expect(creditAnswersProblem(missing)).toMatch(/^请回答/);
    expect(creditAnswersProblem({ ...best, history: 'x' })).toMatch(/^答案不在选项中/);
    expect(creditAnswersProblem({ ...best, extra: 'a' })).toBe('包含不存在的问题');
  });
});

describe('evaluateCredit', () => {
  it('scores the best answers with no debts 100 (优秀)', () => {
    const e = evaluateCredit(form(), best, lpr);
    expect(e).toMatchObject({ score: 100, band: '优秀', answerScore: 100, debtRatioPct: 0, capped: false });
    expect(e.items).toHaveLength(10);
  });

  it('sizes the loan by the 50% / 55% rule: 20000 income, no debts → 10000/月 at 5年期以上 LPR over 30 years', () => {
    const e = evaluateCredit(form(), best, lpr);
    expect(e.maxMonthlyPayment).toBe(10_000);
    expect(e.annualPct).toBe(lpr.overFiveYearsPct);
    expect(e.years).toBe(30);
    expect(equalPaymentFen(e.loanCapacity * 100, e.annualPct, 360)).toBeLessThanOrEqual(1_000_000);
    expect(equalPaymentFen((e.loanCapacity + 200) * 100, e.annualPct, 360)).toBeGreaterThan(1_000_000);
  });

  it('lets other debts reduce the mortgage share once the 55% limit binds', () => {
    // 55% of 20000 = 11000; 3000 of debts leaves 8000 < 10000
    expect(evaluateCredit(form({ monthlyDebt: 3_000 }), best, lpr).maxMonthlyPayment).toBe(8_000);
    // 1000 of debts leaves 10000: the 50% housing limit still binds
    expect(evaluateCredit(form({ monthlyDebt: 1_000 }), best, lpr).maxMonthlyPayment).toBe(10_000);
    const none = evaluateCredit(form({ monthlyDebt: 15_000 }), best, lpr);
    expect(none.maxMonthlyPayment).toBe(0);
    expect(none.loanCapacity).toBe(0);
    expect(none.debtRatioPct).toBe(75);
  });

  it('scores debts: a ratio at or above 55% takes the 20 debt points away', () => {
    expect(evaluateCredit(form({ monthlyDebt: 11_000 }), best, lpr).score).toBe(80);
    const mid = evaluateCredit(form({ monthlyDebt: 7_500 }), best, lpr).score;
    expect(mid).toBeGreaterThan(80);
    expect(mid).toBeLessThan(100);
  });

  it('caps the score and the capacity while a debt is overdue today', () => {
    const e = evaluateCredit(form(), { ...best, overdue: 'current' }, lpr);
    expect(e.score).toBe(OVERDUE_SCORE_CAP);
    expect(e.capped).toBe(true);
    expect(e.loanCapacity).toBe(0);
    expect(e.band).toBe('待提升');
  });

  it('scores the worst answers low, always within 0–100, never NaN', () => {
    const e = evaluateCredit(form({ monthlyDebt: 50_000 }), worst, lpr);
    expect(e.score).toBeGreaterThanOrEqual(0);
    expect(e.score).toBeLessThan(CREDIT_BANDS.at(-2)!.min);
    for (const v of [e.score, e.loanCapacity, e.maxMonthlyPayment, e.debtRatioPct])
      expect(Number.isFinite(v)).toBe(true);
  });
});

describe('creditSubmitInput', () => {
  const ok = { form: form(), answers: best };
  it('accepts a complete submission', () => {
    expect(creditSubmitInput.safeParse(ok).success).toBe(true);
  });
  it.each([
    [{ ...ok, form: { ...form(), monthlyIncome: 0 } }, /月收入/],
    [{ ...ok, form: { ...form(), monthlyIncome: 1.5 } }, /月收入/],
    [{ ...ok, form: { ...form(), monthlyDebt: -1 } }, /月负债/],
    [{ ...ok, form: { ...form(), household: 'x' } }, /家庭情况/],
    [{ ...ok, answers: { ...best, overdue: 'nope' } }, /答案不在选项中/],
    [{ ...ok, answers: {} }, /请回答/],
  ])('refuses %o in Chinese', (input, message) => {
    const r = creditSubmitInput.safeParse(input);
    expect(r.success).toBe(false);
    if (!r.success) expect(r.error.issues[0]!.message).toMatch(message);
  });
});

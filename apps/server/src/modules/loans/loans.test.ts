// The loan tools (issue 16) on the seeded small dataset: config/loan-rates (today's figures and as of a past day),
// the 购房信用评估 questions, submit (login, answers validated against the questions, one stored row) and the result
// (its owner only: another user 403, a visitor 401, an unknown id 404); bad input answered 4xx in Chinese.
import { describe, expect, it } from 'vitest';
import {
  CREDIT_MESSAGES,
  CREDIT_QUESTIONS,
  type CreditQuestionsBody,
  type CreditResultBody,
  type LoanRatesBody,
} from '@fjt/domain';
import { expectFail, expectPersonalFail, personalBody, seededApp, signInAs } from '../../testing.ts';

const clock = Date.parse('2026-11-28T02:00:00Z');
const seeded = seededApp('small', { now: () => clock });
const API = '/rabbit/v1';

const best = Object.fromEntries(CREDIT_QUESTIONS.map((q) => [q.id, q.options[0]!.id]));
const form = {
  monthlyIncome: 30_000,
  monthlyDebt: 2_000,
  fundMonthly: 4_000,
  fundBalance: 80_000,
  household: 'married',
};

describe('config/loan-rates', () => {
  it('answers the figures in force today with their dates and sources', async () => {
    const res = await seeded.app.inject(`${API}/config/loan-rates`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body as LoanRatesBody;
    expect(body.asOf).toBe('2026-11-28');
    expect(body.lpr).toMatchObject({ effective: '2025-05-20', oneYearPct: 3, overFiveYearsPct: 3.5 });
    expect(body.lpr.source.issuer).toMatch(/全国银行间同业拆借中心/);
    expect(body.fund).toMatchObject({ firstUpToFivePct: 2.1, firstOverFivePct: 2.6, secondOverFivePct: 3.075 });
    expect(body.downPayment).toMatchObject({ firstHomePct: 15, secondHomePct: 15 });
    expect(body.debtToIncome).toMatchObject({ housingPct: 50, allDebtsPct: 55 });
    expect(body.limits).toMatchObject({ bpMin: -200, bpMax: 300, yearsMax: 30 });
    expect(body.history.lpr.length).toBeGreaterThan(1);
  });

  it('answers a past day’s figures', async () => {
    const res = await seeded.app.inject(`${API}/config/loan-rates?asOf=2024-06-01`);
    const body = res.json().body as LoanRatesBody;
    expect(body.lpr.overFiveYearsPct).toBe(3.95);
    expect(body.fund.firstOverFivePct).toBe(2.85);
    expect(body.downPayment.secondHomePct).toBe(25);
  });

  it.each(['2024-13-01', '20240601', 'today', '2024-06-01%00'])('refuses asOf=%s in Chinese', async (asOf) => {
    expectFail(await seeded.app.inject(`${API}/config/loan-rates?asOf=${asOf}`), 400, /asOf/);
  });
});

describe('activity/credit', () => {
  it('lists the questions without their points', async () => {
    const res = await seeded.app.inject(`${API}/activity/credit/questions`);
    expect(res.statusCode).toBe(200);
    const body = res.json().body as CreditQuestionsBody;
    expect(body.questions).toHaveLength(CREDIT_QUESTIONS.length);
    expect(JSON.stringify(body)).not.toContain('points');
    expect(body.rule).toContain('银监发〔2004〕57号');
  });

  it('submits (login), stores one row and shows it to its owner only', async () => {
    const owner = await signInAs(seeded.app);
    const res = await seeded.app.inject({
      method: 'POST',
      url: `${API}/activity/credit/submit`,
      headers: owner.headers,
      payload: { form, answers: best },
    });
    const body = personalBody<CreditResultBody>(res);
    expect(body.score).toBe(100);
    expect(body.band).toBe('优秀');
    expect(body.maxMonthlyPayment).toBe(14_500);
    expect(body.loanCapacity).toBeGreaterThan(3_000_000);
    expect(body.items).toHaveLength(CREDIT_QUESTIONS.length);

    const rows = await seeded.database.sql.query<{ user_id: number; score: number; loan_capacity: number }>(
      `SELECT user_id, score, loan_capacity FROM credit_evaluation WHERE id = ${body.id}`,
    );
    expect(rows).toEqual([{ user_id: owner.id, score: 100, loan_capacity: body.loanCapacity }]);

    const mine = personalBody<CreditResultBody>(
      await seeded.app.inject({ url: `${API}/activity/credit/result?id=${body.id}`, headers: owner.headers }),
    );
    expect(mine).toMatchObject({ id: body.id, score: 100, form, consulted: false });

    const other = await signInAs(seeded.app);
    expectPersonalFail(
      await seeded.app.inject({ url: `${API}/activity/credit/result?id=${body.id}`, headers: other.headers }),
      403,
      CREDIT_MESSAGES.forbidden,
    );
    expectPersonalFail(await seeded.app.inject(`${API}/activity/credit/result?id=${body.id}`), 401, '请先登录');
    expectPersonalFail(
      await seeded.app.inject({ url: `${API}/activity/credit/result?id=999999999`, headers: owner.headers }),
      404,
      CREDIT_MESSAGES.notFound,
    );
    expectFail(
      await seeded.app.inject({ url: `${API}/activity/credit/result?id=abc`, headers: owner.headers }),
      400,
      /id 格式不正确/,
    );

    // 咨询贷款 from the result: the owner only
    const consulted = (payload: object, headers: Record<string, string>) =>
      seeded.app.inject({ method: 'POST', url: `${API}/activity/credit/consulted`, headers, payload });
    expectPersonalFail(await consulted({ id: body.id }, other.headers), 403, CREDIT_MESSAGES.forbidden);
    expectFail(await consulted({ id: 'x' }, owner.headers), 400, /id 格式不正确/);
    expect(personalBody(await consulted({ id: body.id }, owner.headers))).toEqual({ id: body.id, consulted: true });
    const again = personalBody<CreditResultBody>(
      await seeded.app.inject({ url: `${API}/activity/credit/result?id=${body.id}`, headers: owner.headers }),
    );
    expect(again.consulted).toBe(true);
  });

  it('refuses a visitor’s submit with 401 and stores nothing', async () => {
    const [before] = await seeded.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM credit_evaluation`);
    const res = await seeded.app.inject({
      method: 'POST',
      url: `${API}/activity/credit/submit`,
      headers: { origin: 'http://localhost:3000' },
      payload: { form, answers: best },
    });
    expectPersonalFail(res, 401, '请先登录');
    const [after] = await seeded.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM credit_evaluation`);
    expect(after!.n).toBe(before!.n);
  });

  it.each([
    [{ form, answers: { ...best, overdue: 'nope' } }, /答案不在选项中/],
    [{ form, answers: { history: 'good' } }, /请回答/],
    [{ form, answers: { ...best, hacked: 'x' } }, /不存在的问题/],
    [{ form, answers: 'all good' }, /./],
    [{ form: { ...form, monthlyIncome: 0 }, answers: best }, /月收入/],
    [{ form: { ...form, monthlyIncome: '3e4' }, answers: best }, /月收入/],
    [{ form: { ...form, monthlyDebt: -5 }, answers: best }, /月负债/],
    [{ form: { ...form, household: 'many' }, answers: best }, /家庭情况/],
    [{ answers: best }, /./],
  ])('refuses a bad submission %# in Chinese', async (payload, message) => {
    const user = await signInAs(seeded.app);
    const res = await seeded.app.inject({
      method: 'POST',
      url: `${API}/activity/credit/submit`,
      headers: user.headers,
      payload: payload as object,
    });
    expectFail(res, 400, message);
  });
});

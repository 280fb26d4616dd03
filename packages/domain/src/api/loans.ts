// Payloads of the loan tools (issue 16, PAGES.md §3.7 房贷计算, §3.13 购房信用评估): NEW GET config/loan-rates (the
// rates, floors and rule of loan-rates.ts with their dates and sources), NEW GET activity/credit/questions, NEW POST
// activity/credit/submit (login) and NEW GET activity/credit/result?id (login, the owner only).
import { z } from 'zod';
import {
  CREDIT_QUESTIONS,
  HOUSEHOLDS,
  creditAnswersProblem,
  type CreditEvaluation,
  type CreditForm,
} from '../tools/credit.ts';
import {
  DEBT_TO_INCOME_RULE,
  DOWN_PAYMENT_FLOOR_HISTORY,
  FUND_RATE_HISTORY,
  LOAN_BP_MAX,
  LOAN_BP_MIN,
  LOAN_YEARS_MAX,
  LONG_TERM_FROM_YEARS,
  LPR_HISTORY,
  downPaymentFloorOn,
  fundRatesOn,
  lprOn,
  type DownPaymentFloor,
  type FundRateTable,
  type LprFixing,
} from '../tools/loan-rates.ts';
import { idParam, intParam } from './params.ts';

export interface LoanRatesBody {
  /** The day the current figures were picked for, 'YYYY-MM-DD' (China time). */
  asOf: string;
  lpr: LprFixing;
  fund: FundRateTable;
  downPayment: DownPaymentFloor;
  debtToIncome: typeof DEBT_TO_INCOME_RULE;
  limits: { bpMin: number; bpMax: number; yearsMax: number; longTermFromYears: number };
  history: { lpr: LprFixing[]; fund: FundRateTable[]; downPayment: DownPaymentFloor[] };
}

const source = z.object({ issuer: z.string(), document: z.string(), verified: z.boolean() });
const lprFixing = z.object({ effective: z.string(), oneYearPct: z.number(), overFiveYearsPct: z.number(), source });
const fundRateTable = z.object({
  effective: z.string(),
  firstUpToFivePct: z.number(),
  firstOverFivePct: z.number(),
  secondUpToFivePct: z.number(),
  secondOverFivePct: z.number(),
  source,
});
const downPaymentFloor = z.object({
  effective: z.string(),
  firstHomePct: z.number(),
  secondHomePct: z.number(),
  source,
});
export const loanRatesBody = z.object({
  asOf: z.string(),
  lpr: lprFixing,
  fund: fundRateTable,
  downPayment: downPaymentFloor,
  debtToIncome: z.object({ housingPct: z.number(), allDebtsPct: z.number(), source }),
  limits: z.object({ bpMin: z.number(), bpMax: z.number(), yearsMax: z.number(), longTermFromYears: z.number() }),
  history: z.object({ lpr: z.array(lprFixing), fund: z.array(fundRateTable), downPayment: z.array(downPaymentFloor) }),
});

/** What GET config/loan-rates answers on `asOf` (the same for every visitor). */
export function loanRatesOn(asOf: string): LoanRatesBody {
  return {
    asOf,
    lpr: lprOn(asOf),
    fund: fundRatesOn(asOf),
    downPayment: downPaymentFloorOn(asOf),
    debtToIncome: DEBT_TO_INCOME_RULE,
    limits: {
      bpMin: LOAN_BP_MIN,
      bpMax: LOAN_BP_MAX,
      yearsMax: LOAN_YEARS_MAX,
      longTermFromYears: LONG_TERM_FROM_YEARS,
    },
    history: { lpr: [...LPR_HISTORY], fund: [...FUND_RATE_HISTORY], downPayment: [...DOWN_PAYMENT_FLOOR_HISTORY] },
  };
}

/** GET config/loan-rates?asOf=YYYY-MM-DD (optional: the figures in force that day). */
export const loanRatesQuery = z.object({
  asOf: z
    .string({ message: 'asOf 格式不正确，应为 YYYY-MM-DD' })
    .regex(/^(19|20)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'asOf 格式不正确，应为 YYYY-MM-DD' })
    .optional(),
});

/** GET activity/credit/questions: the questions without their points. */
export interface CreditQuestionsBody {
  questions: { id: string; title: string; why: string; options: { id: string; label: string }[] }[];
  rule: string;
}
export const creditQuestionsBody = z.object({
  questions: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      why: z.string(),
      options: z.array(z.object({ id: z.string(), label: z.string() })),
    }),
  ),
  rule: z.string(),
});
export function creditQuestionsBodyOf(): CreditQuestionsBody {
  return {
    questions: CREDIT_QUESTIONS.map((q) => ({
      id: q.id,
      title: q.title,
      why: q.why,
      options: q.options.map(({ id, label }) => ({ id, label })),
    })),
    rule: `按${DEBT_TO_INCOME_RULE.source.document}：月房贷支出不超过收入的${DEBT_TO_INCOME_RULE.housingPct}%，月所有债务支出不超过收入的${DEBT_TO_INCOME_RULE.allDebtsPct}%。`,
  };
}

/** The largest 月收入 / 月负债 accepted, 元: above it the figure is a typo. */
export const CREDIT_MONEY_MAX = 10_000_000;
const money = (name: string, min: number, max = CREDIT_MONEY_MAX) =>
  intParam(name, { min, max, message: `${name}须为${min}到${max}之间的整数（元）` });

export const CREDIT_MESSAGES = {
  income: '月收入须为1到10000000之间的整数（元）',
  household: '家庭情况不是可选的值',
  answers: '请回答全部问题',
  notFound: '评估记录不存在',
  forbidden: '无权查看他人的评估记录',
} as const;

export const creditFormInput = z.object({
  monthlyIncome: intParam('monthlyIncome', { min: 1, max: CREDIT_MONEY_MAX, message: CREDIT_MESSAGES.income }),
  monthlyDebt: money('月负债', 0),
  fundMonthly: money('公积金月缴存额', 0, 100_000),
  fundBalance: money('公积金余额', 0, 100_000_000),
  household: z.enum(HOUSEHOLDS, { message: CREDIT_MESSAGES.household }),
});

export const creditSubmitInput = z.object({
  form: creditFormInput,
  answers: z
    .record(z.string().max(40), z.string().max(40), { message: CREDIT_MESSAGES.answers })
    .superRefine((answers, ctx) => {
      const problem = creditAnswersProblem(answers);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type CreditSubmitInput = z.infer<typeof creditSubmitInput>;

/** A stored evaluation as its owner sees it (submit's answer and activity/credit/result). */
export interface CreditResultBody extends CreditEvaluation {
  id: number;
  createdAt: string;
  form: CreditForm;
  consulted: boolean;
}
const creditItem = z.object({
  questionId: z.string(),
  title: z.string(),
  answer: z.string(),
  points: z.number(),
  maxPoints: z.number(),
  why: z.string(),
  note: z.string(),
});
export const creditResultBody = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  score: z.number().int(),
  band: z.string(),
  advice: z.string(),
  answerScore: z.number(),
  debtRatioPct: z.number(),
  maxMonthlyPayment: z.number().int(),
  loanCapacity: z.number().int(),
  annualPct: z.number(),
  years: z.number().int(),
  items: z.array(creditItem),
  capped: z.boolean(),
  form: z.object({
    monthlyIncome: z.number(),
    monthlyDebt: z.number(),
    fundMonthly: z.number(),
    fundBalance: z.number(),
    household: z.enum(HOUSEHOLDS),
  }),
  consulted: z.boolean(),
});

export const creditResultQuery = z.object({ id: idParam('id', '评估记录 id 格式不正确') });

/** NEW POST activity/credit/consulted: the owner asked for a loan consultation from this result. */
export const creditConsultedInput = z.object({ id: idParam('id', '评估记录 id 格式不正确') });
export const creditConsultedBody = z.object({ id: z.number().int(), consulted: z.boolean() });

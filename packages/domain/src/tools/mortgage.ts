// 房贷计算's maths (issue 16, PAGES.md §3.7): 等额本息 and 等额本金 schedules month by month, 组合贷 as the sum of its
// 商贷 and 公积金 parts, and the calculator's input rules. Pure, shared by the page and the 信用评估 capacity.
//
// Money is integer 分 (fen) throughout; a figure is never a float of 元. The rounding rule, the one bank statements
// follow: every amount is rounded half up to the fen (四舍五入到分) — the 等额本息 instalment once, from the exact
// annuity formula, the 等额本金 principal share P / n once; each month's interest from the balance at the start of the month × annual rate / 12. The last
// instalment repays whatever principal is left, so the principal repaid sums to the loan exactly, fen for fen.
import {
  LOAN_BP_MAX,
  LOAN_BP_MIN,
  LOAN_YEARS_MAX,
  downPaymentFloorOn,
  fundRatePctFor,
  lprPctFor,
  withSpread,
  type FundRateTable,
  type LprFixing,
} from './loan-rates.ts';

/** 等额本息 (equal instalments) | 等额本金 (equal principal). */
export const REPAYMENT_METHODS = ['equal-payment', 'equal-principal'] as const;
export type RepaymentMethod = (typeof REPAYMENT_METHODS)[number];
export const REPAYMENT_METHOD_LABELS: Record<RepaymentMethod, string> = {
  'equal-payment': '等额本息',
  'equal-principal': '等额本金',
};

/** 商贷 | 公积金 | 组合贷 */
export const LOAN_KINDS = ['commercial', 'fund', 'combo'] as const;
export type LoanKind = (typeof LOAN_KINDS)[number];
export const LOAN_KIND_LABELS: Record<LoanKind, string> = {
  commercial: '商业贷款',
  fund: '公积金贷款',
  combo: '组合贷款',
};

export interface ScheduleRow {
  /** 1-based */
  month: number;
  paymentFen: number;
  principalFen: number;
  interestFen: number;
  /** Principal still owed after this month's payment. */
  remainingFen: number;
}

export interface LoanSchedule {
  principalFen: number;
  months: number;
  rows: ScheduleRow[];
  totalInterestFen: number;
  totalPaymentFen: number;
  /** The first month's payment (等额本息: every month's but the last). */
  firstPaymentFen: number;
  /** 等额本金: how much less each month pays than the one before (principal × monthly rate); 0 for 等额本息. */
  monthlyDecreaseFen: number;
}

/** Half up to the fen, for the non-negative amounts of a schedule. */
const toFen = (amount: number) => Math.round(amount);

/** The monthly rate of an annual percentage: annual / 12. */
export const monthlyRateOf = (annualPct: number) => annualPct / 100 / 12;

/** 等额本息's instalment, fen: P·r·(1+r)^n / ((1+r)^n − 1), or P / n at a zero rate. */
export function equalPaymentFen(principalFen: number, annualPct: number, months: number): number {
  const r = monthlyRateOf(annualPct);
  if (r === 0) return toFen(principalFen / months);
  const growth = (1 + r) ** months;
  return toFen((principalFen * r * growth) / (growth - 1));
}

function assertLoan(principalFen: number, annualPct: number, months: number) {
  if (!Number.isSafeInteger(principalFen) || principalFen <= 0)
    throw new RangeError('principalFen must be a positive integer');
  if (!Number.isInteger(months) || months < 1 || months > LOAN_YEARS_MAX * 12)
    throw new RangeError('months out of range');
  if (!Number.isFinite(annualPct) || annualPct < 0 || annualPct > 36) throw new RangeError('annualPct out of range');
}

/** The month-by-month schedule of a loan (see the file head for the rounding rule). */
export function loanSchedule(
  principalFen: number,
  annualPct: number,
  months: number,
  method: RepaymentMethod,
): LoanSchedule {
  assertLoan(principalFen, annualPct, months);
  const r = monthlyRateOf(annualPct);
  const instalment = method === 'equal-payment' ? equalPaymentFen(principalFen, annualPct, months) : 0;
  const evenPrincipal = toFen(principalFen / months);
  const rows: ScheduleRow[] = [];
  let balance = principalFen;
  let totalInterest = 0;
  for (let month = 1; month <= months; month++) {
    const interestFen = toFen(balance * r);
    let principalPart =
      month === months ? balance : method === 'equal-payment' ? instalment - interestFen : evenPrincipal;
    principalPart = Math.min(Math.max(principalPart, 0), balance);
    balance -= principalPart;
    totalInterest += interestFen;
    rows.push({
      month,
      paymentFen: principalPart + interestFen,
      principalFen: principalPart,
      interestFen,
      remainingFen: balance,
    });
  }
  return {
    principalFen,
    months,
    rows,
    totalInterestFen: totalInterest,
    totalPaymentFen: principalFen + totalInterest,
    firstPaymentFen: rows[0]!.paymentFen,
    monthlyDecreaseFen: method === 'equal-principal' ? toFen(evenPrincipal * r) : 0,
  };
}

/** 组合贷: the parts' schedules summed month by month (a shorter part contributes nothing after its end). */
export function combineSchedules(parts: readonly LoanSchedule[]): LoanSchedule {
  if (parts.length === 1) return parts[0]!;
  const months = Math.max(...parts.map((p) => p.months));
  const rows: ScheduleRow[] = [];
  for (let i = 0; i < months; i++) {
    const row: ScheduleRow = { month: i + 1, paymentFen: 0, principalFen: 0, interestFen: 0, remainingFen: 0 };
    for (const p of parts) {
      const r = p.rows[i];
      if (!r) continue;
      row.paymentFen += r.paymentFen;
      row.principalFen += r.principalFen;
      row.interestFen += r.interestFen;
      row.remainingFen += r.remainingFen;
    }
    rows.push(row);
  }
  const sum = (f: (p: LoanSchedule) => number) => parts.reduce((s, p) => s + f(p), 0);
  return {
    principalFen: sum((p) => p.principalFen),
    months,
    rows,
    totalInterestFen: sum((p) => p.totalInterestFen),
    totalPaymentFen: sum((p) => p.totalPaymentFen),
    firstPaymentFen: rows[0]!.paymentFen,
    monthlyDecreaseFen: sum((p) => p.monthlyDecreaseFen),
  };
}

export interface YearRow {
  /** 1-based */
  year: number;
  paymentFen: number;
  principalFen: number;
  interestFen: number;
  /** Owed at the end of the year. */
  remainingFen: number;
  /** The months of this year (schedule rows). */
  months: ScheduleRow[];
}

/** The schedule by year (the page's collapsed view). */
export function scheduleByYear(schedule: LoanSchedule): YearRow[] {
  const years: YearRow[] = [];
  for (const row of schedule.rows) {
    const year = Math.ceil(row.month / 12);
    let y = years[year - 1];
    if (!y) {
      y = { year, paymentFen: 0, principalFen: 0, interestFen: 0, remainingFen: 0, months: [] };
      years.push(y);
    }
    y.paymentFen += row.paymentFen;
    y.principalFen += row.principalFen;
    y.interestFen += row.interestFen;
    y.remainingFen = row.remainingFen;
    y.months.push(row);
  }
  return years;
}

/**
 * The largest loan (fen, a whole 100 元) whose 等额本息 instalment fits within `monthlyFen` — the inverse of
 * equalPaymentFen, checked against it.
 */
export function affordablePrincipalFen(monthlyFen: number, annualPct: number, months: number): number {
  if (!(monthlyFen > 0)) return 0;
  const r = monthlyRateOf(annualPct);
  const raw = r === 0 ? monthlyFen * months : (monthlyFen * ((1 + r) ** months - 1)) / (r * (1 + r) ** months);
  const step = 10_000; // 100 元
  let principal = Math.floor(raw / step) * step;
  while (principal > 0 && equalPaymentFen(principal, annualPct, months) > monthlyFen) principal -= step;
  return Math.max(principal, 0);
}

// ---------------------------------------------------------------------------------------------------------------
// The calculator's inputs

/** The form as typed (strings from inputs or the URL query). */
export interface MortgageForm {
  kind: LoanKind;
  /** 房屋总价, 万元 */
  totalWan: string;
  /** 首付比例, % */
  downPct: string;
  years: string;
  /** 商贷 LPR 加点, bp */
  bp: string;
  /** 组合贷's 公积金 amount, 万元 */
  fundWan: string;
  method: RepaymentMethod;
  /** 二套 (公积金 second-home rates). */
  secondHome: boolean;
}

export const MORTGAGE_DEFAULTS: MortgageForm = {
  kind: 'commercial',
  totalWan: '300',
  downPct: '30',
  years: '30',
  bp: '0',
  fundWan: '60',
  method: 'equal-payment',
  secondHome: false,
};

/** Down payment chips. */
export const DOWN_PAYMENT_CHIPS = [15, 20, 30, 40, 50] as const;
/** Term chips, years. */
export const LOAN_YEAR_CHIPS = [10, 20, 25, 30] as const;
/** Largest 总价 accepted, 万元 (10 亿元): larger is a typo. */
export const MAX_TOTAL_WAN = 100_000;

export type MortgageField = 'totalWan' | 'downPct' | 'years' | 'bp' | 'fundWan';
export type MortgageErrors = Partial<Record<MortgageField, string>>;

export interface MortgageRates {
  lpr: LprFixing;
  fund: FundRateTable;
  /** The national floor in force, %. */
  minDownPct: number;
}

export interface MortgagePart {
  kind: 'commercial' | 'fund';
  principalFen: number;
  annualPct: number;
  schedule: LoanSchedule;
}

export interface MortgagePlan {
  totalFen: number;
  downPaymentFen: number;
  loanFen: number;
  years: number;
  method: RepaymentMethod;
  parts: MortgagePart[];
  schedule: LoanSchedule;
}

export const MORTGAGE_MESSAGES = {
  totalMissing: '请输入房屋总价',
  total: `房屋总价须大于0且不超过${MAX_TOTAL_WAN}万元，最多两位小数`,
  downMissing: '请输入首付比例',
  down: (min: number) => `首付比例须为${min}%到99%之间的整数（全国最低首付比例${min}%）`,
  years: `贷款年限须为1到${LOAN_YEARS_MAX}年的整数`,
  bp: `LPR加点须为${LOAN_BP_MIN}到${LOAN_BP_MAX}BP之间的整数`,
  rateNotPositive: '加点后利率须大于0',
  fundMissing: '请输入公积金贷款金额',
  fund: '公积金贷款金额须大于0，且小于贷款总额',
} as const;

const WAN_TEXT = /^\d{1,6}(\.\d{1,2})?$/;
const INT_TEXT = /^-?\d{1,4}$/;

const intOf = (text: string) => (INT_TEXT.test(text.trim()) ? Number(text.trim()) : Number.NaN);
/** 万元 text → fen, or NaN: exact (no float multiply) since the text has at most two decimals. */
function wanToFen(text: string): number {
  const t = text.trim();
  if (!WAN_TEXT.test(t)) return Number.NaN;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 1_000_000 + Number(frac.padEnd(2, '0')) * 10_000;
}

/** Validates the form and plans the loan: every field's message, or the plan (never NaN). */
export function planMortgage(
  form: MortgageForm,
  rates: MortgageRates,
): { ok: true; plan: MortgagePlan } | { ok: false; errors: MortgageErrors } {
  const errors: MortgageErrors = {};
  const totalFen = wanToFen(form.totalWan);
  if (form.totalWan.trim() === '') errors.totalWan = MORTGAGE_MESSAGES.totalMissing;
  else if (!(totalFen > 0) || totalFen > MAX_TOTAL_WAN * 1_000_000) errors.totalWan = MORTGAGE_MESSAGES.total;
  const downPct = intOf(form.downPct);
  if (form.downPct.trim() === '') errors.downPct = MORTGAGE_MESSAGES.downMissing;
  else if (!(downPct >= rates.minDownPct && downPct <= 99)) errors.downPct = MORTGAGE_MESSAGES.down(rates.minDownPct);
  const years = intOf(form.years);
  if (!(years >= 1 && years <= LOAN_YEARS_MAX)) errors.years = MORTGAGE_MESSAGES.years;
  const bp = form.kind === 'fund' ? 0 : intOf(form.bp);
  if (!(bp >= LOAN_BP_MIN && bp <= LOAN_BP_MAX)) errors.bp = MORTGAGE_MESSAGES.bp;
  else if (form.kind !== 'fund' && years >= 1 && !(withSpread(lprPctFor(years, rates.lpr), bp) > 0)) {
    errors.bp = MORTGAGE_MESSAGES.rateNotPositive;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const loanFen = Math.round((totalFen * (100 - downPct)) / 100);
  let fundFen = 0;
  if (form.kind === 'fund') fundFen = loanFen;
  else if (form.kind === 'combo') {
    fundFen = wanToFen(form.fundWan);
    if (form.fundWan.trim() === '') return { ok: false, errors: { fundWan: MORTGAGE_MESSAGES.fundMissing } };
    if (!(fundFen > 0 && fundFen < loanFen)) return { ok: false, errors: { fundWan: MORTGAGE_MESSAGES.fund } };
  }
  const commercialFen = loanFen - fundFen;
  const months = years * 12;
  const parts: MortgagePart[] = [];
  if (commercialFen > 0) {
    const annualPct = withSpread(lprPctFor(years, rates.lpr), bp);
    parts.push({
      kind: 'commercial',
      principalFen: commercialFen,
      annualPct,
      schedule: loanSchedule(commercialFen, annualPct, months, form.method),
    });
  }
  if (fundFen > 0) {
    const annualPct = fundRatePctFor(years, form.secondHome, rates.fund);
    parts.push({
      kind: 'fund',
      principalFen: fundFen,
      annualPct,
      schedule: loanSchedule(fundFen, annualPct, months, form.method),
    });
  }
  return {
    ok: true,
    plan: {
      totalFen,
      downPaymentFen: totalFen - loanFen,
      loanFen,
      years,
      method: form.method,
      parts,
      schedule: combineSchedules(parts.map((p) => p.schedule)),
    },
  };
}

/** The national floor in force for a home (default today in China). */
export function minDownPaymentPct(secondHome: boolean, asOf?: string): number {
  const floor = downPaymentFloorOn(asOf);
  return secondHome ? floor.secondHomePct : floor.firstHomePct;
}

/** Reads the form from a URL query (unknown or missing values take the defaults). */
export function mortgageFormFromQuery(query: URLSearchParams): MortgageForm {
  const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
    value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  const text = (name: keyof MortgageForm) => {
    const v = query.get(name);
    return v === null ? (MORTGAGE_DEFAULTS[name] as string) : v.slice(0, 12);
  };
  return {
    kind: pick(query.get('kind'), LOAN_KINDS, MORTGAGE_DEFAULTS.kind),
    totalWan: text('totalWan'),
    downPct: text('downPct'),
    years: text('years'),
    bp: text('bp'),
    fundWan: text('fundWan'),
    method: pick(query.get('method'), REPAYMENT_METHODS, MORTGAGE_DEFAULTS.method),
    secondHome: query.get('second') === '1',
  };
}

/** The form as a URL query (only what differs from nothing: every field, so a shared link is exact). */
export function mortgageFormToQuery(form: MortgageForm): URLSearchParams {
  const q = new URLSearchParams({
    kind: form.kind,
    totalWan: form.totalWan,
    downPct: form.downPct,
    years: form.years,
    method: form.method,
  });
  if (form.kind !== 'fund') q.set('bp', form.bp);
  if (form.kind === 'combo') q.set('fundWan', form.fundWan);
  if (form.kind !== 'commercial' && form.secondHome) q.set('second', '1');
  return q;
}

/** '5307.27' from 530727 fen; '1,000,000.00' style is the page's business. */
export function fenToYuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// 购房信用评估 (issue 16, PAGES.md §3.13): a loan-readiness quiz. The questions a bank's loan officer asks, each
// answer worth 0–10 points with the reason it matters; the score (0–100) weighs the answers (80%) and the share of
// income already going to debts (20%); an overdue debt today caps it. The loan capacity follows the debt-to-income
// rule of 《商业银行房地产贷款风险管理指引》 (loan-rates.ts DEBT_TO_INCOME_RULE) at the current rate over 30 years.
// Pure and deterministic: the server stores what it returns, the pages show it.
import { DEBT_TO_INCOME_RULE, LOAN_YEARS_MAX, lprPctFor, type LprFixing } from './loan-rates.ts';
import { affordablePrincipalFen } from './mortgage.ts';

export interface CreditOption {
  id: string;
  label: string;
  /** 0–10 */
  points: number;
  /** What this answer means to a bank. */
  note: string;
}

export interface CreditQuestion {
  id: string;
  title: string;
  /** Why a bank asks it. */
  why: string;
  options: CreditOption[];
}

/** The questions, in the order asked (one per screen). */
export const CREDIT_QUESTIONS: readonly CreditQuestion[] = [
  {
    id: 'history',
    title: '您的个人征信报告上有信用记录吗？',
    why: '银行审批房贷首先查询人民银行征信报告，按时还款的信用卡、贷款记录是证明还款意愿的直接依据。',
    options: [
      { id: 'good', label: '有信用卡或贷款，一直按时还款', points: 10, note: '良好的还款记录最受银行认可。' },
      {
        id: 'blank',
        label: '从未办过信用卡或贷款（征信“白户”）',
        points: 6,
        note: '白户无法证明还款习惯，银行可能要求更多收入材料。',
      },
      {
        id: 'unknown',
        label: '不清楚',
        points: 4,
        note: '建议先通过人民银行征信中心或银行App免费查询一次个人征信报告。',
      },
    ],
  },
  {
    id: 'overdue',
    title: '近2年内是否有逾期还款记录？',
    why: '逾期记录会在征信报告中保留5年，银行普遍关注近2年的逾期次数和时长，“连三累六”通常会被拒贷。',
    options: [
      { id: 'none', label: '没有逾期', points: 10, note: '无逾期是获批和拿到较低利率的前提。' },
      {
        id: 'minor',
        label: '有1–2次，已还清且未超过30天',
        points: 6,
        note: '偶发短期逾期多数银行可以接受，可能需要书面说明。',
      },
      {
        id: 'serious',
        label: '连续3次或累计6次以上（“连三累六”）',
        points: 1,
        note: '多数银行会拒贷，建议保持良好记录一段时间后再申请。',
      },
      { id: 'current', label: '目前仍有逾期未还', points: 0, note: '当前逾期基本无法获批，请先结清欠款。' },
    ],
  },
  {
    id: 'employment',
    title: '您目前的工作性质是？',
    why: '工作稳定性决定未来收入的可预期程度，银行对不同职业的审批尺度不同。',
    options: [
      { id: 'public', label: '公务员、事业单位或国有企业', points: 10, note: '收入稳定，银行认可度最高。' },
      { id: 'large', label: '大型企业正式员工', points: 9, note: '收入稳定，审批通常顺利。' },
      { id: 'private', label: '中小企业员工', points: 7, note: '需提供完整的工资流水和劳动合同。' },
      {
        id: 'self',
        label: '个体工商户或自由职业',
        points: 4,
        note: '收入认定较难，通常需营业执照、经营流水或纳税证明。',
      },
    ],
  },
  {
    id: 'tenure',
    title: '在现单位工作了多久？',
    why: '银行通常要求在现单位工作满6个月或1年，频繁换工作会被视为收入不稳定。',
    options: [
      { id: 'long', label: '2年以上', points: 10, note: '工作年限充分。' },
      { id: 'mid', label: '6个月至2年', points: 7, note: '多数银行可以接受。' },
      { id: 'short', label: '不足6个月', points: 3, note: '部分银行会要求补充上一份工作的证明。' },
    ],
  },
  {
    id: 'income-proof',
    title: '您的收入能以什么方式证明？',
    why: '银行按可证明的收入计算还款能力，银行代发工资流水是最有力的证明。',
    options: [
      { id: 'payroll', label: '银行代发工资流水', points: 10, note: '流水清晰，银行直接认可。' },
      { id: 'tax', label: '转账或现金收入，但有个税纳税记录', points: 6, note: '可用个税App的纳税记录辅助证明。' },
      {
        id: 'none',
        label: '难以提供收入证明',
        points: 1,
        note: '收入无法认定时，可贷额度会大幅降低，可考虑增加共同借款人。',
      },
    ],
  },
  {
    id: 'fund',
    title: '社保和住房公积金的连续缴存情况？',
    why: '连续缴存证明工作稳定，公积金缴存满一定期限（多数城市为6–12个月）才能申请公积金贷款。',
    options: [
      { id: 'long', label: '连续缴存24个月以上', points: 10, note: '可申请公积金贷款，利率更低。' },
      { id: 'mid', label: '连续缴存12–24个月', points: 8, note: '一般已满足公积金贷款的缴存要求。' },
      { id: 'short', label: '不足12个月或未缴存', points: 3, note: '可能暂不能使用公积金贷款，只能申请商业贷款。' },
    ],
  },
  {
    id: 'homes',
    title: '您（及配偶）名下的住房和房贷情况？',
    why: '是否认定为首套直接影响首付比例和利率，名下未结清房贷也会占用还款能力。',
    options: [
      { id: 'none', label: '无房无贷', points: 10, note: '按首套认定，首付和利率最优惠。' },
      { id: 'paid', label: '有房，但房贷已结清', points: 7, note: '各城市认定不同，可能按首套或二套。' },
      { id: 'owing', label: '有未结清的房贷', points: 4, note: '通常按二套认定，现有月供会计入负债。' },
    ],
  },
  {
    id: 'cards',
    title: '信用卡平时用掉了额度的多少？',
    why: '信用卡长期刷满说明资金紧张，银行会把已用额度的一部分计入月负债。',
    options: [
      { id: 'low', label: '不用信用卡，或用掉不到30%', points: 10, note: '负债压力小。' },
      { id: 'mid', label: '30%–70%', points: 7, note: '申请前尽量还清账单，降低已用额度。' },
      { id: 'high', label: '70%以上，或经常刷满', points: 3, note: '建议申请房贷前3–6个月降低使用率。' },
    ],
  },
  {
    id: 'queries',
    title: '近半年办理贷款、信用卡被查询征信的次数？',
    why: '短期内“贷款审批”“信用卡审批”查询过多，银行会认为您近期资金紧张、多头借贷。',
    options: [
      { id: 'few', label: '0–2次', points: 10, note: '查询次数正常。' },
      { id: 'some', label: '3–5次', points: 6, note: '部分银行会询问原因。' },
      { id: 'many', label: '6次以上', points: 2, note: '建议停止新的借贷申请一段时间后再申请房贷。' },
    ],
  },
  {
    id: 'other-debts',
    title: '是否有网贷、消费贷或为他人担保？',
    why: '网贷和担保都会出现在征信报告中，未结清的网贷和对外担保会被视为潜在负债。',
    options: [
      { id: 'none', label: '都没有', points: 10, note: '负债结构干净。' },
      { id: 'settled', label: '有过，已全部结清', points: 7, note: '结清记录影响较小。' },
      { id: 'open', label: '有未结清的网贷或对外担保', points: 3, note: '建议申请房贷前结清网贷，解除不必要的担保。' },
    ],
  },
];

export const HOUSEHOLDS = ['single', 'married', 'family'] as const;
export type Household = (typeof HOUSEHOLDS)[number];
export const HOUSEHOLD_LABELS: Record<Household, string> = {
  single: '单身',
  married: '已婚',
  family: '已婚有子女',
};

/** The form before the questions, 元. */
export interface CreditForm {
  /** 家庭月收入 (税后) */
  monthlyIncome: number;
  /** 每月需还的其他债务 (房贷、车贷、消费贷、信用卡分期) */
  monthlyDebt: number;
  /** 公积金月缴存额 (个人+单位) */
  fundMonthly: number;
  /** 公积金账户余额 */
  fundBalance: number;
  household: Household;
}

export const CREDIT_BANDS = [
  { min: 85, label: '优秀', advice: '信用状况很好，可以放心申请房贷，还可以争取更低的利率加点。' },
  { min: 70, label: '良好', advice: '大概率可以顺利获批，按下方提示完善材料即可。' },
  { min: 55, label: '一般', advice: '可以申请，但部分银行可能提高利率或要求更多材料，建议先改善扣分项。' },
  { min: 0, label: '待提升', advice: '当前直接申请被拒的可能较大，建议先处理扣分项，或咨询贷款顾问。' },
] as const;

/** The score is capped here while a debt is overdue today. */
export const OVERDUE_SCORE_CAP = 30;
/** Weight of the answers in the score (the rest is the debt ratio). */
const ANSWER_WEIGHT = 0.8;
/** Debt ratio (other debts ÷ income) at or below this scores full marks; at the 55% limit, none. */
const DEBT_RATIO_FULL = 0.2;

export type CreditAnswers = Record<string, string>;

/** Which question ids are missing or answered with an unknown option (for the submit's 400). */
export function creditAnswersProblem(answers: CreditAnswers): string | null {
  for (const q of CREDIT_QUESTIONS) {
    const a = answers[q.id];
    if (a === undefined) return `请回答：${q.title}`;
    if (!q.options.some((o) => o.id === a)) return `答案不在选项中：${q.title}`;
  }
  const known = new Set(CREDIT_QUESTIONS.map((q) => q.id));
  if (Object.keys(answers).some((k) => !known.has(k))) return '包含不存在的问题';
  return null;
}

export interface CreditItem {
  questionId: string;
  title: string;
  answer: string;
  points: number;
  maxPoints: number;
  why: string;
  note: string;
}

export interface CreditEvaluation {
  score: number;
  band: string;
  advice: string;
  /** The answers' part, 0–100. */
  answerScore: number;
  /** Other debts ÷ income, %, one decimal. */
  debtRatioPct: number;
  /** The monthly payment a bank would allow for the mortgage, 元. */
  maxMonthlyPayment: number;
  /** The loan that payment repays at `annualPct` over `years` (等额本息), 元 (whole 100 元). */
  loanCapacity: number;
  annualPct: number;
  years: number;
  items: CreditItem[];
  /** Whether the score was capped by a debt overdue today. */
  capped: boolean;
}

const yuanToFen = (yuan: number) => Math.round(yuan * 100);

/** Scores a form and complete, valid answers (check creditAnswersProblem first). */
export function evaluateCredit(form: CreditForm, answers: CreditAnswers, lpr: LprFixing): CreditEvaluation {
  const items: CreditItem[] = CREDIT_QUESTIONS.map((q) => {
    const option = q.options.find((o) => o.id === answers[q.id]) ?? q.options[q.options.length - 1]!;
    return {
      questionId: q.id,
      title: q.title,
      answer: option.label,
      points: option.points,
      maxPoints: Math.max(...q.options.map((o) => o.points)),
      why: q.why,
      note: option.note,
    };
  });
  const got = items.reduce((s, i) => s + i.points, 0);
  const max = items.reduce((s, i) => s + i.maxPoints, 0);
  const answerScore = Math.round((got / max) * 100);

  const income = form.monthlyIncome;
  const debtRatio = income > 0 ? form.monthlyDebt / income : 1;
  const limit = DEBT_TO_INCOME_RULE.allDebtsPct / 100;
  const debtScore =
    debtRatio <= DEBT_RATIO_FULL
      ? 100
      : debtRatio >= limit
        ? 0
        : ((limit - debtRatio) / (limit - DEBT_RATIO_FULL)) * 100;
  let score = Math.round(ANSWER_WEIGHT * answerScore + (1 - ANSWER_WEIGHT) * debtScore);
  const capped = answers.overdue === 'current' && score > OVERDUE_SCORE_CAP;
  if (capped) score = OVERDUE_SCORE_CAP;
  score = Math.min(100, Math.max(0, score));
  const band = CREDIT_BANDS.find((b) => score >= b.min)!;

  // 月房产支出 ≤ 50% of income, and 月所有债务支出 (this mortgage + other debts) ≤ 55%.
  const maxMonthly = Math.max(
    0,
    Math.min(
      (income * DEBT_TO_INCOME_RULE.housingPct) / 100,
      (income * DEBT_TO_INCOME_RULE.allDebtsPct) / 100 - form.monthlyDebt,
    ),
  );
  const maxMonthlyFen = Math.floor(yuanToFen(maxMonthly));
  const years = LOAN_YEARS_MAX;
  const annualPct = lprPctFor(years, lpr);
  const capacityFen = answers.overdue === 'current' ? 0 : affordablePrincipalFen(maxMonthlyFen, annualPct, years * 12);
  return {
    score,
    band: band.label,
    advice: band.advice,
    answerScore,
    debtRatioPct: Math.round(Math.min(debtRatio, 9.999) * 1000) / 10,
    maxMonthlyPayment: Math.floor(maxMonthlyFen / 100),
    loanCapacity: Math.floor(capacityFen / 100),
    annualPct,
    years,
    items,
    capped,
  };
}

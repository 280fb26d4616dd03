// The rates and floors a Chinese home loan is priced with (issue 16, PAGES.md §3.7 房贷计算, §3.13 购房信用评估):
// 贷款市场报价利率 (LPR, 1年期 and 5年期以上), 个人住房公积金贷款利率 (首套/二套, 5年以下(含)/5年以上), the national
// 最低首付款比例 and the debt-to-income rule banks size a loan with. Every figure is dated and names who published it;
// `verified` says whether the figure was confirmed against a stored public text when this file was written (the
// others are given 按…公布, as published by that body on that date, and should be checked at the next review).
// Rates are annual percentages as published (3.5 = 3.5%, 3.075 = 3.075%); a spread is added in whole basis points
// (1 bp = 0.01%) through withSpread, which rounds to the thousandth of a percent so 3.5 + 0.3 is 3.8, not 3.8000000000000003.

export interface RateSource {
  /** Who published it. */
  issuer: string;
  /** The notice, announcement or rule it is in. */
  document: string;
  /** Confirmed against a stored public text when written (false: 按该机构公布, not re-checked). */
  verified: boolean;
}

/** One LPR fixing, in force from `effective` until the next one. */
export interface LprFixing {
  /** 'YYYY-MM-DD' */
  effective: string;
  /** 1年期 LPR, % */
  oneYearPct: number;
  /** 5年期以上 LPR, % */
  overFiveYearsPct: number;
  source: RateSource;
}

const LPR_SOURCE = (date: string, verified: boolean): RateSource => ({
  issuer: '全国银行间同业拆借中心（受中国人民银行授权）',
  document: `${date} 贷款市场报价利率（LPR）公告`,
  verified,
});

/** LPR fixings, newest first (history kept: a loan signed earlier was priced on the fixing of its day). */
export const LPR_HISTORY: readonly LprFixing[] = [
  { effective: '2025-05-20', oneYearPct: 3, overFiveYearsPct: 3.5, source: LPR_SOURCE('2025年5月20日', false) },
  { effective: '2024-10-21', oneYearPct: 3.1, overFiveYearsPct: 3.6, source: LPR_SOURCE('2024年10月21日', false) },
  { effective: '2024-07-22', oneYearPct: 3.35, overFiveYearsPct: 3.85, source: LPR_SOURCE('2024年7月22日', false) },
  { effective: '2024-02-20', oneYearPct: 3.45, overFiveYearsPct: 3.95, source: LPR_SOURCE('2024年2月20日', false) },
  { effective: '2023-08-21', oneYearPct: 3.45, overFiveYearsPct: 4.2, source: LPR_SOURCE('2023年8月21日', false) },
  // 5年期以上 4.2% from 2023-06-20 and 4.3% from 2022-08-22: confirmed (a 2023 article quoting the fixings).
  { effective: '2023-06-20', oneYearPct: 3.55, overFiveYearsPct: 4.2, source: LPR_SOURCE('2023年6月20日', true) },
  { effective: '2022-08-22', oneYearPct: 3.65, overFiveYearsPct: 4.3, source: LPR_SOURCE('2022年8月22日', true) },
];

/** One 公积金 rate table, in force from `effective`. 二套 rates are floors (不低于). */
export interface FundRateTable {
  effective: string;
  firstUpToFivePct: number;
  firstOverFivePct: number;
  secondUpToFivePct: number;
  secondOverFivePct: number;
  source: RateSource;
}

/** 个人住房公积金贷款利率, newest first. */
export const FUND_RATE_HISTORY: readonly FundRateTable[] = [
  {
    effective: '2025-05-08',
    firstUpToFivePct: 2.1,
    firstOverFivePct: 2.6,
    secondUpToFivePct: 2.525,
    secondOverFivePct: 3.075,
    source: {
      issuer: '中国人民银行',
      document: '2025年5月7日公布：下调个人住房公积金贷款利率0.25个百分点',
      verified: false,
    },
  },
  {
    effective: '2024-05-18',
    firstUpToFivePct: 2.35,
    firstOverFivePct: 2.85,
    secondUpToFivePct: 2.775,
    secondOverFivePct: 3.325,
    source: {
      issuer: '中国人民银行',
      document: '2024年5月17日公布：下调个人住房公积金贷款利率0.25个百分点',
      verified: true,
    },
  },
];

/** A national 最低首付款比例 (商业性个人住房贷款), in percent; cities may ask for more. */
export interface DownPaymentFloor {
  effective: string;
  firstHomePct: number;
  secondHomePct: number;
  source: RateSource;
}

/** Newest first. */
export const DOWN_PAYMENT_FLOOR_HISTORY: readonly DownPaymentFloor[] = [
  {
    effective: '2024-09-29',
    firstHomePct: 15,
    secondHomePct: 15,
    source: {
      issuer: '中国人民银行、国家金融监督管理总局',
      document: '2024年9月29日公布：二套住房最低首付款比例由25%下调至15%，不再区分首套、二套',
      verified: false,
    },
  },
  {
    effective: '2024-05-17',
    firstHomePct: 15,
    secondHomePct: 25,
    source: {
      issuer: '中国人民银行、国家金融监督管理总局',
      document: '《关于调整个人住房贷款最低首付款比例政策的通知》（2024年5月17日）',
      verified: true,
    },
  },
];

/**
 * 《商业银行房地产贷款风险管理指引》(银监发〔2004〕57号) 第三十六条: a borrower's 月房产支出与收入比 at most 50% and
 * 月所有债务支出与收入比 at most 55%.
 */
export const DEBT_TO_INCOME_RULE = {
  housingPct: 50,
  allDebtsPct: 55,
  source: {
    issuer: '中国银行业监督管理委员会',
    document: '《商业银行房地产贷款风险管理指引》（银监发〔2004〕57号）第三十六条',
    verified: false,
  } satisfies RateSource,
} as const;

/** The spread a bank may add to the LPR that this calculator accepts, bp. */
export const LOAN_BP_MIN = -200;
export const LOAN_BP_MAX = 300;
/** Longest term: 商贷 and 公积金 alike. */
export const LOAN_YEARS_MAX = 30;
/** Terms over this many years are priced on the 5年期以上 LPR (and the 5年以上 公积金 rate). */
export const LONG_TERM_FROM_YEARS = 5;

const byDate = <T extends { effective: string }>(list: readonly T[], asOf: string): T => {
  const hit = list.find((r) => r.effective <= asOf);
  return hit ?? list[list.length - 1]!;
};

/** 'YYYY-MM-DD' of a date in China time. */
export function chinaDay(date: Date): string {
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The fixing, table or floor in force on `asOf` ('YYYY-MM-DD'; default today in China). */
export const lprOn = (asOf = chinaDay(new Date())) => byDate(LPR_HISTORY, asOf);
export const fundRatesOn = (asOf = chinaDay(new Date())) => byDate(FUND_RATE_HISTORY, asOf);
export const downPaymentFloorOn = (asOf = chinaDay(new Date())) => byDate(DOWN_PAYMENT_FLOOR_HISTORY, asOf);

/** The LPR a 商贷 of `years` is priced on: 5年期以上 for terms over five years, else 1年期 (the banks' convention). */
export function lprPctFor(years: number, lpr: LprFixing): number {
  return years > LONG_TERM_FROM_YEARS ? lpr.overFiveYearsPct : lpr.oneYearPct;
}

/** A rate plus a spread in bp, exact to the thousandth of a percent: withSpread(3.5, 30) = 3.8. */
export function withSpread(pct: number, bp: number): number {
  return Math.round(pct * 1000 + bp * 10) / 1000;
}

/** The 公积金 rate of a term (5年以下(含) / 5年以上) and home (首套 / 二套), %. */
export function fundRatePctFor(years: number, secondHome: boolean, table: FundRateTable): number {
  const long = years > LONG_TERM_FROM_YEARS;
  if (secondHome) return long ? table.secondOverFivePct : table.secondUpToFivePct;
  return long ? table.firstOverFivePct : table.firstUpToFivePct;
}

/** '3.5%', '3.075%', '2.1%': a rate as people write it (no trailing zeros). */
export function ratePctText(pct: number): string {
  return `${Number(pct.toFixed(3))}%`;
}

/** 'LPR+30BP', 'LPR-20BP', 'LPR' */
export function spreadText(bp: number): string {
  if (bp === 0) return 'LPR';
  return `LPR${bp > 0 ? '+' : '-'}${Math.abs(bp)}BP`;
}

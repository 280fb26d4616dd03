// 摇号积分 (issue 16, PAGES.md §3.7 /tools/integral): the cities that rank new-house buyers by points before the
// notarised lottery, the rule text with its date, and a pure scorer.
//
// Of the 16 cities only 上海 publishes a points rule (积分入围: when a project is oversubscribed, buyers are ranked by
// points and the top (房源数 × 1.3) go into the lottery). 杭州 never scored points — it ranked 无房家庭 by 社保 months,
// and land sold after 2024-10-09 no longer does that; 深圳's 2021 points rule for hot projects could not be confirmed
// as still in force after the 2024–2026 relaxations, so it is left out rather than guessed. Every other city lifted
// purchase limits and sells by 开发商自主销售 or plain lottery.
//
// No city publishes the points distribution of recent lotteries, so the result shows the score and its breakdown,
// and a position only against the rule's own maximum — never an invented percentile.

export interface PointsItem {
  key: 'family' | 'hukou' | 'home' | 'record' | 'social';
  label: string;
  /** The options and their points, as the rule states them. */
  options: { value: string; label: string; points: number }[];
}

export interface LotteryRule {
  cityId: number;
  cityName: string;
  title: string;
  issuer: string;
  /** 'YYYY-MM-DD' */
  effective: string;
  /** false: from public summaries of the rule ('按…公布'); its being still in force is not confirmed either. */
  verified: boolean;
  summary: string;
  /** The full rule text, paragraph by paragraph. */
  text: string[];
  items: PointsItem[];
  /** 社保分 = 累计月数 × 系数; the 系数 is set per project, so the page asks for it (default below). */
  socialCoefficient: { default: number; min: number; max: number; note: string };
  /** Largest base score (without 社保分). */
  maxBase: number;
}

export const SHANGHAI_POINTS: LotteryRule = {
  cityId: 201,
  cityName: '上海',
  title: '上海市新建商品住房积分规则（《关于进一步完善本市新建商品住房销售方案审核工作的通知》配套）',
  issuer: '上海市住房和城乡建设管理委员会、上海市房屋管理局',
  effective: '2021-02-08',
  verified: false,
  summary:
    '认购人数超过房源数时，按积分从高到低取房源数的130%进入公证摇号。积分由家庭、户籍、在沪住房、5年内在沪购房记录和社保五项组成。',
  text: [
    '以下为规则要点，按公开资料整理，并非官方原文；以上海市房屋管理局及项目销售方案公布的为准。',
    '一、入围：新建商品住房项目认购登记人数超过准售房源数的，按积分从高到低排序，取准售房源数的130%进入公证摇号选房。',
    '二、基础分：家庭状况，居民家庭10分、成年单身0分；户籍，沪籍10分、非沪籍0分；在沪住房，无住房20分、有住房0分；5年内在沪购房记录，无住房且5年内无购房记录20分，有住房但5年内无购房记录5分，5年内有购房记录0分。',
    '三、社保分：在本市累计缴纳社会保险（自2003年1月起）的月数乘以系数。',
  ],
  items: [
    {
      key: 'family',
      label: '家庭状况',
      options: [
        { value: 'family', label: '居民家庭', points: 10 },
        { value: 'single', label: '成年单身', points: 0 },
      ],
    },
    {
      key: 'hukou',
      label: '户籍',
      options: [
        { value: 'local', label: '沪籍', points: 10 },
        { value: 'nonlocal', label: '非沪籍', points: 0 },
      ],
    },
    {
      key: 'home',
      label: '在沪住房',
      options: [
        { value: 'none', label: '无房', points: 20 },
        { value: 'some', label: '有房', points: 0 },
      ],
    },
    {
      key: 'record',
      label: '5年内在沪购房记录',
      options: [
        { value: 'none', label: '无房且5年内无购房记录', points: 20 },
        { value: 'homeOnly', label: '有房但5年内无购房记录', points: 5 },
        { value: 'some', label: '5年内有购房记录', points: 0 },
      ],
    },
  ],
  socialCoefficient: {
    default: 0.1,
    min: 0.05,
    max: 0.3,
    note: '系数由各项目确定，未统一公布；公开计算器多取0.10–0.24，此处默认0.10，可修改。',
  },
  maxBase: 60,
};

export const LOTTERY_RULES: readonly LotteryRule[] = [SHANGHAI_POINTS];

export function lotteryRule(cityId: number): LotteryRule | null {
  return LOTTERY_RULES.find((r) => r.cityId === cityId) ?? null;
}

export const NO_RULE_TEXT = '当前城市暂无积分规则';

export interface PointsInput {
  cityId: number;
  family: 'family' | 'single';
  hukou: 'local' | 'nonlocal';
  ownsHome: boolean;
  /** 5年内在本市有购房记录 */
  boughtWithin5y: boolean;
  /** 累计社保月数 */
  socialMonths: number;
  /** 社保分系数; absent = the rule's default. */
  coefficient?: number | null;
}

export interface PointsResult {
  cityId: number;
  cityName: string;
  score: number;
  base: number;
  maxBase: number;
  items: { label: string; value: string; points: number }[];
  coefficient: number;
  notes: string[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The 5-year-record points: 20 without a home and a record, 5 with a home but no record, else 0. */
export function recordPoints(ownsHome: boolean, boughtWithin5y: boolean): number {
  if (boughtWithin5y) return 0;
  return ownsHome ? 5 : 20;
}

/** The score under the city's rule; null where the city has none. */
export function scorePoints(input: PointsInput): PointsResult | null {
  const rule = lotteryRule(input.cityId);
  if (!rule) return null;
  const coefficient = input.coefficient ?? rule.socialCoefficient.default;
  const family = input.family === 'family' ? 10 : 0;
  const hukou = input.hukou === 'local' ? 10 : 0;
  const home = input.ownsHome ? 0 : 20;
  const record = recordPoints(input.ownsHome, input.boughtWithin5y);
  const social = round2(input.socialMonths * coefficient);
  const base = family + hukou + home + record;
  return {
    cityId: rule.cityId,
    cityName: rule.cityName,
    score: round2(base + social),
    base,
    maxBase: rule.maxBase,
    coefficient,
    items: [
      { label: '家庭状况', value: input.family === 'family' ? '居民家庭' : '成年单身', points: family },
      { label: '户籍', value: input.hukou === 'local' ? '沪籍' : '非沪籍', points: hukou },
      { label: '在沪住房', value: input.ownsHome ? '有房' : '无房', points: home },
      {
        label: '5年内购房记录',
        value: `${input.ownsHome ? '有房' : '无房'}、${input.boughtWithin5y ? '有记录' : '无记录'}`,
        points: record,
      },
      { label: '社保分', value: `${input.socialMonths}个月 × ${coefficient}`, points: social },
    ],
    notes: [
      '各城市与项目均未公布近期摇号的积分分布，因此不显示排名或百分位。',
      `基础分满分${rule.maxBase}分；社保分系数按项目确定，结果仅供参考。`,
    ],
  };
}

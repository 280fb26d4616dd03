// 二手房交易税费 (issue 16, PAGES.md §3.7 /activity/taxes): the rules as of 2026, each with its source and effective
// date, and a pure calculator of one resale's taxes for the 16 cities. Amounts are 元, rounded to the yuan.
//
// `verified: false` marks a rule whose official text we could not read ourselves (we rely on public summaries of
// it); the pages show such a source as '按…公布' so nobody mistakes it for a checked citation.

export interface RuleSource {
  /** The document, e.g. '财政部 税务总局 住房城乡建设部公告2024年第16号'. */
  title: string;
  /** 'YYYY-MM-DD' the rule applies from. */
  effective: string;
  /** true: checked against the official text; false: from public summaries ('按…公布'). */
  verified: boolean;
}

export const TAX_SOURCES = {
  deedAndVat2024: {
    title: '财政部 税务总局 住房城乡建设部公告2024年第16号《关于促进房地产市场平稳健康发展有关税收政策的公告》',
    effective: '2024-12-01',
    verified: true,
  },
  deedLaw: {
    title: '《中华人民共和国契税法》及各省契税适用税率决定（多为3%）',
    effective: '2021-09-01',
    verified: true,
  },
  vat2026: {
    title: '财政部 税务总局《关于个人销售住房增值税政策的公告》（配套《中华人民共和国增值税法》）',
    effective: '2026-01-01',
    verified: false,
  },
  surchargeHalf: {
    title: '财政部 税务总局公告2023年第12号（小规模纳税人“六税两费”减半征收，执行至2027-12-31）',
    effective: '2023-01-01',
    verified: true,
  },
  surchargeRates: {
    title: '《城市维护建设税法》（市区7%）、《征收教育费附加的暂行规定》（3%）、财综〔2010〕98号地方教育附加（2%）',
    effective: '2021-09-01',
    verified: true,
  },
  iitExempt: {
    title: '财税字〔1999〕278号：个人转让自用5年以上、并且是家庭唯一生活用房取得的所得免征个人所得税',
    effective: '1999-12-02',
    verified: true,
  },
  iitRate: {
    title: '《中华人民共和国个人所得税法》财产转让所得20%；国税发〔2006〕108号：不能提供原值凭证的按转让收入1%–3%核定',
    effective: '2006-08-01',
    verified: true,
  },
  agentFee: { title: '市场惯例（非法定税费，由买卖双方与经纪机构协商）', effective: '2026-01-01', verified: false },
} as const satisfies Record<string, RuleSource>;

export type TaxSourceKey = keyof typeof TAX_SOURCES;

/** 契税 rates after 2024年第16号 (北京/上海/广州/深圳 included since 2024-12-01). */
export const DEED_RATES = {
  /** 家庭唯一住房 */
  first: { upTo140: 0.01, over140: 0.015 },
  /** 家庭第二套改善性住房 */
  second: { upTo140: 0.01, over140: 0.02 },
  /** 第三套及以上：法定税率（各省多为3%） */
  third: 0.03,
} as const;
export const DEED_AREA_LINE = 140;

/** 增值税征收率 for an individual selling a home held less than 2 years, on the whole price (2026-01-01 on). */
export const VAT_RATE_UNDER_2 = 0.03;
/** 城建税 7% + 教育费附加 3% + 地方教育附加 2% of the VAT … */
export const SURCHARGE_RATE = 0.12;
/** … halved for 小规模纳税人 (an individual seller is one) until 2027-12-31. */
export const SURCHARGE_RELIEF = 0.5;
/** 个税 on the gain when the seller proves the purchase price. */
export const IIT_GAIN_RATE = 0.2;

export const HOLDINGS = ['under2', 'over2', 'over5'] as const;
export type Holding = (typeof HOLDINGS)[number];
export const HOLDING_LABELS: Record<Holding, string> = { under2: '不满二', over2: '满二', over5: '满五' };

export const BUYER_HOMES = ['first', 'second', 'third'] as const;
export type BuyerHome = (typeof BUYER_HOMES)[number];
export const BUYER_HOME_LABELS: Record<BuyerHome, string> = { first: '首套', second: '二套', third: '三套及以上' };

/** Per city: the 个税 核定征收率 when the purchase price is not proved, and the agent fee custom. */
export interface CityTaxRule {
  cityId: number;
  cityName: string;
  /** Share of the price (ex VAT) taken as 个税 under 核定征收. */
  iitAssessedRate: number;
  iitAssessedNote: string;
  iitAssessedVerified: boolean;
  /** 中介费 as a share of the price, by custom (not law), paid by the buyer and the seller. */
  agentBuyerRate: number;
  agentSellerRate: number;
  agentNote: string;
}

const DEFAULT_AGENT = {
  agentBuyerRate: 0.02,
  agentSellerRate: 0,
  agentNote: '惯例：多由买方支付约2%，各机构不同，可协商',
};
const ASSESSED_1 = {
  iitAssessedRate: 0.01,
  iitAssessedNote: '按当地税务机关核定，常见为转让收入的1%',
  iitAssessedVerified: false,
};

export const CITY_TAX_RULES: readonly CityTaxRule[] = [
  {
    cityId: 101,
    cityName: '北京',
    ...ASSESSED_1,
    agentBuyerRate: 0.025,
    agentSellerRate: 0,
    agentNote: '惯例：主要经纪机构向买方收取约2.5%–2.7%，可协商',
  },
  { cityId: 102, cityName: '天津', ...ASSESSED_1, ...DEFAULT_AGENT },
  {
    cityId: 201,
    cityName: '上海',
    iitAssessedRate: 0.01,
    iitAssessedNote: '国家税务总局上海市税务局：不能核实原值的按转让收入1%核定',
    iitAssessedVerified: true,
    agentBuyerRate: 0.01,
    agentSellerRate: 0.01,
    agentNote: '惯例：买卖双方各付约1%，可协商',
  },
  { cityId: 301, cityName: '南京', ...ASSESSED_1, ...DEFAULT_AGENT },
  { cityId: 605, cityName: '杭州', ...ASSESSED_1, ...DEFAULT_AGENT },
  { cityId: 606, cityName: '宁波', ...ASSESSED_1, ...DEFAULT_AGENT },
  { cityId: 701, cityName: '合肥', ...ASSESSED_1, ...DEFAULT_AGENT },
  { cityId: 801, cityName: '厦门', ...ASSESSED_1, ...DEFAULT_AGENT },
  { cityId: 901, cityName: '青岛', ...ASSESSED_1, ...DEFAULT_AGENT },
  { cityId: 1001, cityName: '武汉', ...ASSESSED_1, ...DEFAULT_AGENT },
  { cityId: 1101, cityName: '长沙', ...ASSESSED_1, ...DEFAULT_AGENT },
  {
    cityId: 1201,
    cityName: '广州',
    iitAssessedRate: 0.01,
    iitAssessedNote: '国家税务总局广东省税务局：按转让收入5%核定所得、税率20%，折合1%',
    iitAssessedVerified: true,
    ...DEFAULT_AGENT,
  },
  {
    cityId: 1202,
    cityName: '深圳',
    iitAssessedRate: 0.01,
    iitAssessedNote: '国家税务总局广东省税务局：按转让收入5%核定所得、税率20%，折合1%',
    iitAssessedVerified: true,
    ...DEFAULT_AGENT,
  },
  { cityId: 1301, cityName: '重庆', ...ASSESSED_1, ...DEFAULT_AGENT },
  { cityId: 1401, cityName: '成都', ...ASSESSED_1, ...DEFAULT_AGENT },
  { cityId: 1501, cityName: '西安', ...ASSESSED_1, ...DEFAULT_AGENT },
];

export function cityTaxRule(cityId: number): CityTaxRule | null {
  return CITY_TAX_RULES.find((c) => c.cityId === cityId) ?? null;
}

/** The rules a page shows before any input: the national lines and the city's own. */
export interface TaxRulesSummary {
  city: CityTaxRule;
  lines: { key: TaxLineKey; label: string; rule: string; source: RuleSource }[];
  notes: string[];
}

export function taxRulesSummary(cityId: number): TaxRulesSummary | null {
  const city = cityTaxRule(cityId);
  if (!city) return null;
  return {
    city,
    lines: [
      { key: 'deed', label: '契税（买方）', rule: DEED_RULE_TEXT, source: TAX_SOURCES.deedAndVat2024 },
      { key: 'vat', label: '增值税（卖方）', rule: VAT_RULE_TEXT, source: TAX_SOURCES.vat2026 },
      { key: 'surcharge', label: '增值税附加（卖方）', rule: SURCHARGE_RULE_TEXT, source: TAX_SOURCES.surchargeHalf },
      { key: 'iit', label: '个人所得税（卖方）', rule: iitRuleText(city), source: TAX_SOURCES.iitRate },
      { key: 'agent', label: '中介费（惯例）', rule: city.agentNote, source: TAX_SOURCES.agentFee },
    ],
    notes: TAX_NOTES,
  };
}

const DEED_RULE_TEXT =
  '家庭唯一住房：140㎡及以下1%，140㎡以上1.5%；家庭第二套：140㎡及以下1%，140㎡以上2%；第三套及以上3%。计税依据为不含增值税的成交价。';
const VAT_RULE_TEXT = '个人出售购买2年以上（含2年）的住房免征；不足2年按3%征收率全额征收（2026-01-01前为5%）。';
const SURCHARGE_RULE_TEXT =
  '城建税7%＋教育费附加3%＋地方教育附加2%，以增值税为基数；个人按小规模纳税人减半征收，即增值税的6%。';
const iitRuleText = (city: CityTaxRule) =>
  `满五且卖方家庭唯一住房免征；否则能提供原值的按（转让收入－原值－合理费用）×20%，不能提供的按转让收入的${pct(city.iitAssessedRate)}核定。`;

export const TAX_NOTES = [
  '2024-12-01起北京、上海、广州、深圳取消普通住宅与非普通住宅标准，“普通住宅”不再影响增值税和契税。',
  '2026-01-01至2027-12-31，出售住房后1年内在同一城市重新购房的，可按规定申请退还已缴个税（财政部 税务总局 住房城乡建设部公告2026年第3号，按公开报道）。',
  '结果为估算，实际以税务机关核定的计税价格和窗口核算为准。',
];

export interface ResaleTaxInput {
  cityId: number;
  /** 成交总价，万元 */
  totalPriceWan: number;
  /** 建筑面积 ㎡ */
  area: number;
  /** 卖方购入原值，万元；absent = 不能提供，按核定征收 */
  originalPriceWan?: number | null;
  holding: Holding;
  /** 卖方家庭唯一住房 */
  sellerOnlyHome: boolean;
  buyerHome: BuyerHome;
  /** 买方中介费率（0.02 = 2%）; absent = the city's custom. */
  agentBuyerRate?: number | null;
}

export type TaxLineKey = 'deed' | 'vat' | 'surcharge' | 'iit' | 'agent';
export type Payer = 'buyer' | 'seller';

export interface TaxLine {
  key: TaxLineKey;
  label: string;
  payer: Payer;
  /** 元 */
  amount: number;
  /** How this amount came about, e.g. '300万 × 1%' or '满五唯一，免征'. */
  basis: string;
  rule: string;
  source: RuleSource;
  /** 中介费: custom, not law. */
  custom?: boolean;
}

export interface ResaleTaxResult {
  cityId: number;
  cityName: string;
  lines: TaxLine[];
  buyerTotal: number;
  sellerTotal: number;
  total: number;
  notes: string[];
}

const WAN = 10_000;

function pct(rate: number): string {
  return `${Number((rate * 100).toFixed(2))}%`;
}

function wan(yuan: number): string {
  return `${Number((yuan / WAN).toFixed(2))}万`;
}

/** The 契税 rate for a buyer's home count and the area. */
export function deedRate(buyerHome: BuyerHome, area: number): number {
  if (buyerHome === 'third') return DEED_RATES.third;
  const band = DEED_RATES[buyerHome];
  return area <= DEED_AREA_LINE ? band.upTo140 : band.over140;
}

/** Taxes and fees of one resale; null for a city outside the 16. */
export function computeResaleTaxes(input: ResaleTaxInput): ResaleTaxResult | null {
  const city = cityTaxRule(input.cityId);
  if (!city) return null;
  const price = Math.round(input.totalPriceWan * WAN);
  const lines: TaxLine[] = [];

  // 增值税 and 附加 (seller): exempt from 2 years on.
  const vatExempt = input.holding !== 'under2';
  const vat = vatExempt ? 0 : Math.round((price / (1 + VAT_RATE_UNDER_2)) * VAT_RATE_UNDER_2);
  const surcharge = Math.round(vat * SURCHARGE_RATE * SURCHARGE_RELIEF);
  const priceExVat = price - vat;

  // 契税 (buyer), on the price without VAT.
  const rate = deedRate(input.buyerHome, input.area);
  lines.push({
    key: 'deed',
    label: '契税',
    payer: 'buyer',
    amount: Math.round(priceExVat * rate),
    basis: `${BUYER_HOME_LABELS[input.buyerHome]}、${input.area}㎡：${wan(priceExVat)} × ${pct(rate)}`,
    rule: DEED_RULE_TEXT,
    source: input.buyerHome === 'third' ? TAX_SOURCES.deedLaw : TAX_SOURCES.deedAndVat2024,
  });
  lines.push({
    key: 'vat',
    label: '增值税',
    payer: 'seller',
    amount: vat,
    basis: vatExempt
      ? `${HOLDING_LABELS[input.holding]}，免征`
      : `不满二：${wan(price)} ÷ (1+3%) × ${pct(VAT_RATE_UNDER_2)}`,
    rule: VAT_RULE_TEXT,
    source: vatExempt ? TAX_SOURCES.deedAndVat2024 : TAX_SOURCES.vat2026,
  });
  lines.push({
    key: 'surcharge',
    label: '增值税附加',
    payer: 'seller',
    amount: surcharge,
    basis: vatExempt ? '增值税免征，附加为0' : `增值税 × 12% × 50%`,
    rule: SURCHARGE_RULE_TEXT,
    source: TAX_SOURCES.surchargeHalf,
  });

  // 个人所得税 (seller).
  const exempt = input.holding === 'over5' && input.sellerOnlyHome;
  const original = input.originalPriceWan == null ? null : Math.round(input.originalPriceWan * WAN);
  let iit: number;
  let iitBasis: string;
  if (exempt) {
    iit = 0;
    iitBasis = '满五且家庭唯一住房，免征';
  } else if (original !== null) {
    const gain = Math.max(0, priceExVat - original - surcharge);
    iit = Math.round(gain * IIT_GAIN_RATE);
    iitBasis =
      gain > 0 ? `差额征收：(${wan(priceExVat)} − 原值${wan(original)} − 附加) × 20%` : '差额征收：无增值所得，个税为0';
  } else {
    iit = Math.round(priceExVat * city.iitAssessedRate);
    iitBasis = `未填原值，按核定征收：${wan(priceExVat)} × ${pct(city.iitAssessedRate)}`;
  }
  lines.push({
    key: 'iit',
    label: '个人所得税',
    payer: 'seller',
    amount: iit,
    basis: iitBasis,
    rule: iitRuleText(city),
    source: exempt ? TAX_SOURCES.iitExempt : TAX_SOURCES.iitRate,
  });

  // 中介费 (custom).
  const buyerRate = input.agentBuyerRate ?? city.agentBuyerRate;
  lines.push({
    key: 'agent',
    label: '中介费（买方）',
    payer: 'buyer',
    amount: Math.round(price * buyerRate),
    basis: `${wan(price)} × ${pct(buyerRate)}`,
    rule: city.agentNote,
    source: TAX_SOURCES.agentFee,
    custom: true,
  });
  if (city.agentSellerRate > 0) {
    lines.push({
      key: 'agent',
      label: '中介费（卖方）',
      payer: 'seller',
      amount: Math.round(price * city.agentSellerRate),
      basis: `${wan(price)} × ${pct(city.agentSellerRate)}`,
      rule: city.agentNote,
      source: TAX_SOURCES.agentFee,
      custom: true,
    });
  }

  const sum = (payer: Payer) => lines.filter((l) => l.payer === payer).reduce((s, l) => s + l.amount, 0);
  const buyerTotal = sum('buyer');
  const sellerTotal = sum('seller');
  return {
    cityId: city.cityId,
    cityName: city.cityName,
    lines,
    buyerTotal,
    sellerTotal,
    total: buyerTotal + sellerTotal,
    notes: TAX_NOTES,
  };
}

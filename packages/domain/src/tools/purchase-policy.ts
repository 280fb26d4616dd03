// 购房资格 (issue 16, PAGES.md §3.7 /activity/qualification): each city's purchase-limit policy as of 2026, dated and
// sourced, and a pure check of one household against it. 12 of the 16 cities have lifted limits entirely; 北京,
// 上海 and 深圳 keep them in their core areas (广州 lifted them on 2024-09-30).
//
// `verified: false` = we rely on public summaries of the document (shown as '按…公布'); `effective: null` = the
// lifting is public knowledge but we could not confirm its date.

export const HUKOU = ['local', 'nonlocal'] as const;
export type Hukou = (typeof HUKOU)[number];
export const MARITAL = ['single', 'married'] as const;
export type Marital = (typeof MARITAL)[number];
export const MARITAL_LABELS: Record<Marital, string> = { single: '单身', married: '已婚' };

export interface PolicyZone {
  /** Stable key, used in URLs. */
  key: string;
  label: string;
}

export interface PurchasePolicy {
  cityId: number;
  cityName: string;
  /** 本地户籍 word: 京籍, 沪籍, 深户 … */
  localWord: string;
  status: 'lifted' | 'limited';
  /** 'YYYY-MM-DD', or null when the date is not confirmed. */
  effective: string | null;
  title: string;
  issuer: string;
  verified: boolean;
  /** Plain-language policy text. */
  summary: string[];
  /** Areas with different rules (limited cities only). */
  zones: PolicyZone[];
}

const lifted = (
  cityId: number,
  cityName: string,
  effective: string | null,
  title: string,
  issuer: string,
  verified: boolean,
): PurchasePolicy => ({
  cityId,
  cityName,
  localWord: '本地户籍',
  status: 'lifted',
  effective,
  title,
  issuer,
  verified,
  summary: [
    `${cityName}已全面取消住房限购，本地与外地户籍家庭购买新房、二手房均不再审核购房资格，不限套数。`,
    '购房资格不等于贷款资格：首付比例与利率仍按首套/二套认定。',
  ],
  zones: [],
});

const UNCONFIRMED = '按公开报道，具体文件与生效日期待核实';

export const PURCHASE_POLICIES: readonly PurchasePolicy[] = [
  {
    cityId: 101,
    cityName: '北京',
    localWord: '京籍',
    status: 'limited',
    effective: '2025-12-26',
    title: '北京市住房城乡建设委等《关于进一步优化调整本市房地产相关政策的通知》',
    issuer: '北京市住房和城乡建设委员会',
    verified: false,
    summary: [
      '五环外：京籍家庭（含持有效工作居住证）不限套数；非京籍家庭连续缴纳社保或个税满1年，不限套数。',
      '五环内：京籍家庭限购2套（有2个及以上未成年子女的可再购1套）；非京籍家庭连续缴纳社保或个税满2年，限购1套（多子女家庭2套）。',
    ],
    zones: [
      { key: 'inside5', label: '五环内' },
      { key: 'outside5', label: '五环外' },
    ],
  },
  lifted(
    102,
    '天津',
    '2024-10-16',
    '天津市《关于进一步促进房地产市场平稳健康发展的若干措施》（取消住房限制性措施）',
    '天津市人民政府',
    false,
  ),
  {
    cityId: 201,
    cityName: '上海',
    localWord: '沪籍',
    status: 'limited',
    effective: '2026-02-26',
    title: '《关于进一步优化调整本市房地产政策的通知》',
    issuer: '上海市人民政府',
    verified: false,
    summary: [
      '外环外：沪籍家庭不限套数；非沪籍家庭连续缴纳社保或个税满1年，不限套数。',
      '外环内：沪籍家庭限购2套；非沪籍家庭满3年限购2套，满1年不满3年限购1套。',
      '非沪籍持上海市居住证满5年的，可在全市购买1套（不要求社保），本计算暂未计入此路径。',
    ],
    zones: [
      { key: 'insideOuter', label: '外环内' },
      { key: 'outsideOuter', label: '外环外' },
    ],
  },
  lifted(
    301,
    '南京',
    '2023-09-08',
    '南京市住房保障和房产局：玄武、秦淮、建邺、鼓楼四区取消购房证明，全市购房不再需要购房证明',
    '南京市住房保障和房产局',
    false,
  ),
  lifted(
    605,
    '杭州',
    '2024-05-09',
    '杭州市《关于进一步优化房地产市场调控措施的通知》：在本市范围内购买住房不再审核购房资格',
    '杭州市住房保障和房产管理局等',
    true,
  ),
  lifted(606, '宁波', null, UNCONFIRMED, '宁波市住房和城乡建设局', false),
  lifted(701, '合肥', null, UNCONFIRMED, '合肥市房地产管理局', false),
  lifted(801, '厦门', null, UNCONFIRMED, '厦门市建设局', false),
  lifted(901, '青岛', null, UNCONFIRMED, '青岛市住房和城乡建设局', false),
  lifted(
    1001,
    '武汉',
    '2023-09-19',
    '武汉市《关于进一步促进我市房地产市场平稳健康发展的通知》：取消二环线以内住房限购',
    '武汉市住房保障和房屋管理局',
    false,
  ),
  lifted(1101, '长沙', null, UNCONFIRMED, '长沙市住房和城乡建设局', false),
  lifted(
    1201,
    '广州',
    '2024-09-30',
    '广州市人民政府办公厅《关于调整房地产市场平稳健康发展措施的通知》：取消居民家庭购买住房的各项限购政策',
    '广州市人民政府办公厅',
    true,
  ),
  {
    cityId: 1202,
    cityName: '深圳',
    localWord: '深户',
    status: 'limited',
    effective: '2026-04-30',
    title: '深建字〔2026〕86号（分区规则见2025-09-06《关于进一步优化调整房地产政策措施的通知》）',
    issuer: '深圳市住房和建设局',
    verified: false,
    summary: [
      '盐田区、大鹏新区：不审核购房资格，不限套数。',
      '核心区（福田、罗湖、南山、宝安新安与西乡街道）：深户家庭限购3套；非深户家庭连续缴纳社保或个税满1年限购2套；未满1年但持有效深圳居住证的可购1套（本计算暂未计入此路径）。',
      '其他区域：深户家庭不限套数；非深户家庭限购2套。',
    ],
    zones: [
      { key: 'core', label: '福田/罗湖/南山/宝安新安西乡' },
      { key: 'relaxed', label: '其他区' },
      { key: 'free', label: '盐田/大鹏' },
    ],
  },
  lifted(
    1301,
    '重庆',
    null,
    '重庆市主城区原有的住房限购已取消（2024-09调整房地产交易政策时不再审核购房资格），按公开报道',
    '重庆市住房和城乡建设委员会',
    false,
  ),
  lifted(
    1401,
    '成都',
    '2024-04-29',
    '成都市住房和城乡建设局《关于进一步促进房地产市场平稳健康发展的通知》：全市范围内住房交易不再审核购房资格',
    '成都市住房和城乡建设局',
    true,
  ),
  lifted(
    1501,
    '西安',
    '2024-05-09',
    '西安市全面取消住房限购措施：购买新房、二手房不再审核购房资格',
    '西安市住房和城乡建设局',
    false,
  ),
];

export function purchasePolicy(cityId: number): PurchasePolicy | null {
  return PURCHASE_POLICIES.find((p) => p.cityId === cityId) ?? null;
}

export interface QualificationInput {
  cityId: number;
  hukou: Hukou;
  /** 连续缴纳社保或个税的月数 */
  socialMonths: number;
  marital: Marital;
  /** 名下（家庭在该区域/城市）住房套数 */
  homesOwned: number;
  /** PolicyZone.key; required where the city has zones. */
  zone?: string | null;
  /** 有2个及以上未成年子女（北京） */
  multiChild?: boolean;
}

export interface QualificationVerdict {
  cityId: number;
  cityName: string;
  eligible: boolean;
  /** '该城市已全面取消限购' style headline. */
  headline: string;
  /** The rule that decided it. */
  rule: string;
  /** How many more homes may be bought; null = 不限套数; 0 when not eligible. */
  moreHomes: number | null;
  policy: PurchasePolicy;
  notes: string[];
}

interface Limit {
  /** null = 不限套数, 0 = cannot buy. */
  cap: number | null;
  rule: string;
}

function beijing(i: QualificationInput): Limit {
  const local = i.hukou === 'local';
  if (i.zone === 'outside5') {
    if (local) return { cap: null, rule: '五环外：京籍家庭不限套数' };
    return i.socialMonths >= 12
      ? { cap: null, rule: '五环外：非京籍连续社保或个税满1年，不限套数' }
      : { cap: 0, rule: '五环外：非京籍须连续缴纳社保或个税满1年' };
  }
  if (local) {
    return i.multiChild
      ? { cap: 3, rule: '五环内：京籍多子女家庭限购3套' }
      : { cap: 2, rule: '五环内：京籍家庭限购2套' };
  }
  if (i.socialMonths < 24) return { cap: 0, rule: '五环内：非京籍须连续缴纳社保或个税满2年' };
  return i.multiChild
    ? { cap: 2, rule: '五环内：非京籍满2年多子女家庭限购2套' }
    : { cap: 1, rule: '五环内：非京籍满2年限购1套' };
}

function shanghai(i: QualificationInput): Limit {
  const local = i.hukou === 'local';
  if (i.zone === 'outsideOuter') {
    if (local) return { cap: null, rule: '外环外：沪籍家庭不限套数' };
    return i.socialMonths >= 12
      ? { cap: null, rule: '外环外：非沪籍连续社保或个税满1年，不限套数' }
      : { cap: 0, rule: '外环外：非沪籍须连续缴纳社保或个税满1年（或居住证满5年）' };
  }
  if (local) return { cap: 2, rule: '外环内：沪籍家庭限购2套' };
  if (i.socialMonths >= 36) return { cap: 2, rule: '外环内：非沪籍满3年限购2套' };
  if (i.socialMonths >= 12) return { cap: 1, rule: '外环内：非沪籍满1年不满3年限购1套' };
  return { cap: 0, rule: '外环内：非沪籍须连续缴纳社保或个税满1年（或居住证满5年）' };
}

function shenzhen(i: QualificationInput): Limit {
  const local = i.hukou === 'local';
  if (i.zone === 'free') return { cap: null, rule: '盐田区、大鹏新区不审核购房资格' };
  if (i.zone === 'relaxed') {
    return local ? { cap: null, rule: '其他区：深户家庭不限套数' } : { cap: 2, rule: '其他区：非深户家庭限购2套' };
  }
  if (local) return { cap: 3, rule: '核心区：深户家庭限购3套' };
  return i.socialMonths >= 12
    ? { cap: 2, rule: '核心区：非深户连续社保或个税满1年限购2套' }
    : { cap: 0, rule: '核心区：非深户须连续缴纳社保或个税满1年（或持有效深圳居住证）' };
}

const LIMITED: Record<number, (i: QualificationInput) => Limit> = { 101: beijing, 201: shanghai, 1202: shenzhen };

/** The verdict for one household; null for a city outside the 16 or a zone the city does not have. */
export function checkQualification(input: QualificationInput): QualificationVerdict | null {
  const policy = purchasePolicy(input.cityId);
  if (!policy) return null;
  const date = policy.effective ? `（${policy.effective}起）` : '（日期待核实）';
  if (policy.status === 'lifted') {
    return {
      cityId: policy.cityId,
      cityName: policy.cityName,
      eligible: true,
      headline: `该城市已全面取消限购${date}`,
      rule: `${policy.cityName}购买住房不再审核购房资格，不限套数`,
      moreHomes: null,
      policy,
      notes: ['首付比例、贷款利率仍按首套/二套认定，以银行审批为准。'],
    };
  }
  const zone = input.zone ?? policy.zones[0]!.key;
  if (!policy.zones.some((z) => z.key === zone)) return null;
  const limit = LIMITED[policy.cityId]!({ ...input, zone });
  const more = limit.cap === null ? null : Math.max(0, limit.cap - input.homesOwned);
  const eligible = more === null || more > 0;
  const notes = ['套数按家庭（夫妻及未成年子女）在限购区域内的住房计算。'];
  if (input.marital === 'single') notes.push('成年单身人士的套数口径以官方核验为准。');
  notes.push('最终以住建部门购房资格核验结果为准。');
  return {
    cityId: policy.cityId,
    cityName: policy.cityName,
    eligible,
    headline: eligible
      ? more === null
        ? '可以购买，不限套数'
        : `可以购买，还可再买${more}套`
      : limit.cap === 0
        ? '暂不符合购房资格'
        : `已达限购套数（${limit.cap}套）`,
    rule: limit.rule,
    moreHomes: eligible ? more : 0,
    policy,
    notes,
  };
}

/** The cities the policy tools cover (the product's 16), for the pages' city choice. */
export const POLICY_CITIES: readonly { id: number; name: string }[] = PURCHASE_POLICIES.map((p) => ({
  id: p.cityId,
  name: p.cityName,
}));

// 海外房产 (PAGES.md §3.2): 6–12 foreign projects per Chinese city, marketed to that city's buyers.
// Deterministic: one Rng stream per city derived from the seed. Exchange rates are fixed reference rates
// (approximate mid rates, CNY per unit, as of OVERSEAS_RATE_DATE) kept in code — no network.
import type { schema } from '@fjt/db';
import type { CitySeed } from './cities.ts';
import { hash32, Rng } from './prng.ts';

type OverseasRow = typeof schema.overseasProject.$inferInsert;
type Charge = OverseasRow['taxes'][number];

/** Reference exchange rates: 1 unit = n 元. Not live; shown on pages with their date. */
export const OVERSEAS_RATE_DATE = '2026-06-30';
export const OVERSEAS_RATES: Readonly<Record<string, number>> = {
  THB: 0.2,
  MYR: 1.6,
  JPY: 0.048,
  AED: 1.96,
  GBP: 9.2,
  AUD: 4.75,
  SGD: 5.4,
};

interface Market {
  country: string;
  city: string;
  currency: string;
  /** Typical price per ㎡ in the local currency (range). */
  unitPrice: [number, number];
  yield: [number, number];
  downPayment: readonly number[];
  tenure: readonly string[];
  types: readonly string[];
  rules: string;
  taxes: readonly Charge[];
  schedule: readonly { stage: string; pct: number }[];
  developers: readonly string[];
  districts: readonly string[];
}

const OFF_PLAN = [
  { stage: '签约定金', pct: 10 },
  { stage: '施工期分期', pct: 20 },
  { stage: '交房尾款', pct: 70 },
] as const;

const MARKETS: readonly Market[] = [
  {
    country: '泰国',
    city: '曼谷',
    currency: 'THB',
    unitPrice: [110_000, 260_000],
    yield: [4.5, 6.5],
    downPayment: [25, 30, 35],
    tenure: ['永久产权'],
    types: ['公寓'],
    rules:
      '外国人可持有公寓永久产权，单个项目外籍买家合计不超过总面积的 49%；购房款须从境外汇入并取得外汇证明 (FET)。土地不可由外国人直接持有。',
    taxes: [
      { name: '过户费', payer: '买卖双方各半', rate: 2, note: '按政府评估价' },
      { name: '特别营业税', payer: '开发商', rate: 3.3, note: '持有不满 5 年转售时由卖方缴纳' },
      { name: '印花税', payer: '卖方', rate: 0.5, note: '已缴特别营业税时免征' },
      { name: '物业维修基金', payer: '买方', rate: null, note: '一次性，约 500–700 泰铢/㎡' },
    ],
    schedule: [
      { stage: '预订金', pct: 5 },
      { stage: '签约首付', pct: 20 },
      { stage: '交房尾款', pct: 75 },
    ],
    developers: ['Sansiri', 'AP Thailand', 'Ananda', 'Origin'],
    districts: ['素坤逸', '是隆', '拉差达', '通罗'],
  },
  {
    country: '泰国',
    city: '芭提雅',
    currency: 'THB',
    unitPrice: [70_000, 150_000],
    yield: [5, 7.5],
    downPayment: [30, 35],
    tenure: ['永久产权'],
    types: ['海景公寓'],
    rules: '外国人可持有公寓永久产权 (外籍配额 49%)；别墅土地仅可 30 年租赁产权。',
    taxes: [
      { name: '过户费', payer: '买卖双方各半', rate: 2, note: '按政府评估价' },
      { name: '特别营业税', payer: '开发商', rate: 3.3, note: '持有不满 5 年转售时由卖方缴纳' },
      { name: '物业维修基金', payer: '买方', rate: null, note: '一次性，约 500 泰铢/㎡' },
    ],
    schedule: [
      { stage: '预订金', pct: 5 },
      { stage: '签约首付', pct: 25 },
      { stage: '交房尾款', pct: 70 },
    ],
    developers: ['Grand Solaire', 'Copacabana', 'Arcadia'],
    districts: ['中天海滩', '乔木提恩', '北芭提雅'],
  },
  {
    country: '马来西亚',
    city: '吉隆坡',
    currency: 'MYR',
    unitPrice: [7_000, 16_000],
    yield: [4, 5.5],
    downPayment: [10, 20],
    tenure: ['永久产权', '99 年租赁产权'],
    types: ['服务式公寓', '公寓'],
    rules:
      '外国人购房有最低总价门槛 (吉隆坡一般为 100 万马币，以州政府规定为准)，低于门槛的户型须确认是否对外国买家开放；可申请贷款 (通常 60–70%)。',
    taxes: [
      { name: '印花税', payer: '买方', rate: 4, note: '外国买家按总价 4% 计' },
      { name: '律师费', payer: '买方', rate: 1, note: '买卖合同及贷款文件' },
      { name: '州政府批准费', payer: '买方', rate: 2, note: '外国人购房须经州政府批准' },
      { name: '房地产盈利税', payer: '卖方', rate: 30, note: '外国人持有 5 年内出售，按增值额计' },
    ],
    schedule: OFF_PLAN,
    developers: ['IOI Properties', 'Sunway', 'UEM Sunrise', 'Eco World'],
    districts: ['KLCC', '孟沙', '满家乐', '蒲种'],
  },
  {
    country: '马来西亚',
    city: '新山',
    currency: 'MYR',
    unitPrice: [4_500, 9_000],
    yield: [3.5, 5],
    downPayment: [10, 20],
    tenure: ['永久产权'],
    types: ['公寓', '排屋'],
    rules:
      '外国人购房有最低总价门槛 (柔佛州一般为 100 万马币，以州政府规定为准)，低于门槛的户型须确认是否对外国买家开放；毗邻新加坡，通勤便利。',
    taxes: [
      { name: '印花税', payer: '买方', rate: 4, note: '外国买家按总价 4% 计' },
      { name: '州政府批准费', payer: '买方', rate: 2, note: '柔佛州外国人购房' },
      { name: '律师费', payer: '买方', rate: 1, note: '买卖合同' },
    ],
    schedule: OFF_PLAN,
    developers: ['UEM Sunrise', 'Eco World', 'Mah Sing'],
    districts: ['依斯干达', '新山市中心', '士古来'],
  },
  {
    country: '日本',
    city: '东京',
    currency: 'JPY',
    unitPrice: [900_000, 2_200_000],
    yield: [3, 4.5],
    downPayment: [30, 50, 100],
    tenure: ['永久产权'],
    types: ['公寓', '一栋公寓'],
    rules: '外国人可购买土地与房屋的永久所有权，无购房资格限制；非居民贷款较难，多为全款。',
    taxes: [
      { name: '不动产取得税', payer: '买方', rate: 3, note: '按固定资产评估额' },
      { name: '登录许可税', payer: '买方', rate: 2, note: '所有权登记' },
      { name: '中介手续费', payer: '买方', rate: 3, note: '另加 6 万日元及消费税' },
      { name: '固定资产税', payer: '业主', rate: 1.4, note: '每年，按评估额' },
    ],
    schedule: [
      { stage: '签约定金', pct: 10 },
      { stage: '交割尾款', pct: 90 },
    ],
    developers: ['三井不动产', '住友不动产', '野村不动产', '三菱地所'],
    districts: ['港区', '新宿区', '涩谷区', '江东区'],
  },
  {
    country: '日本',
    city: '大阪',
    currency: 'JPY',
    unitPrice: [600_000, 1_300_000],
    yield: [4, 5.5],
    downPayment: [30, 50, 100],
    tenure: ['永久产权'],
    types: ['公寓', '民宿公寓'],
    rules: '外国人可购买永久所有权；民宿经营须取得特区民泊许可。',
    taxes: [
      { name: '不动产取得税', payer: '买方', rate: 3, note: '按固定资产评估额' },
      { name: '登录许可税', payer: '买方', rate: 2, note: '所有权登记' },
      { name: '中介手续费', payer: '买方', rate: 3, note: '另加 6 万日元及消费税' },
    ],
    schedule: [
      { stage: '签约定金', pct: 10 },
      { stage: '交割尾款', pct: 90 },
    ],
    developers: ['积水房屋', '阪急阪神不动产', '大和房屋'],
    districts: ['中央区', '北区', '浪速区', '西区'],
  },
  {
    country: '阿联酋',
    city: '迪拜',
    currency: 'AED',
    unitPrice: [15_000, 35_000],
    yield: [5.5, 7.5],
    downPayment: [10, 20],
    tenure: ['永久产权'],
    types: ['公寓', '别墅'],
    rules: '外国人可在指定永久产权区购房；总价 200 万迪拉姆以上可申请 10 年黄金签证。',
    taxes: [
      { name: '迪拜土地局过户费', payer: '买方', rate: 4, note: '另加登记手续费' },
      { name: '中介佣金', payer: '买方', rate: 2, note: '二手房适用' },
      { name: '服务费', payer: '业主', rate: null, note: '每年约 15–25 迪拉姆/平方英尺' },
    ],
    schedule: [
      { stage: '签约首付', pct: 20 },
      { stage: '施工期分期', pct: 40 },
      { stage: '交房尾款', pct: 40 },
    ],
    developers: ['Emaar', 'DAMAC', 'Sobha', 'Nakheel'],
    districts: ['迪拜市中心', '迪拜码头', '商业湾', '朱美拉湖塔'],
  },
  {
    country: '英国',
    city: '伦敦',
    currency: 'GBP',
    unitPrice: [9_000, 18_000],
    yield: [3.5, 5],
    downPayment: [10, 20],
    tenure: ['999 年租赁产权', '永久产权'],
    types: ['公寓'],
    rules: '外国人购房无限制；公寓多为长期租赁产权 (leasehold)，独立屋多为永久产权 (freehold)。',
    taxes: [
      { name: '印花税', payer: '买方', rate: 5, note: '阶梯税率，非居民另加 2%' },
      { name: '律师费', payer: '买方', rate: null, note: '约 1,500–3,000 英镑' },
      { name: '地租及物业费', payer: '业主', rate: null, note: '每年，按面积' },
    ],
    schedule: [
      { stage: '交换合同定金', pct: 10 },
      { stage: '施工期分期', pct: 10 },
      { stage: '交房尾款', pct: 80 },
    ],
    developers: ['Berkeley Group', 'Barratt London', 'Ballymore'],
    districts: ['金丝雀码头', '九榆树', '国王十字', '白城'],
  },
  {
    country: '澳大利亚',
    city: '悉尼',
    currency: 'AUD',
    unitPrice: [12_000, 22_000],
    yield: [3, 4],
    downPayment: [10],
    tenure: ['永久产权'],
    types: ['公寓'],
    rules: '外国人只能购买新房 (须 FIRB 审批)，不可购买二手房。',
    taxes: [
      { name: '印花税', payer: '买方', rate: 4.5, note: '新州阶梯税率' },
      { name: '外国买家附加印花税', payer: '买方', rate: 9, note: '新州' },
      { name: 'FIRB 申请费', payer: '买方', rate: null, note: '按总价分档' },
    ],
    schedule: [
      { stage: '签约定金', pct: 10 },
      { stage: '交房尾款', pct: 90 },
    ],
    developers: ['Mirvac', 'Lendlease', 'Meriton', 'Crown Group'],
    districts: ['悉尼 CBD', '查茨伍德', '绿点', '罗德'],
  },
  {
    country: '澳大利亚',
    city: '墨尔本',
    currency: 'AUD',
    unitPrice: [8_000, 15_000],
    yield: [3.5, 4.5],
    downPayment: [10],
    tenure: ['永久产权'],
    types: ['公寓', '联排别墅'],
    rules: '外国人只能购买新房 (须 FIRB 审批)。',
    taxes: [
      { name: '印花税', payer: '买方', rate: 5.5, note: '维州阶梯税率' },
      { name: '外国买家附加印花税', payer: '买方', rate: 8, note: '维州' },
      { name: 'FIRB 申请费', payer: '买方', rate: null, note: '按总价分档' },
    ],
    schedule: [
      { stage: '签约定金', pct: 10 },
      { stage: '交房尾款', pct: 90 },
    ],
    developers: ['Mirvac', 'Lendlease', 'Golden Age'],
    districts: ['墨尔本 CBD', '南岸', '博士山', '多克兰'],
  },
  {
    country: '新加坡',
    city: '新加坡',
    currency: 'SGD',
    unitPrice: [20_000, 35_000],
    yield: [2.5, 3.5],
    downPayment: [25],
    tenure: ['99 年租赁产权', '永久产权'],
    types: ['私人公寓'],
    rules: '外国人可购买私人公寓，不可购买组屋与有地住宅。',
    taxes: [
      { name: '买方印花税', payer: '买方', rate: 4, note: '阶梯税率' },
      { name: '额外买方印花税', payer: '买方', rate: 60, note: '外国人购买住宅' },
      { name: '律师费', payer: '买方', rate: null, note: '约 3,000 新元' },
    ],
    schedule: [
      { stage: '购买选择权', pct: 5 },
      { stage: '签约', pct: 15 },
      { stage: '施工期分期', pct: 45 },
      { stage: '交房及产权证', pct: 35 },
    ],
    developers: ['凯德', '城市发展', '远东机构', '华联企业'],
    districts: ['乌节路', '滨海湾', '武吉知马', '东海岸'],
  },
];

const SUFFIX = ['公馆', '壹号', '天际', '府邸', '湾畔', '中心', '花园', '名邸'];
const CONSULTANTS = ['王', '李', '张', '陈', '刘', '周', '吴', '郑'];

const round = (v: number, step: number) => Math.round(v / step) * step;

/** The overseas projects of one Chinese city; ids are city.id * 100 + n, stable across scales. */
export function generateOverseas(city: CitySeed, seed: number): OverseasRow[] {
  const rng = new Rng(seed, hash32(`overseas:${city.id}`));
  const count = rng.int(6, 12);
  const markets = rng.shuffle([...MARKETS]);
  const rows: OverseasRow[] = [];
  for (let n = 0; n < count; n++) {
    const m = markets[n % markets.length]!;
    const rate = OVERSEAS_RATES[m.currency]!;
    const step = m.currency === 'JPY' ? 10_000 : m.currency === 'THB' ? 1_000 : 10;
    const unitPrice = round(rng.uniform(m.unitPrice[0], m.unitPrice[1]), step);
    const kinds = [
      { name: '一居', area: [30, 55] },
      { name: '两居', area: [55, 90] },
      { name: '三居', area: [90, 140] },
    ];
    const units = kinds.slice(0, rng.int(2, 3)).map((k) => {
      const areaMin = rng.int(k.area[0]!, k.area[0]! + 10);
      const areaMax = rng.int(k.area[1]! - 10, k.area[1]!);
      return {
        name: k.name,
        areaMin,
        areaMax,
        priceMin: round(areaMin * unitPrice * rng.uniform(0.92, 1), step * 10),
        priceMax: round(areaMax * unitPrice * rng.uniform(1, 1.1), step * 10),
      };
    });
    const district = rng.pick(m.districts);
    const year = 2026 + rng.int(0, 3);
    rows.push({
      id: city.id * 100 + n + 1,
      cityId: city.id,
      name: `${m.city}${district}${rng.pick(SUFFIX)}`,
      country: m.country,
      foreignCity: m.city,
      currency: m.currency,
      rateToCny: rate,
      rateDate: OVERSEAS_RATE_DATE,
      unitPrice,
      totalMin: Math.min(...units.map((u) => u.priceMin)),
      totalMax: Math.max(...units.map((u) => u.priceMax)),
      tenure: rng.pick(m.tenure),
      propertyType: rng.pick(m.types),
      rentalYield: Math.round(rng.uniform(m.yield[0], m.yield[1]) * 10) / 10,
      downPaymentPct: rng.pick(m.downPayment),
      delivery: year <= 2026 ? '现房' : `${year}年第${rng.int(1, 4)}季度交付`,
      developer: rng.pick(m.developers),
      consultant: `${rng.pick(CONSULTANTS)}顾问（${city.name}）`,
      consultantPhone: `400-${rng.int(100, 999)}-${rng.int(1000, 9999)}`,
      units,
      paymentSchedule: m.schedule.map((s) => ({ ...s })),
      taxes: m.taxes.map((t) => ({ ...t })),
      ownershipRules: m.rules,
    });
  }
  return rows;
}

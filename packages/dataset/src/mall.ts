// The report mall's and the deal-data product's catalogue (issue 12; PAGES.md §3.10), derived from the seeded market
// rows: per city one city report, one report per district and per estate, one custom report (全域行情对比 — every
// district of the city side by side, printed from the /quotation board), and two deal-data packages (90 and 365
// days). Run by seedDatabase after the market rows are in; safe to run again (upsert by code, sold_count kept; a
// product whose district or estate is gone is taken off sale).
import type { DatabaseHandle } from '@fjt/db';

/** Prices in 分: the ladder of PAGES.md §3.10 (city ¥29.9, district ¥19.9, estate ¥9.9, custom ¥99). */
export const MALL_PRICES = {
  city: { price: 2990, origin: 4990 },
  district: { price: 1990, origin: 2990 },
  estate: { price: 990, origin: 1990 },
  custom: { price: 9900, origin: 19900 },
  deal90: { price: 6800, origin: 9800 },
  deal365: { price: 19800, origin: 36800 },
} as const;

/** The chapters of each report, as the printed page has them. */
export const REPORT_CONTENTS = {
  city: [
    '房价概览：挂牌均价、成交均价、环比与同比',
    '市场库存与平均成交周期',
    '近12个月成交量走势',
    '各区县均价与涨跌对比',
    '价格分段结构',
    '新房开盘与供应',
    '官方指数（国家统计局70城）',
    '数据来源与方法说明',
  ],
  district: [
    '区域概况：挂牌均价、成交均价与环比',
    '近36个月挂牌与成交均价走势',
    '房东溢价系数走势',
    '逐月行情明细表',
    '下辖板块行情对比',
    '数据来源与方法说明',
  ],
  estate: [
    '小区概况与均价',
    '板块内价格分位',
    '近12个月价格走势',
    '近期成交记录',
    '户型与面积结构',
    '楼栋信息',
    '风险提示：高溢价、长挂牌周期',
    '数据来源与方法说明',
  ],
  custom: [
    '全市与各区县当月行情总表',
    '挂牌均价与成交均价对比',
    '环比涨跌排序',
    '挂牌量与成交量',
    '房东溢价系数',
    '历史月份任选回看',
    '数据来源与方法说明',
  ],
  deal: [
    '成交日期',
    '成交总价与成交单价',
    '面积、户型、楼层、朝向',
    '所在小区、板块与区县',
    '挂牌价与议价空间',
    '支持导出 CSV',
  ],
} as const;

const lit = (v: unknown) => `'${JSON.stringify(v).replace(/'/g, "''")}'::jsonb`;
const COLUMNS = `code, kind, category, city_id, target_id, title, subtitle, contents, coverage, update_cycle, price_fen,
  origin_fen, duration_days, sort, active`;
const UPSERT = `ON CONFLICT (code) DO UPDATE SET kind = EXCLUDED.kind, category = EXCLUDED.category,
  city_id = EXCLUDED.city_id, target_id = EXCLUDED.target_id, title = EXCLUDED.title, subtitle = EXCLUDED.subtitle,
  contents = EXCLUDED.contents, coverage = EXCLUDED.coverage, update_cycle = EXCLUDED.update_cycle,
  price_fen = EXCLUDED.price_fen, origin_fen = EXCLUDED.origin_fen, duration_days = EXCLUDED.duration_days,
  sort = EXCLUDED.sort, active = true`;

/** Upserts every report and deal-data product of the cities that have estates; returns how many are on sale. */
export async function seedMallProducts(handle: DatabaseHandle): Promise<number> {
  const run = (statement: string) => handle.sql.exec(statement);
  const p = MALL_PRICES;
  await run(`UPDATE mall_products SET active = false WHERE kind IN ('report', 'trade')`);
  // per-city counts and the last 12 months of deals (the window every report covers)
  const cityStats = `SELECT c.id, c.name || '市' AS name,
      (SELECT count(*) FROM district d WHERE d.city_id = c.id AND EXISTS (SELECT 1 FROM estate e WHERE e.district_id = d.id)) AS districts,
      (SELECT count(*) FROM plate pl WHERE pl.city_id = c.id) AS plates,
      (SELECT count(*) FROM estate e WHERE e.city_id = c.id) AS estates,
      (SELECT coalesce(sum(s.deal_count), 0) FROM price_series s WHERE s.level = 'city' AND s.target_id = c.id
         AND s.month > (SELECT max(month) FROM price_series m WHERE m.level = 'city' AND m.target_id = c.id) - interval '12 months') AS deals
    FROM city c WHERE EXISTS (SELECT 1 FROM estate e WHERE e.city_id = c.id)`;
  await run(`INSERT INTO mall_products (${COLUMNS})
    SELECT 'RPT-C-' || s.id, 'report', 'city', s.id, NULL, s.name || '房价月度报告',
      '均价涨跌、库存、成交量与区县对比，一份看懂全城', ${lit(REPORT_CONTENTS.city)},
      '全市 ' || s.districts || ' 个区县、' || s.plates || ' 个板块、' || s.estates || ' 个小区；近12个月成交 ' || s.deals || ' 套',
      '月更', ${p.city.price}, ${p.city.origin}, NULL, 0, true
    FROM (${cityStats}) s ${UPSERT}`);
  await run(`INSERT INTO mall_products (${COLUMNS})
    SELECT 'RPT-X-' || s.id, 'report', 'custom', s.id, NULL, s.name || '全域行情对比定制报告',
      '全市与每个区县逐项并排：挂牌/成交均价、环比、挂牌量、成交量、房东溢价系数', ${lit(REPORT_CONTENTS.custom)},
      '全市及 ' || s.districts || ' 个区县逐月对比，覆盖 ' || s.estates || ' 个小区',
      '月更', ${p.custom.price}, ${p.custom.origin}, NULL, 1, true
    FROM (${cityStats}) s ${UPSERT}`);
  await run(`INSERT INTO mall_products (${COLUMNS})
    SELECT 'RPT-D-' || d.id, 'report', 'district', d.city_id, d.id, c.name || '市' || d.name || '房价报告',
      d.name || '近36个月挂牌与成交走势、房东溢价系数与板块对比', ${lit(REPORT_CONTENTS.district)},
      d.name || ' ' || (SELECT count(*) FROM plate pl WHERE pl.district_id = d.id) || ' 个板块、'
        || (SELECT count(*) FROM estate e WHERE e.district_id = d.id) || ' 个小区',
      '月更', ${p.district.price}, ${p.district.origin}, NULL, 100 + d.sort_order, true
    FROM district d JOIN city c ON c.id = d.city_id
    WHERE EXISTS (SELECT 1 FROM estate e WHERE e.district_id = d.id) ${UPSERT}`);
  // estates: the most traded first
  await run(`INSERT INTO mall_products (${COLUMNS})
    SELECT 'RPT-E-' || e.id, 'report', 'estate', e.city_id, e.id, e.name || '小区报告',
      d.name || ' · ' || pl.name || coalesce(' · ' || e.build_year || '年建成', ''), ${lit(REPORT_CONTENTS.estate)},
      e.name || coalesce(' ' || e.building_count || ' 栋', '') || coalesce(' ' || e.household_count || ' 户', '')
        || '；近12个月成交 ' || coalesce(t.deals, 0) || ' 套',
      '月更', ${p.estate.price}, ${p.estate.origin}, NULL,
      1000 + (row_number() OVER (PARTITION BY e.city_id ORDER BY coalesce(t.deals, 0) DESC, e.id))::int, true
    FROM estate e JOIN district d ON d.id = e.district_id JOIN plate pl ON pl.id = e.plate_id
    LEFT JOIN (
      SELECT s.target_id, sum(s.deal_count) AS deals FROM price_series s
      WHERE s.level = 'estate' AND s.month > (SELECT max(month) FROM price_series WHERE level = 'city') - interval '12 months'
      GROUP BY s.target_id
    ) t ON t.target_id = e.id ${UPSERT}`);
  for (const [days, price] of [
    [90, p.deal90],
    [365, p.deal365],
  ] as const) {
    await run(`INSERT INTO mall_products (${COLUMNS})
      SELECT 'TRD-' || s.id || '-' || ${days}, 'trade', 'deal', s.id, NULL, s.name || '成交数据 ${days}天',
        '${days}天内查看' || s.name || '全部成交明细（成交价、日期），可导出', ${lit(REPORT_CONTENTS.deal)},
        s.name || ' ' || s.estates || ' 个小区；近12个月成交 ' || s.deals || ' 套',
        '每日更新', ${price.price}, ${price.origin}, ${days}, ${days === 90 ? 0 : 1}, true
      FROM (${cityStats}) s ${UPSERT}`);
  }
  const rows = await handle.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM mall_products WHERE active`);
  return rows[0]?.n ?? 0;
}

// 月度行情 (issue 17): a write-up of each city and each of its districts for the newest month of the price series,
// plus the city's five months before it (so the 行情 column has a history), generated from price_series at start.
// Idempotent by slug market-{cityId}-{districtId|all}-{month}: a city whose write-ups all exist (written by this
// MARKET_VERSION) is skipped after one query for all cities; a city with one missing is computed in one pass (four queries) and its rows upserted,
// rewritten only when their figures changed. Every name and figure goes into the HTML through escapeHtml.
import { createHash } from 'node:crypto';
import { queryRows, sql, type Database } from '@fjt/db';
import {
  DEAL_DELAY_NOTE,
  MIN_LISTING_SAMPLE,
  addMonths,
  formatMoney,
  monthTitle,
  percentChange,
  roundTo,
  sampledChange,
} from '@fjt/domain';
import { escapeHtml, sanitizeArticleHtml } from './render.ts';

/** Months of the city's write-ups: the newest and this many before it. */
export const MARKET_HISTORY_MONTHS = 5;
export const MARKET_AUTHOR = '房价通数据组';
/** Bumped when the write-ups' wording or layout changes, so every one is written again once. */
export const MARKET_VERSION = 1;
const HASH_PREFIX = `m${MARKET_VERSION}:`;
const PLATES_SHOWN = 3;
const ESTATES_NAMED = 3;

export const marketSlug = (cityId: number, districtId: number | null, month: string) =>
  `market-${cityId}-${districtId ?? 'all'}-${month}`;

interface SeriesRow {
  targetId: number;
  month: string;
  listingAvg: number | null;
  listingCount: number;
  dealAvg: number | null;
  dealCount: number;
}

interface Place {
  id: number;
  name: string;
}

interface PlateRow extends SeriesRow {
  name: string;
  districtId: number;
}

export interface MarketArticle {
  slug: string;
  cityId: number;
  districtId: number | null;
  month: string;
  title: string;
  summary: string;
  html: string;
  estateIds: number[];
  sourceHash: string;
  publishedAt: string;
}

/** '环比上涨0.3%' / '环比下跌0.3%' / '环比持平'; '' without a change. */
export function changePhrase(prefix: '环比' | '同比', change: number | null): string {
  if (change === null) return '';
  const r = roundTo(change, 1);
  if (r === 0) return `${prefix}持平`;
  return `${prefix}${r > 0 ? '上涨' : '下跌'}${Math.abs(r).toFixed(1)}%`;
}

const perSqm = (v: number | null | undefined) => (v === null || v === undefined ? '--' : `${formatMoney(v)}元/㎡`);
const rateText = (change: number | null) => {
  if (change === null) return '--';
  const r = roundTo(change, 1);
  return r === 0 ? '持平' : `${r > 0 ? '+' : '-'}${Math.abs(r).toFixed(1)}%`;
};
const rateClass = (change: number | null) => {
  const r = change === null ? 0 : roundTo(change, 1);
  return r > 0 ? 'up' : r < 0 ? 'down' : 'num';
};

/** A table of rows of cells; every cell is escaped here. A cell with a change gets its red/green class. */
function table(head: string[], rows: { text: string | number; change?: number | null }[][]): string {
  const th = head.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const body = rows
    .map(
      (cells) =>
        `<tr>${cells
          .map((c) =>
            c.change === undefined
              ? `<td>${escapeHtml(c.text)}</td>`
              : `<td class="${rateClass(c.change)}">${escapeHtml(c.text)}</td>`,
          )
          .join('')}</tr>`,
    )
    .join('');
  return `<table class="article-table"><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

const p = (text: string) => `<p>${escapeHtml(text)}</p>`;
const h2 = (text: string) => `<h2>${escapeHtml(text)}</h2>`;
const note = (text: string) => `<p class="article-note">${escapeHtml(text)}</p>`;
const sentence = (parts: (string | false | null | undefined)[]) => `${parts.filter(Boolean).join('，')}。`;

const at = (rows: SeriesRow[], targetId: number, month: string) =>
  rows.find((r) => r.targetId === targetId && r.month === month);

function figuresTable(now: SeriesRow | undefined, mom: number | null, yoy: number | null, dealMom: number | null) {
  return table(
    ['指标', '数值'],
    [
      [{ text: '挂牌均价' }, { text: perSqm(now?.listingAvg) }],
      [{ text: '挂牌均价环比' }, { text: rateText(mom), change: mom }],
      [{ text: '挂牌均价同比' }, { text: rateText(yoy), change: yoy }],
      [{ text: '在售房源' }, { text: `${now?.listingCount ?? 0}套` }],
      [{ text: '成交均价' }, { text: perSqm(now?.dealAvg) }],
      [{ text: '成交均价环比' }, { text: rateText(dealMom), change: dealMom }],
      [{ text: '当月成交' }, { text: `${now?.dealCount ?? 0}套` }],
    ],
  );
}

const METHOD_NOTE = `挂牌均价为月末在售房源单价的均值，成交均价为当月成交单价的均值；${DEAL_DELAY_NOTE}，最近一个月的成交会随数据补齐而略有变化。数据来自房价通，仅供参考。`;

export interface CityData {
  city: Place;
  month: string;
  districts: Place[];
  /** The city's series (targetId = city id), months month-17 … month. */
  citySeries: SeriesRow[];
  /** Districts' series, months month-17 … month. */
  districtSeries: SeriesRow[];
  /** Plates' series, the month and the one before. */
  plateSeries: PlateRow[];
  /** Estates with the most deals: per month (city-wide, districtId null) and per district of the newest month. */
  topEstates: { month: string; districtId: number | null; estateId: number; name: string; dealCount: number }[];
}

/** The paragraph naming the most traded estates (shown as cards under the article). */
function busiestEstates(data: CityData, month: string, districtId: number | null): { ids: number[]; html: string } {
  const top = data.topEstates.filter((e) => e.month === month && e.districtId === districtId).slice(0, ESTATES_NAMED);
  if (top.length === 0) return { ids: [], html: '' };
  return {
    ids: top.map((e) => e.estateId),
    html:
      h2('成交活跃小区') +
      p(`${monthTitle(month)}成交最多的小区：${top.map((e) => `${e.name}（${e.dealCount}套）`).join('、')}。`),
  };
}

function hashOf(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

function publishedAtOf(month: string): string {
  return `${addMonths(month, 1)}-01T09:00:00+08:00`;
}

/** The city's write-up of `month`. */
export function cityArticle(data: CityData, month: string): MarketArticle {
  const { city } = data;
  const now = at(data.citySeries, city.id, month);
  const prev = at(data.citySeries, city.id, addMonths(month, -1));
  const lastYear = at(data.citySeries, city.id, addMonths(month, -12));
  const mom = percentChange(prev?.listingAvg, now?.listingAvg);
  const yoy = percentChange(lastYear?.listingAvg, now?.listingAvg);
  const dealMom = percentChange(prev?.dealAvg, now?.dealAvg);
  const headline = `挂牌均价${perSqm(now?.listingAvg)}`;
  const title = [`${city.name}${monthTitle(month)}二手房行情：${headline}`, changePhrase('环比', mom)]
    .filter(Boolean)
    .join('，');

  const districtRows = data.districts.map((d) => {
    const cur = at(data.districtSeries, d.id, month);
    const before = at(data.districtSeries, d.id, addMonths(month, -1));
    return {
      district: d,
      cur,
      mom: percentChange(before?.listingAvg, cur?.listingAvg),
      ranked: sampledChange('district', toSample(before), toSample(cur)),
    };
  });
  const ranked = districtRows.filter((r) => r.ranked !== null).sort((a, b) => b.ranked! - a.ranked!);
  const top = ranked[0];
  const bottom = ranked.at(-1);
  const busiest = [...districtRows].sort((a, b) => (b.cur?.dealCount ?? 0) - (a.cur?.dealCount ?? 0))[0];

  const history = Array.from({ length: 6 }, (_, i) => addMonths(month, i - 5)).map((m) => {
    const row = at(data.citySeries, city.id, m);
    const before = at(data.citySeries, city.id, addMonths(m, -1));
    const change = percentChange(before?.listingAvg, row?.listingAvg);
    return [
      { text: monthTitle(m) },
      { text: formatMoney(row?.listingAvg ?? null) },
      { text: rateText(change), change },
      { text: row?.dealCount ?? 0 },
    ];
  });

  const estates = busiestEstates(data, month, null);
  const summary = sentence([
    `${monthTitle(month)}${city.name}二手房${headline}`,
    changePhrase('环比', mom),
    changePhrase('同比', yoy),
    now?.dealAvg ? `成交均价${perSqm(now.dealAvg)}` : null,
    `当月成交${now?.dealCount ?? 0}套`,
  ]);

  const html = [
    p(summary),
    h2('核心数据'),
    figuresTable(now, mom, yoy, dealMom),
    h2('各区县表现'),
    ranked.length >= 2 && top && bottom && top !== bottom
      ? p(
          sentence([
            `挂牌均价环比涨幅最大的是${top.district.name}（${rateText(top.ranked)}）`,
            `${bottom.district.name}表现最弱（${rateText(bottom.ranked)}）`,
            busiest?.cur?.dealCount ? `成交最多的是${busiest.district.name}，共${busiest.cur.dealCount}套` : null,
          ]),
        )
      : p('本月多数区县在售房源较少，环比变化仅供参考。'),
    table(
      ['区县', '挂牌均价(元/㎡)', '环比', '成交(套)'],
      districtRows.map((r) => [
        { text: r.district.name },
        { text: formatMoney(r.cur?.listingAvg ?? null) },
        { text: rateText(r.mom), change: r.mom },
        { text: r.cur?.dealCount ?? 0 },
      ]),
    ),
    note(`区县涨跌排名${minSampleText('district')}。`),
    h2('近6个月走势'),
    table(['月份', '挂牌均价(元/㎡)', '环比', '成交(套)'], history),
    estates.html,
    h2('数据说明'),
    note(METHOD_NOTE),
  ].join('');
  return finish({ cityId: city.id, districtId: null, month, title, summary, html, estateIds: estates.ids });
}

function minSampleText(level: 'district' | 'plate') {
  return `仅统计当月及上月挂牌均不少于${MIN_LISTING_SAMPLE[level]}套的${level === 'district' ? '区县' : '板块'}`;
}

const toSample = (row: SeriesRow | undefined) => (row ? { avg: row.listingAvg, count: row.listingCount } : null);

/** A district's write-up of the newest month. */
export function districtArticle(data: CityData, district: Place): MarketArticle {
  const { city, month } = data;
  const now = at(data.districtSeries, district.id, month);
  const prev = at(data.districtSeries, district.id, addMonths(month, -1));
  const lastYear = at(data.districtSeries, district.id, addMonths(month, -12));
  const cityNow = at(data.citySeries, city.id, month);
  const mom = percentChange(prev?.listingAvg, now?.listingAvg);
  const yoy = percentChange(lastYear?.listingAvg, now?.listingAvg);
  const dealMom = percentChange(prev?.dealAvg, now?.dealAvg);
  const headline = `挂牌均价${perSqm(now?.listingAvg)}`;
  const title = [`${city.name}${district.name}${monthTitle(month)}二手房行情：${headline}`, changePhrase('环比', mom)]
    .filter(Boolean)
    .join('，');
  const versusCity = percentChange(cityNow?.listingAvg, now?.listingAvg);

  const plates = data.plateSeries
    .filter((r) => r.districtId === district.id && r.month === month)
    .map((cur) => {
      const before = data.plateSeries.find((r) => r.targetId === cur.targetId && r.month === addMonths(month, -1));
      return { cur, change: sampledChange('plate', toSample(before), toSample(cur)) };
    })
    .filter((r) => r.change !== null)
    .sort((a, b) => b.change! - a.change! || a.cur.name.localeCompare(b.cur.name));
  const rising = plates.filter((r) => roundTo(r.change!, 1) > 0).slice(0, PLATES_SHOWN);
  const falling = plates
    .filter((r) => roundTo(r.change!, 1) < 0)
    .reverse()
    .slice(0, PLATES_SHOWN);
  const plateTable = (rows: typeof plates) =>
    table(
      ['板块', '挂牌均价(元/㎡)', '环比', '成交(套)'],
      rows.map((r) => [
        { text: r.cur.name },
        { text: formatMoney(r.cur.listingAvg) },
        { text: rateText(r.change), change: r.change },
        { text: r.cur.dealCount },
      ]),
    );

  const summary = sentence([
    `${monthTitle(month)}${city.name}${district.name}二手房${headline}`,
    changePhrase('环比', mom),
    changePhrase('同比', yoy),
    `当月成交${now?.dealCount ?? 0}套`,
  ]);
  const estates = busiestEstates(data, month, district.id);
  const versus =
    versusCity === null
      ? null
      : roundTo(versusCity, 1) === 0
        ? `与${city.name}全市均价基本持平`
        : `比${city.name}全市挂牌均价${versusCity > 0 ? '高' : '低'}${Math.abs(roundTo(versusCity, 1)).toFixed(1)}%`;

  const html = [
    p(summary),
    h2('核心数据'),
    figuresTable(now, mom, yoy, dealMom),
    versus ? p(sentence([`${district.name}${versus}`, `全市为${perSqm(cityNow?.listingAvg)}`])) : '',
    h2('领涨板块'),
    rising.length > 0 ? plateTable(rising) : p('本月没有挂牌均价环比上涨的板块（或在售房源太少，不作比较）。'),
    h2('领跌板块'),
    falling.length > 0 ? plateTable(falling) : p('本月没有挂牌均价环比下跌的板块（或在售房源太少，不作比较）。'),
    note(`板块涨跌${minSampleText('plate')}。`),
    estates.html,
    h2('数据说明'),
    note(METHOD_NOTE),
  ].join('');
  return finish({ cityId: city.id, districtId: district.id, month, title, summary, html, estateIds: estates.ids });
}

function finish(a: Omit<MarketArticle, 'slug' | 'sourceHash' | 'publishedAt'>): MarketArticle {
  // the generated markup passes the same allow-list as the Markdown (a second fence behind escapeHtml)
  const html = sanitizeArticleHtml(a.html);
  return {
    ...a,
    html,
    slug: marketSlug(a.cityId, a.districtId, a.month),
    sourceHash: `${HASH_PREFIX}${hashOf([a.title, a.summary, html, a.estateIds])}`,
    publishedAt: publishedAtOf(a.month),
  };
}

/** The months of the city's write-ups, oldest first. */
export const marketMonths = (latest: string) =>
  Array.from({ length: MARKET_HISTORY_MONTHS + 1 }, (_, i) => addMonths(latest, i - MARKET_HISTORY_MONTHS));

async function cityData(db: Database, city: Place, month: string, districts: Place[]): Promise<CityData> {
  const from = `${addMonths(month, -17)}-01`;
  const to = `${month}-01`;
  const previous = `${addMonths(month, -1)}-01`;
  const historyFrom = `${addMonths(month, -MARKET_HISTORY_MONTHS)}-01`;
  const columns = sql`target_id AS "targetId", to_char(month, 'YYYY-MM') AS month, listing_avg AS "listingAvg",
    listing_count AS "listingCount", deal_avg AS "dealAvg", deal_count AS "dealCount"`;
  const [citySeries, districtSeries, plateSeries, topEstates] = await Promise.all([
    queryRows<SeriesRow>(
      db,
      sql`SELECT ${columns} FROM price_series WHERE level = 'city' AND target_id = ${city.id}
          AND month BETWEEN ${from}::date AND ${to}::date`,
    ),
    queryRows<SeriesRow>(
      db,
      sql`SELECT ${columns} FROM price_series WHERE level = 'district' AND city_id = ${city.id}
          AND month BETWEEN ${from}::date AND ${to}::date`,
    ),
    queryRows<PlateRow>(
      db,
      sql`SELECT ${columns}, p.name, p.district_id AS "districtId" FROM price_series s
          JOIN plate p ON p.id = s.target_id
          WHERE s.level = 'plate' AND s.city_id = ${city.id} AND s.month BETWEEN ${previous}::date AND ${to}::date`,
    ),
    // the city's most traded estates of each month, and of each district in the newest month
    queryRows<CityData['topEstates'][number]>(
      db,
      sql`WITH ranked AS (
            SELECT s.target_id, s.month, e.district_id, e.name, s.deal_count,
              row_number() OVER (PARTITION BY s.month ORDER BY s.deal_count DESC, s.listing_count DESC, s.target_id)
                AS city_rank,
              row_number() OVER (PARTITION BY s.month, e.district_id
                                 ORDER BY s.deal_count DESC, s.listing_count DESC, s.target_id) AS district_rank
            FROM price_series s JOIN estate e ON e.id = s.target_id
            WHERE s.level = 'estate' AND s.city_id = ${city.id} AND s.month BETWEEN ${historyFrom}::date AND ${to}::date
              AND s.deal_count > 0)
          SELECT to_char(month, 'YYYY-MM') AS month, NULL::int AS "districtId", target_id AS "estateId", name,
              deal_count AS "dealCount", city_rank AS r
            FROM ranked WHERE city_rank <= ${ESTATES_NAMED}
          UNION ALL
          SELECT to_char(month, 'YYYY-MM'), district_id, target_id, name, deal_count, district_rank
            FROM ranked WHERE month = ${to}::date AND district_rank <= ${ESTATES_NAMED}
          ORDER BY 1, 2, 6`,
    ),
  ]);
  return { city, month, districts, citySeries, districtSeries, plateSeries, topEstates };
}

export interface MarketSync {
  cities: number;
  written: number;
}

/** Generates the write-ups that are missing (see the file's head). */
export async function syncMarketArticles(db: Database): Promise<MarketSync> {
  const [latest, districts, existing] = await Promise.all([
    queryRows<{ id: number; name: string; month: string }>(
      db,
      sql`SELECT c.id, c.name, to_char(max(s.month), 'YYYY-MM') AS month
          FROM city c JOIN price_series s ON s.level = 'city' AND s.target_id = c.id
          WHERE s.listing_avg IS NOT NULL GROUP BY c.id, c.name ORDER BY c.id`,
    ),
    queryRows<{ id: number; cityId: number; name: string }>(
      db,
      sql`SELECT id, city_id AS "cityId", name FROM district ORDER BY city_id, sort_order, id`,
    ),
    queryRows<{ slug: string; hash: string }>(
      db,
      sql`SELECT slug, source_hash AS hash FROM article WHERE kind = 'market'`,
    ),
  ]);
  // written, and by this version of the generator
  const have = new Set(existing.filter((r) => r.hash.startsWith(HASH_PREFIX)).map((r) => r.slug));
  const result: MarketSync = { cities: 0, written: 0 };
  for (const city of latest) {
    const own = districts.filter((d) => d.cityId === city.id);
    const months = marketMonths(city.month);
    const wanted = [
      ...months.map((m) => marketSlug(city.id, null, m)),
      ...own.map((d) => marketSlug(city.id, d.id, city.month)),
    ];
    if (wanted.every((s) => have.has(s))) continue;
    const data = await cityData(db, city, city.month, own);
    const articles = [...months.map((m) => cityArticle(data, m)), ...own.map((d) => districtArticle(data, d))];
    result.cities += 1;
    result.written += await upsertMarket(db, articles);
  }
  return result;
}

async function upsertMarket(db: Database, articles: MarketArticle[]): Promise<number> {
  if (articles.length === 0) return 0;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO article (slug, kind, "column", city_id, district_id, month, title, summary, author, html,
          source_hash, estate_ids, published_at, status)
        VALUES ${sql.join(
          articles.map(
            (a) => sql`(${a.slug}, 'market', 'market', ${a.cityId}, ${a.districtId}, ${a.month}, ${a.title},
              ${a.summary}, ${MARKET_AUTHOR}, ${a.html}, ${a.sourceHash}, ${JSON.stringify(a.estateIds)}::jsonb,
              ${a.publishedAt}::timestamptz, 'visible')`,
          ),
          sql`, `,
        )}
        ON CONFLICT (slug) DO UPDATE SET title = excluded.title, summary = excluded.summary, html = excluded.html,
          source_hash = excluded.source_hash, estate_ids = excluded.estate_ids
        WHERE article.source_hash <> excluded.source_hash
        RETURNING id`,
  );
  return rows.length;
}

// 文章 on the seeded small dataset (杭州 605): the start-up sync (Markdown of content/articles, idempotent, a changed
// file reloaded), the monthly write-ups (figures as in price_series), POST content/list with an article column,
// content/article (counted, estates, related) and following a column.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ARTICLE_COLUMNS,
  addMonths,
  formatMoney,
  monthTitle,
  percentChange,
  type ArticleDetailBody,
  type ArticleListBody,
  type CollectFollowList,
  type SubscriptionState,
} from '@fjt/domain';
import { seededApp, signInAs } from '../../../testing.ts';
import { ARTICLES_DIR, syncArticles } from './sync.ts';
import { changePhrase, marketMonths, marketSlug } from './market.ts';
import { parseArticle } from './editorial.ts';

const seeded = seededApp();
const CITY = 605;

async function post<T>(url: string, payload: object, headers: Record<string, string> = {}) {
  const res = await seeded.app.inject({ method: 'POST', url, payload, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
}

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const res = await seeded.app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
}

async function rejected(request: { method: 'GET' | 'POST'; url: string; payload?: object }, status = 400) {
  const res = await seeded.app.inject(request);
  expect(res.statusCode, res.body).toBe(status);
  const envelope = res.json() as { resultCode: number; errMsg: string };
  expect(envelope.resultCode).not.toBe(0);
  expect(envelope.errMsg).toMatch(/[\u4e00-\u9fa5]/);
  return envelope.errMsg;
}

const list = (payload: object) => post<ArticleListBody>('/rabbit/v1/content/list', payload);

let firstSync: Awaited<ReturnType<typeof syncArticles>>;
beforeAll(async () => {
  firstSync = await syncArticles(seeded.database.db);
});

async function latestMonth() {
  const [row] = await seeded.database.sql.query<{ m: string }>(
    `SELECT to_char(max(month), 'YYYY-MM') AS m FROM price_series WHERE level = 'city' AND target_id = $1`,
    [CITY],
  );
  return row!.m;
}

describe('the start-up sync', () => {
  it('loads every Markdown file of content/articles, rendered and valid', async () => {
    const files = readdirSync(ARTICLES_DIR).filter((f) => f.endsWith('.md') && !f.startsWith('_'));
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(firstSync.editorial.errors).toEqual([]);
    expect(firstSync.editorial.written).toBe(files.length);
    for (const file of files) {
      const article = parseArticle(readFileSync(join(ARTICLES_DIR, file), 'utf8'), file);
      // 600–1500 characters of text each
      const text = article.html.replace(/<[^>]+>/g, '').replace(/\s/g, '');
      expect(text.length, file).toBeGreaterThanOrEqual(600);
      expect(text.length, file).toBeLessThanOrEqual(1800);
    }
    const [columns] = await seeded.database.sql.query<{ policy: number; guide: number }>(
      `SELECT count(*) FILTER (WHERE "column" = 'policy')::int AS policy, count(*) FILTER (WHERE "column" = 'guide')::int AS guide
       FROM article WHERE kind = 'editorial' AND status = 'visible'`,
    );
    expect(columns!.policy).toBeGreaterThanOrEqual(3);
    expect(columns!.guide).toBeGreaterThanOrEqual(5);
  });

  it('is idempotent: a second run writes nothing and keeps read counts', async () => {
    await seeded.database.sql.query(`UPDATE article SET read_count = 7 WHERE slug = 'viewing-checklist'`);
    const again = await syncArticles(seeded.database.db);
    expect(again.editorial).toMatchObject({ written: 0, removed: 0, errors: [] });
    expect(again.editorial.unchanged).toBe(firstSync.editorial.written);
    expect(again.market).toEqual({ cities: 0, written: 0 });
    const [row] = await seeded.database.sql.query<{ read_count: number }>(
      `SELECT read_count FROM article WHERE slug = 'viewing-checklist'`,
    );
    expect(row!.read_count).toBe(7);
  });

  it('reloads a changed file, adds a new one and retires one that is gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fjt-articles-'));
    try {
      const file = (slug: string, body: string) =>
        `---\nslug: ${slug}\ntitle: 测试文章${slug}\ncolumn: policy\nsummary: 这是测试文章的摘要，足够长了\nauthor: 测试\npublishedAt: '2026-01-05'\ncityId: ${CITY}\n---\n\n${body}\n`;
      writeFileSync(join(dir, 'a.md'), file('test-a', '第一版'));
      writeFileSync(join(dir, 'b.md'), file('test-b', '留下'));
      const first = await syncArticles(seeded.database.db, { dir });
      expect(first.editorial).toMatchObject({ written: 2, errors: [] });
      // the repository's articles are gone from this folder: retired
      expect(first.editorial.removed).toBe(firstSync.editorial.written);

      writeFileSync(join(dir, 'a.md'), file('test-a', '第二版'));
      const second = await syncArticles(seeded.database.db, { dir });
      expect(second.editorial).toMatchObject({ written: 1, unchanged: 1, removed: 0 });
      const [a] = await seeded.database.sql.query<{ html: string }>(`SELECT html FROM article WHERE slug = 'test-a'`);
      expect(a!.html).toContain('第二版');

      // a broken file is reported and retires nothing
      writeFileSync(join(dir, 'c.md'), '---\nslug: x\n---\n');
      rmSync(join(dir, 'b.md'));
      const third = await syncArticles(seeded.database.db, { dir });
      expect(third.editorial.errors).toEqual([expect.stringMatching(/^c\.md: /)]);
      expect(third.editorial.removed).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await seeded.database.sql.query(`DELETE FROM article WHERE slug IN ('test-a', 'test-b')`);
      const back = await syncArticles(seeded.database.db);
      expect(back.editorial).toMatchObject({ written: firstSync.editorial.written, errors: [] });
    }
  });
});

describe('the monthly write-ups', () => {
  it('cover the city for six months and each district for the newest', async () => {
    const month = await latestMonth();
    const rows = await seeded.database.sql.query<{ slug: string }>(
      `SELECT slug FROM article WHERE kind = 'market' AND city_id = $1`,
      [CITY],
    );
    const districts = await seeded.database.sql.query<{ id: number }>(`SELECT id FROM district WHERE city_id = $1`, [
      CITY,
    ]);
    const slugs = new Set(rows.map((r) => r.slug));
    for (const m of marketMonths(month)) expect(slugs.has(marketSlug(CITY, null, m))).toBe(true);
    for (const d of districts) expect(slugs.has(marketSlug(CITY, d.id, month))).toBe(true);
    expect(slugs.size).toBe(6 + districts.length);
  });

  it('tell the series’ figures: title, summary, table and card figure', async () => {
    const month = await latestMonth();
    const series = await seeded.database.sql.query<{
      m: string;
      listing_avg: number;
      deal_avg: number | null;
      deal_count: number;
    }>(
      `SELECT to_char(month, 'YYYY-MM') AS m, listing_avg, deal_avg, deal_count FROM price_series
       WHERE level = 'city' AND target_id = $1 ORDER BY month`,
      [CITY],
    );
    const of = (m: string) => series.find((s) => s.m === m);
    const now = of(month)!;
    const mom = percentChange(of(addMonths(month, -1))?.listing_avg, now.listing_avg);
    const yoy = percentChange(of(addMonths(month, -12))?.listing_avg, now.listing_avg);
    const [row] = await seeded.database.sql.query<{ id: number; title: string; summary: string; html: string }>(
      `SELECT id::int AS id, title, summary, html FROM article WHERE slug = $1`,
      [marketSlug(CITY, null, month)],
    );
    expect(row!.title).toBe(
      `杭州${monthTitle(month)}二手房行情：挂牌均价${formatMoney(now.listing_avg)}元/㎡${mom === null ? '' : `，${changePhrase('环比', mom)}`}`,
    );
    expect(row!.summary).toContain(`当月成交${now.deal_count}套`);
    if (yoy !== null) expect(row!.summary).toContain(changePhrase('同比', yoy));
    expect(row!.html).toContain(`<td>${formatMoney(now.listing_avg)}元/㎡</td>`);
    // the six months' table
    for (const m of marketMonths(month)) expect(row!.html).toContain(`<td>${monthTitle(m)}</td>`);
    // the most traded estate of the month is named, and shown as a card
    const [busiest] = await seeded.database.sql.query<{ id: number; name: string; deal_count: number }>(
      `SELECT e.id, e.name, s.deal_count FROM price_series s JOIN estate e ON e.id = s.target_id
       WHERE s.level = 'estate' AND s.city_id = $1 AND s.month = $2::date
       ORDER BY s.deal_count DESC, s.listing_count DESC, s.target_id LIMIT 1`,
      [CITY, `${month}-01`],
    );
    expect(row!.html).toContain(`${busiest!.name}（${busiest!.deal_count}套）`);

    const body = await list({ cityId: CITY, type: 'market' });
    const card = body.list.find((a) => a.id === row!.id)!;
    expect(card.figure).toEqual({ label: '挂牌均价', value: now.listing_avg, change: mom });

    // a district's
    const [district] = await seeded.database.sql.query<{ id: number; name: string; listing_avg: number }>(
      `SELECT d.id, d.name, s.listing_avg FROM district d JOIN price_series s ON s.level = 'district'
         AND s.target_id = d.id AND s.month = $2::date
       WHERE d.city_id = $1 AND s.listing_avg IS NOT NULL ORDER BY d.sort_order LIMIT 1`,
      [CITY, `${month}-01`],
    );
    const [written] = await seeded.database.sql.query<{ title: string; html: string }>(
      `SELECT title, html FROM article WHERE slug = $1`,
      [marketSlug(CITY, district!.id, month)],
    );
    expect(written!.title).toContain(
      `杭州${district!.name}${monthTitle(month)}二手房行情：挂牌均价${formatMoney(district!.listing_avg)}元/㎡`,
    );
    expect(written!.html).toContain('领涨板块');
  });

  it('escape names from the data', async () => {
    const month = await latestMonth();
    const [d] = await seeded.database.sql.query<{ id: number; name: string }>(
      `SELECT id, name FROM district WHERE city_id = $1 ORDER BY sort_order LIMIT 1`,
      [CITY],
    );
    await seeded.database.sql.query(`UPDATE district SET name = '<img src=x onerror=alert(1)>区' WHERE id = $1`, [
      d!.id,
    ]);
    await seeded.database.sql.query(`DELETE FROM article WHERE slug = $1`, [marketSlug(CITY, d!.id, month)]);
    try {
      const run = await syncArticles(seeded.database.db);
      expect(run.market.cities).toBe(1);
      const [row] = await seeded.database.sql.query<{ title: string; html: string }>(
        `SELECT title, html FROM article WHERE slug = $1`,
        [marketSlug(CITY, d!.id, month)],
      );
      expect(row!.html).toContain('&lt;img src=x onerror=alert(1)&gt;区');
      expect(row!.html).not.toMatch(/<img/);
    } finally {
      await seeded.database.sql.query(`UPDATE district SET name = $2 WHERE id = $1`, [d!.id, d!.name]);
      await seeded.database.sql.query(`DELETE FROM article WHERE slug = $1`, [marketSlug(CITY, d!.id, month)]);
      await syncArticles(seeded.database.db);
    }
  });
});

describe('POST content/list with an article column', () => {
  it('lists a column of the city and of every city, newest first, 20 a page', async () => {
    const policy = await list({ cityId: CITY, type: 'policy' });
    expect(policy.type).toBe('policy');
    expect(policy.total).toBeGreaterThanOrEqual(3);
    expect(policy.list.every((a) => a.column === 'policy' && a.kind === 'editorial' && a.figure === null)).toBe(true);
    const dates = policy.list.map((a) => a.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());

    const market = await list({ cityId: CITY, type: 'market', size: 5 });
    expect(market.list).toHaveLength(5);
    expect(market.list[0]!.title).toContain(monthTitle(await latestMonth()));
    // the city's write-up comes before its districts' of the same month
    expect(market.list[0]!.title.startsWith(`杭州${monthTitle(await latestMonth())}`)).toBe(true);
    const page2 = await list({ cityId: CITY, type: 'market', size: 5, page: 2 });
    expect(new Set([...market.list, ...page2.list].map((a) => a.id)).size).toBe(10);

    // another city sees the nationwide articles but not 杭州's write-ups
    const beijing = await list({ cityId: 101, type: 'guide' });
    expect(beijing.total).toBe((await list({ cityId: CITY, type: 'guide' })).total);
    expect((await list({ cityId: 101, type: 'market' })).list.every((a) => a.cityId === 101)).toBe(true);
  });

  it('keeps video working and rejects bad input in Chinese', async () => {
    const videos = await post<{ type: string }>('/rabbit/v1/content/list', { cityId: CITY, type: 'video' });
    expect(videos.type).toBe('video');
    const url = '/rabbit/v1/content/list';
    expect(await rejected({ method: 'POST', url, payload: { cityId: CITY, type: 'article' } })).toBe(
      'type 只能是 video、policy、market、guide',
    );
    expect(await rejected({ method: 'POST', url, payload: { cityId: CITY, type: 'policy', size: 21 } })).toContain(
      'size',
    );
    expect(await rejected({ method: 'POST', url, payload: { cityId: CITY, type: 'guide', page: 0 } })).toContain(
      'page',
    );
    expect(await rejected({ method: 'POST', url, payload: { cityId: 'x', type: 'guide' } })).toContain('cityId');
    expect(await rejected({ method: 'POST', url, payload: { cityId: 999999, type: 'guide' } }, 404)).toBe('城市不存在');
  });
});

describe('content/article', () => {
  it('gives the sanitised HTML, the estates named and related articles, counting the read', async () => {
    const month = await latestMonth();
    const [row] = await seeded.database.sql.query<{ id: number; estate_ids: number[]; read_count: number }>(
      `SELECT id::int AS id, estate_ids, read_count FROM article WHERE slug = $1`,
      [marketSlug(CITY, null, month)],
    );
    const article = await get<ArticleDetailBody>(`/rabbit/v1/content/article?id=${row!.id}`);
    expect(article.readCount).toBe(row!.read_count + 1);
    expect(article.html).toContain('<table class="article-table">');
    expect(article.estates.map((e) => e.id)).toEqual(row!.estate_ids);
    expect(row!.estate_ids.length).toBeGreaterThan(0);
    expect(article.estates[0]).toMatchObject({ cityId: CITY, name: expect.any(String) });
    expect(article.related.length).toBeGreaterThan(0);
    expect(article.related.every((r) => r.column === 'market' && r.id !== row!.id)).toBe(true);
    const again = await get<ArticleDetailBody>(`/rabbit/v1/content/article?id=${row!.id}`);
    expect(again.readCount).toBe(row!.read_count + 2);

    // a nationwide article's related ones are of the reader's city
    const guide = (await list({ cityId: CITY, type: 'guide' })).list[0]!;
    const detail = await get<ArticleDetailBody>(`/rabbit/v1/content/article?id=${guide.id}&cityId=${CITY}`);
    expect(detail.cityId).toBeNull();
    expect(detail.related.every((r) => r.column === 'guide')).toBe(true);
  });

  it('rejects a bad id and answers 404 for an unknown or retired article', async () => {
    expect(await rejected({ method: 'GET', url: '/rabbit/v1/content/article' })).toContain('id');
    expect(await rejected({ method: 'GET', url: '/rabbit/v1/content/article?id=abc' })).toContain('id');
    expect(await rejected({ method: 'GET', url: '/rabbit/v1/content/article?id=99999999' }, 404)).toBe('文章不存在');
    const [row] = await seeded.database.sql.query<{ id: number }>(
      `SELECT id FROM article WHERE kind = 'editorial' LIMIT 1`,
    );
    await seeded.database.sql.query(`UPDATE article SET status = 'hidden' WHERE id = $1`, [row!.id]);
    try {
      expect(await rejected({ method: 'GET', url: `/rabbit/v1/content/article?id=${row!.id}` }, 404)).toBe(
        '文章不存在',
      );
    } finally {
      await seeded.database.sql.query(`UPDATE article SET status = 'visible' WHERE id = $1`, [row!.id]);
    }
  });
});

describe('following a column', () => {
  it('follows 1 政策 / 2 行情 / 3 攻略 idempotently, lists them by name, refuses others', async () => {
    const me = await signInAs(seeded.app);
    const headers = me.headers;
    const id = ARTICLE_COLUMNS.market.id;
    expect(
      await get<SubscriptionState>(`/rabbit/v1/subscribe/check?targetType=column&targetId=${id}`, headers),
    ).toMatchObject({ subscribed: false });
    for (let i = 0; i < 2; i++)
      expect(
        await post<SubscriptionState>('/rabbit/v1/subscribe/add', { targetType: 'column', targetId: id }, headers),
      ).toMatchObject({ subscribed: true });
    const follows = await get<CollectFollowList>('/rabbit/v1/user/getArticleFollowList', headers);
    expect(follows.list).toEqual([expect.objectContaining({ targetType: 'column', targetId: id, name: '月度行情' })]);
    const res = await seeded.app.inject({
      method: 'POST',
      url: '/rabbit/v1/subscribe/add',
      payload: { targetType: 'column', targetId: 9 },
      headers,
    });
    expect(res.statusCode).toBe(404);
    expect((res.json() as { errMsg: string }).errMsg).toBe('专栏不存在');
    await post('/rabbit/v1/subscribe/subs-cancel', { targetType: 'column', targetId: id }, headers);
    expect((await get<CollectFollowList>('/rabbit/v1/user/getArticleFollowList', headers)).total).toBe(0);
    // a visitor is asked to log in
    const visitor = await seeded.app.inject({
      method: 'POST',
      url: '/rabbit/v1/subscribe/add',
      payload: { targetType: 'column', targetId: id },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

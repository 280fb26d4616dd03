// The page store (ADR 0026): estate pages made ahead in idle time for each kind of browser and served as rendered;
// never a page older than its estate's review scores or its city's data, nor one made for another kind of visitor;
// what no current page lives in is removed. vitest has no web build: a stand-in build whose estate page shows the
// estate, its review count and the visitor's client flags, through render workers as in production.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { dataChanged, refreshEstateStats, seedDatabase } from '@fjt/dataset';
import { queryRows, sql } from '@fjt/db';
import { buildApp } from '../app.ts';
import { FAKE_BUILD_SETTINGS, writeFakeWebBuild } from '../testing.ts';
import { STORE_VARIANTS, chinaDate, estatePageOf, storeVariantOf } from './page-store.ts';

const FAKE_BUILD = `
const estate = {
  async loader({ params, context }) {
    const basic = await context.services.estates.basicInfo(Number(params.estateId));
    if (!basic || basic.cityId !== Number(params.city)) throw new Response('gone', { status: 404 });
    const reviews = await context.services.reviews.summary(basic.id);
    return { name: basic.name, reviews: reviews.count };
  },
  default: () => null,
};
const flags = { hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false, hasErrorBoundary: false };
export const entry = {
  module: {
    default(request, status, headers, ctx, load) {
      headers.set('content-type', 'text/html; charset=utf-8');
      const data = JSON.stringify({
        loader: ctx.staticHandlerContext.loaderData,
        ua: request.headers.get('user-agent'),
        whole: load.wholePage === true,
      });
      return new Response('<!doctype html><script>window.x=1</script><pre id="data">' + data + '</pre>' + 'x'.repeat(2000), { status, headers });
    },
    handleError() {},
  },
};
export const routes = {
  root: { id: 'root', path: '', module: { default: () => null } },
  estate: { id: 'estate', parentId: 'root', path: ':city/house-detail/:estateId', module: estate },
};
export const assets = {
  entry: { module: '/entry.js', imports: [] },
  routes: {
    root: { id: 'root', path: '', module: '/root.js', hasLoader: false, hasAction: false, ...flags },
    estate: { id: 'estate', parentId: 'root', path: ':city/house-detail/:estateId', module: '/e.js', hasLoader: true, hasAction: false, ...flags },
  },
  url: '/manifest.js',
  version: 'v1',
};
${FAKE_BUILD_SETTINGS}`;

const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('page store', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let buildDir: string;
  let storeDir: string;
  let estates: { id: number; cityId: number; name: string }[];

  beforeAll(async () => {
    buildDir = writeFakeWebBuild(FAKE_BUILD);
    storeDir = mkdtempSync(join(tmpdir(), 'fjt-page-store-'));
    // left by an older build: removed by the first pass
    mkdirSync(join(storeDir, 'old-build-f1', '2020-01-01'), { recursive: true });
    writeFileSync(join(storeDir, 'old-build-f1', '2020-01-01', 'x.page'), 'old');
    database = await createTestDatabase('small');
    await seedDatabase(database, { scale: 'small' });
    app = await buildApp({
      env: {
        LOG_LEVEL: 'silent',
        APP_TEST_HOOKS: false,
        RENDER_WORKERS: 2,
        PAGE_STORE: true,
        PAGE_STORE_DIR: storeDir,
      },
      database,
      webBuildDir: buildDir,
    });
    // listening starts the store (its first pass makes every page)
    await app.listen({ host: '127.0.0.1', port: 0 });
    await app.pageStore!.idle();
    estates = await queryRows<{ id: number; cityId: number; name: string }>(
      database.db,
      sql`SELECT id, city_id AS "cityId", name FROM estate ORDER BY id`,
    );
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    rmSync(buildDir, { recursive: true, force: true });
    rmSync(storeDir, { recursive: true, force: true });
  });

  const dataOf = (body: string) =>
    JSON.parse(/<pre id="data">(.*)<\/pre>/s.exec(body)![1]!) as {
      loader: { estate: { name: string; reviews: number } };
      ua: string | null;
      whole: boolean;
    };
  const page = (e: { id: number; cityId: number }) => `/${e.cityId}/house-detail/${e.id}`;

  it('makes every estate page ahead, whole, for each kind of browser, and removes an older build’s', () => {
    expect(estates.length).toBeGreaterThan(100);
    expect(app.pageStore!.stats()).toMatchObject({ stored: estates.length * 3, pending: 0, building: false });
    expect(existsSync(join(storeDir, 'old-build-f1'))).toBe(false);
  });

  it('serves a kept page as rendered: brotli, gzip or plain, with its policy and entity tag', async () => {
    const e = estates[3]!;
    const br = await app.inject({ url: page(e), headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['x-cache']).toBe('store');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(dataOf(html)).toMatchObject({ loader: { estate: { name: e.name } }, ua: null, whole: true });
    const gzip = await app.inject({ url: page(e), headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
    const plain = await app.inject({ url: page(e) });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    const again = await app.inject({ url: page(e), headers: { 'if-none-match': br.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('each kind of browser gets the page made for it; others, and a URL with a query, are rendered', async () => {
    const e = estates[5]!;
    for (const variant of ['ios', 'android'] as const) {
      const res = await app.inject({ url: page(e), headers: { 'user-agent': STORE_VARIANTS[variant] } });
      expect(res.headers['x-cache']).toBe('store');
      expect(dataOf(res.body).ua).toBe(STORE_VARIANTS[variant]);
    }
    // a crawler gets the plain page, made whole as a crawler's is
    const bot = await app.inject({ url: page(e), headers: { 'user-agent': 'Googlebot/2.1' } });
    expect(bot.headers['x-cache']).toBe('store');
    expect(dataOf(bot.body).ua).toBeNull();
    const wechat = await app.inject({ url: page(e), headers: { 'user-agent': WECHAT } });
    expect(wechat.headers['x-cache']).not.toBe('store');
    expect(dataOf(wechat.body).ua).toBe(WECHAT);
    const query = await app.inject({ url: `${page(e)}?from=share` });
    expect(query.headers['x-cache']).not.toBe('store');
    const app_ = await app.inject({ url: page(e), headers: { cookie: 'currentVersion=3.2.0' } });
    expect(app_.headers['x-cache']).not.toBe('store');
  });

  it('an estate of another city, or none, is rendered (and not kept)', async () => {
    const e = estates[0]!;
    const wrongCity = await app.inject({ url: `/${e.cityId + 1}/house-detail/${e.id}` });
    expect(wrongCity.statusCode).toBe(404);
    expect(wrongCity.headers['x-cache']).not.toBe('store');
    const none = await app.inject({ url: `/${e.cityId}/house-detail/999999999` });
    expect(none.statusCode).toBe(404);
  });

  it('a page older than its estate’s review change is never served; the builder makes it again', async () => {
    const e = estates[7]!;
    const before = dataOf((await app.inject({ url: page(e) })).body).loader.estate.reviews;
    await database.db.execute(sql`
      INSERT INTO review_summary (estate_id, count, overall_sum, traffic_sum, amenities_sum, property_sum,
                                  environment_sum, updated_at)
      VALUES (${e.id}, ${before + 1}, 5, 5, 5, 5, 5, now())
      ON CONFLICT (estate_id) DO UPDATE SET count = ${before + 1}, updated_at = now()`);
    // what a review post does here (the reviews writer's changed hook)
    app.pageStore!.refreshReviews();
    const after = await app.inject({ url: page(e) });
    expect(after.headers['x-cache']).not.toBe('store');
    expect(dataOf(after.body).loader.estate.reviews).toBe(before + 1);
    // made again once the review is older than the clocks' margin
    await sleep(2_200);
    await app.inject({ url: page(e) });
    await app.pageStore!.idle();
    const again = await app.inject({ url: page(e) });
    expect(again.headers['x-cache']).toBe('store');
    expect(dataOf(again.body).loader.estate.reviews).toBe(before + 1);
  }, 60_000);

  it('a load of a city’s rows files its pages under the new version and drops the old ones', async () => {
    const e = estates[9]!;
    const day = chinaDate(Date.now());
    const dayDir = readdirSync(storeDir).map((b) => join(storeDir, b, day))[0]!;
    const versionsBefore = readdirSync(dayDir).filter((d) => d.startsWith(`c${e.cityId}v`));
    expect(versionsBefore).toHaveLength(1);
    await database.db.transaction(async (tx) => {
      await refreshEstateStats(
        async (text) => ((await tx.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows,
        e.cityId,
      );
    });
    await app.dataEvents.publish(dataChanged(['deals'], [e.cityId]));
    await sleep(50);
    const rendered = await app.inject({ url: page(e) });
    expect(rendered.headers['x-cache']).not.toBe('store');
    await app.pageStore!.idle();
    const kept = await app.inject({ url: page(e) });
    expect(kept.headers['x-cache']).toBe('store');
    const versionsAfter = readdirSync(dayDir).filter((d) => d.startsWith(`c${e.cityId}v`));
    expect(versionsAfter).toHaveLength(1);
    expect(versionsAfter[0]).not.toBe(versionsBefore[0]);
  }, 120_000);
});

describe('page store: which requests it may answer', () => {
  const flags = { isApp: false, isIos: false, isAndroid: false, isWeixin: false, appVersion: 'h5' };
  it('keeps ordinary browsers’ pages only', () => {
    expect(storeVariantOf(flags)).toBe('plain');
    expect(storeVariantOf({ ...flags, isIos: true })).toBe('ios');
    expect(storeVariantOf({ ...flags, isAndroid: true })).toBe('android');
    expect(storeVariantOf({ ...flags, isWeixin: true })).toBeNull();
    expect(storeVariantOf({ ...flags, isApp: true, appVersion: '3.2.0' })).toBeNull();
  });
  it('an estate page path, exactly', () => {
    expect(estatePageOf('/605/house-detail/12')).toEqual({ cityId: 605, estateId: 12 });
    for (const url of [
      '/605/house-detail/12?x=1',
      '/605/house-detail/012',
      '/605/house-detail/12/',
      '/605/deal-history/12',
    ]) {
      expect(estatePageOf(url)).toBeNull();
    }
  });
  it('the day is China’s', () => {
    expect(chinaDate(Date.UTC(2026, 10, 28, 15, 59))).toBe('2026-11-28');
    expect(chinaDate(Date.UTC(2026, 10, 28, 16, 0))).toBe('2026-11-29');
  });
});

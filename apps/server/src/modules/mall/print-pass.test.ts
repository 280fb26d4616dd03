// The print pass (ADR 0013): signing and checking, then the whole path a bought report takes through the page
// server — the report queue signs a pass, the renderer sends it with the page's request, the page is rendered for a
// member (deal rows in full), `private, no-store`, past the page cache — and every bad pass seen as a visitor's.
// vitest has no web build: a tiny stand-in React Router build serves /:city/house-report, whose loader asks the
// real estate service for the latest deals with `context.printViewer` exactly as the real page's loader does (the
// real page printed by Chromium is the Playwright spec's, e2e/tests/market.spec.ts).
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { seedDatabase } from '@fjt/dataset';
import { DEAL_FREE_ROWS } from '@fjt/domain';
import { queryRows, sql } from '@fjt/db';
import { buildApp } from '../../app.ts';
import { FAKE_BUILD_SETTINGS, writeFakeWebBuild } from '../../testing.ts';
import { createReportFiles, reportPagePath } from './files.ts';
import { createPrintPasses, PRINT_PASS_HEADER, PRINT_PASS_MAX_TTL_MS } from './print-pass.ts';

describe('print passes', () => {
  let clock = 1_700_000_000_000;
  const passes = createPrintPasses({ secret: 'a-test-secret-of-at-least-32-characters', now: () => clock });
  const path = '/605/house-report?estateId=12';

  it('a pass is good for exactly its path until it expires', () => {
    const pass = passes.issue(path);
    expect(passes.verify(pass, path)).toBe(true);
    expect(passes.verify(pass, '/605/house-report?estateId=13')).toBe(false);
    expect(passes.verify(pass, '/605/house-report')).toBe(false);
    expect(passes.verify(pass, `${path}&x=1`)).toBe(false);
    clock += PRINT_PASS_MAX_TTL_MS - 1;
    expect(passes.verify(pass, path)).toBe(true);
    clock += 1;
    expect(passes.verify(pass, path)).toBe(false);
  });

  it('never lives longer than two minutes, whatever is asked', () => {
    const pass = passes.issue(path, 60 * 60_000);
    expect(Number(pass.split('.')[0]) - clock).toBe(PRINT_PASS_MAX_TTL_MS);
  });

  it('tampered, forged, malformed or another secret’s passes are refused', () => {
    const pass = passes.issue(path);
    const [expires, mac] = pass.split('.') as [string, string];
    // a later expiry with the old signature
    expect(passes.verify(`${Number(expires) + 1000}.${mac}`, path)).toBe(false);
    const flipped = `${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`;
    expect(passes.verify(`${expires}.${flipped}`, path)).toBe(false);
    for (const bad of [undefined, '', 'x', `${expires}`, `${expires}.`, `${pass}.x`, ['a', 'b'], 12, 'a'.repeat(500)]) {
      expect(passes.verify(bad, path)).toBe(false);
    }
    const other = createPrintPasses({ secret: 'another-secret-of-at-least-32-characters', now: () => clock });
    expect(other.verify(pass, path)).toBe(false);
    // unset secret: random per process, so two processes never accept each other's passes
    const a = createPrintPasses({ now: () => clock });
    const b = createPrintPasses({ now: () => clock });
    expect(a.verify(a.issue(path), path)).toBe(true);
    expect(b.verify(a.issue(path), path)).toBe(false);
  });
});

/** A stand-in for apps/web/build: the estate report's loader, its data printed as the page. */
const FAKE_BUILD = `
const houseReport = {
  async loader({ request, context }) {
    const estateId = Number(new URL(request.url).searchParams.get('estateId'));
    return context.services.estates.deals({ houseId: estateId, page: 1, size: 5 }, context.printViewer);
  },
  default: () => null,
};
const flags = { hasAction: false, hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false, hasErrorBoundary: false };
export const entry = {
  module: {
    default(request, status, headers, ctx) {
      headers.set('content-type', 'text/html; charset=utf-8');
      headers.set('cache-control', 'public, max-age=60');
      const data = JSON.stringify(ctx.staticHandlerContext.loaderData['house-report'] ?? null);
      return new Response('<!doctype html><pre id="data">' + data + '</pre>', { status, headers });
    },
  },
};
export const routes = {
  root: { id: 'root', path: '', module: { default: () => null } },
  'house-report': { id: 'house-report', parentId: 'root', path: ':city/house-report', module: houseReport },
};
export const assets = {
  entry: { module: '/entry.js', imports: [] },
  routes: {
    root: { id: 'root', path: '', module: '/root.js', hasLoader: false, ...flags },
    'house-report': { id: 'house-report', parentId: 'root', path: ':city/house-report', module: '/hr.js', hasLoader: true, ...flags },
  },
  url: '/manifest.js',
  version: '1',
};
${FAKE_BUILD_SETTINGS}`;

const SECRET = 'the-print-pass-secret-of-this-test-file';

interface Row {
  masked: boolean;
  totalPrice: number | null;
}

describe('a report page printed with a pass', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let buildDir: string;
  let estate: { code: string; cityId: number; targetId: number };
  let page: string;

  beforeAll(async () => {
    buildDir = writeFakeWebBuild(FAKE_BUILD);
    database = await createTestDatabase('small');
    await seedDatabase(database, { scale: 'small' });
    app = await buildApp({
      // the page cache on, as in production; the test hook dev/print-pass on
      env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: true, RESPONSE_CACHE_SECONDS: 60, PRINT_PASS_SECRET: SECRET },
      database,
      webBuildDir: buildDir,
    });
    await app.ready();
    // the busiest estate with a report on sale: more deals than the free rows
    const [busiest] = await queryRows<typeof estate>(
      database.db,
      sql`SELECT p.code, p.city_id AS "cityId", p.target_id AS "targetId" FROM mall_products p
          WHERE p.category = 'estate' AND p.active
          ORDER BY (SELECT count(*) FROM deal d WHERE d.estate_id = p.target_id) DESC LIMIT 1`,
    );
    estate = busiest!;
    page = reportPagePath({ category: 'estate', cityId: estate.cityId, targetId: estate.targetId });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    rmSync(buildDir, { recursive: true, force: true });
  });

  const load = (url: string, pass?: string) =>
    app.inject({ url, headers: pass === undefined ? {} : { [PRINT_PASS_HEADER]: pass } });
  const rowsOf = (body: string): Row[] => {
    const data = JSON.parse(/<pre id="data">(.*)<\/pre>/s.exec(body)![1]!) as { list: Row[] };
    return data.list;
  };
  const passFor = async (code: string) => {
    const res = await app.inject({ url: `/rabbit/v1/dev/print-pass?productCode=${code}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as { path: string; pass: string };
  };

  it('a visitor gets the masked rows, kept in the page cache', async () => {
    const first = await load(page);
    expect(first.statusCode).toBe(200);
    const rows = rowsOf(first.body);
    expect(rows.length).toBeGreaterThan(DEAL_FREE_ROWS);
    expect(rows.slice(DEAL_FREE_ROWS).every((r) => r.masked && r.totalPrice === null)).toBe(true);
    expect(rows.slice(0, DEAL_FREE_ROWS).every((r) => !r.masked)).toBe(true);
    expect((await load(page)).headers['x-cache']).toBe('hit');
  });

  it('a valid pass: every row in full, private, no-store, never from or into the page cache', async () => {
    const { path, pass } = await passFor(estate.code);
    expect(path).toBe(page);
    for (let i = 0; i < 2; i++) {
      const res = await load(page, pass);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-cache']).toBeUndefined();
      const rows = rowsOf(res.body);
      expect(rows.length).toBeGreaterThan(DEAL_FREE_ROWS);
      expect(rows.every((r) => !r.masked && typeof r.totalPrice === 'number')).toBe(true);
    }
    // a visitor right after: still the masked page
    const after = await load(page);
    expect(after.headers['x-cache']).toBe('hit');
    expect(
      rowsOf(after.body)
        .slice(DEAL_FREE_ROWS)
        .every((r) => r.masked),
    ).toBe(true);
  });

  it('the pass holder first, with nothing cached: the visitor after still gets masked rows (nothing was stored)', async () => {
    const fresh = `${page}&from=print`;
    const pass = createPrintPasses({ secret: SECRET, now: Date.now }).issue(fresh);
    const printed = await load(fresh, pass);
    expect(printed.headers['cache-control']).toBe('private, no-store');
    expect(rowsOf(printed.body).every((r) => !r.masked)).toBe(true);
    const visitor = await load(fresh);
    expect(visitor.headers['x-cache']).toBe('miss');
    expect(
      rowsOf(visitor.body)
        .slice(DEAL_FREE_ROWS)
        .every((r) => r.masked),
    ).toBe(true);
    // the same pass on another URL (or another product's pass on this one) is a visitor's
    expect(
      rowsOf((await load(page, pass)).body)
        .slice(DEAL_FREE_ROWS)
        .every((r) => r.masked),
    ).toBe(true);
    const other = await passFor(estate.code.replace(/\d+$/, (id) => String(Number(id) + 1)));
    expect(other.path).not.toBe(page);
    const res = await load(page, other.pass);
    expect(String(res.headers['cache-control'] ?? '')).not.toContain('private');
    expect(
      rowsOf(res.body)
        .slice(DEAL_FREE_ROWS)
        .every((r) => r.masked),
    ).toBe(true);
  });

  it('expired, tampered or malformed passes are a visitor: masked, never an error', async () => {
    const stale = createPrintPasses({ now: () => Date.now() - PRINT_PASS_MAX_TTL_MS - 1 }).issue(page);
    const { pass } = await passFor(estate.code);
    const [expires, mac] = pass.split('.') as [string, string];
    for (const bad of [stale, `${Number(expires) + 1}.${mac}`, `${expires}.${mac.slice(1)}A`, 'nonsense', '']) {
      const res = await load(page, bad);
      expect(res.statusCode, bad).toBe(200);
      expect(String(res.headers['cache-control'] ?? '')).not.toContain('private');
      expect(
        rowsOf(res.body)
          .slice(DEAL_FREE_ROWS)
          .every((r) => r.masked),
      ).toBe(true);
    }
  });

  it('the report queue signs a pass for the page it prints, which opens it', async () => {
    const printed: { path: string; rows: Row[] }[] = [];
    const files = createReportFiles({
      db: database.db,
      // the secret the app's page server checks with
      passes: createPrintPasses({ secret: SECRET, now: Date.now }),
      now: Date.now,
      retryDelayMs: 0,
      // the page loaded the way the Chromium renderer does: its one request carries the pass
      renderer: {
        async render(path, pass) {
          const res = await load(path, pass);
          expect(res.headers['cache-control']).toBe('private, no-store');
          printed.push({ path, rows: rowsOf(res.body) });
          return new TextEncoder().encode(`%PDF-1.4\n${'x'.repeat(200)}\n%%EOF`);
        },
      },
    });
    try {
      expect((await files.request(estate.code))?.status).toBe('pending');
      await files.drain();
      expect((await files.current([estate.code])).get(estate.code)?.status).toBe('ready');
    } finally {
      files.close();
    }
    expect(printed.map((p) => p.path)).toEqual([page]);
    expect(printed[0]!.rows.length).toBeGreaterThan(DEAL_FREE_ROWS);
    expect(printed[0]!.rows.every((r) => !r.masked && typeof r.totalPrice === 'number')).toBe(true);
  });

  it('the test hook answers 404 for an unknown product and 400 for a malformed code', async () => {
    expect((await app.inject({ url: '/rabbit/v1/dev/print-pass?productCode=RPT-E-999999999' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/rabbit/v1/dev/print-pass?productCode=%3C' })).statusCode).toBe(400);
  });
});

// Page render workers (ADR 0019): pages rendered in worker threads get their data from the main thread's services,
// answer exactly as pages rendered in-process do (status, headers, cookies, the policy naming their inline scripts,
// the cached copy's ETag and brotli form), take form posts, carry service errors as errors, and a worker that dies
// fails only its own request and is replaced. vitest has no web build: a stand-in React Router build whose
// loaders call the real estate service, as print-pass.test.ts does.
import { rmSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { seedDatabase } from '@fjt/dataset';
import { queryRows, sql } from '@fjt/db';
import { buildApp } from '../app.ts';
import { FAKE_BUILD_SETTINGS, writeFakeWebBuild } from '../testing.ts';

const FAKE_BUILD = `
const estate = {
  async loader({ params, context }) {
    return context.services.estates.basicInfo(Number(params.id));
  },
  default: () => null,
};
const broken = {
  async loader({ context }) {
    return context.services.estates.noSuchMethod(1);
  },
  default: () => null,
};
const refused = {
  async loader({ context }) {
    // 我的推荐 without a viewer: the service refuses with 401
    return context.services.superior.estates({ cityId: 605, page: 1 }, null);
  },
  default: () => null,
};
const crash = {
  async loader() {
    if (process.env.FJT_TEST_CRASH_IN_WORKER === '1' && !(await import('node:worker_threads')).isMainThread) process.exit(3);
    return { survived: true };
  },
  default: () => null,
};
const form = {
  async loader() { return null; },
  async action({ request }) {
    const body = await request.formData();
    return { said: body.get('said') };
  },
  default: () => null,
};
const flags = { hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false, hasErrorBoundary: false };
export const entry = {
  module: {
    default(request, status, headers, ctx) {
      headers.set('content-type', 'text/html; charset=utf-8');
      if (new URL(request.url).searchParams.has('cookie')) headers.append('set-cookie', 'seen=1; Path=/');
      const c = ctx.staticHandlerContext;
      const data = JSON.stringify({ loader: c.loaderData, action: c.actionData, errors: c.errors ? Object.keys(c.errors) : null });
      return new Response('<!doctype html><script>window.x=1</script><pre id="data">' + data + '</pre>' + 'x'.repeat(2000), { status, headers });
    },
    handleError() {},
  },
};
export const routes = {
  root: { id: 'root', path: '', module: { default: () => null } },
  estate: { id: 'estate', parentId: 'root', path: ':city/estate/:id', module: estate },
  broken: { id: 'broken', parentId: 'root', path: 'broken', module: broken },
  refused: { id: 'refused', parentId: 'root', path: 'refused', module: refused },
  crash: { id: 'crash', parentId: 'root', path: 'crash', module: crash },
  form: { id: 'form', parentId: 'root', path: 'form', module: form },
};
export const assets = {
  entry: { module: '/entry.js', imports: [] },
  routes: {
    root: { id: 'root', path: '', module: '/root.js', hasLoader: false, hasAction: false, ...flags },
    estate: { id: 'estate', parentId: 'root', path: ':city/estate/:id', module: '/e.js', hasLoader: true, hasAction: false, ...flags },
    broken: { id: 'broken', parentId: 'root', path: 'broken', module: '/b.js', hasLoader: true, hasAction: false, ...flags },
    refused: { id: 'refused', parentId: 'root', path: 'refused', module: '/r.js', hasLoader: true, hasAction: false, ...flags },
    crash: { id: 'crash', parentId: 'root', path: 'crash', module: '/c.js', hasLoader: true, hasAction: false, ...flags },
    form: { id: 'form', parentId: 'root', path: 'form', module: '/f.js', hasLoader: true, hasAction: true, ...flags },
  },
  url: '/manifest.js',
  version: '1',
};
${FAKE_BUILD_SETTINGS}`;

describe('page render workers', () => {
  let database: TestDatabase;
  let inWorkers: FastifyInstance;
  let inProcess: FastifyInstance;
  let buildDir: string;
  let estate: { id: number; cityId: number; name: string };

  beforeAll(async () => {
    process.env.FJT_TEST_CRASH_IN_WORKER = '1';
    buildDir = writeFakeWebBuild(FAKE_BUILD);
    database = await createTestDatabase('small');
    await seedDatabase(database, { scale: 'small' });
    const env = { LOG_LEVEL: 'silent' as const, APP_TEST_HOOKS: false, RESPONSE_CACHE_SECONDS: 60 };
    inWorkers = await buildApp({ env: { ...env, RENDER_WORKERS: 2 }, database, webBuildDir: buildDir });
    inProcess = await buildApp({ env: { ...env, RENDER_WORKERS: 0 }, database, webBuildDir: buildDir });
    await Promise.all([inWorkers.ready(), inProcess.ready()]);
    const [first] = await queryRows<typeof estate>(
      database.db,
      sql`SELECT id, city_id AS "cityId", name FROM estate ORDER BY id LIMIT 1`,
    );
    estate = first!;
  }, 120_000);

  afterAll(async () => {
    delete process.env.FJT_TEST_CRASH_IN_WORKER;
    await inWorkers?.close();
    await inProcess?.close();
    await database?.destroy();
    rmSync(buildDir, { recursive: true, force: true });
  });

  const dataOf = (body: string) =>
    JSON.parse(/<pre id="data">(.*)<\/pre>/s.exec(body)![1]!) as {
      loader: Record<string, unknown>;
      action: Record<string, unknown> | null;
      errors: string[] | null;
    };

  it('renders with the main thread’s services and answers as a page rendered in-process does', async () => {
    const url = `/${estate.cityId}/estate/${estate.id}?cookie=1`;
    const [a, b] = await Promise.all([inWorkers.inject({ url }), inProcess.inject({ url })]);
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect((dataOf(a.body).loader.estate as { name: string }).name).toBe(estate.name);
    expect(a.headers['content-security-policy']).toBe(b.headers['content-security-policy']);
    expect(a.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(a.headers['set-cookie']).toEqual(b.headers['set-cookie']);
    expect(a.headers['set-cookie']).toEqual(['seen=1; Path=/']);
  });

  it('a cached page: the worker’s ETag and brotli form are the ones served, fresh and from the cache', async () => {
    const url = `/${estate.cityId}/estate/${estate.id}`;
    const headers = { 'accept-encoding': 'br' };
    const fresh = await inWorkers.inject({ url, headers });
    expect(fresh.headers['x-cache']).toBe('miss');
    expect(fresh.headers['content-encoding']).toBe('br');
    const plain = await inProcess.inject({ url });
    expect(brotliDecompressSync(fresh.rawPayload).toString()).toBe(plain.body);
    expect(fresh.headers.etag).toBe(plain.headers.etag);
    const again = await inWorkers.inject({ url, headers });
    expect(again.headers['x-cache']).toBe('hit');
    expect(brotliDecompressSync(again.rawPayload).toString()).toBe(plain.body);
    const unchanged = await inWorkers.inject({ url, headers: { 'if-none-match': fresh.headers.etag as string } });
    expect(unchanged.statusCode).toBe(304);
  });

  it('takes a form post with its body', async () => {
    const res = await inWorkers.inject({
      method: 'POST',
      url: '/form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `said=${encodeURIComponent('你好')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res.body).action).toEqual({ form: { said: '你好' } });
  });

  it('a service call that fails is the loader’s error, as in-process', async () => {
    const [a, b] = await Promise.all([inWorkers.inject({ url: '/broken' }), inProcess.inject({ url: '/broken' })]);
    expect(a.statusCode).toBe(500);
    expect(b.statusCode).toBe(500);
    // no error boundary in the stand-in build: the error is the root's, the same either way
    expect(dataOf(a.body).errors).toEqual(['root']);
    expect(a.body).toBe(b.body);
  });

  it('a service’s 4xx refusal in a loader is that status (never a 500), in a worker as in-process', async () => {
    const [a, b] = await Promise.all([inWorkers.inject({ url: '/refused' }), inProcess.inject({ url: '/refused' })]);
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(dataOf(a.body).errors).toEqual(['root']);
    expect(a.body).toBe(b.body);
  });

  it('a worker that dies fails its own request, and another takes its place', async () => {
    const died = await inWorkers.inject({ url: '/crash' });
    expect(died.statusCode).toBe(500);
    expect(died.body).not.toMatch(/exited with code|at .*\.ts:\d+/);
    // both workers answer again (the dead one replaced): every request of a burst is served
    const next = await Promise.all(
      Array.from({ length: 6 }, () => inWorkers.inject({ url: `/${estate.cityId}/estate/${estate.id}?n=1` })),
    );
    expect(next.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
  }, 60_000);
});

// The edge of the server (issue 10): security headers, who is believed about the client's address, per-IP rate
// limits with Chinese refusals, and video plays counted once per viewer per hour — in process, and through Redis
// shared by two processes when TEST_REDIS_URL is set.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { seedDatabase } from '@fjt/dataset';
import { buildApp, type BuildOptions } from '../app.ts';
import { BASE_CSP, inlineScriptHashes, pageCsp } from './security.ts';

let database: TestDatabase;
const apps: FastifyInstance[] = [];
let videoId: number;

beforeAll(async () => {
  database = await createTestDatabase('small');
  await seedDatabase(database, { scale: 'small' });
  const [video] = await database.sql.query<{ id: number }>('SELECT id FROM video ORDER BY id LIMIT 1');
  videoId = video!.id;
});

afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await database.destroy();
});

async function start(env: Partial<BuildOptions['env']> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false, ...env }, database });
  await app.ready();
  apps.push(app);
  return app;
}

const CITY_LIST = '/rabbit/v1/config/city-list';

/** POST content/video/play of the test video, as a browser with this user agent. */
const play = (app: FastifyInstance, ua = 'test-viewer') =>
  app.inject({
    method: 'POST',
    url: '/rabbit/v1/content/video/play',
    headers: { 'user-agent': ua },
    payload: { id: videoId },
  });

describe('security headers', () => {
  it('every answer carries a CSP with frame-ancestors, nosniff and a Referrer-Policy; no HSTS over plain HTTP', async () => {
    const app = await start();
    for (const url of [CITY_LIST, '/rabbit/v1/no/such', '/healthz']) {
      const res = await app.inject(url);
      expect(res.headers['content-security-policy']).toBe(BASE_CSP);
      expect(BASE_CSP).toContain("frame-ancestors 'self'");
      expect(BASE_CSP).toContain("script-src 'self'");
      expect(BASE_CSP).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS when the public origin is HTTPS', async () => {
    const app = await start({ PUBLIC_ORIGIN: 'https://m.example.cn' });
    const res = await app.inject(CITY_LIST);
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
  });

  it("a page's policy allows exactly its own inline scripts, by hash", () => {
    const html =
      '<html><head><script>window.a=1</script><script src="/assets/x.js"></script>' +
      '<script type="application/ld+json">{"a":1}</script></head><body><script type="module">import "/m.js";</script>' +
      '<script>window.a=1</script></body></html>';
    const hashes = inlineScriptHashes(html);
    // window.a=1 twice counts once; the src script and the JSON data block need no hash
    expect(hashes).toEqual([
      "'sha256-WpNQcWxgTJamkluTtRGYllok20MyGquJpWh9YXWGA4E='",
      expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
    ]);
    expect(pageCsp(html)).toContain(`script-src 'self' ${hashes.join(' ')}`);
    expect(pageCsp('<p>no scripts</p>')).toBe(BASE_CSP);
  });
});

describe('rate limits', () => {
  it('refuses the read over the limit with 429, Retry-After and a Chinese envelope; writes count apart', async () => {
    const app = await start({ RATE_LIMIT_READS_PER_MINUTE: 5, RATE_LIMIT_WRITES_PER_MINUTE: 3 });
    for (let i = 0; i < 5; i++) expect((await app.inject(CITY_LIST)).statusCode).toBe(200);
    const refused = await app.inject(CITY_LIST);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ resultCode: 429, body: null });
    expect(refused.json().errMsg).toMatch(/^操作太频繁，请\d+秒后再试$/);

    // writes have their own budget, untouched by the reads above; a POST that only reads is a read
    const list = await app.inject({ method: 'POST', url: '/rabbit/v1/content/list', payload: { cityId: 605 } });
    expect(list.statusCode).toBe(429);
    const certify = () =>
      app.inject({ method: 'POST', url: '/rabbit/v1/report/certificate', payload: { estateId: 999_999 } });
    for (let i = 0; i < 3; i++) expect((await certify()).statusCode).toBe(404);
    expect((await certify()).statusCode).toBe(429);
  });

  it("counts the chat's fallback frames (which limit themselves per user) with the reads, not the writes", async () => {
    const app = await start({ RATE_LIMIT_WRITES_PER_MINUTE: 1 });
    const certify = () =>
      app.inject({ method: 'POST', url: '/rabbit/v1/report/certificate', payload: { estateId: 999_999 } });
    expect((await certify()).statusCode).toBe(404);
    expect((await certify()).statusCode).toBe(429);
    for (let i = 0; i < 3; i++) {
      const frames = await app.inject({ method: 'POST', url: '/rabbit/v1/im/frames', payload: { frames: [{}] } });
      expect(frames.statusCode, frames.body).toBe(401);
    }
  });

  it('X-Forwarded-For from an untrusted peer does not open a new budget', async () => {
    const app = await start({ RATE_LIMIT_READS_PER_MINUTE: 3 });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await app.inject({ url: CITY_LIST, headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('behind a trusted proxy each client address has its own budget', async () => {
    const app = await start({ RATE_LIMIT_READS_PER_MINUTE: 2, TRUST_PROXY: ['127.0.0.1'] });
    const get = (ip: string) => app.inject({ url: CITY_LIST, headers: { 'x-forwarded-for': ip } });
    expect((await get('203.0.113.1')).statusCode).toBe(200);
    expect((await get('203.0.113.1')).statusCode).toBe(200);
    expect((await get('203.0.113.1')).statusCode).toBe(429);
    expect((await get('203.0.113.2')).statusCode).toBe(200);
  });

  it('the play endpoint has a tighter limit of its own (30 a minute)', async () => {
    const app = await start({ RATE_LIMIT_WRITES_PER_MINUTE: 1000 });
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      codes.push((await play(app)).statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});

async function playCount(): Promise<number> {
  const [video] = await database.sql.query<{ play_count: number }>('SELECT play_count FROM video WHERE id = $1', [
    videoId,
  ]);
  return Number(video!.play_count);
}

describe('content/video/play counts one play per viewer per video per hour', () => {
  it('a second play by the same viewer answers the count unchanged; another viewer counts', async () => {
    const app = await start();
    const before = await playCount();
    const first = (await play(app, 'viewer-a')).json();
    expect(first.body).toEqual({ id: videoId, playCount: before + 1 });
    expect((await play(app, 'viewer-a')).json().body.playCount).toBe(before + 1);
    expect((await play(app, 'viewer-b')).json().body.playCount).toBe(before + 2);
    expect(await playCount()).toBe(before + 2);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('through Redis, shared by two processes', () => {
  it('counters and play claims are shared', async () => {
    const redisEnv = { REDIS_URL: process.env.TEST_REDIS_URL!, RATE_LIMIT_READS_PER_MINUTE: 4 };
    const [a, b] = [await start(redisEnv), await start(redisEnv)];
    // a fresh client address per run, so a previous run's counters in the shared Redis do not count
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    const get = (app: FastifyInstance) => app.inject({ url: CITY_LIST, remoteAddress: ip });
    const codes = [await get(a), await get(b), await get(a), await get(b), await get(a)].map((r) => r.statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429]);

    const ua = `redis-viewer-${randomUUID()}`;
    const before = await playCount();
    await play(a, ua);
    await play(b, ua);
    expect(await playCount()).toBe(before + 1);
  });
});

// The server's cross-cutting contract, on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { seedDatabase } from '@fjt/dataset';
import { KEEP_ALIVE_TIMEOUT_MS, buildApp } from './app.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase('small');
  await seedDatabase(database, { scale: 'small' });
  app = await buildApp({ env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false, API_DOCS: true }, database });
  // Routes that exist only in this test, to reach the error handler's branches.
  app.post(
    '/rabbit/v1/__test/echo',
    { schema: { body: z.object({ mobile: z.string().regex(/^1\d{10}$/, '请填写正确格式的手机号') }) } },
    async (req) => ({ resultCode: 0, errMsg: '', body: req.body }),
  );
  app.get('/rabbit/v1/__test/crash', async () => {
    throw new Error('secret internals at /srv/app.ts:12');
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.destroy();
});

describe('behind the proxy', () => {
  it('keeps idle keep-alive connections longer than nginx keeps its upstream ones (60 s), so nginx closes first', () => {
    expect(app.server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    const conf = readFileSync(new URL('../../../deploy/nginx.conf', import.meta.url), 'utf8');
    const nginxSeconds = Number(/keepalive_timeout (\d+)s;/.exec(conf)?.[1]);
    expect(nginxSeconds * 1000).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
  });
});

describe('API envelope and errors', () => {
  it('GET /healthz says ok and nothing about the database behind it', async () => {
    const res = await app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.body).not.toMatch(/pglite|postgres|driver|database/i);
  });

  it('config/city-list answers the envelope with the seeded cities, 605 杭州 among them', async () => {
    const res = await app.inject('/rabbit/v1/config/city-list');
    expect(res.statusCode).toBe(200);
    const json = res.json() as {
      resultCode: number;
      errMsg: string;
      body: { list: { id: number; name: string; isHot: boolean }[] };
    };
    expect(json.resultCode).toBe(0);
    expect(json.errMsg).toBe('');
    expect(json.body.list.length).toBeGreaterThanOrEqual(1);
    expect(json.body.list.find((c) => c.id === 605)?.name).toBe('杭州');
  });

  it('config/city-list?hot=1 only lists hot cities', async () => {
    const json = (await app.inject('/rabbit/v1/config/city-list?hot=1')).json() as {
      body: { list: { isHot: boolean }[] };
    };
    expect(json.body.list.length).toBeGreaterThan(0);
    expect(json.body.list.every((c) => c.isHot)).toBe(true);
  });

  it('invalid query input is a 400 with resultCode ≠ 0 and a Chinese errMsg', async () => {
    const res = await app.inject('/rabbit/v1/config/city-list?hot=yes');
    expect(res.statusCode).toBe(400);
    const json = res.json() as { resultCode: number; errMsg: string; body: unknown };
    expect(json.resultCode).not.toBe(0);
    expect(json.errMsg).toMatch(/[\u4e00-\u9fa5]/);
    expect(json.body).toBeNull();
  });

  it('invalid body input names the problem in Chinese', async () => {
    const res = await app.inject({ method: 'POST', url: '/rabbit/v1/__test/echo', payload: { mobile: '123' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errMsg).toContain('请填写正确格式的手机号');
  });

  it('malformed JSON is a 400 envelope, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/rabbit/v1/__test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"mobile":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resultCode: 400, body: null });
    expect(res.json().errMsg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('an unexpected failure is a 500 envelope with no internals', async () => {
    const res = await app.inject('/rabbit/v1/__test/crash');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ resultCode: 500, errMsg: '服务器开小差了，请稍后再试', body: null });
    expect(res.body).not.toContain('secret');
  });

  it('unknown API paths answer a JSON 404 envelope for every method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/rabbit/v1/no/such/thing' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ resultCode: 404, errMsg: '接口不存在', body: null });
    }
  });

  it('serves the OpenAPI UI and document at /rabbit/v1/docs when API_DOCS is on', async () => {
    expect((await app.inject('/rabbit/v1/docs')).statusCode).toBeLessThan(400);
    const res = await app.inject('/rabbit/v1/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/rabbit/v1/config/city-list');
  });
});

describe('the OpenAPI UI outside development', () => {
  it('is not served unless API_DOCS is on; its paths answer the envelope 404', async () => {
    const plain = await buildApp({ env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false }, database });
    await plain.ready();
    try {
      for (const url of ['/rabbit/v1/docs', '/rabbit/v1/docs/json', '/rabbit/v1/docs/static/index.html']) {
        const res = await plain.inject(url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ resultCode: 404, errMsg: '接口不存在', body: null });
      }
    } finally {
      await plain.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { buildApp } from '../../app.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false }, database });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.destroy();
});

interface Envelope {
  resultCode: number;
  errMsg?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each path has its own body; the tests read it loosely
  body?: any;
}

const get = async (url: string) => {
  const res = await app.inject(`/rabbit/v1/${url}`);
  return { status: res.statusCode, json: res.json() as Envelope };
};

describe('config/tax-rules', () => {
  it('answers the lines with their sources and the city’s 核定 rate', async () => {
    const { status, json } = await get('config/tax-rules?cityId=201');
    expect(status).toBe(200);
    expect(json.resultCode).toBe(0);
    expect(json.body.city.cityName).toBe('上海');
    expect(json.body.lines.map((l: { key: string }) => l.key)).toEqual(['deed', 'vat', 'surcharge', 'iit', 'agent']);
    expect(json.body.lines[0].source.effective).toBe('2024-12-01');
  });
});

describe('config/purchase-policy', () => {
  it('a lifted city and a limited one', async () => {
    const hz = await get('config/purchase-policy?cityId=605');
    expect(hz.json.body).toMatchObject({ status: 'lifted', effective: '2024-05-09' });
    const bj = await get('config/purchase-policy?cityId=101');
    expect(bj.json.body.status).toBe('limited');
    expect(bj.json.body.zones.map((z: { label: string }) => z.label)).toEqual(['五环内', '五环外']);
  });
});

describe('tools/integral/rule', () => {
  it('上海 has a rule; 杭州 has none and says so', async () => {
    const sh = await get('tools/integral/rule?cityId=201');
    expect(sh.json.body.rule.effective).toBe('2021-02-08');
    const hz = await get('tools/integral/rule?cityId=605');
    expect(hz.json.body).toEqual({ cityId: 605, rule: null, message: '当前城市暂无积分规则' });
  });
});

describe('bad input', () => {
  it.each(['config/tax-rules', 'config/purchase-policy', 'tools/integral/rule'])(
    '%s: unknown city → 404 城市不存在, bad or missing id → 400 in Chinese',
    async (path) => {
      const unknown = await get(`${path}?cityId=999`);
      expect(unknown.status).toBe(404);
      expect(unknown.json.errMsg).toBe('城市不存在');
      for (const q of ['?cityId=abc', '?cityId=-1', '']) {
        const bad = await get(`${path}${q}`);
        expect(bad.status).toBe(400);
        expect(bad.json.resultCode).not.toBe(0);
        expect(bad.json.errMsg).toMatch(/cityId/);
      }
    },
  );
});

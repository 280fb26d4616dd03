// config/city-list and app/house/areaList on a real database with a few fixture rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { schema } from '@fjt/db';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import type { AreaOption } from '@fjt/domain';
import { buildApp } from '../../app.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.insert(schema.city).values([
    { id: 605, name: '杭州', pinyin: 'hangzhou', adcode: '330100', province: '浙江省', isHot: true },
    { id: 606, name: '宁波', pinyin: 'ningbo', adcode: '330200', province: '浙江省' },
  ]);
  await db.insert(schema.district).values([
    {
      id: 330106,
      cityId: 605,
      name: '西湖区',
      adcode: '330106',
      ring: 'core',
      centerLng: 120.13,
      centerLat: 30.26,
      sortOrder: 1,
    },
    {
      id: 330110,
      cityId: 605,
      name: '余杭区',
      adcode: '330110',
      ring: 'outer',
      centerLng: 119.98,
      centerLat: 30.42,
      sortOrder: 2,
    },
  ]);
  await db.insert(schema.plate).values([
    { id: 330106001, cityId: 605, districtId: 330106, name: '文新', lng: 120.11, lat: 30.29, sortOrder: 1 },
    { id: 330106002, cityId: 605, districtId: 330106, name: '蒋村', lng: 120.08, lat: 30.28, sortOrder: 2 },
    { id: 330110001, cityId: 605, districtId: 330110, name: '良渚', lng: 120.04, lat: 30.37, sortOrder: 1 },
  ]);
  const series = (level: string, targetId: number, month: string, listingAvg: number) => ({
    level,
    targetId,
    cityId: 605,
    month,
    listingAvg,
    listingCount: 10,
  });
  await db
    .insert(schema.priceSeries)
    .values([
      series('city', 605, '2026-05-01', 29_000),
      series('city', 605, '2026-06-01', 28_900),
      series('district', 330106, '2026-05-01', 50_000),
      series('district', 330106, '2026-06-01', 49_000),
      series('plate', 330106001, '2026-06-01', 52_000),
      series('plate', 330110001, '2026-05-01', 20_000),
      series('plate', 330110001, '2026-06-01', 20_500),
    ]);
  app = await buildApp({ env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false }, database });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.destroy();
});

type Body = { month: string | null; list: AreaOption[] };
const get = async (url: string) => {
  const res = await app.inject(url);
  return { status: res.statusCode, json: res.json() as { resultCode: number; errMsg: string; body: Body } };
};

describe('config/city-list', () => {
  it('gives each city the centre of its districts (null without districts)', async () => {
    const res = await app.inject('/rabbit/v1/config/city-list');
    const list = (res.json() as { body: { list: { id: number; lng: number | null; lat: number | null }[] } }).body.list;
    const hangzhou = list.find((c) => c.id === 605) as
      { initials?: string; lng: number | null; lat: number | null } | undefined;
    expect(hangzhou?.initials).toBe('hz');
    expect(hangzhou?.lng).toBeCloseTo(120.055, 6);
    expect(hangzhou?.lat).toBeCloseTo(30.34, 6);
    expect(list.find((c) => c.id === 606)).toMatchObject({ lng: null, lat: null });
  });

  it('lists every city with its name and pinyin, or only the hot ones with hot=1', async () => {
    const all = (await app.inject('/rabbit/v1/config/city-list')).json() as {
      body: { list: { id: number; name: string; pinyin: string; isHot: boolean }[] };
    };
    expect(all.body.list.map((c) => [c.id, c.name, c.pinyin, c.isHot])).toEqual([
      [605, '杭州', 'hangzhou', true],
      [606, '宁波', 'ningbo', false],
    ]);
    const hot = (await app.inject('/rabbit/v1/config/city-list?hot=1')).json() as { body: { list: { id: number }[] } };
    expect(hot.body.list.map((c) => c.id)).toEqual([605]);
  });

  it('rejects a malformed hot flag with a Chinese message', async () => {
    for (const url of ['/rabbit/v1/config/city-list?hot=2', '/rabbit/v1/config/city-list?hot=yes']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().resultCode).not.toBe(0);
      expect(res.json().errMsg).toBe('hot 只能是 0 或 1');
    }
  });
});

describe('app/house/areaList', () => {
  it('lists districts with their plates and the latest 挂牌均价 with MoM', async () => {
    const { status, json } = await get('/rabbit/v1/app/house/areaList?cityId=605');
    expect(status).toBe(200);
    expect(json.body.month).toBe('2026-06-01');
    const [xihu, yuhang] = json.body.list;
    expect(xihu).toMatchObject({ id: 330106, name: '西湖区', type: 'district', listingAvg: 49_000, listingMom: -2 });
    expect(xihu?.children?.map((p) => p.name)).toEqual(['文新', '蒋村']);
    expect(xihu?.children?.[0]).toMatchObject({ listingAvg: 52_000, listingMom: null });
    expect(xihu?.children?.[1]).toMatchObject({ listingAvg: null, listingMom: null });
    expect(yuhang?.children?.[0]).toMatchObject({ name: '良渚', listingAvg: 20_500, listingMom: 2.5 });
  });

  it('applies the four option flags', async () => {
    const { json } = await get(
      '/rabbit/v1/app/house/areaList?cityId=605&withNearAreaOption=1&withNearAreaOptionChild=1&withUnlimitedPlateOption=1&withUnlimitedDistrictOption=true',
    );
    const names = json.body.list.map((o) => o.name);
    expect(names).toEqual(['附近', '不限', '西湖区', '余杭区']);
    expect(json.body.list[0]?.children?.map((c) => [c.name, c.id])).toEqual([
      ['1公里', 1000],
      ['2公里', 2000],
      ['3公里', 3000],
    ]);
    expect(json.body.list[2]?.children?.[0]).toMatchObject({ id: 0, name: '不限', type: 'unlimited' });
  });

  it('the near option has no children unless asked for', async () => {
    const { json } = await get('/rabbit/v1/app/house/areaList?cityId=605&withNearAreaOption=1');
    expect(json.body.list[0]).toMatchObject({ name: '附近', children: [] });
    expect(json.body.list[1]?.children?.[0]?.name).toBe('文新');
  });

  it('rejects a missing or malformed cityId with a Chinese message', async () => {
    for (const url of ['/rabbit/v1/app/house/areaList', '/rabbit/v1/app/house/areaList?cityId=abc']) {
      const { status, json } = await get(url);
      expect(status).toBe(400);
      expect(json.resultCode).not.toBe(0);
      expect(json.errMsg).toMatch(/cityId/);
      expect(json.errMsg).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const flag of [
      'withNearAreaOption',
      'withNearAreaOptionChild',
      'withUnlimitedPlateOption',
      'withUnlimitedDistrictOption',
    ]) {
      const bad = await get(`/rabbit/v1/app/house/areaList?cityId=605&${flag}=yes`);
      expect(bad.status, flag).toBe(400);
      expect(bad.json.resultCode).not.toBe(0);
      expect(bad.json.errMsg).toBe(`${flag} 只能是 0/1 或 true/false`);
    }
  });

  it('answers 404 for an unknown city', async () => {
    const { status, json } = await get('/rabbit/v1/app/house/areaList?cityId=999');
    expect(status).toBe(404);
    expect(json.resultCode).not.toBe(0);
    expect(json.errMsg).toBe('城市不存在');
  });
});

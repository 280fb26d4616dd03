import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { schema } from '@fjt/db';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { buildApp } from '../../app.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.insert(schema.city).values([
    { id: 605, name: '杭州', pinyin: 'hangzhou', adcode: '330100', province: '浙江省' },
    { id: 606, name: '宁波', pinyin: 'ningbo', adcode: '330200', province: '浙江省' },
  ]);
  // 100 listings in 605 at 100万…595万 (95 m², so 单价 tracks 总价); a sold one that must not count.
  const listing = (id: number, totalPrice: number, status = 'on_sale') => ({
    id,
    cityId: 605,
    districtId: 330106,
    plateId: 1,
    estateId: 1,
    rooms: 2,
    halls: 1,
    baths: 1,
    area: 95,
    orientation: '南',
    floor: 5,
    totalFloors: 18,
    decoration: '精装',
    hasElevator: true,
    totalPrice,
    unitPrice: Math.round(totalPrice / 95),
    initialTotalPrice: totalPrice,
    initialUnitPrice: Math.round(totalPrice / 95),
    listedAt: '2026-05-01',
    status,
    yearsHeld: '满五',
    onlyHome: true,
    ownership: '商品房',
    mortgaged: false,
  });
  await db
    .insert(schema.listing)
    .values([
      ...Array.from({ length: 100 }, (_, i) => listing(i + 1, 1_000_000 + i * 50_000)),
      listing(1000, 90_000_000, 'sold'),
    ]);
  app = await buildApp({ env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false }, database });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.destroy();
});

describe('config/getComplexCondition', () => {
  it('answers every filter group, with 总价 bands from the city’s on-sale listings', async () => {
    const res = await app.inject('/rabbit/v1/config/getComplexCondition?cityId=605&version=1');
    expect(res.statusCode).toBe(200);
    const { body } = res.json() as {
      body: { version: number; groups: { key: string; options: { value: string; label: string }[] }[] };
    };
    expect(body.version).toBe(1);
    expect(body.groups).toHaveLength(17);
    const price = body.groups.find((g) => g.key === 'price')!;
    // Quintiles of 100万…595万 are ≈ 199/298/397/496万, rounded to 50万 steps.
    expect(price.options.map((o) => o.label)).toEqual([
      '200万以下',
      '200-300万',
      '300-400万',
      '400-500万',
      '500万以上',
    ]);
    const single = body.groups.find((g) => g.key === 'singlePrice')!;
    expect(single.options.length).toBeGreaterThanOrEqual(3);
    expect(single.options[0]!.label).toMatch(/元\/㎡$/);
  });

  it('a city without listings still gets every group, without money bands', async () => {
    const res = await app.inject('/rabbit/v1/config/getComplexCondition?cityId=606');
    const { body } = res.json() as { body: { groups: { key: string; options: unknown[] }[] } };
    expect(body.groups.find((g) => g.key === 'price')!.options).toEqual([]);
    expect(body.groups.find((g) => g.key === 'roomType')!.options.length).toBe(5);
  });

  it('validates cityId and version', async () => {
    for (const url of [
      '/rabbit/v1/config/getComplexCondition',
      '/rabbit/v1/config/getComplexCondition?cityId=abc',
      '/rabbit/v1/config/getComplexCondition?cityId=605&version=2',
      '/rabbit/v1/config/getComplexCondition?cityId=605&version=x',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().resultCode).not.toBe(0);
      expect(res.json().errMsg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const unknown = await app.inject('/rabbit/v1/config/getComplexCondition?cityId=4040');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().resultCode).not.toBe(0);
    expect(unknown.json().errMsg).toBe('城市不存在');
  });
});

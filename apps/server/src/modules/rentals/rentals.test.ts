// estate/rent/list on the seeded small dataset (city 605).
import { beforeAll, describe, expect, it } from 'vitest';
import type { RentListBody } from '@fjt/domain';
import { seededApp } from '../../testing.ts';

const seeded = seededApp();
let estateId: number;

beforeAll(async () => {
  const [row] = await seeded.database.sql.query<{ estate_id: number }>(
    `SELECT estate_id FROM rental WHERE status = 'on_rent' GROUP BY estate_id ORDER BY count(*) DESC, estate_id LIMIT 1`,
  );
  estateId = row!.estate_id;
});

const list = async (query: string) => {
  const res = await seeded.app.inject(`/rabbit/v1/estate/rent/list?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: RentListBody }).body;
};

describe('estate/rent/list', () => {
  it('lists an estate’s on-offer rentals with its rent level', async () => {
    const body = await list(`cityId=605&houseId=${estateId}`);
    const [count] = await seeded.database.sql.query<{ n: number; avg: number }>(
      `SELECT count(*)::int AS n, round(avg(monthly_rent))::int AS avg FROM rental WHERE estate_id = $1 AND status = 'on_rent'`,
      [estateId],
    );
    expect(body.total).toBe(count!.n);
    expect(body.list.length).toBe(Math.min(20, count!.n));
    expect(body.list.every((r) => r.estateId === estateId)).toBe(true);
    expect(body.summary).toMatchObject({ estateId, onRentCount: count!.n, rentAvgMonthly: count!.avg });
    expect(body.summary!.trend.length).toBeGreaterThan(0);
    if (body.summary!.rentAvg !== null) expect(body.summary!.rentToPrice).toBeGreaterThan(100);
  });

  it('gives an estate with rentals in its past but none on offer now 在租0套 and 租金均价 --, everywhere (estate 5087)', async () => {
    const [past] = await seeded.database.sql.query<{ estate_id: number; rentals: number }>(
      `SELECT r.estate_id, count(*)::int AS rentals FROM rental r
       WHERE EXISTS (SELECT 1 FROM price_series p WHERE p.level = 'estate' AND p.target_id = r.estate_id AND p.rent_avg IS NOT NULL)
       GROUP BY r.estate_id HAVING count(*) FILTER (WHERE r.status = 'on_rent') = 0
       ORDER BY count(*) DESC, r.estate_id LIMIT 1`,
    );
    const id = past!.estate_id;
    const body = await list(`cityId=605&houseId=${id}`);
    expect(body.total).toBe(0);
    expect(body.summary).toMatchObject({ onRentCount: 0, rentAvg: null, rentAvgMonthly: null, rentToPrice: null });
    expect(body.summary!.trend.at(-1)!.rentAvg).toBeNull();
    const get = async <T>(url: string) => ((await seeded.app.inject(url)).json() as { body: T }).body;
    const basic = await get<{ onRentCount: number }>(`/rabbit/v1/house/basic-info?houseId=${id}`);
    const note = await get<{ rentalCount: number; onRentCount: number }>(
      `/rabbit/v1/house/analysisDataSource?houseId=${id}`,
    );
    expect(basic.onRentCount).toBe(0);
    expect(note).toMatchObject({ rentalCount: past!.rentals, onRentCount: 0 });
  });

  it('searches the whole city without an estate, 20 per page, pages without overlap', async () => {
    const first = await list('cityId=605');
    const second = await list('cityId=605&page=2');
    expect(first.summary).toBeNull();
    expect(first.list).toHaveLength(20);
    const ids = new Set(first.list.map((r) => r.id));
    expect(second.list.some((r) => ids.has(r.id))).toBe(false);
  });

  it('filters by rental type, rooms and rent band, and sorts by rent', async () => {
    const body = await list('cityId=605&rental=whole&roomType=2,3&rent=2000-8000&tenancyOrder=rent_asc&size=50');
    expect(body.list.length).toBeGreaterThan(0);
    for (const r of body.list) {
      expect(r.rentType).toBe('whole');
      expect([2, 3]).toContain(r.rooms);
      expect(r.monthlyRent).toBeGreaterThanOrEqual(2000);
      expect(r.monthlyRent).toBeLessThan(8000);
    }
    const rents = body.list.map((r) => r.monthlyRent);
    expect([...rents].sort((a, b) => a - b)).toEqual(rents);
  });

  it('filters by distance to the metro', async () => {
    const body = await list('cityId=605&metroDistance=800&size=50');
    expect(body.list.every((r) => r.stationDistanceM !== null && r.stationDistanceM <= 800)).toBe(true);
  });

  it('rejects bad input with Chinese messages; unknown estate or city is a 404', async () => {
    for (const q of [
      'houseId=1',
      'cityId=abc',
      'cityId=605&houseId=abc',
      `cityId=605&kw=${'西'.repeat(31)}`,
      'cityId=605&metroDistance=50',
      'cityId=605&metroDistance=far',
      'cityId=605&tenancyOrder=cheap',
      'cityId=605&rental=room',
      'cityId=605&roomType=7',
      'cityId=605&rent=cheap',
      'cityId=605&size=100',
      'cityId=605&page=0',
    ]) {
      const res = await seeded.app.inject(`/rabbit/v1/estate/rent/list?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().resultCode, q).not.toBe(0);
      expect(res.json().errMsg, q).toMatch(/[\u4e00-\u9fa5]/);
    }
    const estate = await seeded.app.inject('/rabbit/v1/estate/rent/list?cityId=605&houseId=999999999');
    expect(estate.statusCode).toBe(404);
    expect(estate.json().resultCode).not.toBe(0);
    expect(estate.json().errMsg).toBe('小区不存在');
    const city = await seeded.app.inject('/rabbit/v1/estate/rent/list?cityId=7');
    expect(city.statusCode).toBe(404);
    expect(city.json().errMsg).toBe('城市不存在');
  });
});

describe('estate/rent/list?kw', () => {
  it('keeps to the estates the keyword matches', async () => {
    const [estate] = await seeded.database.sql.query<{ name: string }>(`SELECT name FROM estate WHERE id = $1`, [
      estateId,
    ]);
    const body = await list(`cityId=605&kw=${encodeURIComponent(estate!.name)}&size=50`);
    expect(body.list.length).toBeGreaterThan(0);
    expect(body.list.every((r) => r.estateName.includes(estate!.name.slice(0, 1)))).toBe(true);
    expect(body.list.some((r) => r.estateId === estateId)).toBe(true);
  });
});

// estate/list on the seeded small dataset (city 605): figures equal the estates' latest series rows.
import { describe, expect, it } from 'vitest';
import type { EstateListBody } from '@fjt/domain';
import { seededApp } from '../../testing.ts';

const seeded = seededApp();

const list = async (query: string) => {
  const res = await seeded.app.inject(`/rabbit/v1/estate/list?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: EstateListBody }).body;
};

describe('estate/list', () => {
  it('lists the city’s estates 20 a page with their latest series figures', async () => {
    const body = await list('cityId=605');
    const [count] = await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM estate WHERE city_id = 605`,
    );
    expect(body.scope).toEqual({ level: 'city', id: 605, name: '杭州' });
    expect(body.total).toBe(count!.n);
    expect(body.list).toHaveLength(20);
    const first = body.list[0]!;
    const [series] = await seeded.database.sql.query<{ listing_avg: number; listing_count: number }>(
      `SELECT listing_avg, listing_count FROM price_series WHERE level = 'estate' AND target_id = $1
       ORDER BY month DESC LIMIT 1`,
      [first.id],
    );
    expect(first.listingAvg).toBe(series!.listing_avg);
    expect(first.onSaleCount).toBe(series!.listing_count);
  });

  it('narrows to a district or a plate and names the scope', async () => {
    const [plate] = await seeded.database.sql.query<{ id: number; name: string; district_id: number }>(
      `SELECT p.id, p.name, p.district_id FROM plate p JOIN estate e ON e.plate_id = p.id WHERE p.city_id = 605
       GROUP BY p.id ORDER BY count(*) DESC LIMIT 1`,
    );
    const byPlate = await list(`cityId=605&plateId=${plate!.id}&size=50`);
    expect(byPlate.scope).toEqual({ level: 'plate', id: plate!.id, name: plate!.name });
    expect(byPlate.list.every((e) => e.plateName === plate!.name)).toBe(true);
    const byDistrict = await list(`cityId=605&districtId=${plate!.district_id}`);
    expect(byDistrict.scope.level).toBe('district');
    expect(byDistrict.total).toBeGreaterThanOrEqual(byPlate.total);
  });

  it('sorts by price, change, deals and age', async () => {
    const asc = (await list('cityId=605&smartOrder=avgPrice_asc&size=50')).list.map((e) => e.listingAvg ?? Infinity);
    expect([...asc].sort((a, b) => a - b)).toEqual(asc);
    const rise = (await list('cityId=605&smartOrder=rise_desc&size=50')).list.map((e) => e.listingMom ?? -Infinity);
    expect([...rise].sort((a, b) => b - a)).toEqual(rise);
    const deals = (await list('cityId=605&smartOrder=dealCount_desc&size=50')).list.map((e) => e.dealCount);
    expect([...deals].sort((a, b) => b - a)).toEqual(deals);
    const years = (await list('cityId=605&smartOrder=buildYear_desc&size=50')).list.map((e) => e.buildYear ?? 0);
    expect([...years].sort((a, b) => b - a)).toEqual(years);
  });

  it('filters by price band and building age', async () => {
    const body = await list('cityId=605&singlePrice=20000-40000&homeAge=0-15&size=50');
    expect(body.list.length).toBeGreaterThan(0);
    for (const e of body.list) {
      expect(e.listingAvg).toBeGreaterThanOrEqual(20000);
      expect(e.listingAvg).toBeLessThan(40000);
      expect(e.buildYear).toBeGreaterThanOrEqual(2026 - 15);
    }
  });

  it('rejects bad input in Chinese; an unknown city, or a district or plate of another city, is a 404', async () => {
    for (const q of [
      '',
      'cityId=abc',
      'cityId=605&districtId=abc',
      'cityId=605&plateId=abc',
      `cityId=605&kw=${'西'.repeat(31)}`,
      'cityId=605&kw=%20',
      'cityId=605&smartOrder=cheap',
      'cityId=605&singlePrice=x',
      'cityId=605&homeAge=old',
      'cityId=605&page=0',
      'cityId=605&size=99',
    ]) {
      const res = await seeded.app.inject(`/rabbit/v1/estate/list?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().resultCode, q).not.toBe(0);
      expect(res.json().errMsg, q).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const q of ['cityId=9', 'cityId=605&districtId=110101', 'cityId=605&plateId=999999999']) {
      const res = await seeded.app.inject(`/rabbit/v1/estate/list?${q}`);
      expect(res.statusCode, q).toBe(404);
      expect(res.json().resultCode, q).not.toBe(0);
      expect(res.json().errMsg, q).toBe('城市或区域不存在');
    }
  });
});

describe('estate/list?kw', () => {
  it('lists the estates a keyword matches, best match first, in 汉字 or pinyin', async () => {
    const [estate] = await seeded.database.sql.query<{ id: number; name: string }>(
      `SELECT id, name FROM estate WHERE city_id = 605 ORDER BY id LIMIT 1`,
    );
    const byName = await list(`cityId=605&kw=${encodeURIComponent(estate!.name)}`);
    expect(byName.list[0]!.id).toBe(estate!.id);
    expect(byName.total).toBeGreaterThanOrEqual(1);
    const prefix = estate!.name.slice(0, 1);
    const byPrefix = await list(`cityId=605&kw=${encodeURIComponent(prefix)}&size=50`);
    expect(byPrefix.list.every((e) => e.name.includes(prefix))).toBe(true);
  });

  it('a keyword without matches gives an empty list, not an error', async () => {
    const body = await list('cityId=605&kw=qqqqzzzz');
    expect(body.total).toBe(0);
    expect(body.list).toEqual([]);
  });
});

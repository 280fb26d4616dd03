// house/listing/search and house/listing/detail on the seeded small dataset (city 605).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetailBody, ListingSearchBody } from '@fjt/domain';
import { seededApp } from '../../testing.ts';

const seeded = seededApp();
let estateId: number;

beforeAll(async () => {
  const [row] = await seeded.database.sql.query<{ estate_id: number }>(
    `SELECT estate_id FROM listing WHERE status = 'on_sale' AND city_id = 605 GROUP BY estate_id ORDER BY count(*) DESC, estate_id LIMIT 1`,
  );
  estateId = row!.estate_id;
});

const get = async <T>(path: string) => {
  const res = await seeded.app.inject(`/rabbit/v1/${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
};

const failure = async (path: string, status: number) => {
  const res = await seeded.app.inject(`/rabbit/v1/${path}`);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as { resultCode: number; errMsg: string };
};

describe('house/listing/search', () => {
  it('lists an estate’s on-sale listings with its supply header and 12 months', async () => {
    const body = await get<ListingSearchBody>(`house/listing/search?cityId=605&houseId=${estateId}`);
    const [count] = await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM listing WHERE estate_id = $1 AND status = 'on_sale'`,
      [estateId],
    );
    expect(body.total).toBe(count!.n);
    expect(body.summary.onSaleCount).toBe(count!.n);
    expect(body.summary.estateId).toBe(estateId);
    expect(body.summary.months).toHaveLength(12);
    expect(body.list.length).toBe(Math.min(20, count!.n));
    expect(body.list.every((l) => l.estateId === estateId)).toBe(true);
  });

  it('searches the city, pages without overlap and sorts by total price', async () => {
    const first = await get<ListingSearchBody>('house/listing/search?cityId=605&order=totalPrice_asc');
    const second = await get<ListingSearchBody>('house/listing/search?cityId=605&order=totalPrice_asc&page=2');
    expect(first.summary.estateId).toBeNull();
    expect(first.summary.name).toBe('杭州');
    expect(first.list).toHaveLength(20);
    const ids = new Set(first.list.map((l) => l.id));
    expect(second.list.some((l) => ids.has(l.id))).toBe(false);
    const prices = [...first.list, ...second.list].map((l) => l.totalPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('applies every filter', async () => {
    const q =
      'cityId=605&roomType=2,3&area=70-110&floor=middle,high&orientation=南,南北&decoration=精装&holdLimit=满二&elevator=1';
    const body = await get<ListingSearchBody>(`house/listing/search?${encodeURI(q)}`);
    expect(body.total).toBeGreaterThan(0);
    for (const l of body.list) {
      expect([2, 3]).toContain(l.rooms);
      expect(l.area).toBeGreaterThanOrEqual(70);
      expect(l.area).toBeLessThan(110);
      expect(l.floor * 3).toBeGreaterThan(l.totalFloors);
      expect(['南', '南北']).toContain(l.orientation);
      expect(l.decoration).toBe('精装');
      expect(['满二', '满五']).toContain(l.yearsHeld);
      expect(l.hasElevator).toBe(true);
    }
  });

  it('narrows to the estates a keyword matches (汉字 or pinyin initials), as search/estate does', async () => {
    const [estate] = await seeded.database.sql.query<{ name: string; pinyin: string }>(
      `SELECT e.name, e.pinyin FROM estate e WHERE e.id = ${estateId}`,
    );
    const name = estate!.name;
    const byName = await get<ListingSearchBody>(`house/listing/search?cityId=605&kw=${encodeURIComponent(name)}`);
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.list.map((l) => l.estateName)).toContain(name);
    const matched = await get<{ list: { name: string }[] }>(
      `estate/list?cityId=605&kw=${encodeURIComponent(name)}&size=50`,
    );
    const names = new Set(matched.list.map((e) => e.name));
    for (const l of byName.list) expect(names.has(l.estateName), l.estateName).toBe(true);
    const none = await get<ListingSearchBody>(
      `house/listing/search?cityId=605&kw=${encodeURIComponent('不存在的小区名')}`,
    );
    expect(none.total).toBe(0);
    expect(none.list).toEqual([]);
    expect((await failure(`house/listing/search?cityId=605&kw=${'长'.repeat(31)}`, 400)).errMsg).toBe('kw 最多30个字');
  });

  describe('the scene filters: 总价, 地铁距离, 楼龄 and 特色', () => {
    /** On-sale listings of 605 whose row (l) and estate (e) meet `where`, straight from the tables. */
    const onSale = async (where: string) => {
      const [row] = await seeded.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM listing l JOIN estate e ON e.id = l.estate_id
         WHERE l.city_id = 605 AND l.status = 'on_sale' AND ${where}`,
      );
      return row!.n;
    };
    const asOf = async () => {
      const [row] = await seeded.database.sql.query<{ year: number; day: string }>(
        `SELECT extract(year FROM max(month))::int AS year,
                to_char((date_trunc('month', max(month)) + interval '1 month - 1 day')::date, 'YYYY-MM-DD') AS day
         FROM price_series WHERE level = 'city' AND target_id = 605`,
      );
      return row!;
    };

    it('总价 band in 万 on the asking price, open at either end', async () => {
      const band = await get<ListingSearchBody>('house/listing/search?cityId=605&price=200-300&order=totalPrice_asc');
      expect(band.total).toBe(await onSale('l.total_price >= 2000000 AND l.total_price < 3000000'));
      expect(band.total).toBeGreaterThan(0);
      for (const l of band.list) {
        expect(l.totalPrice).toBeGreaterThanOrEqual(2_000_000);
        expect(l.totalPrice).toBeLessThan(3_000_000);
      }
      const low = await get<ListingSearchBody>('house/listing/search?cityId=605&price=0-200');
      const high = await get<ListingSearchBody>('house/listing/search?cityId=605&price=200-');
      const all = await get<ListingSearchBody>('house/listing/search?cityId=605');
      expect(low.total + high.total).toBe(all.total);
    });

    it('地铁距离 reads the estate, in the count as in the rows', async () => {
      const near = await get<ListingSearchBody>('house/listing/search?cityId=605&metroDistance=1000');
      expect(near.total).toBe(await onSale('e.station_distance_m <= 1000'));
      expect(near.total).toBeGreaterThan(0);
      expect(near.list.every((l) => l.stationDistanceM !== null && l.stationDistanceM <= 1000)).toBe(true);
      const closer = await get<ListingSearchBody>('house/listing/search?cityId=605&metroDistance=500');
      expect(closer.total).toBeLessThan(near.total);
    });

    it('楼龄 counts from the year of the data’s newest month', async () => {
      const { year } = await asOf();
      const recent = await get<ListingSearchBody>('house/listing/search?cityId=605&homeAge=0-10');
      expect(recent.total).toBe(await onSale(`e.build_year >= ${year - 10}`));
      expect(recent.total).toBeGreaterThan(0);
      const old = await get<ListingSearchBody>('house/listing/search?cityId=605&homeAge=20-');
      expect(old.total).toBe(await onSale(`e.build_year <= ${year - 20}`));
    });

    it('every 特色 of the label group, alone and together', async () => {
      const { day } = await asOf();
      const expected: Record<string, string> = {
        nearMetro: 'e.station_distance_m <= 1000',
        school: `'学区房' = ANY(e.tags)`,
        fiveOnly: `l.years_held = '满五' AND l.only_home`,
        twoYears: `l.years_held IN ('满二', '满五')`,
        priceCut: 'l.total_price < l.initial_total_price',
        newListing: `l.listed_at > '${day}'::date - 30 AND l.listed_at <= '${day}'::date`,
        elevator: 'l.has_elevator',
        decorated: `l.decoration = '精装'`,
      };
      const condition = await get<{ groups: { key: string; options: { value: string; label: string }[] }[] }>(
        'config/getComplexCondition?cityId=605',
      );
      const labels = condition.groups.find((g) => g.key === 'label')!.options;
      expect(labels.map((o) => o.value).sort()).toEqual(Object.keys(expected).sort());
      expect(labels.find((o) => o.value === 'school')!.label).toBe('学区房');
      for (const [label, where] of Object.entries(expected)) {
        const body = await get<ListingSearchBody>(`house/listing/search?cityId=605&label=${label}&size=1`);
        expect(body.total, label).toBe(await onSale(where));
        expect(body.total, label).toBeGreaterThan(0);
      }
      const both = await get<ListingSearchBody>('house/listing/search?cityId=605&label=school,nearMetro');
      expect(both.total).toBe(await onSale(`(${expected.school}) AND (${expected.nearMetro})`));
    });

    it('combines with an estate’s scope and the other filters', async () => {
      const body = await get<ListingSearchBody>(
        `house/listing/search?cityId=605&houseId=${estateId}&price=0-100000&homeAge=0-200&roomType=1,2,3,4,5`,
      );
      const all = await get<ListingSearchBody>(`house/listing/search?cityId=605&houseId=${estateId}`);
      expect(body.total).toBe(all.total);
    });

    it('answers bad values with 400 and a Chinese message', async () => {
      const cases: [string, string][] = [
        ['price=abc', 'price 格式不正确，例如 200-300'],
        ['price=100000000-', 'price 超出允许的范围'],
        ['metroDistance=near', 'metroDistance 格式不正确'],
        ['metroDistance=50', 'metroDistance 至少为 100 米'],
        ['metroDistance=99999', 'metroDistance 最多为 5000 米'],
        ['metroDistance=1.5', 'metroDistance 格式不正确'],
        ['homeAge=new', 'homeAge 格式不正确，例如 0-10'],
        ['homeAge=0-99999', 'homeAge 超出允许的范围'],
        ['label=garden', 'label 不是可用的选项'],
        ['label=school,garden', 'label 不是可用的选项'],
      ];
      for (const [query, message] of cases) {
        const res = await failure(`house/listing/search?cityId=605&${query}`, 400);
        expect(res.resultCode, query).not.toBe(0);
        expect(res.errMsg, query).toBe(message);
      }
      expect((await failure('house/listing/search?cityId=4040&label=school', 404)).errMsg).toBe('城市不存在');
    });
  });

  it('answers bad input with 400 and a Chinese message, an unknown estate with 404', async () => {
    expect((await failure('house/listing/search', 400)).errMsg).toMatch(/cityId/);
    expect((await failure('house/listing/search?cityId=605&houseId=abc', 400)).errMsg).toBe('houseId 格式不正确');
    expect((await failure('house/listing/search?cityId=605&floor=top', 400)).errMsg).toBe('floor 不是可用的选项');
    expect((await failure('house/listing/search?cityId=605&order=x', 400)).errMsg).toBe('order 不是可用的排序方式');
    expect((await failure('house/listing/search?cityId=605&houseId=99999999', 404)).errMsg).toBe('小区不存在');
  });
});

describe('house/listing/detail', () => {
  it('shows a listing with its estate, price changes, deals and similar listings', async () => {
    const [row] = await seeded.database.sql.query<{ id: number; estate_id: number; n: number }>(
      `SELECT l.id, l.estate_id, count(c.seq)::int AS n FROM listing l JOIN listing_price_change c ON c.listing_id = l.id
       WHERE l.status = 'on_sale' AND l.city_id = 605 GROUP BY l.id ORDER BY l.id LIMIT 1`,
    );
    const body = await get<ListingDetailBody>(`house/listing/detail?propertyId=${row!.id}`);
    expect(body.listing.id).toBe(row!.id);
    expect(body.listing.onSale).toBe(true);
    expect(body.estate.id).toBe(row!.estate_id);
    expect(body.priceChanges).toHaveLength(row!.n);
    expect(body.deals.length).toBeLessThanOrEqual(3);
    expect(body.deals.every((d) => d.masked === false)).toBe(true);
    expect(body.similar.every((s) => s.id !== row!.id)).toBe(true);
    if (body.estate.listingAvg !== null) expect(body.vsEstatePct).not.toBeNull();
  });

  it('marks a sold listing as not on sale', async () => {
    const [row] = await seeded.database.sql.query<{ id: number }>(
      `SELECT id FROM listing WHERE status = 'sold' LIMIT 1`,
    );
    const body = await get<ListingDetailBody>(`house/listing/detail?propertyId=${row!.id}`);
    expect(body.listing.onSale).toBe(false);
  });

  it('answers bad input with 400 and a Chinese message, an unknown listing with 404', async () => {
    expect((await failure('house/listing/detail', 400)).errMsg).toBe('propertyId 不能为空');
    expect((await failure('house/listing/detail?propertyId=x', 400)).errMsg).toBe('propertyId 格式不正确');
    expect((await failure('house/listing/detail?propertyId=99999999', 404)).errMsg).toBe('房源不存在');
  });
});

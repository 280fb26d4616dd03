// City overview and rankings on the seeded small dataset (city 605): figures must equal the series rows.
import { describe, expect, it } from 'vitest';
import type { CityOverview, RankListBody } from '@fjt/domain';
import { seededApp } from '../../testing.ts';

const seeded = seededApp();

const body = async <T>(url: string) => {
  const res = await seeded.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
};

/** A 4xx envelope: the status, resultCode ≠ 0 and a Chinese errMsg (the exact one when given). */
async function expectRejected(url: string, status: 400 | 404, message?: string) {
  const res = await seeded.app.inject(url);
  expect(res.statusCode, url).toBe(status);
  const json = res.json() as { resultCode: number; errMsg: string; body: unknown };
  expect(json.resultCode, url).not.toBe(0);
  expect(json.errMsg, url).toMatch(/[\u4e00-\u9fa5]/);
  if (message) expect(json.errMsg, url).toBe(message);
  expect(json.body).toBeNull();
}

describe('market/city-overview', () => {
  it('reports the newest month of the city series with MoM, premium and a 12-month trend', async () => {
    const overview = await body<CityOverview>('/rabbit/v1/market/city-overview?cityId=605');
    const rows = await seeded.database.sql.query<{
      month: string;
      listing_avg: number;
      deal_avg: number;
      premium: number;
    }>(
      `SELECT to_char(month, 'YYYY-MM') AS month, listing_avg, deal_avg, premium FROM price_series
       WHERE level = 'city' AND target_id = 605 ORDER BY month DESC LIMIT 2`,
    );
    const [latest, previous] = rows;
    expect(overview.cityName).toBe('杭州');
    expect(overview.month).toBe(latest!.month);
    expect(overview.listingAvg).toBe(latest!.listing_avg);
    expect(overview.dealAvg).toBe(latest!.deal_avg);
    expect(overview.premium).toBeCloseTo(latest!.premium, 4);
    expect(overview.listingMom).toBeCloseTo(
      ((latest!.listing_avg - previous!.listing_avg) / previous!.listing_avg) * 100,
      1,
    );
    expect(overview.trend).toHaveLength(12);
    expect(overview.trend.at(-1)?.month).toBe(latest!.month);
    expect(overview.trend[0]!.month < overview.trend[11]!.month).toBe(true);
  });

  it('validates cityId and answers 404 for an unknown city', async () => {
    await expectRejected('/rabbit/v1/market/city-overview', 400, 'cityId 不能为空');
    await expectRejected('/rabbit/v1/market/city-overview?cityId=abc', 400, 'cityId 格式不正确');
    await expectRejected('/rabbit/v1/market/city-overview?cityId=-5', 400, 'cityId 格式不正确');
    await expectRejected('/rabbit/v1/market/city-overview?cityId=9', 404, '城市不存在');
  });
});

describe('rank/list', () => {
  it('ranks estates by heat: the sum of their on-sale listings’ 7-day views', async () => {
    const { list } = await body<RankListBody>('/rabbit/v1/rank/list?cityId=605&rank=hot&type=estate&size=5');
    expect(list).toHaveLength(5);
    expect(list.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    const values = list.map((r) => r.value ?? 0);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    const [top] = await seeded.database.sql.query<{ heat: number }>(
      `SELECT sum(views_7d)::int AS heat FROM listing WHERE estate_id = $1 AND status = 'on_sale'`,
      [list[0]!.id],
    );
    expect(list[0]!.value).toBe(top!.heat);
    expect(list[0]!.parentName).toBeTruthy();
  });

  it('ranks by MoM for rise and fall, by price and by deals', async () => {
    const rise = (await body<RankListBody>('/rabbit/v1/rank/list?cityId=605&rank=rise&type=plate&size=10')).list;
    const fall = (await body<RankListBody>('/rabbit/v1/rank/list?cityId=605&rank=fall&type=plate&size=10')).list;
    const moms = rise.map((r) => r.listingMom ?? -Infinity);
    expect([...moms].sort((a, b) => b - a)).toEqual(moms);
    expect(fall[0]!.listingMom! <= rise[0]!.listingMom!).toBe(true);
    const price = (await body<RankListBody>('/rabbit/v1/rank/list?cityId=605&rank=price&type=district')).list;
    expect(price[0]!.listingAvg! >= price.at(-1)!.listingAvg!).toBe(true);
    expect(price[0]!.parentName).toBeNull();
  });

  it('filters by district', async () => {
    const districts = (await body<RankListBody>('/rabbit/v1/rank/list?cityId=605&rank=price&type=district')).list;
    const district = districts[0]!;
    const estates = (
      await body<RankListBody>(
        `/rabbit/v1/rank/list?cityId=605&rank=price&type=estate&districtId=${district.id}&size=50`,
      )
    ).list;
    expect(estates.length).toBeGreaterThan(0);
    const ids = estates.map((e) => e.id);
    const rows = await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM estate WHERE id = ANY($1::int[]) AND district_id <> $2`,
      [ids, district.id],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('rejects bad input in Chinese and answers 404 for an unknown city or district', async () => {
    for (const url of [
      '/rabbit/v1/rank/list',
      '/rabbit/v1/rank/list?cityId=abc',
      '/rabbit/v1/rank/list?cityId=605&rank=best',
      '/rabbit/v1/rank/list?cityId=605&type=room',
      '/rabbit/v1/rank/list?cityId=605&districtId=abc',
      '/rabbit/v1/rank/list?cityId=605&districtId=-1',
      '/rabbit/v1/rank/list?cityId=605&size=0',
      '/rabbit/v1/rank/list?cityId=605&size=51',
      '/rabbit/v1/rank/list?cityId=605&period=year',
    ]) {
      await expectRejected(url, 400);
    }
    await expectRejected('/rabbit/v1/rank/list?cityId=9', 404, '城市或区县不存在');
    // A district the city does not have is unknown, not an empty ranking (as on plate/list).
    await expectRejected('/rabbit/v1/rank/list?cityId=605&type=plate&districtId=999999', 404, '城市或区县不存在');
    await expectRejected('/rabbit/v1/rank/list?cityId=605&type=estate&districtId=110101', 404, '城市或区县不存在');
  });
});

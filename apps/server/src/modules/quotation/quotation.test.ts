// 行情 board and detail on the seeded small dataset (city 605): every figure is the price_series row, and the
// board's district 挂牌均价 equals rank/list's and app/house/areaList's for the same month.
import { describe, expect, it } from 'vitest';
import type { AreaListBody, QuotationBody, QuotationDetailBody, RankListBody } from '@fjt/domain';
import { seededApp } from '../../testing.ts';

const seeded = seededApp();

const body = async <T>(url: string) => {
  const res = await seeded.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
};

async function expectRejected(url: string, status = 400) {
  const res = await seeded.app.inject(url);
  expect(res.statusCode, url).toBe(status);
  const json = res.json() as { resultCode: number; errMsg: string };
  expect(json.resultCode).not.toBe(0);
  expect(json.errMsg).toMatch(/[\u4e00-\u9fa5]/);
  return json.errMsg;
}

interface SeriesRow {
  month: string;
  listing_avg: number | null;
  deal_avg: number | null;
  listing_count: number;
  deal_count: number;
  premium: number | null;
}

const seriesOf = (level: string, id: number) =>
  seeded.database.sql.query<SeriesRow>(
    `SELECT to_char(month, 'YYYY-MM') AS month, listing_avg, deal_avg, listing_count, deal_count, premium
     FROM price_series WHERE level = $1 AND target_id = $2 ORDER BY month DESC`,
    [level, id],
  );

describe('market/quotation', () => {
  it('shows the newest published month of the city and its districts from price_series', async () => {
    const board = await body<QuotationBody>('/rabbit/v1/market/quotation?cityId=605');
    const [latest, previous] = await seriesOf('city', 605);
    expect(board.cityName).toBe('杭州');
    expect(board.month).toBe(latest!.month);
    expect(board.months[0]).toBe(latest!.month);
    expect(board.months.length).toBeLessThanOrEqual(36);
    expect(board.city!.listingAvg).toBe(latest!.listing_avg);
    expect(board.city!.dealAvg).toBe(latest!.deal_avg);
    expect(board.city!.dealCount).toBe(latest!.deal_count);
    expect(board.city!.premium).toBeCloseTo(latest!.premium!, 4);
    expect(board.city!.listingMom).toBeCloseTo(
      ((latest!.listing_avg! - previous!.listing_avg!) / previous!.listing_avg!) * 100,
      1,
    );
    const districts = await seeded.database.sql.query<{ id: number }>(`SELECT id FROM district WHERE city_id = 605`);
    expect(board.list).toHaveLength(districts.length);
    const district = board.list.find((d) => d.listingAvg !== null)!;
    const [row] = await seriesOf('district', district.id);
    expect(district.listingAvg).toBe(row!.listing_avg);
    expect(district.listingCount).toBe(row!.listing_count);
  });

  it('shows an earlier month when asked, and falls back to the newest for an unpublished one', async () => {
    const { months } = await body<QuotationBody>('/rabbit/v1/market/quotation?cityId=605');
    const earlier = months[3]!;
    const board = await body<QuotationBody>(`/rabbit/v1/market/quotation?cityId=605&month=${earlier}`);
    expect(board.month).toBe(earlier);
    const row = (await seriesOf('city', 605)).find((r) => r.month === earlier)!;
    expect(board.city!.listingAvg).toBe(row.listing_avg);
    const future = await body<QuotationBody>('/rabbit/v1/market/quotation?cityId=605&month=2099-01');
    expect(future.month).toBe(months[0]);
  });

  it('agrees with rank/list and app/house/areaList on a district’s 挂牌均价 for the same month', async () => {
    const board = await body<QuotationBody>('/rabbit/v1/market/quotation?cityId=605');
    // 成交榜 holds every district (均价榜 only those on its minimum sample); each row carries its 挂牌均价.
    const rank = await body<RankListBody>('/rabbit/v1/rank/list?cityId=605&rank=deal&type=district&size=50');
    const areas = await body<AreaListBody>('/rabbit/v1/app/house/areaList?cityId=605');
    expect(rank.month).toBe(board.month);
    const compared = board.list.filter((d) => d.listingAvg !== null);
    expect(compared.length).toBeGreaterThan(0);
    for (const district of compared) {
      expect(rank.list.find((r) => r.id === district.id)?.listingAvg, district.name).toBe(district.listingAvg);
      expect(areas.list.find((a) => a.id === district.id)?.listingAvg, district.name).toBe(district.listingAvg);
    }
  });

  it('rejects bad input in Chinese and answers 404 for an unknown city', async () => {
    await expectRejected('/rabbit/v1/market/quotation');
    expect(await expectRejected('/rabbit/v1/market/quotation?cityId=605&month=2026-13')).toContain('month');
    await expectRejected('/rabbit/v1/market/quotation?cityId=abc');
    expect(await expectRejected('/rabbit/v1/market/quotation?cityId=999999999', 404)).toBe('城市不存在');
  });
});

describe('market/quotation/detail', () => {
  it('gives a district 36 months from price_series with its plates', async () => {
    const board = await body<QuotationBody>('/rabbit/v1/market/quotation?cityId=605');
    const district = board.list.find((d) => d.listingAvg !== null)!;
    const detail = await body<QuotationDetailBody>(
      `/rabbit/v1/market/quotation/detail?level=district&id=${district.id}`,
    );
    expect(detail.name).toBe(district.name);
    expect(detail.parent).toBeNull();
    expect(detail.month).toBe(board.month);
    expect(detail.series).toHaveLength(36);
    expect(detail.series.at(-1)!.month).toBe(board.month);
    expect(detail.series.at(-1)!.listingAvg).toBe(district.listingAvg);
    const rows = await seriesOf('district', district.id);
    const old = detail.series[0]!;
    const stored = rows.find((r) => r.month === old.month);
    expect(old.listingAvg).toBe(stored?.listing_avg ?? null);
    expect(detail.subLevel).toBe('plate');
    const plates = await seeded.database.sql.query<{ id: number }>(`SELECT id FROM plate WHERE district_id = $1`, [
      district.id,
    ]);
    expect(detail.subAreas).toHaveLength(plates.length);
  });

  it('gives a plate its district and its estates', async () => {
    const [plate] = await seeded.database.sql.query<{ id: number; name: string; district: string }>(
      `SELECT p.id, p.name, d.name AS district FROM plate p JOIN district d ON d.id = p.district_id
       JOIN price_series ps ON ps.level = 'plate' AND ps.target_id = p.id
       WHERE p.city_id = 605 GROUP BY p.id, p.name, d.name ORDER BY count(*) DESC, p.id LIMIT 1`,
    );
    const detail = await body<QuotationDetailBody>(`/rabbit/v1/market/quotation/detail?level=plate&id=${plate!.id}`);
    expect(detail.name).toBe(plate!.name);
    expect(detail.parent?.name).toBe(plate!.district);
    expect(detail.subLevel).toBe('estate');
    expect(detail.subAreas.length).toBeGreaterThan(0);
    expect(detail.subAreas.every((e) => e.level === 'estate')).toBe(true);
  });

  it('rejects bad input in Chinese and answers 404 for an unknown district or plate', async () => {
    await expectRejected('/rabbit/v1/market/quotation/detail?level=district');
    await expectRejected('/rabbit/v1/market/quotation/detail?level=city&id=605');
    await expectRejected('/rabbit/v1/market/quotation/detail?level=plate&id=-3');
    expect(await expectRejected('/rabbit/v1/market/quotation/detail?level=district&id=999999999', 404)).toBe(
      '区县不存在',
    );
    expect(await expectRejected('/rabbit/v1/market/quotation/detail?level=plate&id=999999999', 404)).toBe('板块不存在');
  });
});

describe('rank/list 季 (period=quarter)', () => {
  it('sums the deals of the last 3 months and compares with 3 months earlier', async () => {
    const month = await body<RankListBody>('/rabbit/v1/rank/list?cityId=605&rank=deal&type=district&size=50');
    const quarter = await body<RankListBody>(
      '/rabbit/v1/rank/list?cityId=605&rank=deal&type=district&size=50&period=quarter',
    );
    const top = quarter.list[0]!;
    const rows = await seriesOf('district', top.id);
    expect(top.dealCount).toBe(rows.slice(0, 3).reduce((n, r) => n + r.deal_count, 0));
    expect(top.listingMom).toBeCloseTo(
      ((rows[0]!.listing_avg! - rows[3]!.listing_avg!) / rows[3]!.listing_avg!) * 100,
      1,
    );
    expect(month.list.find((r) => r.id === top.id)!.dealCount).toBe(rows[0]!.deal_count);
    await expectRejected('/rabbit/v1/rank/list?cityId=605&period=year');
  });
});

// Plates, price-index series and map bubbles on the seeded small dataset (city 605): every average is the
// plate's (district's) price_series row of the city's newest month, the same on every endpoint.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MIN_LISTING_SAMPLE,
  type AreaListBody,
  type EstateListBody,
  type MapBubblesBody,
  type PlateDetailBody,
  type PlateListBody,
  type PriceIndexSeriesBody,
  type RankListBody,
} from '@fjt/domain';
import { seededApp } from '../../testing.ts';

const seeded = seededApp();
let latestMonth: string;

beforeAll(async () => {
  const [row] = await seeded.database.sql.query<{ month: string }>(
    `SELECT to_char(max(month), 'YYYY-MM') AS month FROM price_series WHERE level = 'city' AND target_id = 605`,
  );
  latestMonth = row!.month;
});

const body = async <T>(url: string) => {
  const res = await seeded.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
};

const expectBadRequest = async (url: string) => {
  const res = await seeded.app.inject(url);
  expect(res.statusCode, url).toBe(400);
  expect(res.json().resultCode).not.toBe(0);
  expect(res.json().errMsg).toMatch(/[\u4e00-\u9fa5]/);
};

const expectNotFound = async (url: string, message?: string) => {
  const res = await seeded.app.inject(url);
  expect(res.statusCode, url).toBe(404);
  expect(res.json().resultCode).not.toBe(0);
  if (message) expect(res.json().errMsg).toBe(message);
  else expect(res.json().errMsg).toMatch(/[\u4e00-\u9fa5]/);
};

/** A plate with listings on sale in the newest month, read from the seeded.database. */
async function busyPlate() {
  const [row] = await seeded.database.sql.query<{ id: number; district_id: number; listing_avg: number }>(
    `SELECT p.id, p.district_id, ps.listing_avg FROM plate p
     JOIN price_series ps ON ps.level = 'plate' AND ps.target_id = p.id AND ps.month = $1::date
     WHERE p.city_id = 605 AND ps.listing_count > 0 ORDER BY ps.listing_count DESC, p.id LIMIT 1`,
    [`${latestMonth}-01`],
  );
  return row!;
}

describe('plate/list', () => {
  it('lists every plate of the city with its newest series row, by district', async () => {
    const plates = await body<PlateListBody>('/rabbit/v1/plate/list?cityId=605');
    expect(plates.month).toBe(latestMonth);
    const [{ n }] = (await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM plate WHERE city_id = 605`,
    )) as [{ n: number }];
    expect(plates.list).toHaveLength(n);
    expect(plates.districts.reduce((sum, d) => sum + d.plateCount, 0)).toBe(n);
    const plate = await busyPlate();
    const row = plates.list.find((p) => p.id === plate.id)!;
    expect(row.listingAvg).toBe(plate.listing_avg);
    expect(row.onSaleCount).toBeGreaterThan(0);
    expect(row.districtName).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('filters by district and sorts', async () => {
    const plate = await busyPlate();
    const one = await body<PlateListBody>(`/rabbit/v1/plate/list?cityId=605&districtId=${plate.district_id}`);
    expect(one.list.length).toBeGreaterThan(0);
    expect(one.list.every((p) => p.districtId === plate.district_id)).toBe(true);
    const byPrice = (await body<PlateListBody>('/rabbit/v1/plate/list?cityId=605&sort=avgPrice_desc')).list
      .map((p) => p.listingAvg)
      .filter((v) => v !== null);
    expect([...byPrice].sort((a, b) => b - a)).toEqual(byPrice);
    const rise = (await body<PlateListBody>('/rabbit/v1/plate/list?cityId=605&sort=rise_desc')).list
      .map((p) => p.listingMom)
      .filter((v) => v !== null);
    expect([...rise].sort((a, b) => b - a)).toEqual(rise);
  });

  it('rejects bad input in Chinese and answers 404 for an unknown city or district', async () => {
    await expectBadRequest('/rabbit/v1/plate/list');
    await expectBadRequest('/rabbit/v1/plate/list?cityId=abc');
    await expectBadRequest('/rabbit/v1/plate/list?cityId=605&sort=best');
    await expectBadRequest('/rabbit/v1/plate/list?cityId=605&districtId=-1');
    await expectNotFound('/rabbit/v1/plate/list?cityId=9', '城市或区县不存在');
    await expectNotFound('/rabbit/v1/plate/list?cityId=605&districtId=999999', '城市或区县不存在');
  });
});

describe('plate/detail', () => {
  it('reports the plate’s averages, supply, distributions, leading estates and new projects', async () => {
    const plate = await busyPlate();
    const detail = await body<PlateDetailBody>(`/rabbit/v1/plate/detail?plateId=${plate.id}`);
    expect(detail.cityId).toBe(605);
    expect(detail.cityName).toBe('杭州');
    expect(detail.month).toBe(latestMonth);
    const rows = await seeded.database.sql.query<{
      listing_avg: number;
      deal_avg: number | null;
      listing_count: number;
    }>(
      `SELECT listing_avg, deal_avg, listing_count FROM price_series WHERE level = 'plate' AND target_id = $1
       ORDER BY month DESC LIMIT 2`,
      [plate.id],
    );
    expect(detail.listingAvg).toBe(rows[0]!.listing_avg);
    expect(detail.dealAvg).toBe(rows[0]!.deal_avg);
    expect(detail.supply.listingCount).toBe(rows[0]!.listing_count);
    const [onSale] = await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM listing WHERE plate_id = $1 AND status = 'on_sale'`,
      [plate.id],
    );
    const sum = (xs: { count: number }[]) => xs.reduce((s, x) => s + x.count, 0);
    expect(sum(detail.priceBands)).toBe(onSale!.n);
    expect(sum(detail.areaBands)).toBe(onSale!.n);
    expect(sum(detail.roomTypes)).toBe(onSale!.n);
    expect(detail.topEstates.length).toBeLessThanOrEqual(5);
    // The leading estates are the plate's slice of the estate 涨幅榜: rises only, each on the minimum sample.
    const top = await body<RankListBody>(
      `/rabbit/v1/rank/list?cityId=605&plateId=${plate.id}&rank=rise&type=estate&size=5`,
    );
    expect(detail.topEstates.map((e) => e.id)).toEqual(top.list.map((e) => e.id));
    expect(detail.topEstatesMinSample).toBe(MIN_LISTING_SAMPLE.estate);
    for (const e of detail.topEstates) {
      expect(e.listingMom).toBeGreaterThan(0);
      expect(e.onSaleCount).toBeGreaterThanOrEqual(MIN_LISTING_SAMPLE.estate);
    }
    // Sorted by rise alone, the plate's first estates include some a 领涨 list must not (flat, falling or thin).
    const byRise = await body<EstateListBody>(
      `/rabbit/v1/estate/list?cityId=605&plateId=${plate.id}&smartOrder=rise_desc&size=50`,
    );
    expect(detail.estateCount).toBe(byRise.total);
    const leading = byRise.list.filter((e) => (e.listingMom ?? 0) > 0 && e.onSaleCount >= MIN_LISTING_SAMPLE.estate);
    expect(detail.topEstates.length).toBeLessThanOrEqual(leading.length);
    for (const p of detail.newProjects) expect(p.name).toBeTruthy();
  });

  it('rejects bad input in Chinese and answers 404 for an unknown plate', async () => {
    await expectBadRequest('/rabbit/v1/plate/detail');
    await expectBadRequest('/rabbit/v1/plate/detail?plateId=x');
    await expectBadRequest('/rabbit/v1/plate/detail?plateId=0');
    await expectNotFound('/rabbit/v1/plate/detail?plateId=999999999', '板块不存在');
  });
});

describe('price-index/series', () => {
  it('answers 12 or 36 months ending with the newest month, for plate, district and city', async () => {
    const plate = await busyPlate();
    const series = await body<PriceIndexSeriesBody>(`/rabbit/v1/price-index/series?level=plate&id=${plate.id}`);
    expect(series.points).toHaveLength(12);
    expect(series.points.at(-1)!.month).toBe(latestMonth);
    expect(series.points.at(-1)!.listingAvg).toBe(plate.listing_avg);
    const long = await body<PriceIndexSeriesBody>(
      `/rabbit/v1/price-index/series?level=district&id=${plate.district_id}&months=36`,
    );
    expect(long.points).toHaveLength(36);
    expect(long.name).toMatch(/[\u4e00-\u9fa5]/);
    const city = await body<PriceIndexSeriesBody>('/rabbit/v1/price-index/series?level=city&id=605');
    expect(city.name).toBe('杭州');
    const [cityRow] = await seeded.database.sql.query<{ deal_avg: number }>(
      `SELECT deal_avg FROM price_series WHERE level = 'city' AND target_id = 605 ORDER BY month DESC LIMIT 1`,
    );
    expect(city.points.at(-1)!.dealAvg).toBe(cityRow!.deal_avg);
  });

  it('rejects bad input in Chinese and answers 404 for an unknown target', async () => {
    await expectBadRequest('/rabbit/v1/price-index/series?level=plate');
    await expectBadRequest('/rabbit/v1/price-index/series?level=estate&id=1');
    await expectBadRequest('/rabbit/v1/price-index/series?level=city&id=605&months=24');
    await expectBadRequest('/rabbit/v1/price-index/series?level=plate&id=abc');
    await expectNotFound('/rabbit/v1/price-index/series?level=plate&id=999999999', '区域不存在');
    await expectNotFound('/rabbit/v1/price-index/series?level=district&id=999999', '区域不存在');
    await expectNotFound('/rabbit/v1/price-index/series?level=city&id=9', '区域不存在');
  });
});

describe('map/bubbles', () => {
  it('draws every district with its outline, series average and estate count', async () => {
    const map = await body<MapBubblesBody>('/rabbit/v1/map/bubbles?cityId=605');
    expect(map.level).toBe('district');
    expect(map.parent).toBeNull();
    expect(map.outlines.length).toBe(map.list.length);
    expect(map.outlines[0]!.boundary[0]!.length).toBeGreaterThan(2);
    const [{ n }] = (await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM estate WHERE city_id = 605`,
    )) as [{ n: number }];
    expect(map.list.reduce((s, d) => s + d.estateCount, 0)).toBe(n);
  });

  it('drills into a district’s plates and a plate’s estates, with filters', async () => {
    const plate = await busyPlate();
    const plates = await body<MapBubblesBody>(
      `/rabbit/v1/map/bubbles?cityId=605&level=plate&parentId=${plate.district_id}`,
    );
    expect(plates.parent).toMatchObject({ level: 'district', id: plate.district_id });
    expect(plates.outlines).toHaveLength(1);
    const bubble = plates.list.find((p) => p.id === plate.id)!;
    const estates = await body<MapBubblesBody>(`/rabbit/v1/map/bubbles?cityId=605&level=estate&parentId=${plate.id}`);
    expect(estates.parent).toMatchObject({ level: 'plate', id: plate.id, districtId: plate.district_id });
    expect(estates.list).toHaveLength(bubble.estateCount);
    const list = await body<EstateListBody>(`/rabbit/v1/estate/list?cityId=605&plateId=${plate.id}&size=50`);
    expect(estates.list.map((e) => e.id).sort()).toEqual(list.list.map((e) => e.id).sort());

    // Filters narrow the estates counted, never the averages.
    const filtered = await body<MapBubblesBody>(
      `/rabbit/v1/map/bubbles?cityId=605&level=plate&parentId=${plate.district_id}&homeAge=0-10&singlePrice=0-30000`,
    );
    const narrowed = filtered.list.find((p) => p.id === plate.id)!;
    expect(narrowed.listingAvg).toBe(bubble.listingAvg);
    expect(narrowed.estateCount).toBeLessThanOrEqual(bubble.estateCount);
    const filteredList = await body<EstateListBody>(
      `/rabbit/v1/estate/list?cityId=605&plateId=${plate.id}&homeAge=0-10&singlePrice=0-30000`,
    );
    expect(narrowed.estateCount).toBe(filteredList.total);
  });

  it('rejects bad input in Chinese and answers 404 for unknown areas', async () => {
    await expectBadRequest('/rabbit/v1/map/bubbles');
    await expectBadRequest('/rabbit/v1/map/bubbles?cityId=605&level=street');
    await expectBadRequest('/rabbit/v1/map/bubbles?cityId=605&level=plate');
    await expectBadRequest('/rabbit/v1/map/bubbles?cityId=abc');
    await expectBadRequest('/rabbit/v1/map/bubbles?cityId=605&level=plate&parentId=abc');
    await expectBadRequest('/rabbit/v1/map/bubbles?cityId=605&singlePrice=cheap');
    await expectBadRequest('/rabbit/v1/map/bubbles?cityId=605&homeAge=old');
    await expectNotFound('/rabbit/v1/map/bubbles?cityId=9', '城市或区域不存在');
    await expectNotFound('/rabbit/v1/map/bubbles?cityId=605&level=plate&parentId=999999', '城市或区域不存在');
    await expectNotFound('/rabbit/v1/map/bubbles?cityId=605&level=estate&parentId=999999999', '城市或区域不存在');
  });
});

describe('figures agree across pages', () => {
  it('shows a plate’s 挂牌均价 and MoM identically on plate/list, plate/detail, the map and areaList', async () => {
    const plate = await busyPlate();
    const [list, detail, map, area, series] = await Promise.all([
      body<PlateListBody>('/rabbit/v1/plate/list?cityId=605'),
      body<PlateDetailBody>(`/rabbit/v1/plate/detail?plateId=${plate.id}`),
      body<MapBubblesBody>(`/rabbit/v1/map/bubbles?cityId=605&level=plate&parentId=${plate.district_id}`),
      body<AreaListBody>('/rabbit/v1/app/house/areaList?cityId=605'),
      body<PriceIndexSeriesBody>(`/rabbit/v1/price-index/series?level=plate&id=${plate.id}`),
    ]);
    const fromList = list.list.find((p) => p.id === plate.id)!;
    const fromMap = map.list.find((p) => p.id === plate.id)!;
    const fromArea = area.list.flatMap((d) => d.children ?? []).find((p) => p.id === plate.id)!;
    expect([list.month, detail.month, map.month, series.points.at(-1)!.month]).toEqual(Array(4).fill(latestMonth));
    for (const figure of [fromList.listingAvg, detail.listingAvg, fromMap.listingAvg, fromArea.listingAvg]) {
      expect(figure).toBe(plate.listing_avg);
    }
    expect(series.points.at(-1)!.listingAvg).toBe(plate.listing_avg);
    for (const mom of [detail.listingMom, fromMap.listingMom, fromArea.listingMom]) {
      expect(mom).toBe(fromList.listingMom);
    }
    expect(fromMap.onSaleCount).toBe(fromList.onSaleCount);
    expect(detail.supply.listingCount).toBe(fromList.onSaleCount);

    // A district's bubble is its own series row, as on findArea.
    const districts = await body<MapBubblesBody>('/rabbit/v1/map/bubbles?cityId=605');
    const district = districts.list.find((d) => d.id === plate.district_id)!;
    const areaDistrict = area.list.find((d) => d.id === plate.district_id)!;
    expect(district.listingAvg).toBe(areaDistrict.listingAvg);
    expect(district.listingMom).toBe(areaDistrict.listingMom);
  });
});

// The new-house endpoints on the seeded small dataset (city 605): search, detail, price list, managers,
// manager detail, calendar, upcoming ranking and the monthly report. Figures are checked against the rows.
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ManagerDetailBody,
  ManagerListBody,
  NewHouseCalendarBody,
  NewHouseDetailBody,
  NewHouseManagersBody,
  NewHousePriceListBody,
  NewHouseReportBody,
  NewHouseSearchBody,
  UpcomingRankBody,
} from '@fjt/domain';
import { seededApp } from '../../testing.ts';

const seeded = seededApp();
let latest: string;

beforeAll(async () => {
  const [month] = await seeded.database.sql.query<{ month: string }>(
    `SELECT to_char(max(month), 'YYYY-MM') AS month FROM price_series WHERE level = 'city' AND target_id = 605`,
  );
  latest = month!.month;
});

const body = async <T>(url: string) => {
  const res = await seeded.app.inject(`/rabbit/v1/${url}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
};

const rejects = async (url: string) => {
  const res = await seeded.app.inject(`/rabbit/v1/${url}`);
  expect(res.statusCode, url).toBe(400);
  const json = res.json() as { resultCode: number; errMsg: string };
  expect(json.resultCode).not.toBe(0);
  expect(json.errMsg).toMatch(/[\u4e00-\u9fa5]/);
};

const notFound = async (url: string, message: string) => {
  const res = await seeded.app.inject(`/rabbit/v1/${url}`);
  expect(res.statusCode, url).toBe(404);
  expect(res.json().resultCode).not.toBe(0);
  expect(res.json().errMsg).toBe(message);
};

async function anyProject(where = 'true') {
  const [row] = await seeded.database.sql.query<{ id: number; plate_id: number; avg_price: number | null }>(
    `SELECT id, plate_id, avg_price FROM new_house_project WHERE city_id = 605 AND ${where} ORDER BY id LIMIT 1`,
  );
  return row!;
}

describe('new-house/find-house-base-es', () => {
  it('lists the city’s projects 20 a page with the unit-type ranges', async () => {
    const [{ n }] = (await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_house_project WHERE city_id = 605`,
    )) as [{ n: number }];
    const first = await body<NewHouseSearchBody>('new-house/find-house-base-es?cityId=605&size=5');
    expect(first.total).toBe(n);
    expect(first.list).toHaveLength(Math.min(5, n));
    expect(first.asOf?.slice(0, 7)).toBe(latest);
    const second = await body<NewHouseSearchBody>('new-house/find-house-base-es?cityId=605&size=5&page=2');
    expect(second.list.map((p) => p.id)).not.toContain(first.list[0]!.id);
    const card = first.list[0]!;
    const [units] = await seeded.database.sql.query<{ lo: number; hi: number }>(
      `SELECT min(area)::float8 AS lo, max(area)::float8 AS hi FROM new_house_unit_type WHERE project_id = $1`,
      [card.id],
    );
    expect(card.areaMin).toBeCloseTo(units!.lo, 0);
    expect(card.areaMax).toBeCloseTo(units!.hi, 0);
  });

  it('filters by status, price bands, rooms and opening window', async () => {
    const selling = await body<NewHouseSearchBody>('new-house/find-house-base-es?cityId=605&status=selling');
    expect(selling.list.length).toBeGreaterThan(0);
    expect(selling.list.every((p) => p.saleStatus === '在售')).toBe(true);
    const cheap = await body<NewHouseSearchBody>('new-house/find-house-base-es?cityId=605&singlePrice=-30000');
    expect(cheap.list.every((p) => p.avgPrice !== null && p.avgPrice < 30_000)).toBe(true);
    const band = await body<NewHouseSearchBody>('new-house/find-house-base-es?cityId=605&price=200-300');
    expect(band.list.every((p) => p.totalPriceMax! >= 2_000_000 && p.totalPriceMin! < 3_000_000)).toBe(true);
    const three = await body<NewHouseSearchBody>('new-house/find-house-base-es?cityId=605&roomType=3');
    expect(three.list.every((p) => p.rooms.includes(3))).toBe(true);
    const upcoming = await body<NewHouseSearchBody>('new-house/find-house-base-es?cityId=605&opening=next6');
    expect(upcoming.list.every((p) => p.openingDate! > upcoming.asOf!)).toBe(true);
    const sorted = await body<NewHouseSearchBody>('new-house/find-house-base-es?cityId=605&sort=avgPrice_desc');
    const prices = sorted.list.map((p) => p.avgPrice).filter((v): v is number => v !== null);
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);
  });

  it('finds projects near an estate, nearest first, within the radius', async () => {
    const project = await anyProject();
    const [estate] = await seeded.database.sql.query<{ id: number }>(
      `SELECT e.id FROM estate e WHERE e.plate_id = $1 ORDER BY e.id LIMIT 1`,
      [project.plate_id],
    );
    if (!estate) return;
    const near = await body<NewHouseSearchBody>(`new-house/find-house-base-es?cityId=605&estateId=${estate.id}`);
    expect(near.near?.estateId).toBe(estate.id);
    const distances = near.list.map((p) => p.distanceM!);
    expect(distances.every((d) => d <= near.near!.radiusM)).toBe(true);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });

  it('rejects bad input in Chinese and answers 404 for unknown city, area or estate', async () => {
    for (const q of [
      '',
      'cityId=abc',
      'cityId=605&districtId=abc',
      'cityId=605&plateId=-1',
      'cityId=605&estateId=x',
      `cityId=605&kw=${'西'.repeat(31)}`,
      'cityId=605&kw=%20',
      'cityId=605&price=abc',
      'cityId=605&singlePrice=cheap',
      'cityId=605&roomType=6',
      'cityId=605&area=big',
      'cityId=605&status=done',
      'cityId=605&opening=soon',
      'cityId=605&sort=x',
      'cityId=605&page=0',
      'cityId=605&size=21',
    ])
      await rejects(`new-house/find-house-base-es?${q}`);
    await notFound('new-house/find-house-base-es?cityId=9', '城市不存在');
    await notFound('new-house/find-house-base-es?cityId=605&estateId=999999999', '小区不存在');
    await notFound('new-house/find-house-base-es?cityId=605&plateId=999999999', '板块不存在');
    await notFound('new-house/find-house-base-es?cityId=605&districtId=999999', '区县不存在');
  });
});

describe('new-house/detail and price-list', () => {
  it('shows the project with its permits, unit types and its plate’s resale average of the newest month', async () => {
    const project = await anyProject('avg_price IS NOT NULL');
    const detail = await body<NewHouseDetailBody>(`new-house/detail?houseId=${project.id}`);
    expect(detail.project.avgPrice).toBe(project.avg_price);
    const [plate] = await seeded.database.sql.query<{ listing_avg: number | null }>(
      `SELECT listing_avg FROM price_series WHERE level = 'plate' AND target_id = $1 AND month = $2::date`,
      [project.plate_id, `${latest}-01`],
    );
    expect(detail.nearbyResale.month).toBe(latest);
    expect(detail.nearbyResale.listingAvg).toBe(plate?.listing_avg ?? null);
    const [{ n }] = (await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_house_unit_type WHERE project_id = $1`,
      [project.id],
    )) as [{ n: number }];
    expect(detail.unitTypes).toHaveLength(n);
    expect(detail.project.priceStale).toBe((detail.project.priceAgeDays ?? 0) > 90);
  });

  it('prices each unit type: 单价 = 总价 ÷ 面积', async () => {
    const project = await anyProject();
    const list = await body<NewHousePriceListBody>(`new-house/price-list?houseId=${project.id}`);
    expect(list.list.length).toBeGreaterThan(0);
    for (const u of list.list) if (u.totalPrice) expect(u.unitPrice).toBe(Math.round(u.totalPrice / u.area));
  });

  it('validates houseId and answers 404 for an unknown project', async () => {
    for (const url of [
      'new-house/detail',
      'new-house/detail?houseId=abc',
      'new-house/price-list',
      'new-house/price-list?houseId=-1',
    ])
      await rejects(url);
    await notFound('new-house/detail?houseId=999999999', '楼盘不存在');
    await notFound('new-house/price-list?houseId=999999999', '楼盘不存在');
  });
});

describe('new-house/managers and manager/detail', () => {
  it('lists the project’s 置业顾问 and a manager’s projects', async () => {
    const project = await anyProject();
    const { list } = await body<NewHouseManagersBody>(`new-house/managers?houseId=${project.id}`);
    const [{ n }] = (await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM manager_project WHERE project_id = $1`,
      [project.id],
    )) as [{ n: number }];
    expect(list).toHaveLength(n);
    const detail = await body<ManagerDetailBody>(`new-house/manager/detail?id=${list[0]!.id}`);
    expect(detail.manager.name).toBe(list[0]!.name);
    expect(detail.projects.map((p) => p.id)).toContain(project.id);
  });

  it('lists the city’s 置业顾问 best rated first, 20 a page', async () => {
    const first = await body<ManagerListBody>('new-house/manager/list?cityId=605');
    const [{ n }] = (await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM manager WHERE city_id = 605`,
    )) as [{ n: number }];
    expect(first.total).toBe(n);
    expect(first.list).toHaveLength(Math.min(20, n));
    const ratings = first.list.map((m) => m.rating);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    expect(first.list[0]!.projectName).toBeTruthy();
    await rejects('new-house/manager/list');
    await rejects('new-house/manager/list?cityId=abc');
    await rejects('new-house/manager/list?cityId=605&page=0');
    await rejects('new-house/manager/list?cityId=605&size=21');
    await notFound('new-house/manager/list?cityId=9', '城市不存在');
  });

  it('validates ids and answers 404 for unknown ones', async () => {
    await rejects('new-house/managers');
    await rejects('new-house/managers?houseId=x');
    await rejects('new-house/manager/detail');
    await rejects('new-house/manager/detail?id=abc');
    await notFound('new-house/managers?houseId=999999999', '楼盘不存在');
    await notFound('new-house/manager/detail?id=999999999', '置业顾问不存在');
  });
});

describe('new-house/calendar', () => {
  it('defaults to the newest month and lists each permit of a month as 拿证', async () => {
    const cal = await body<NewHouseCalendarBody>('new-house/calendar?cityId=605');
    expect(cal.month).toBe(latest);
    const busiest = [...cal.months].sort((a, b) => b.count - a.count)[0]!;
    const month = await body<NewHouseCalendarBody>(`new-house/calendar?cityId=605&month=${busiest.month}`);
    expect(month.events).toHaveLength(busiest.count);
    const [{ n }] = (await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_house_project p, jsonb_array_elements(p.presale_permits) x
       WHERE p.city_id = 605 AND to_char((x->>'issuedAt')::date, 'YYYY-MM') = $1`,
      [busiest.month],
    )) as [{ n: number }];
    expect(month.typeCounts.permit ?? 0).toBe(n);
    const permits = await body<NewHouseCalendarBody>(
      `new-house/calendar?cityId=605&month=${busiest.month}&type=permit`,
    );
    expect(permits.events.every((e) => e.type === 'permit' && e.permitNo)).toBe(true);
    expect(permits.events).toHaveLength(n);
  });

  it('answers an empty month with no events, rejects bad input, 404 for an unknown city', async () => {
    const empty = await body<NewHouseCalendarBody>('new-house/calendar?cityId=605&month=2001-01');
    expect(empty.events).toEqual([]);
    await rejects('new-house/calendar');
    await rejects('new-house/calendar?cityId=abc');
    await rejects('new-house/calendar?cityId=605&month=2026-13');
    await rejects('new-house/calendar?cityId=605&type=sale');
    await notFound('new-house/calendar?cityId=9', '城市不存在');
  });
});

describe('rank/upcoming', () => {
  it('ranks 待售 projects by 摇号登记人数 (heat), the rest after', async () => {
    const { list } = await body<UpcomingRankBody>('rank/upcoming?cityId=605');
    const [{ n }] = (await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_house_project WHERE city_id = 605 AND sale_status = '待售'`,
    )) as [{ n: number }];
    expect(list).toHaveLength(Math.min(n, 20));
    expect(list.every((r) => r.saleStatus === '待售')).toBe(true);
    const heats = list.map((r) => r.heat ?? -1);
    expect([...heats].sort((a, b) => b - a)).toEqual(heats);
    expect(list.map((r) => r.rank)).toEqual(list.map((_, i) => i + 1));
  });

  it('rejects bad input and answers 404 for an unknown city', async () => {
    await rejects('rank/upcoming?cityId=605&size=51');
    await rejects('rank/upcoming');
    await rejects('rank/upcoming?cityId=abc');
    await rejects('rank/upcoming?cityId=605&size=0');
    await notFound('rank/upcoming?cityId=9', '城市不存在');
  });
});

describe('report/new-house', () => {
  it('reports the month’s permits, stock and district prices from the rows', async () => {
    const report = await body<NewHouseReportBody>('report/new-house?cityId=605');
    expect(report.month).toBe(latest);
    expect(report.trend).toHaveLength(12);
    expect(report.trend.at(-1)!.permitUnits).toBe(report.supply.permitUnits);
    const [{ units }] = (await seeded.database.sql.query<{ units: number }>(
      `SELECT COALESCE(sum((x->>'units')::int), 0)::int AS units
       FROM new_house_project p, jsonb_array_elements(p.presale_permits) x
       WHERE p.city_id = 605 AND to_char((x->>'issuedAt')::date, 'YYYY-MM') = $1`,
      [latest],
    )) as [{ units: number }];
    expect(report.supply.permitUnits).toBe(units);
    const { sellingCount, upcomingCount, soldOutCount } = report.stock;
    const [{ n }] = (await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_house_project WHERE city_id = 605`,
    )) as [{ n: number }];
    expect(sellingCount + upcomingCount + soldOutCount).toBe(n);
    for (const d of report.districts) {
      const [row] = await seeded.database.sql.query<{ listing_avg: number | null }>(
        `SELECT listing_avg FROM price_series WHERE level = 'district' AND target_id = $1 AND month = $2::date`,
        [d.districtId, `${latest}-01`],
      );
      expect(d.resaleListingAvg).toBe(row?.listing_avg ?? null);
    }
    const older = await body<NewHouseReportBody>(`report/new-house?cityId=605&month=${report.months[1]}`);
    expect(older.month).toBe(report.months[1]);
  });

  it('rejects bad input and answers 404 for an unknown city', async () => {
    await rejects('report/new-house?cityId=605&month=June');
    await rejects('report/new-house');
    await rejects('report/new-house?cityId=abc');
    await notFound('report/new-house?cityId=9', '城市不存在');
  });
});

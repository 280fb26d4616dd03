// The reports on the seeded small dataset (city 605): monthly figures must be the price_series rows other pages
// show, weekly counts must match the rows of the week, and certificates must round-trip.
import { describe, expect, it } from 'vitest';
import type {
  AreaListBody,
  AreaReportBody,
  CertificateBody,
  CityReportBody,
  EstateWeeklyBody,
  WeeklyReportBody,
} from '@fjt/domain';
import { seededApp } from '../../testing.ts';
import { weekArchive } from './service.ts';

const seeded = seededApp();

const body = async <T>(url: string) => {
  const res = await seeded.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
};

const expectBadRequest = async (url: string, payload?: Record<string, unknown>) => {
  const res =
    payload === undefined ? await seeded.app.inject(url) : await seeded.app.inject({ method: 'POST', url, payload });
  expect(res.statusCode, url).toBe(400);
  const json = res.json() as { resultCode: number; errMsg: string };
  expect(json.resultCode).not.toBe(0);
  expect(json.errMsg).toMatch(/[\u4e00-\u9fa5]/);
};

const expectNotFound = async (url: string, message?: string) => {
  const res = await seeded.app.inject(url);
  expect(res.statusCode, url).toBe(404);
  const json = res.json() as { resultCode: number; errMsg: string };
  expect(json.resultCode).not.toBe(0);
  if (message) expect(json.errMsg).toBe(message);
  else expect(json.errMsg).toMatch(/[\u4e00-\u9fa5]/);
};

const seriesRow = async (level: string, id: number, month: string) => {
  const [row] = await seeded.database.sql.query<{
    listing_avg: number | null;
    deal_avg: number | null;
    deal_count: number;
    listing_count: number;
  }>(
    `SELECT listing_avg, deal_avg, deal_count, listing_count FROM price_series
     WHERE level = $1 AND target_id = $2 AND month = $3::date`,
    [level, id, `${month}-01`],
  );
  return row;
};

const firstDistrict = async () => {
  const [row] = await seeded.database.sql.query<{ id: number; name: string }>(
    `SELECT id, name FROM district WHERE city_id = 605 ORDER BY sort_order, id LIMIT 1`,
  );
  return row!;
};

const latestMonth = async () => {
  const [row] = await seeded.database.sql.query<{ month: string }>(
    `SELECT to_char(max(month), 'YYYY-MM') AS month FROM price_series WHERE level = 'city' AND target_id = 605`,
  );
  return row!.month;
};

describe('report/area', () => {
  it('defaults to the first district and the newest month; its average is the series row and areaList’s', async () => {
    const report = await body<AreaReportBody>('/rabbit/v1/report/area?cityId=605');
    const district = await firstDistrict();
    const month = await latestMonth();
    expect(report.districtId).toBe(district.id);
    expect(report.districtName).toBe(district.name);
    expect(report.month).toBe(month);
    const row = await seriesRow('district', district.id, month);
    expect(report.figures.listingAvg).toBe(row!.listing_avg);
    expect(report.figures.dealAvg).toBe(row!.deal_avg);
    expect(report.figures.dealCount).toBe(row!.deal_count);
    const areaList = await body<AreaListBody>('/rabbit/v1/app/house/areaList?cityId=605');
    const listed = areaList.list.find((d) => d.id === district.id)!;
    expect(areaList.month?.slice(0, 7)).toBe(month);
    expect(report.figures.listingAvg).toBe(listed.listingAvg);
    expect(report.figures.listingMom).toBe(listed.listingMom);
    // Plates: each row is its series row too, and MoM agrees with areaList's plate.
    expect(report.plates.length).toBe(listed.children!.length);
    for (const plate of report.plates) {
      const child = listed.children!.find((c) => c.id === plate.id)!;
      expect(plate.listingAvg).toBe(child.listingAvg);
      expect(plate.listingMom).toBe(child.listingMom);
    }
    expect(report.trend).toHaveLength(12);
    expect(report.trend.at(-1)).toMatchObject({ month, listingAvg: row!.listing_avg });
    const cityRow = await seriesRow('city', 605, month);
    expect(report.city.listingAvg).toBe(cityRow!.listing_avg);
    expect(report.trend.at(-1)!.parentListingAvg).toBe(cityRow!.listing_avg);
    expect(report.segments.reduce((n, s) => n + s.dealCount, 0)).toBe(row!.deal_count);
    expect(report.summary).toContain(report.districtName);
    expect(report.districts.length).toBeGreaterThan(1);
  });

  it('reports another district and an earlier month on request; an unpublished month falls back', async () => {
    const first = await body<AreaReportBody>('/rabbit/v1/report/area?cityId=605');
    const other = first.districts[1]!;
    const earlier = first.months[3]!;
    const report = await body<AreaReportBody>(
      `/rabbit/v1/report/area?cityId=605&districtId=${other.id}&month=${earlier}`,
    );
    expect(report.districtId).toBe(other.id);
    expect(report.month).toBe(earlier);
    const row = await seriesRow('district', other.id, earlier);
    expect(report.figures.listingAvg).toBe(row?.listing_avg ?? null);
    const future = await body<AreaReportBody>('/rabbit/v1/report/area?cityId=605&month=2099-01');
    expect(future.month).toBe(first.month);
  });

  it('rejects bad input in Chinese and answers 404 for an unknown city or district', async () => {
    await expectBadRequest('/rabbit/v1/report/area');
    await expectBadRequest('/rabbit/v1/report/area?cityId=abc');
    await expectBadRequest('/rabbit/v1/report/area?cityId=605&districtId=-1');
    await expectBadRequest('/rabbit/v1/report/area?cityId=605&month=2026-13');
    await expectNotFound('/rabbit/v1/report/area?cityId=9', '城市或区县不存在');
    await expectNotFound('/rabbit/v1/report/area?cityId=605&districtId=999999999', '城市或区县不存在');
  });
});

describe('report/city', () => {
  it('reports the newest month from the city series with districts that agree with their rows', async () => {
    const report = await body<CityReportBody>('/rabbit/v1/report/city?cityId=605');
    const month = await latestMonth();
    expect(report.cityName).toBe('杭州');
    expect(report.month).toBe(month);
    const row = await seriesRow('city', 605, month);
    expect(report.figures.listingAvg).toBe(row!.listing_avg);
    expect(report.figures.listingCount).toBe(row!.listing_count);
    const district = report.districts.find((d) => d.listingAvg !== null)!;
    const districtRow = await seriesRow('district', district.id, month);
    expect(district.listingAvg).toBe(districtRow!.listing_avg);
    expect(report.months[0]).toBe(month);
    expect(report.indices.some((i) => i.source === '房价通')).toBe(true);
    const [deals] = await seeded.database.sql.query<{ n: number; cycle: number | null }>(
      `SELECT count(*)::int AS n, round(avg(cycle_days))::int AS cycle FROM deal
       WHERE city_id = 605 AND deal_date >= $1::date AND deal_date < ($1::date + interval '1 month')`,
      [`${month}-01`],
    );
    expect(report.segments.reduce((n, s) => n + s.dealCount, 0)).toBe(deals!.n);
    expect(report.activity.avgCycleDays).toBe(deals!.cycle);
  });

  it('takes a published month and falls back to the newest for an unpublished one', async () => {
    const latest = await body<CityReportBody>('/rabbit/v1/report/city?cityId=605');
    const earlier = latest.months[1]!;
    expect((await body<CityReportBody>(`/rabbit/v1/report/city?cityId=605&month=${earlier}`)).month).toBe(earlier);
    expect((await body<CityReportBody>('/rabbit/v1/report/city?cityId=605&month=2099-12')).month).toBe(latest.month);
  });

  it('rejects bad input in Chinese and answers 404 for an unknown city', async () => {
    await expectBadRequest('/rabbit/v1/report/city');
    await expectBadRequest('/rabbit/v1/report/city?cityId=abc');
    await expectBadRequest('/rabbit/v1/report/city?cityId=605&month=June');
    await expectNotFound('/rabbit/v1/report/city?cityId=9', '城市不存在');
  });
});

describe('report/weekly', () => {
  it('counts the city week from the listing, price-change and deal rows', async () => {
    const report = await body<WeeklyReportBody>('/rabbit/v1/report/weekly?cityId=605');
    expect(report.level).toBe('city');
    expect(report.week).not.toBeNull();
    const { start, end } = report.week!;
    expect(new Date(`${start}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(new Date(`${end}T00:00:00Z`).getUTCDay()).toBe(0);
    const [counts] = await seeded.database.sql.query<{ listings: number; deals: number; cuts: number }>(
      `SELECT (SELECT count(*)::int FROM listing WHERE city_id = 605 AND listed_at BETWEEN $1::date AND $2::date) AS listings,
              (SELECT count(*)::int FROM deal WHERE city_id = 605 AND deal_date BETWEEN $1::date AND $2::date) AS deals,
              (SELECT count(*)::int FROM listing_price_change c JOIN listing l ON l.id = c.listing_id
                WHERE l.city_id = 605 AND c.changed_at BETWEEN $1::date AND $2::date
                  AND c.new_total_price < c.old_total_price) AS cuts`,
      [start, end],
    );
    expect(report.figures.newListingCount).toBe(counts!.listings);
    expect(report.figures.dealCount).toBe(counts!.deals);
    expect(report.figures.priceCutCount).toBe(counts!.cuts);
    expect(report.areas.reduce((n, a) => n + a.dealCount, 0)).toBe(counts!.deals);
    expect(report.weeks[0]).toEqual(report.week);
    expect(report.weeks.length).toBe(12);
    const month = await latestMonth();
    expect(report.listingAvg).toBe((await seriesRow('city', 605, month))!.listing_avg);
    // An archived week.
    const older = report.weeks[2]!;
    const archived = await body<WeeklyReportBody>(`/rabbit/v1/report/weekly?cityId=605&week=${older.start}`);
    expect(archived.week).toEqual(older);
  });

  it('reports a plate week with its hot estates, and a district week with its plates', async () => {
    const city = await body<WeeklyReportBody>('/rabbit/v1/report/weekly?cityId=605');
    const district = city.areas.find((a) => a.dealCount + a.newListingCount > 0)!;
    const districtWeek = await body<WeeklyReportBody>(`/rabbit/v1/report/weekly?cityId=605&districtId=${district.id}`);
    expect(districtWeek.level).toBe('district');
    expect(districtWeek.figures.dealCount).toBe(district.dealCount);
    const plate = districtWeek.areas.find((a) => a.dealCount + a.newListingCount > 0)!;
    const plateWeek = await body<WeeklyReportBody>(
      `/rabbit/v1/report/weekly?cityId=605&districtId=${district.id}&plateId=${plate.id}`,
    );
    expect(plateWeek.level).toBe('plate');
    expect(plateWeek.target).toMatchObject({ id: plate.id, name: plate.name, districtId: district.id });
    expect(plateWeek.figures.newListingCount).toBe(plate.newListingCount);
    expect(plateWeek.figures.dealCount).toBe(plate.dealCount);
    expect(plateWeek.hotEstates.length).toBeGreaterThan(0);
    expect(plateWeek.areas).toEqual([]);
  });

  it('rejects bad input in Chinese and answers 404 for unknown or mismatched areas', async () => {
    await expectBadRequest('/rabbit/v1/report/weekly');
    await expectBadRequest('/rabbit/v1/report/weekly?cityId=abc');
    await expectBadRequest('/rabbit/v1/report/weekly?cityId=605&districtId=0');
    await expectBadRequest('/rabbit/v1/report/weekly?cityId=605&week=2026-02-30x');
    await expectBadRequest('/rabbit/v1/report/weekly?cityId=605&plateId=abc');
    await expectNotFound('/rabbit/v1/report/weekly?cityId=9', '城市、区县或板块不存在');
    await expectNotFound('/rabbit/v1/report/weekly?cityId=605&plateId=999999999', '城市、区县或板块不存在');
    await expectNotFound('/rabbit/v1/report/weekly?cityId=605&districtId=999999999', '城市、区县或板块不存在');
    const [plate] = await seeded.database.sql.query<{ id: number; district_id: number }>(
      `SELECT id, district_id FROM plate WHERE city_id = 605 LIMIT 1`,
    );
    const [otherDistrict] = await seeded.database.sql.query<{ id: number }>(
      `SELECT id FROM district WHERE city_id = 605 AND id <> $1 LIMIT 1`,
      [plate!.district_id],
    );
    await expectNotFound(`/rabbit/v1/report/weekly?cityId=605&districtId=${otherDistrict!.id}&plateId=${plate!.id}`);
  });
});

describe('report/estate-weekly', () => {
  it('lists the estate’s week and its asking average against the week before', async () => {
    // Deals reach the data 15 days late (DEAL_DELAY_DAYS), so the newest weeks may have none: take the newest
    // week of the archive that has.
    const newest = await body<WeeklyReportBody>('/rabbit/v1/report/weekly?cityId=605');
    let busy: { estate_id: number; n: number } | undefined;
    let city = newest;
    for (const w of newest.weeks) {
      city = await body<WeeklyReportBody>(`/rabbit/v1/report/weekly?cityId=605&week=${w.start}`);
      [busy] = await seeded.database.sql.query<{ estate_id: number; n: number }>(
        `SELECT estate_id, count(*)::int AS n FROM deal WHERE city_id = 605 AND deal_date BETWEEN $1::date AND $2::date
         GROUP BY estate_id ORDER BY n DESC, estate_id LIMIT 1`,
        [w.start, w.end],
      );
      if (busy) break;
    }
    const { start, end } = city.week!;
    const report = await body<EstateWeeklyBody>(
      `/rabbit/v1/report/estate-weekly?estateId=${busy!.estate_id}&week=${start}`,
    );
    expect(report.week).toEqual(city.week);
    expect(report.figures.dealCount).toBe(busy!.n);
    expect(report.deals).toHaveLength(Math.min(busy!.n, 20));
    expect(report.deals.every((d) => d.date >= start && d.date <= end)).toBe(true);
    expect(report.askingAvg === null || report.askingAvg > 0).toBe(true);
    expect(report.estateName).toBeTruthy();
  });

  it('rejects bad input in Chinese and answers 404 for an unknown estate', async () => {
    await expectBadRequest('/rabbit/v1/report/estate-weekly');
    await expectBadRequest('/rabbit/v1/report/estate-weekly?estateId=abc');
    await expectBadRequest('/rabbit/v1/report/estate-weekly?estateId=1&week=yesterday');
    await expectNotFound('/rabbit/v1/report/estate-weekly?estateId=999999999', '小区不存在');
  });
});

describe('report/certificate', () => {
  it('issues one certificate per estate and data month, and verifies it by id', async () => {
    const [estate] = await seeded.database.sql.query<{ id: number; name: string }>(
      `SELECT id, name FROM estate WHERE city_id = 605 ORDER BY id LIMIT 1`,
    );
    const issue = () =>
      seeded.app.inject({ method: 'POST', url: '/rabbit/v1/report/certificate', payload: { estateId: estate!.id } });
    const first = await issue();
    expect(first.statusCode, first.body).toBe(200);
    const cert = (first.json() as { body: CertificateBody }).body;
    expect(cert.id).toMatch(/^FJT[2-9A-HJ-NP-Z]{11}$/);
    expect(cert.estateName).toBe(estate!.name);
    expect(cert.title).toContain(estate!.name);
    expect(cert.dataMonth).toBe(await latestMonth());
    expect(((await issue()).json() as { body: CertificateBody }).body.id).toBe(cert.id);
    const verified = await body<CertificateBody>(`/rabbit/v1/report/certificate?id=${cert.id.toLowerCase()}`);
    expect(verified).toEqual(cert);
    const [row] = await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM report_certificate WHERE estate_id = $1`,
      [estate!.id],
    );
    expect(row!.n).toBe(1);
  });

  it('rejects bad input in Chinese and answers 404 for unknown certificates and estates', async () => {
    await expectBadRequest('/rabbit/v1/report/certificate');
    await expectBadRequest('/rabbit/v1/report/certificate?id=abc');
    await expectBadRequest('/rabbit/v1/report/certificate', {});
    await expectBadRequest('/rabbit/v1/report/certificate', { estateId: 'x' });
    await expectBadRequest('/rabbit/v1/report/certificate', { estateId: -1 });
    await expectNotFound('/rabbit/v1/report/certificate?id=FJT22222222222', '证书不存在或已失效');
    const res = await seeded.app.inject({
      method: 'POST',
      url: '/rabbit/v1/report/certificate',
      payload: { estateId: 999999999 },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().resultCode).not.toBe(0);
    expect(res.json().errMsg).toBe('小区不存在');
  });
});

describe('weekArchive', () => {
  it('ends with the last complete Monday–Sunday week on or before the newest day', () => {
    // 2026-06-30 is a Tuesday: the newest complete week is 22–28 June.
    expect(weekArchive('2026-06-30', 2)).toEqual([
      { start: '2026-06-22', end: '2026-06-28' },
      { start: '2026-06-15', end: '2026-06-21' },
    ]);
    // A Sunday closes its own week.
    expect(weekArchive('2026-06-28', 1)).toEqual([{ start: '2026-06-22', end: '2026-06-28' }]);
  });
});

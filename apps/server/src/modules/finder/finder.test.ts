// Finder endpoints on the seeded small dataset (city 605): 本周好房, 捡漏 and 帮我找房, checked against the rows.
import { describe, expect, it } from 'vitest';
import type { BargainListBody, FindDistrictBody, FindPlateBody, WeekHouseBody } from '@fjt/domain';
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

async function asOf() {
  const [row] = await seeded.database.sql.query<{ day: string }>(
    `SELECT to_char((max(month) + interval '1 month' - interval '1 day')::date, 'YYYY-MM-DD') AS day
     FROM price_series WHERE level = 'city' AND target_id = 605`,
  );
  return row!.day;
}

describe('home/week-house', () => {
  it('lists the week’s new listings below their estate’s 挂牌均价, most below first', async () => {
    const week = await body<WeekHouseBody>('/rabbit/v1/home/week-house?cityId=605&tab=resale');
    const day = await asOf();
    expect(week.weekTo).toBe(day);
    expect(week.list.length).toBeGreaterThan(0);
    const below = week.list.map((l) => l.belowPct);
    expect([...below].sort((a, b) => b - a)).toEqual(below);
    for (const l of week.list) {
      expect(l.listedAt >= week.weekFrom! && l.listedAt <= day).toBe(true);
      expect(l.unitPrice).toBeLessThan(l.referenceAvg);
      expect(l.belowPct).toBeGreaterThanOrEqual(1);
    }
    const first = week.list[0]!;
    const [estate] = await seeded.database.sql.query<{ listing_avg: number }>(
      `SELECT listing_avg FROM price_series WHERE level = 'estate' AND target_id = $1
       AND month = date_trunc('month', $2::date)::date`,
      [first.estateId, day],
    );
    expect(first.referenceAvg).toBe(estate!.listing_avg);
  });

  it('lists the week’s openings and the next ones', async () => {
    const week = await body<WeekHouseBody>('/rabbit/v1/home/week-house?cityId=605&tab=new');
    for (const p of week.projects)
      expect(p.openingDate! >= week.weekFrom! && p.openingDate! <= week.weekTo!).toBe(true);
    const [next] = await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_house_project WHERE city_id = 605 AND opening_date > $1::date`,
      [week.weekTo],
    );
    expect(week.upcoming).toHaveLength(Math.min(next!.n, 5));
    for (const p of week.upcoming) expect(p.openingDate! > week.weekTo!).toBe(true);
  });

  it('rejects bad input in Chinese and answers 404 for an unknown city', async () => {
    await expectRejected('/rabbit/v1/home/week-house');
    expect(await expectRejected('/rabbit/v1/home/week-house?cityId=605&tab=old')).toContain('tab');
    await expectRejected('/rabbit/v1/home/week-house?cityId=abc');
    await expectRejected('/rabbit/v1/home/week-house?cityId=605&page=0');
    await expectRejected('/rabbit/v1/home/week-house?cityId=605&size=21');
    expect(await expectRejected('/rabbit/v1/home/week-house?cityId=999999999', 404)).toBe('城市不存在');
  });
});

describe('house/bargain/list', () => {
  it('lists on-sale listings below their estate’s 365-day deal average, with the badge figure', async () => {
    const page = await body<BargainListBody>('/rabbit/v1/house/bargain/list?cityId=605');
    const day = await asOf();
    expect(page.asOf).toBe(day);
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.length).toBeLessThanOrEqual(20);
    const first = page.list[0]!;
    const [ref] = await seeded.database.sql.query<{ avg: number }>(
      `SELECT avg(unit_price)::float8 AS avg FROM deal WHERE estate_id = $1
       AND deal_date > $2::date - 365 AND deal_date <= $2::date`,
      [first.estateId, day],
    );
    expect(first.referenceAvg).toBe(Math.round(ref!.avg));
    expect(first.belowPct).toBeCloseTo(((ref!.avg - first.unitPrice) / ref!.avg) * 100, 0);
    const below = page.list.map((l) => l.belowPct);
    expect([...below].sort((a, b) => b - a)).toEqual(below);
    expect(Math.min(...below)).toBeGreaterThanOrEqual(1);
    const [listing] = await seeded.database.sql.query<{ status: string; days: number }>(
      `SELECT status, ($2::date - listed_at)::int AS days FROM listing WHERE id = $1`,
      [first.id, day],
    );
    expect(listing!.status).toBe('on_sale');
    expect(first.daysListed).toBe(listing!.days);
  });

  it('filters by district, rooms and price and sorts by total', async () => {
    const all = await body<BargainListBody>('/rabbit/v1/house/bargain/list?cityId=605&size=20');
    const districtId = (
      await seeded.database.sql.query<{ id: number }>(`SELECT district_id AS id FROM listing WHERE id = $1`, [
        all.list[0]!.id,
      ])
    )[0]!.id;
    const page = await body<BargainListBody>(
      `/rabbit/v1/house/bargain/list?cityId=605&districtId=${districtId}&roomType=2,3&price=100-&sort=total`,
    );
    expect(page.total).toBeLessThanOrEqual(all.total);
    const totals = page.list.map((l) => l.totalPrice);
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
    for (const l of page.list) {
      expect([2, 3]).toContain(l.rooms);
      expect(l.totalPrice).toBeGreaterThanOrEqual(1_000_000);
    }
  });

  it('rejects bad input in Chinese and answers 404 for an unknown city or district', async () => {
    await expectRejected('/rabbit/v1/house/bargain/list');
    await expectRejected('/rabbit/v1/house/bargain/list?cityId=abc');
    await expectRejected('/rabbit/v1/house/bargain/list?cityId=605&districtId=abc');
    await expectRejected('/rabbit/v1/house/bargain/list?cityId=605&page=0');
    await expectRejected('/rabbit/v1/house/bargain/list?cityId=605&size=21');
    await expectRejected('/rabbit/v1/house/bargain/list?cityId=605&sort=cheap');
    await expectRejected('/rabbit/v1/house/bargain/list?cityId=605&price=abc');
    await expectRejected('/rabbit/v1/house/bargain/list?cityId=605&roomType=9');
    expect(await expectRejected('/rabbit/v1/house/bargain/list?cityId=999999999', 404)).toBe('城市不存在');
    expect(await expectRejected('/rabbit/v1/house/bargain/list?cityId=605&districtId=999999999', 404)).toBe(
      '区县不存在',
    );
  });
});

describe('new-house/find-plate-12-5-2 and get-district-of-find-plate', () => {
  it('lists plates whose typical total fits the budget, from the plate series', async () => {
    const found = await body<FindPlateBody>('/rabbit/v1/new-house/find-plate-12-5-2?cityId=605&budget=300');
    expect(found.list.length).toBeGreaterThan(0);
    expect(found.minBudget).toBeNull();
    for (const p of found.list) expect(p.typicalTotal!).toBeLessThanOrEqual(3_000_000);
    const plate = found.list[0]!;
    const [row] = await seeded.database.sql.query<{ listing_avg: number }>(
      `SELECT listing_avg FROM price_series WHERE level = 'plate' AND target_id = $1
       AND month = (SELECT max(month) FROM price_series WHERE level = 'city' AND target_id = 605)`,
      [plate.id],
    );
    expect(plate.listingAvg).toBe(row!.listing_avg);
    const [n] = await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM listing WHERE plate_id = $1 AND status = 'on_sale' AND total_price <= 3000000`,
      [plate.id],
    );
    expect(plate.listingsInBudget).toBe(n!.n);
    const counts = found.list.map((p) => p.listingsInBudget);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  });

  it('suggests a budget when nothing fits, and sorts by rent yield for 投资', async () => {
    const none = await body<FindPlateBody>('/rabbit/v1/new-house/find-plate-12-5-2?cityId=605&budget=10');
    expect(none.list).toHaveLength(0);
    expect(none.minBudget).toBeGreaterThan(10);
    const fits = await body<FindPlateBody>(
      `/rabbit/v1/new-house/find-plate-12-5-2?cityId=605&budget=${none.minBudget}`,
    );
    expect(fits.list.length).toBeGreaterThan(0);
    const invest = await body<FindPlateBody>(
      '/rabbit/v1/new-house/find-plate-12-5-2?cityId=605&budget=500&purpose=invest',
    );
    const yields = invest.list.map((p) => p.rentYield ?? -1);
    expect([...yields].sort((a, b) => b - a)).toEqual(yields);
  });

  it('counts fitting plates per district, and filters plates by district', async () => {
    const districts = await body<FindDistrictBody>(
      '/rabbit/v1/new-house/get-district-of-find-plate?cityId=605&budget=300',
    );
    const plates = await body<FindPlateBody>('/rabbit/v1/new-house/find-plate-12-5-2?cityId=605&budget=300');
    const top = districts.list[0]!;
    expect(top.fittingPlates).toBe(plates.list.filter((p) => p.districtId === top.id).length);
    const inTop = await body<FindPlateBody>(
      `/rabbit/v1/new-house/find-plate-12-5-2?cityId=605&budget=300&districtIds=${top.id}`,
    );
    expect(inTop.list.length).toBe(top.fittingPlates);
    expect(inTop.list.every((p) => p.districtId === top.id)).toBe(true);
  });

  it('rejects bad input in Chinese and answers 404 for an unknown city or district', async () => {
    expect(await expectRejected('/rabbit/v1/new-house/find-plate-12-5-2?cityId=605')).toContain('预算');
    await expectRejected('/rabbit/v1/new-house/find-plate-12-5-2?cityId=605&budget=5');
    await expectRejected('/rabbit/v1/new-house/find-plate-12-5-2?cityId=605&budget=300&districtIds=a,b');
    await expectRejected('/rabbit/v1/new-house/find-plate-12-5-2?budget=300');
    await expectRejected('/rabbit/v1/new-house/find-plate-12-5-2?cityId=605&budget=300&roomType=6');
    await expectRejected('/rabbit/v1/new-house/find-plate-12-5-2?cityId=605&budget=300&area=big');
    await expectRejected('/rabbit/v1/new-house/find-plate-12-5-2?cityId=605&budget=300&purpose=rent');
    await expectRejected('/rabbit/v1/new-house/get-district-of-find-plate?cityId=605&budget=abc');
    await expectRejected('/rabbit/v1/new-house/get-district-of-find-plate?cityId=abc&budget=300');
    await expectRejected('/rabbit/v1/new-house/get-district-of-find-plate?cityId=605&budget=300&roomType=0');
    await expectRejected('/rabbit/v1/new-house/get-district-of-find-plate?cityId=605&budget=300&area=70~90');
    expect(await expectRejected('/rabbit/v1/new-house/find-plate-12-5-2?cityId=999999999&budget=300', 404)).toBe(
      '城市不存在',
    );
    expect(
      await expectRejected('/rabbit/v1/new-house/find-plate-12-5-2?cityId=605&budget=300&districtIds=999999999', 404),
    ).toBe('区县不存在');
    expect(
      await expectRejected('/rabbit/v1/new-house/get-district-of-find-plate?cityId=999999999&budget=300', 404),
    ).toBe('城市不存在');
  });
});

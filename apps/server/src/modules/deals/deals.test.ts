// The deal endpoints on the seeded small dataset (city 605): house/pro-free, house/deal/overview,
// house/deal/history and house/deal/detail.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEAL_FREE_ROWS,
  type DealDetailBody,
  type DealHistoryBody,
  type DealOverviewBody,
  type DealRankBody,
  type DealSearchBody,
  type ProFreeBody,
} from '@fjt/domain';
import { seededApp } from '../../testing.ts';

const seeded = seededApp();
/** The 杭州 estate with the most deals. */
let estateId: number;
let latest: string;

beforeAll(async () => {
  const [row] = await seeded.database.sql.query<{ estate_id: number }>(
    `SELECT estate_id FROM deal WHERE city_id = 605 GROUP BY estate_id ORDER BY count(*) DESC, estate_id LIMIT 1`,
  );
  estateId = row!.estate_id;
  const [month] = await seeded.database.sql.query<{ month: string }>(
    `SELECT to_char(max(month), 'YYYY-MM') AS month FROM price_series WHERE level = 'city' AND target_id = 605`,
  );
  latest = month!.month;
});

async function get<T>(path: string): Promise<T> {
  const res = await seeded.app.inject(`/rabbit/v1/${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
}

async function expectRejected(paths: string[], status: number, message?: string) {
  for (const path of paths) {
    const res = await seeded.app.inject(`/rabbit/v1/${path}`);
    expect(res.statusCode, path).toBe(status);
    expect(res.json().resultCode, path).not.toBe(0);
    expect(res.json().errMsg, path).toMatch(message ?? /[\u4e00-\u9fa5]/);
  }
}

describe('house/pro-free', () => {
  it('answers the free-row quota and the estate’s deal count', async () => {
    const body = await get<ProFreeBody>(`house/pro-free?houseId=${estateId}`);
    const [row] = await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM deal WHERE estate_id = $1`,
      [estateId],
    );
    expect(body).toEqual({ houseId: estateId, freeCount: DEAL_FREE_ROWS, dealCount: row!.n });
  });

  it('rejects a missing or malformed id; an unknown estate is a 404', async () => {
    await expectRejected(['house/pro-free', 'house/pro-free?houseId=abc', 'house/pro-free?houseId=-1'], 400);
    await expectRejected(['house/pro-free?houseId=999999999'], 404, '小区不存在');
  });
});

describe('house/deal/overview', () => {
  it('summarises the 12 months ending with the city’s newest month from the deal rows themselves', async () => {
    const body = await get<DealOverviewBody>(`house/deal/overview?houseId=${estateId}`);
    expect(body.month).toBe(latest);
    expect(body.trend).toHaveLength(12);
    expect(body.trend.at(-1)!.month).toBe(latest);
    const rows = await seeded.database.sql.query<{ month: string; n: number; avg: number }>(
      `SELECT to_char(deal_date, 'YYYY-MM') AS month, count(*)::int AS n, round(avg(unit_price))::int AS avg
       FROM deal WHERE estate_id = $1 AND to_char(deal_date, 'YYYY-MM') BETWEEN $2 AND $3 GROUP BY 1`,
      [estateId, body.trend[0]!.month, latest],
    );
    expect(body.dealCount12).toBe(rows.reduce((n, r) => n + r.n, 0));
    for (const m of body.trend) {
      const r = rows.find((x) => x.month === m.month);
      expect(m.dealCount).toBe(r?.n ?? 0);
      expect(m.dealAvg).toBe(r?.avg ?? null);
    }
    if (body.dealMonth) {
      expect(body.dealAvg).toBe(rows.find((r) => r.month === body.dealMonth)!.avg);
    }
    const [avg] = await seeded.database.sql.query<{ cycle: number | null }>(
      `SELECT round(avg(cycle_days))::int AS cycle FROM deal
       WHERE estate_id = $1 AND to_char(deal_date, 'YYYY-MM') BETWEEN $2 AND $3`,
      [estateId, body.trend[0]!.month, latest],
    );
    expect(body.avgCycleDays).toBe(avg!.cycle);
  });

  it('draws 36 months on request', async () => {
    const body = await get<DealOverviewBody>(`house/deal/overview?houseId=${estateId}&months=36`);
    expect(body.trend).toHaveLength(36);
  });

  it('rejects bad input in Chinese; an unknown estate is a 404', async () => {
    await expectRejected(
      ['house/deal/overview', `house/deal/overview?houseId=${estateId}&months=24`, 'house/deal/overview?houseId=x'],
      400,
    );
    await expectRejected(['house/deal/overview?houseId=999999999'], 404, '小区不存在');
  });
});

describe('house/deal/history', () => {
  it('lists every deal of the estate, newest first, 20 a page without overlap', async () => {
    const first = await get<DealHistoryBody>(`house/deal/history?houseId=${estateId}`);
    const [row] = await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM deal WHERE estate_id = $1`,
      [estateId],
    );
    expect(first.total).toBe(row!.n);
    expect(first.freeCount).toBe(DEAL_FREE_ROWS);
    expect(first.list).toHaveLength(Math.min(20, row!.n));
    const dates = first.list.map((d) => d.dealDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    // A visitor sees the free rows in full and the rest masked (member-mask.test.ts has the whole rule).
    expect(first.list.map((d) => d.masked)).toEqual(first.list.map((_, i) => i >= DEAL_FREE_ROWS));
    if (row!.n > 20) {
      const second = await get<DealHistoryBody>(`house/deal/history?houseId=${estateId}&page=2`);
      const ids = new Set(first.list.map((d) => d.id));
      expect(second.list.some((d) => ids.has(d.id))).toBe(false);
    }
  });

  it('filters by 户型 and period', async () => {
    const rooms = await get<DealHistoryBody>(`house/deal/history?houseId=${estateId}&rooms=2&size=20`);
    expect(rooms.list.every((d) => d.rooms === 2)).toBe(true);
    const recent = await get<DealHistoryBody>(`house/deal/history?houseId=${estateId}&period=12`);
    const overview = await get<DealOverviewBody>(`house/deal/overview?houseId=${estateId}`);
    expect(recent.total).toBe(overview.dealCount12);
    expect(recent.list.every((d) => d.dealDate.slice(0, 7) >= overview.trend[0]!.month)).toBe(true);
  });

  it('rejects bad input in Chinese; an unknown estate is a 404', async () => {
    await expectRejected(
      [
        'house/deal/history',
        `house/deal/history?houseId=${estateId}&rooms=9`,
        `house/deal/history?houseId=${estateId}&period=5`,
        `house/deal/history?houseId=${estateId}&size=100`,
        `house/deal/history?houseId=${estateId}&page=0`,
      ],
      400,
    );
    await expectRejected(['house/deal/history?houseId=999999999'], 404, '小区不存在');
  });
});

describe('house/deal/detail', () => {
  it('tells one deal: prices, timeline 挂牌 → 调价 → 成交 and same-room deals within ±6 months', async () => {
    const [pick] = await seeded.database.sql.query<{ id: number; listing_id: number; changes: number }>(
      `SELECT d.id, d.listing_id, (SELECT count(*)::int FROM listing_price_change c WHERE c.listing_id = d.listing_id) AS changes
       FROM deal d WHERE d.city_id = 605 AND d.listing_id IS NOT NULL
         AND EXISTS (SELECT 1 FROM listing_price_change c WHERE c.listing_id = d.listing_id)
       ORDER BY d.id LIMIT 1`,
    );
    const body = await get<DealDetailBody>(`house/deal/detail?dealId=${pick!.id}`);
    expect(body.deal.id).toBe(pick!.id);
    expect(body.estate.name.length).toBeGreaterThan(0);
    expect(body.timeline[0]!.kind).toBe('listed');
    expect(body.timeline.at(-1)).toMatchObject({ kind: 'deal', totalPrice: body.deal.totalPrice });
    expect(body.timeline.filter((e) => e.kind === 'priceChange')).toHaveLength(pick!.changes);
    const dealDay = Date.parse(body.deal.dealDate);
    for (const d of body.similar) {
      expect(Math.min(d.rooms, 5)).toBe(Math.min(body.deal.rooms, 5));
      expect(d.id).not.toBe(body.deal.id);
      expect(Math.abs(Date.parse(d.dealDate) - dealDay)).toBeLessThanOrEqual(184 * 86_400_000);
    }
  });

  it('rejects a missing or malformed id; an unknown deal is a 404', async () => {
    await expectRejected(['house/deal/detail', 'house/deal/detail?dealId=abc', 'house/deal/detail?dealId=0'], 400);
    await expectRejected(['house/deal/detail?dealId=999999999'], 404, '成交记录不存在');
  });
});

describe('rank/deal', () => {
  it('ranks the estates of the newest published month by deals, with counts from the deal rows', async () => {
    const body = await get<DealRankBody>('rank/deal?cityId=605');
    expect(body).toMatchObject({ month: latest, metric: 'count', level: 'estate' });
    expect(body.months[0]).toBe(latest);
    expect(body.list.length).toBeGreaterThan(0);
    const counts = body.list.map((r) => r.value);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    const top = body.list[0]!;
    const [row] = await seeded.database.sql.query<{ n: number; avg: number }>(
      `SELECT count(*)::int AS n, round(avg(unit_price))::int AS avg FROM deal
       WHERE estate_id = $1 AND to_char(deal_date, 'YYYY-MM') = $2`,
      [top.id, latest],
    );
    expect(top).toMatchObject({ rank: 1, dealCount: row!.n, dealAvg: row!.avg, value: row!.n });
  });

  it('ranks plates by 成交均价 and districts by 成交周期 (quickest first) for a chosen month', async () => {
    const month = addMonth(latest, -2);
    const plates = await get<DealRankBody>(`rank/deal?cityId=605&metric=avg&level=plate&month=${month}`);
    expect(plates.month).toBe(month);
    const avgs = plates.list.map((r) => r.value);
    expect([...avgs].sort((a, b) => b - a)).toEqual(avgs);
    expect(plates.list.every((r) => r.parentName !== null)).toBe(true);
    const districts = await get<DealRankBody>(`rank/deal?cityId=605&metric=cycle&level=district&size=50`);
    const cycles = districts.list.map((r) => r.value);
    expect([...cycles].sort((a, b) => a - b)).toEqual(cycles);
    expect(districts.list.every((r) => r.parentName === null)).toBe(true);
  });

  it('falls back to the newest published month for a month not published', async () => {
    const body = await get<DealRankBody>('rank/deal?cityId=605&month=2099-01');
    expect(body.month).toBe(latest);
  });

  it('rejects bad input in Chinese; an unknown city is a 404', async () => {
    await expectRejected(
      [
        'rank/deal',
        'rank/deal?cityId=605&month=2026-13',
        'rank/deal?cityId=605&metric=hot',
        'rank/deal?cityId=605&level=room',
      ],
      400,
    );
    await expectRejected(['rank/deal?cityId=7'], 404, '城市不存在');
  });
});

describe('deal/search', () => {
  it('groups the city’s deals by estate, most deals first, with the newest rows of each', async () => {
    const body = await get<DealSearchBody>('deal/search?cityId=605');
    const [row] = await seeded.database.sql.query<{ n: number; estates: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT estate_id)::int AS estates FROM deal WHERE city_id = 605`,
    );
    expect(body).toMatchObject({ total: row!.estates, dealTotal: row!.n, page: 1, size: 20 });
    expect(body.list).toHaveLength(20);
    const counts = body.list.map((g) => g.dealCount);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    const top = body.list[0]!;
    expect(top.deals.length).toBe(Math.min(3, top.dealCount));
    const [avg] = await seeded.database.sql.query<{ avg: number }>(
      `SELECT round(avg(unit_price))::int AS avg FROM deal WHERE estate_id = $1`,
      [top.estateId],
    );
    expect(top.dealAvg).toBe(avg!.avg);
    const second = await get<DealSearchBody>('deal/search?cityId=605&page=2');
    const ids = new Set(body.list.map((g) => g.estateId));
    expect(second.list.some((g) => ids.has(g.estateId))).toBe(false);
  });

  it('filters by plate, keyword, 户型, 面积, 总价 and period', async () => {
    const [plate] = await seeded.database.sql.query<{ plate_id: number; district_id: number }>(
      `SELECT plate_id, district_id FROM deal WHERE city_id = 605 GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`,
    );
    const byPlate = await get<DealSearchBody>(
      `deal/search?cityId=605&districtId=${plate!.district_id}&plateId=${plate!.plate_id}&roomType=2,3&area=50-110&price=100-800&period=12&size=20`,
    );
    expect(byPlate.list.length).toBeGreaterThan(0);
    for (const d of byPlate.list.flatMap((g) => g.deals)) {
      expect([2, 3]).toContain(d.rooms);
      expect(d.area).toBeGreaterThanOrEqual(50);
      expect(d.area).toBeLessThan(110);
      // a visitor sees the price of an estate's latest deals only
      if (d.masked) continue;
      expect(d.totalPrice!).toBeGreaterThanOrEqual(1_000_000);
      expect(d.totalPrice!).toBeLessThan(8_000_000);
    }
    const [estate] = await seeded.database.sql.query<{ name: string }>(`SELECT name FROM estate WHERE id = $1`, [
      estateId,
    ]);
    const byName = await get<DealSearchBody>(`deal/search?cityId=605&kw=${encodeURIComponent(estate!.name)}`);
    expect(byName.list.some((g) => g.estateId === estateId)).toBe(true);
    const nothing = await get<DealSearchBody>('deal/search?cityId=605&kw=zzzzzz');
    expect(nothing).toMatchObject({ total: 0, dealTotal: 0, list: [] });
  });

  it('rejects bad input in Chinese; unknown city, district or plate is a 404', async () => {
    await expectRejected(
      [
        'deal/search',
        'deal/search?cityId=605&roomType=7',
        'deal/search?cityId=605&area=big',
        'deal/search?cityId=605&price=cheap',
        'deal/search?cityId=605&period=2',
        'deal/search?cityId=605&districtId=abc',
        'deal/search?cityId=605&size=100',
      ],
      400,
    );
    await expectRejected(['deal/search?cityId=7'], 404, '城市不存在');
    await expectRejected(['deal/search?cityId=605&districtId=110101'], 404, '区县不存在');
    await expectRejected(['deal/search?cityId=605&plateId=110101001'], 404, '板块不存在');
  });
});

function addMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

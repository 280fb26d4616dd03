// The deal endpoints on the seeded small dataset (city 605): house/pro-free, house/deal/overview,
// house/deal/history and house/deal/detail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { seedDatabase } from '@fjt/dataset';
import {
  DEAL_FREE_ROWS,
  type DealDetailBody,
  type DealHistoryBody,
  type DealOverviewBody,
  type ProFreeBody,
} from '@fjt/domain';
import { buildApp } from '../../app.ts';

let database: TestDatabase;
let app: FastifyInstance;
/** The 杭州 estate with the most deals. */
let estateId: number;
let latest: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database, { scale: 'small' });
  app = await buildApp({ env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false }, database });
  await app.ready();
  const [row] = await database.sql.query<{ estate_id: number }>(
    `SELECT estate_id FROM deal WHERE city_id = 605 GROUP BY estate_id ORDER BY count(*) DESC, estate_id LIMIT 1`,
  );
  estateId = row!.estate_id;
  const [month] = await database.sql.query<{ month: string }>(
    `SELECT to_char(max(month), 'YYYY-MM') AS month FROM price_series WHERE level = 'city' AND target_id = 605`,
  );
  latest = month!.month;
});

afterAll(async () => {
  await app.close();
  await database.destroy();
});

async function get<T>(path: string): Promise<T> {
  const res = await app.inject(`/rabbit/v1/${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
}

async function expectRejected(paths: string[], status: number, message?: string) {
  for (const path of paths) {
    const res = await app.inject(`/rabbit/v1/${path}`);
    expect(res.statusCode, path).toBe(status);
    expect(res.json().resultCode, path).not.toBe(0);
    expect(res.json().errMsg, path).toMatch(message ?? /[\u4e00-\u9fa5]/);
  }
}

describe('house/pro-free', () => {
  it('answers the free-row quota and the estate’s deal count', async () => {
    const body = await get<ProFreeBody>(`house/pro-free?houseId=${estateId}`);
    const [row] = await database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM deal WHERE estate_id = $1`, [
      estateId,
    ]);
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
    const rows = await database.sql.query<{ month: string; n: number; avg: number }>(
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
    const [avg] = await database.sql.query<{ cycle: number | null }>(
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
    const [row] = await database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM deal WHERE estate_id = $1`, [
      estateId,
    ]);
    expect(first.total).toBe(row!.n);
    expect(first.freeCount).toBe(DEAL_FREE_ROWS);
    expect(first.list).toHaveLength(Math.min(20, row!.n));
    const dates = first.list.map((d) => d.dealDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    // Every row is shown until the membership issue masks rows past the quota.
    expect(first.list.every((d) => !d.masked && d.totalPrice !== null)).toBe(true);
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
    const [pick] = await database.sql.query<{ id: number; listing_id: number; changes: number }>(
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

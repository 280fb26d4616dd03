// POST estimate/value on the seeded small dataset (杭州, city 605): a value with a range around it and at most
// six comparables from the estate's own deals up to asOf; past months accepted; bad input answered 4xx in Chinese.
import { beforeAll, describe, expect, it } from 'vitest';
import type { EstimateValueBody } from '@fjt/domain';
import { seededApp } from '../../testing.ts';

const seeded = seededApp();
let estateId: number;
let latestMonth: string;
let firstMonth: string;

beforeAll(async () => {
  const [busiest] = await seeded.database.sql.query<{ estateId: number }>(
    `SELECT estate_id AS "estateId" FROM deal GROUP BY estate_id ORDER BY count(*) DESC, estate_id LIMIT 1`,
  );
  estateId = Number(busiest!.estateId);
  const [range] = await seeded.database.sql.query<{ first: string; last: string }>(
    `SELECT to_char(min(deal_date), 'YYYY-MM') AS first, to_char(max(deal_date), 'YYYY-MM') AS last FROM deal`,
  );
  firstMonth = range!.first;
  latestMonth = range!.last;
});

const home = () => ({
  estateId,
  area: 89.5,
  rooms: 2,
  floor: 8,
  totalFloors: 18,
  orientation: '南北',
  decoration: '精装',
});

const post = (payload: unknown) =>
  seeded.app.inject({ method: 'POST', url: '/rabbit/v1/estimate/value', payload: payload as object });

const expectRejected = async (payload: unknown, status: number, message?: RegExp) => {
  const res = await post(payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().resultCode).not.toBe(0);
  expect(res.json().errMsg).toMatch(message ?? /[\u4e00-\u9fa5]/);
};

describe('estimate/value', () => {
  it('values a home of a busy estate as of the newest month', async () => {
    const res = await post(home());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body as EstimateValueBody;
    expect(body.asOf).toBe(latestMonth);
    expect(body.path).toBe('estate');
    expect(body.low).toBeLessThan(body.totalPrice);
    expect(body.high).toBeGreaterThan(body.totalPrice);
    expect(Math.abs(body.totalPrice - body.unitPrice * 89.5)).toBeLessThanOrEqual(1000);
    expect(['高', '中']).toContain(body.confidence);
    expect(body.comparables.length).toBeGreaterThan(0);
    expect(body.comparables.length).toBeLessThanOrEqual(6);
    expect(body.comparables.every((c) => c.dealMonth <= latestMonth)).toBe(true);
    expect(body.note).toContain('估价仅供参考');
  });

  it('values as of a past month from the deals up to it only', async () => {
    const [row] = await seeded.database.sql.query<{ month: string }>(
      `SELECT to_char(max(deal_date) - interval '6 months', 'YYYY-MM') AS month FROM deal`,
    );
    const asOf = row!.month;
    const res = await post({ ...home(), asOf });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body as EstimateValueBody;
    expect(body.asOf).toBe(asOf);
    expect(body.comparables.every((c) => c.dealMonth <= asOf)).toBe(true);
  });

  it('rejects impossible homes, unknown estates and months outside the data in Chinese', async () => {
    await expectRejected({ ...home(), area: 0 }, 400, /面积/);
    await expectRejected({ ...home(), area: 2001 }, 400, /面积/);
    await expectRejected({ ...home(), floor: 19 }, 400, /楼层/);
    await expectRejected({ ...home(), orientation: '上' }, 400, /朝向/);
    await expectRejected({ ...home(), estateId: 'abc' }, 400);
    await expectRejected({ ...home(), estateId: 2_000_000_000 }, 404, /小区不存在/);
    await expectRejected({ ...home(), asOf: '2099-01' }, 400, /晚于/);
    const [y, m] = firstMonth.split('-').map(Number);
    const before = m === 1 ? `${y! - 1}-12` : `${y}-${String(m! - 1).padStart(2, '0')}`;
    await expectRejected({ ...home(), asOf: before }, 400, /早于/);
  });
});

// POST estimate/value on the seeded small dataset (杭州, city 605): a value with a range around it and at most
// six comparables from the estate's own deals up to asOf; past months accepted; bad input answered 4xx in Chinese.
import { beforeAll, describe, expect, it } from 'vitest';
import type { EstimateRecord, EstimateRecordList, EstimateValueBody } from '@fjt/domain';
import { expectFail, expectPersonalFail, personalBody, seededApp, signInAs, type SignedIn } from '../../testing.ts';

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

describe('estimate records', () => {
  const api = (method: 'GET' | 'POST', url: string, me?: SignedIn, payload?: object) =>
    seeded.app.inject({
      method,
      url: `/rabbit/v1/${url}`,
      headers: me?.headers ?? {},
      ...(payload ? { payload } : {}),
    });

  it('stores a valuation for its owner, lists it newest first, shows it to no one else, and deletes it', async () => {
    const owner = await signInAs(seeded.app);
    const other = await signInAs(seeded.app);
    const created = personalBody<EstimateRecord>(
      await api('POST', 'estimate/create', owner, { ...home(), halls: 1, asOf: undefined }),
    );
    expect(created.recordId).toBeGreaterThan(0);
    expect(created.estate.id).toBe(estateId);
    expect(created.estate.cityId).toBe(605);
    expect(created.input).toMatchObject({ area: 89.5, rooms: 2, halls: 1, floor: 8, totalFloors: 18, asOf: null });
    expect(created.result.totalPrice).toBeGreaterThan(0);
    // the same inputs as estimate/value answer the same figures
    const value = (await post(home())).json().body as EstimateValueBody;
    expect(created.result.totalPrice).toBe(value.totalPrice);

    const second = personalBody<EstimateRecord>(await api('POST', 'estimate/create', owner, { ...home(), area: 120 }));
    const detail = personalBody<EstimateRecord>(
      await api('GET', `estimate/detail?recordId=${created.recordId}`, owner),
    );
    expect(detail).toEqual(created);

    const list = personalBody<EstimateRecordList>(await api('GET', 'app/estate/evaluation', owner));
    expect(list.total).toBe(2);
    expect(list.list.map((r) => r.recordId)).toEqual([second.recordId, created.recordId]);
    expect(list.list[1]).toMatchObject({ estateId, area: 89.5, rooms: 2, totalPrice: created.result.totalPrice });
    expect(personalBody<EstimateRecordList>(await api('GET', 'app/estate/evaluation', other)).total).toBe(0);

    expectPersonalFail(
      await api('GET', `estimate/detail?recordId=${created.recordId}`, other),
      403,
      '无权查看他人的估价记录',
    );
    expectPersonalFail(await api('POST', 'app/estate/evaluation/delete', other, { recordId: created.recordId }), 404);
    personalBody(await api('POST', 'app/estate/evaluation/delete', owner, { recordId: created.recordId }));
    expectPersonalFail(await api('GET', `estimate/detail?recordId=${created.recordId}`, owner), 404, /已删除/);
    expectPersonalFail(await api('POST', 'app/estate/evaluation/delete', owner, { recordId: created.recordId }), 404);
    expect(personalBody<EstimateRecordList>(await api('GET', 'app/estate/evaluation', owner)).total).toBe(1);
  });

  it('asks visitors to sign in and stores nothing for bad input or a refusal', async () => {
    expectPersonalFail(await api('POST', 'estimate/create', undefined, home()), 401);
    expectPersonalFail(await api('GET', 'estimate/detail?recordId=1'), 401);
    expectPersonalFail(await api('GET', 'app/estate/evaluation'), 401);
    const me = await signInAs(seeded.app);
    expectFail(await api('POST', 'estimate/create', me, { ...home(), area: -1 }), 400, /面积/);
    expectFail(await api('POST', 'estimate/create', me, { ...home(), halls: 12 }), 400, /厅/);
    expectFail(await api('POST', 'estimate/create', me, { ...home(), floor: 30 }), 400, /楼层/);
    expectFail(await api('POST', 'estimate/create', me, { ...home(), estateId: 2_000_000_000 }), 404, /小区不存在/);
    expectFail(await api('POST', 'estimate/create', me, { ...home(), asOf: '2099-01' }), 400, /晚于/);
    expectFail(await api('GET', 'estimate/detail?recordId=abc', me), 400, /估价记录/);
    expectFail(await api('GET', 'app/estate/evaluation?page=0', me), 400, /page/);
    expect(personalBody<EstimateRecordList>(await api('GET', 'app/estate/evaluation', me)).total).toBe(0);
  });
});

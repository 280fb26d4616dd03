// 海外房产 on the seeded small dataset (city 605): the API returns the generated rows, ≈¥ = local × rate.
import { describe, expect, it } from 'vitest';
import type { OverseasDetail, OverseasListBody } from '@fjt/domain';
import { seededApp } from '../../testing.ts';

const seeded = seededApp();

const body = async <T>(url: string) => {
  const res = await seeded.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
};

describe('overseas/list', () => {
  it('lists the 6–12 projects marketed to the city, with ≈¥ from the reference rate', async () => {
    const { list } = await body<OverseasListBody>('/rabbit/v1/overseas/list?cityId=605');
    const rows = await seeded.database.sql.query<{ id: number; total_min: number; rate_to_cny: number }>(
      `SELECT id, total_min, rate_to_cny FROM overseas_project WHERE city_id = 605 ORDER BY id`,
    );
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list.length).toBeLessThanOrEqual(12);
    expect(list.map((p) => p.id)).toEqual(rows.map((r) => r.id));
    for (const [i, p] of list.entries()) {
      expect(p.cityId).toBe(605);
      expect(p.cnyTotalMin).toBe(Math.round(rows[i]!.total_min * rows[i]!.rate_to_cny));
      expect(p.totalMin).toBeLessThanOrEqual(p.totalMax);
      expect(p.rateDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('validates cityId and answers 404 for an unknown city', async () => {
    for (const [url, errMsg] of [
      ['/rabbit/v1/overseas/list', 'cityId 不能为空'],
      ['/rabbit/v1/overseas/list?cityId=abc', 'cityId 格式不正确'],
    ] as const) {
      const bad = await seeded.app.inject(url);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().resultCode).not.toBe(0);
      expect(bad.json().errMsg).toBe(errMsg);
    }
    const unknown = await seeded.app.inject('/rabbit/v1/overseas/list?cityId=999999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().resultCode).not.toBe(0);
    expect(unknown.json().errMsg).toBe('城市不存在');
  });
});

describe('overseas/detail', () => {
  it('returns a project; full=1 adds the payment schedule (100%), taxes and ownership rules', async () => {
    const { list } = await body<OverseasListBody>('/rabbit/v1/overseas/list?cityId=605');
    const id = list[0]!.id;
    const short = await body<OverseasDetail>(`/rabbit/v1/overseas/detail?id=${id}`);
    expect(short.name).toBe(list[0]!.name);
    expect(short.units.length).toBeGreaterThanOrEqual(2);
    expect(short.consultant).toContain('杭州');
    expect(short.paymentSchedule).toBeUndefined();
    const full = await body<OverseasDetail>(`/rabbit/v1/overseas/detail?id=${id}&full=1`);
    expect(full.paymentSchedule!.reduce((s, p) => s + p.pct, 0)).toBe(100);
    expect(full.taxes!.length).toBeGreaterThan(0);
    expect(full.ownershipRules).toBeTruthy();
  });

  it('answers 400 with a Chinese message for bad input and 404 for an unknown project', async () => {
    for (const url of [
      '/rabbit/v1/overseas/detail',
      '/rabbit/v1/overseas/detail?id=-1',
      '/rabbit/v1/overseas/detail?id=1&full=2',
    ]) {
      const res = await seeded.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().resultCode).not.toBe(0);
      expect(res.json().errMsg).toMatch(/[\u4e00-\u9fff]/);
    }
    const unknown = await seeded.app.inject('/rabbit/v1/overseas/detail?id=999999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().resultCode).not.toBe(0);
    expect(unknown.json().errMsg).toBe('项目不存在');
  });
});

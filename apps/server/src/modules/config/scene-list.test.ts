// config/scene-list on the seeded small dataset (city 605): each scene's presets in the getComplexCondition
// vocabulary, and counts that agree with the rows and with house/listing/search.
import { describe, expect, it } from 'vitest';
import type { ComplexCondition, ListingSearchBody, SceneListBody } from '@fjt/domain';
import { seededApp } from '../../testing.ts';

const seeded = seededApp();

const get = async <T>(path: string) => {
  const res = await seeded.app.inject(`/rabbit/v1/${path}`);
  expect(res.statusCode, res.body).toBe(200);
  const json = res.json() as { resultCode: number; body: T };
  expect(json.resultCode).toBe(0);
  return json.body;
};

/** Listings on sale in 605 whose row (l) and estate (e) meet `where`, counted straight from the tables. */
const onSale = async (where: string) => {
  const [row] = await seeded.database.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM listing l JOIN estate e ON e.id = l.estate_id
     WHERE l.city_id = 605 AND l.status = 'on_sale' AND ${where}`,
  );
  return row!.n;
};

describe('config/scene-list', () => {
  it('answers the four scenes with Chinese copy, presets from the city’s own filter groups and their counts', async () => {
    const body = await get<SceneListBody>('config/scene-list?cityId=605');
    const condition = await get<ComplexCondition>('config/getComplexCondition?cityId=605');
    const lowest = condition.groups.find((g) => g.key === 'price')!.options[0]!;
    expect(body.cityId).toBe(605);
    expect(body.cityName).toBe('杭州');
    expect(body.scenes.map((s) => [s.code, s.name])).toEqual([
      ['metro', '地铁房'],
      ['school', '学区房'],
      ['lowTotal', '低总价'],
      ['subNew', '次新房'],
    ]);
    for (const scene of body.scenes) {
      expect(scene.intro).toMatch(/^[\u4e00-\u9fa5]/);
      expect(scene.caveat).toMatch(/。$/);
      expect(scene.presets).toHaveLength(1);
    }
    const presets = Object.fromEntries(body.scenes.map((s) => [s.code, s.presets[0]!]));
    expect(presets.metro).toEqual({ key: 'metroDistance', value: '1000', name: '地铁距离', label: '1公里内' });
    expect(presets.school).toEqual({ key: 'label', value: 'school', name: '特色', label: '学区房' });
    expect(presets.lowTotal).toEqual({ key: 'price', value: lowest.value, name: '总价', label: lowest.label });
    expect(presets.subNew).toEqual({ key: 'homeAge', value: '0-10', name: '楼龄', label: '10年以内' });

    const [clock] = await seeded.database.sql.query<{ year: number }>(
      `SELECT extract(year FROM max(month))::int AS year FROM price_series WHERE level = 'city' AND target_id = 605`,
    );
    const maxWan = Number(lowest.value.split('-')[1]);
    const expected = {
      metro: await onSale('e.station_distance_m <= 1000'),
      school: await onSale(`'学区房' = ANY(e.tags)`),
      lowTotal: await onSale(`l.total_price < ${maxWan * 10_000}`),
      subNew: await onSale(`e.build_year >= ${clock!.year - 10}`),
    };
    const counts = Object.fromEntries(body.scenes.map((s) => [s.code, s.count]));
    expect(counts).toEqual(expected);
    for (const n of Object.values(expected)) expect(n).toBeGreaterThan(0);

    // The landing's results come from house/listing/search with the presets: the same numbers.
    for (const scene of body.scenes) {
      const query = new URLSearchParams({ cityId: '605', size: '1' });
      for (const p of scene.presets) query.set(p.key, p.value);
      const search = await get<ListingSearchBody>(`house/listing/search?${query}`);
      expect(search.total, scene.code).toBe(scene.count);
    }
  });

  it('a city without listings still gets the scenes, 低总价 without a band, all empty', async () => {
    const [city] = await seeded.database.sql.query<{ id: number }>(
      `SELECT c.id FROM city c WHERE NOT EXISTS (SELECT 1 FROM listing l WHERE l.city_id = c.id) ORDER BY c.id LIMIT 1`,
    );
    const body = await get<SceneListBody>(`config/scene-list?cityId=${city!.id}`);
    expect(body.scenes).toHaveLength(4);
    expect(body.scenes.find((s) => s.code === 'lowTotal')!.presets).toEqual([]);
    expect(body.scenes.every((s) => s.count === 0)).toBe(true);
  });

  it('answers a bad cityId with 400 and a Chinese message, an unknown city with 404', async () => {
    for (const query of ['', '?cityId=abc', '?cityId=-3', '?cityId=1.5']) {
      const res = await seeded.app.inject(`/rabbit/v1/config/scene-list${query}`);
      expect(res.statusCode, query).toBe(400);
      const json = res.json() as { resultCode: number; errMsg: string };
      expect(json.resultCode).not.toBe(0);
      expect(json.errMsg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const unknown = await seeded.app.inject('/rabbit/v1/config/scene-list?cityId=4040');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errMsg: '城市不存在' });
    expect(unknown.json().resultCode).not.toBe(0);
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await seeded.app.inject('/rabbit/v1/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/rabbit/v1/config/scene-list');
  });
});

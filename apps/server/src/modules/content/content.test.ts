// 看房视频 on the seeded small dataset (city 605): the feed lists the generated videos, a video's scenes carry
// the estate's figures of its month (price_series), and plays are counted.
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  formatMoney,
  type ContentListBody,
  type SceneVisual,
  type VideoDetailBody,
  type VideoPlayBody,
} from '@fjt/domain';
import { seededApp } from '../../testing.ts';
import { roomShare, timeScenes } from './service.ts';

const seeded = seededApp();

async function post<T>(url: string, payload: object) {
  const res = await seeded.app.inject({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
}

async function get<T>(url: string) {
  const res = await seeded.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
}

async function rejected(request: { method: 'GET' | 'POST'; url: string; payload?: object }, status = 400) {
  const res = await seeded.app.inject(request);
  expect(res.statusCode, res.body).toBe(status);
  const envelope = res.json() as { resultCode: number; errMsg: string };
  expect(envelope.resultCode).not.toBe(0);
  expect(envelope.errMsg).toMatch(/[\u4e00-\u9fa5]/);
  return envelope.errMsg;
}

const list = (payload: object) => post<ContentListBody>('/rabbit/v1/content/list', payload);

async function videoOf(kind: string) {
  const [row] = await seeded.database.sql.query<{
    id: number;
    estate_id: number;
    published_at: string;
    duration_sec: number;
  }>(
    `SELECT id, estate_id, to_char(published_at, 'YYYY-MM-DD') AS published_at, duration_sec FROM video
     WHERE city_id = 605 AND kind = $1 ORDER BY play_count DESC, id LIMIT 1`,
    [kind],
  );
  return row!;
}

async function latestMonth() {
  const [row] = await seeded.database.sql.query<{ m: string }>(
    `SELECT to_char(max(month), 'YYYY-MM') AS m FROM price_series WHERE level = 'city' AND target_id = 605`,
  );
  return row!.m;
}

function visual<T extends SceneVisual['type']>(video: VideoDetailBody, type: T) {
  return video.scenes.map((s) => s.visual).filter((v): v is Extract<SceneVisual, { type: T }> => v.type === type);
}

describe('POST content/list (type video)', () => {
  it('lists the city’s videos, most played first, in pages of 10', async () => {
    const [count] = await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM video WHERE city_id = 605`,
    );
    expect(count!.n).toBeGreaterThan(20);
    const first = await list({ cityId: 605, type: 'video' });
    expect(first.total).toBe(count!.n);
    expect(first.list).toHaveLength(10);
    expect(first.estate).toBeNull();
    const plays = first.list.map((v) => v.playCount);
    expect(plays).toEqual([...plays].sort((a, b) => b - a));
    const second = await list({ cityId: 605, type: 'video', page: 2 });
    expect(second.list[0]!.playCount).toBeLessThanOrEqual(plays.at(-1)!);
    expect(new Set([...first.list, ...second.list].map((v) => v.id)).size).toBe(20);
    const card = first.list[0]!;
    expect(card.title).toContain(card.estateName);
    expect(card.durationSec).toBeGreaterThanOrEqual(30);
    expect(card.agent?.name).toBeTruthy();
    expect(card.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('sorts by date, filters by kind and narrows to one estate', async () => {
    const newest = await list({ cityId: 605, type: 'video', sort: 'new', size: 10 });
    const dates = newest.list.map((v) => v.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const markets = await list({ cityId: 605, type: 'video', kind: 'market' });
    expect(markets.total).toBeGreaterThan(0);
    expect(markets.list.every((v) => v.kind === 'market')).toBe(true);

    const { estate_id: estateId } = await videoOf('tour');
    const [n] = await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM video WHERE estate_id = $1`,
      [estateId],
    );
    const ofEstate = await list({ cityId: 605, type: 'video', estateId });
    expect(ofEstate.total).toBe(n!.n);
    expect(ofEstate.list.every((v) => v.estateId === estateId)).toBe(true);
    expect(ofEstate.estate).toMatchObject({ id: estateId, name: ofEstate.list[0]!.estateName });
  });

  it('an estate without videos is an empty list, not an error', async () => {
    const [quiet] = await seeded.database.sql.query<{ id: number }>(
      `SELECT e.id FROM estate e WHERE e.city_id = 605 AND NOT EXISTS (SELECT 1 FROM video v WHERE v.estate_id = e.id)
       ORDER BY e.id LIMIT 1`,
    );
    const empty = await list({ cityId: 605, type: 'video', estateId: quiet!.id });
    expect(empty).toMatchObject({ total: 0, list: [], estate: { id: quiet!.id } });
  });

  it('rejects bad input in Chinese; unknown city or estate is a 404', async () => {
    const url = '/rabbit/v1/content/list';
    expect(await rejected({ method: 'POST', url, payload: { cityId: 605 } })).toContain('type');
    expect(await rejected({ method: 'POST', url, payload: { cityId: 605, type: 'article' } })).toContain('type');
    expect(await rejected({ method: 'POST', url, payload: { cityId: 'abc', type: 'video' } })).toContain('cityId');
    expect(await rejected({ method: 'POST', url, payload: { cityId: 605, type: 'video', kind: 'vr' } })).toContain(
      'kind',
    );
    expect(await rejected({ method: 'POST', url, payload: { cityId: 605, type: 'video', sort: 'old' } })).toContain(
      'sort',
    );
    expect(await rejected({ method: 'POST', url, payload: { cityId: 605, type: 'video', size: 50 } })).toContain(
      'size',
    );
    expect(await rejected({ method: 'POST', url, payload: { cityId: 605, type: 'video', estateId: 0 } })).toContain(
      'estateId',
    );
    await rejected({ method: 'GET', url: `${url}?cityId=605&type=video` }, 404);
    expect(await rejected({ method: 'POST', url, payload: { cityId: 999999, type: 'video' } }, 404)).toBe('城市不存在');
    expect(
      await rejected({ method: 'POST', url, payload: { cityId: 605, type: 'video', estateId: 99999999 } }, 404),
    ).toBe('小区不存在');
    // An estate of 杭州 asked for under 北京.
    const { estate_id: estateId } = await videoOf('tour');
    expect(await rejected({ method: 'POST', url, payload: { cityId: 101, type: 'video', estateId } }, 404)).toBe(
      '小区不存在',
    );
  });
});

describe('content/video/detail', () => {
  it('a 行情解读 tells the estate’s figures of its month, in five scenes filling the video', async () => {
    const row = await videoOf('market');
    const video = await get<VideoDetailBody>(`/rabbit/v1/content/video/detail?id=${row.id}`);
    const latest = await latestMonth();
    const made = addMonths(row.published_at.slice(0, 7), -1);
    const month = made < latest ? made : latest;
    expect(video.month).toBe(month);
    expect(video.kind).toBe('market');
    expect(video.scenes).toHaveLength(5);
    expect(video.scenes.reduce((n, s) => n + s.seconds, 0)).toBe(row.duration_sec);
    video.scenes.forEach((s, i) => {
      expect(s.startSec).toBe(video.scenes.slice(0, i).reduce((n, p) => n + p.seconds, 0));
      expect(s.seconds).toBeGreaterThanOrEqual(4);
      expect(s.caption).toMatch(/[\u4e00-\u9fa5]/);
    });
    const [series] = await seeded.database.sql.query<{ listing_avg: number | null; premium: number | null }>(
      `SELECT listing_avg, premium FROM price_series WHERE level = 'estate' AND target_id = $1 AND month = $2::date`,
      [row.estate_id, `${month}-01`],
    );
    const [headline, premium] = visual(video, 'headline');
    expect(headline!.value).toBe(`${formatMoney(series?.listing_avg ?? null)}元/㎡`);
    if (series?.listing_avg) expect(video.scenes[0]!.caption).toContain(formatMoney(series.listing_avg));
    expect(premium!.value).toBe(series?.premium == null ? '--' : series.premium.toFixed(2));
    const [trend] = visual(video, 'trend');
    expect(trend!.lines[0]!.name).toBe(video.estateName);
    expect(trend!.lines[0]!.points.at(-1)).toEqual({ month, value: series?.listing_avg ?? null });
  });

  it('a 户型讲解 draws its unit type and counts what was on sale with that many rooms', async () => {
    const row = await videoOf('layout');
    const video = await get<VideoDetailBody>(`/rabbit/v1/content/video/detail?id=${row.id}`);
    const [layout] = await seeded.database.sql.query<{
      layout: { rooms: number; halls: number; baths: number; area: number };
    }>(`SELECT layout FROM video WHERE id = $1`, [row.id]);
    const [plan] = visual(video, 'floorplan');
    expect(plan).toMatchObject(layout!.layout);
    const day = `${video.month}-28`;
    const [onSale] = await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM listing WHERE estate_id = $1 AND LEAST(rooms, 5) = $2
         AND listed_at <= (date_trunc('month', $3::date) + interval '1 month - 1 day')::date
         AND (ended_at IS NULL OR ended_at > (date_trunc('month', $3::date) + interval '1 month - 1 day')::date)`,
      [row.estate_id, Math.min(layout!.layout.rooms, 5), day],
    );
    const figures = visual(video, 'figures')[0]!;
    expect(figures.items[0]!.value).toBe(`${onSale!.n}套`);
    const [bars] = visual(video, 'bars');
    expect(bars!.items.filter((b) => b.highlight).map((b) => b.value)).toEqual(onSale!.n ? [onSale!.n] : []);
  });

  it('a 小区实拍 shows the buildings and facts; a 周边配套 places neighbours within 1.5 km', async () => {
    const tour = await get<VideoDetailBody>(`/rabbit/v1/content/video/detail?id=${(await videoOf('tour')).id}`);
    const [skyline] = visual(tour, 'skyline');
    expect(skyline!.buildings.length).toBeGreaterThan(0);
    expect(skyline!.buildings.length).toBeLessThanOrEqual(8);
    expect(tour.scenes[0]!.caption).toContain(tour.estateName);
    expect(visual(tour, 'gauges')[0]!.items.map((g) => g.label)).toEqual(['绿化率', '容积率']);

    // A 周边配套 of an estate within walking distance of a station, and one of an estate without.
    const [near, far] = await Promise.all(
      ['<=', '>'].map(async (op) => {
        const [row] = await seeded.database.sql.query<{ id: number; d: number | null }>(
          `SELECT v.id, e.station_distance_m AS d FROM video v JOIN estate e ON e.id = v.estate_id
           WHERE v.kind = 'around' AND coalesce(e.station_distance_m, 99999) ${op} 3000 ORDER BY v.id LIMIT 1`,
        );
        return row!;
      }),
    );
    const around = await get<VideoDetailBody>(`/rabbit/v1/content/video/detail?id=${near!.id}`);
    const [map] = visual(around, 'map');
    for (const n of map!.neighbours) expect(Math.hypot(n.dx, n.dy)).toBeLessThanOrEqual(1_600);
    // The distance is the estate page's (house/detail's stationDistanceM).
    expect(map!.station!.distanceM).toBe(near!.d);
    expect(around.scenes[0]!.caption).toContain(`${map!.station!.name}站约${near!.d}米`);
    const remote = await get<VideoDetailBody>(`/rabbit/v1/content/video/detail?id=${far!.id}`);
    expect(visual(remote, 'map')[0]!.station).toBeNull();
    expect(remote.scenes[0]!.caption).toContain('没有步行可达的地铁站');
  });

  it('rejects a bad id in Chinese and answers 404 for an unknown video', async () => {
    expect(await rejected({ method: 'GET', url: '/rabbit/v1/content/video/detail' })).toContain('id');
    expect(await rejected({ method: 'GET', url: '/rabbit/v1/content/video/detail?id=abc' })).toContain('id');
    expect(await rejected({ method: 'GET', url: '/rabbit/v1/content/video/detail?id=1' }, 404)).toBe('视频不存在');
  });
});

describe('POST content/video/play', () => {
  it('counts one play and returns the new count', async () => {
    const { id } = await videoOf('around');
    const before = (await get<VideoDetailBody>(`/rabbit/v1/content/video/detail?id=${id}`)).playCount;
    const after = await post<VideoPlayBody>('/rabbit/v1/content/video/play', { id });
    expect(after).toEqual({ id, playCount: before + 1 });
    expect((await get<VideoDetailBody>(`/rabbit/v1/content/video/detail?id=${id}`)).playCount).toBe(before + 1);
  });

  it('rejects a bad id and answers 404 for an unknown video, counting nothing', async () => {
    const url = '/rabbit/v1/content/video/play';
    expect(await rejected({ method: 'POST', url, payload: {} })).toContain('id');
    expect(await rejected({ method: 'POST', url, payload: { id: -3 } })).toContain('id');
    expect(await rejected({ method: 'POST', url, payload: { id: 1 } }, 404)).toBe('视频不存在');
  });
});

describe('scene timing and wording', () => {
  const script = (caption: string) => ({
    title: 't',
    caption,
    visual: { type: 'figures' as const, items: [] },
  });

  it('splits the length over the scenes by their words, at least 4 s each, adding up exactly', () => {
    const scenes = timeScenes([script('一'.repeat(10)), script('一'.repeat(30)), script('一'.repeat(20))], 31);
    expect(scenes.map((s) => s.seconds)).toEqual([7, 14, 10]);
    expect(scenes.map((s) => s.startSec)).toEqual([0, 7, 21]);
    expect(timeScenes([script('a'), script('b')], 5).map((s) => s.seconds)).toEqual([4, 4]);
  });

  it('names the leading room count, ties and an absent one', () => {
    expect(roomShare([], 3)).toContain('没有在售房源');
    expect(
      roomShare(
        [
          { rooms: 2, count: 3 },
          { rooms: 3, count: 1 },
        ],
        2,
      ),
    ).toBe('在售4套里2居室最多，有3套，占75%。');
    expect(
      roomShare(
        [
          { rooms: 2, count: 2 },
          { rooms: 4, count: 2 },
        ],
        4,
      ),
    ).toBe('在售4套里，2居室和4居室并列最多，各2套。');
    expect(
      roomShare(
        [
          { rooms: 2, count: 3 },
          { rooms: 3, count: 1 },
        ],
        3,
      ),
    ).toBe('在售4套里2居室最多，有3套；3居室1套，占25%。');
    expect(roomShare([{ rooms: 2, count: 3 }], 5)).toBe('在售3套里2居室最多，有3套；5居及以上暂时没有。');
  });
});

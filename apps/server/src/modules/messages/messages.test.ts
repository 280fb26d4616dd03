// The message centre over the small dataset: the alert job's messages in message/list (newest first, paged, only
// mine), the unread count, marking read (mine only, or all), muting an estate (only my subscription; the job then
// skips it), visitors 401 and each endpoint's bad input.
import { describe, expect, it, beforeAll } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { importCsv, runAlertJob } from '@fjt/dataset';
import { expectFail, seededApp, signInAs, type SignedIn } from '../../testing.ts';

const ORIGIN = 'http://localhost:3000';
const s = seededApp('small');

type Me = SignedIn;
const signIn = (): Promise<Me> => signInAs(s.app);

const get = (url: string, me?: Me) => s.app.inject({ url: `/rabbit/v1/${url}`, headers: me?.headers ?? {} });
const post = (url: string, payload: unknown, me?: Me) =>
  s.app.inject({
    method: 'POST',
    url: `/rabbit/v1/${url}`,
    payload: payload as object,
    headers: me?.headers ?? { origin: ORIGIN },
  });
const body = <T>(res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
};

interface Item {
  id: number;
  kind: string;
  estateId: number | null;
  title: string;
  content: string;
  link: string | null;
  createdAt: string;
  unread: boolean;
  muted: boolean | null;
}
type List = { total: number; page: number; unread: number; list: Item[] };

let ann: Me;
let bob: Me;
let e1 = 0;
let e2 = 0;
let n = 0;
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
async function subscribe(me: Me, estateId: number) {
  await s.database.sql.query(
    `INSERT INTO subscriptions (user_id, target_type, target_id, created_at) VALUES ($1, 'estate', $2, $3)`,
    [me.id, estateId, hourAgo()],
  );
}
async function newDeal(estateId: number) {
  n++;
  await importCsv(
    s.database,
    'deals',
    `external_id,estate_id,deal_date,total_price,area,rooms,halls\nmsg-d${n},${estateId},2026-06-1${n % 10},300,80,2,1`,
  );
  return runAlertJob(s.database);
}

beforeAll(async () => {
  const rows = await s.database.sql.query<{ id: number }>(`SELECT id FROM estate ORDER BY id LIMIT 2`);
  [e1, e2] = rows.map((r) => r.id) as [number, number];
  ann = await signIn();
  bob = await signIn();
  await subscribe(ann, e1);
  await subscribe(ann, e2);
  await subscribe(bob, e2);
});

describe('message centre', () => {
  it('visitors are asked to sign in on every endpoint', async () => {
    expectFail(await get('message/list'), 401, '请先登录');
    expectFail(await get('message/unread-count'), 401, '请先登录');
    expectFail(await post('message/read', { all: true }), 401, '请先登录');
    expectFail(
      await post('message/message-center/estate-subscribe/mute', { estateId: e1, muted: true }),
      401,
      '请先登录',
    );
  });

  it('lists the alert job’s messages, newest first, only mine, never cached', async () => {
    expect((await newDeal(e1)).deal).toBe(1); // ann only
    expect((await newDeal(e2)).deal).toBe(2); // ann and bob
    const res = await get('message/list', ann);
    expect(res.headers['cache-control']).toBe('no-store');
    const mine = body<List>(res);
    expect(mine).toMatchObject({ total: 2, page: 1, unread: 2 });
    expect(mine.list.map((m) => [m.kind, m.estateId, m.unread, m.muted])).toEqual([
      ['deal', e2, true, false],
      ['deal', e1, true, false],
    ]);
    expect(mine.list[0]!.title).toBe('成交提醒');
    expect(mine.list[0]!.link).toMatch(new RegExp(`^/\\d+/deal-history/${e2}/detail\\?dealId=\\d+$`));
    expect(mine.list[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const his = body<List>(await get('message/list', bob));
    expect(his.list.map((m) => m.estateId)).toEqual([e2]);
    expect(his.list[0]!.id).not.toBe(mine.list[0]!.id);
    expect(body<{ count: number }>(await get('message/unread-count', ann))).toEqual({ count: 2 });
    expect(body<{ count: number }>(await get('message/unread-count', bob))).toEqual({ count: 1 });
  });

  it('pages 20 at a time', async () => {
    const values = Array.from(
      { length: 23 },
      (_, i) => `(${ann.id}, 'deal', ${e1}, '成交提醒', '第${i}条', 'page:${i}')`,
    );
    await s.database.sql.query(
      `INSERT INTO messages (user_id, kind, estate_id, title, content, dedupe_key) VALUES ${values.join(', ')}`,
    );
    const p1 = body<List>(await get('message/list?page=1', ann));
    const p2 = body<List>(await get('message/list?page=2', ann));
    expect(p1.total).toBe(25);
    expect(p1.list).toHaveLength(20);
    expect(p1.list[0]!.content).toBe('第22条');
    expect(p2.list).toHaveLength(5);
    expect(new Set([...p1.list, ...p2.list].map((m) => m.id)).size).toBe(25);
    expect(body<List>(await get('message/list?page=3', ann)).list).toEqual([]);
    expectFail(await get('message/list?page=0', ann), 400, 'page 至少为 1');
    expectFail(await get('message/list?page=abc', ann), 400, 'page 格式不正确');
  });

  it('marks my messages read by id, ignores other users’ ids, and marks all', async () => {
    const [mine] = body<List>(await get('message/list', ann)).list;
    const [his] = body<List>(await get('message/list', bob)).list;
    expect(body(await post('message/read', { ids: [mine!.id, his!.id] }, ann))).toEqual({ updated: 1, unread: 24 });
    expect(body(await post('message/read', { ids: [mine!.id] }, ann))).toEqual({ updated: 0, unread: 24 });
    expect(body<List>(await get('message/list', ann)).list[0]).toMatchObject({ id: mine!.id, unread: false });
    expect(body<{ count: number }>(await get('message/unread-count', bob))).toEqual({ count: 1 });
    expect(body(await post('message/read', { all: true }, ann))).toEqual({ updated: 24, unread: 0 });
    expect(body<{ count: number }>(await get('message/unread-count', ann))).toEqual({ count: 0 });
    expect(body<{ count: number }>(await get('message/unread-count', bob))).toEqual({ count: 1 });
  });

  it('refuses bad read input with a Chinese message', async () => {
    expectFail(await post('message/read', {}, ann), 400, '请指定 ids 或 all 之一');
    expectFail(await post('message/read', { ids: [1], all: true }, ann), 400, '请指定 ids 或 all 之一');
    expectFail(await post('message/read', { ids: [] }, ann), 400, 'ids 不能为空');
    expectFail(await post('message/read', { ids: ['x'] }, ann), 400, '消息 id 格式不正确');
    expectFail(await post('message/read', { ids: [-1] }, ann), 400, '消息 id 格式不正确');
    expectFail(await post('message/read', { ids: 5 }, ann), 400);
    expectFail(await post('message/read', { all: false }, ann), 400, 'all 只能为 true');
    expectFail(
      await post('message/read', { ids: Array.from({ length: 101 }, (_, i) => i + 1) }, ann),
      400,
      '一次最多标记 100 条',
    );
    // a cookie POST from another site is refused
    const csrf = await s.app.inject({
      method: 'POST',
      url: '/rabbit/v1/message/read',
      payload: { all: true },
      headers: { cookie: ann.headers.cookie!, origin: 'https://evil.example' },
    });
    expect(csrf.statusCode).toBe(403);
  });

  it('mutes only my own subscription; the job then skips that estate', async () => {
    expect(
      body(await post('message/message-center/estate-subscribe/mute', { estateId: e1, muted: true }, ann)),
    ).toEqual({
      estateId: e1,
      muted: true,
    });
    expect(body<List>(await get('message/list', ann)).list.find((m) => m.estateId === e1)?.muted).toBe(true);
    expect((await newDeal(e1)).deal).toBe(0);
    expect((await newDeal(e2)).deal).toBe(2);
    // bob has no subscription to e1
    expectFail(
      await post('message/message-center/estate-subscribe/mute', { estateId: e1, muted: true }, bob),
      404,
      '未订阅该小区',
    );
    const [row] = await s.database.sql.query<{ muted: boolean }>(
      `SELECT muted FROM subscriptions WHERE user_id = $1 AND target_id = $2`,
      [ann.id, e1],
    );
    expect(row!.muted).toBe(true);
    expect(
      body(await post('message/message-center/estate-subscribe/mute', { estateId: e1, muted: false }, ann)),
    ).toEqual({
      estateId: e1,
      muted: false,
    });
    expect((await newDeal(e1)).deal).toBe(1);
  });

  it('refuses bad mute input with a Chinese message', async () => {
    const url = 'message/message-center/estate-subscribe/mute';
    expectFail(await post(url, { muted: true }, ann), 400, '小区 id 格式不正确');
    expectFail(await post(url, { estateId: 'abc', muted: true }, ann), 400, '小区 id 格式不正确');
    expectFail(await post(url, { estateId: 99999999999, muted: true }, ann), 400, '小区 id 格式不正确');
    expectFail(await post(url, { estateId: e1 }, ann), 400, 'muted 应为 true 或 false');
    expectFail(await post(url, { estateId: e1, muted: 'yes' }, ann), 400, 'muted 应为 true 或 false');
    expectFail(await post(url, { estateId: 2_000_000_000, muted: true }, ann), 404, '未订阅该小区');
  });

  it('has no test hooks outside e2e', async () => {
    expectFail(await post('dev/alerts/import', { kind: 'deals', csv: '' }, ann), 404);
  });
});

// The /ops 数据导入 console's API over the small dataset: only the ops role may import; a bad file writes nothing
// and says where it is wrong; a good one is written, runs the alert job (a subscriber of the estate gets the new
// deal), refreshes what the server kept in memory, and leaves an audit row; the recent imports list shows it.
import { describe, expect, it, beforeAll } from 'vitest';
import { runAlertJob } from '@fjt/dataset';
import { DATA_IMPORT_MAX_BYTES } from '@fjt/domain';
import { expectFail, seededApp, signInAs, type SignedIn } from '../../testing.ts';

const s = seededApp('small');
let ops: SignedIn;
let support: SignedIn;
let user: SignedIn;
let estate: { id: number; name: string };

const post = (url: string, payload: unknown, me?: SignedIn) =>
  s.app.inject({
    method: 'POST',
    url: `/rabbit/v1/${url}`,
    payload: payload as object,
    headers: me?.headers ?? { origin: 'http://localhost:3000' },
  });
const get = (url: string, me?: SignedIn) => s.app.inject({ url: `/rabbit/v1/${url}`, headers: me?.headers ?? {} });

const count = async (table: string) =>
  (await s.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

beforeAll(async () => {
  await runAlertJob(s.database, { initOnly: true });
  ops = await signInAs(s.app);
  support = await signInAs(s.app);
  user = await signInAs(s.app);
  await s.database.sql.query(`INSERT INTO staff_roles (user_id, role) VALUES ($1, 'ops'), ($2, 'support')`, [
    ops.id,
    support.id,
  ]);
  const [row] = await s.database.sql.query<{ id: number; name: string }>(
    `SELECT id, name FROM estate WHERE city_id = 605 ORDER BY id DESC LIMIT 1`,
  );
  estate = row!;
  const sub = await post('message/message-center/estate-subscribe/add', { estateId: estate.id }, user);
  expect(sub.statusCode, sub.body).toBe(200);
});

const dealCsv = (id: string, estateId: number) =>
  `external_id,estate_id,deal_date,total_price,area,rooms,halls\n${id},${estateId},2022-03-15,268,89,2,1`;

describe('POST ops/data/import', () => {
  it('is for the ops role only', async () => {
    const input = { kind: 'deals', fileName: 'a.csv', csv: dealCsv('t-denied', estate.id) };
    expectFail(await post('ops/data/import', input), 401, '请先登录');
    expectFail(await post('ops/data/import', input, user), 403, '无权访问：仅限工作人员');
    expectFail(await post('ops/data/import', input, support), 403, '仅运营人员可以导入数据');
    expectFail(await get('ops/data/imports', support), 403, '仅运营人员可以导入数据');
  });

  it('refuses bad input with a Chinese message', async () => {
    const ok = { kind: 'deals', fileName: 'a.csv', csv: 'x' };
    expectFail(await post('ops/data/import', { ...ok, kind: 'users' }, ops), 400, /请选择数据类型/);
    expectFail(await post('ops/data/import', { ...ok, csv: '' }, ops), 400, '文件是空的');
    expectFail(await post('ops/data/import', { ...ok, fileName: 'a\u0000.csv' }, ops), 400, '文件名 含有不允许的字符');
    expectFail(
      await post('ops/data/import', { ...ok, csv: 'a'.repeat(DATA_IMPORT_MAX_BYTES + 1) }, ops),
      400,
      '文件不能超过5MB',
    );
  });

  it('writes nothing from a file with an error and names the line and column', async () => {
    const runs = await count('import_run');
    const deals = await count('deal');
    const audits = await count('audit_log');
    const csv = `${dealCsv('t-bad-1', estate.id)}\nt-bad-2,${estate.id},2022-13-40,268,89,2,1`;
    expectFail(
      await post('ops/data/import', { kind: 'deals', fileName: 'bad.csv', csv }, ops),
      400,
      /^文件有1处错误，未导入任何数据。第3行 deal_date/,
    );
    expect(await count('import_run')).toBe(runs);
    expect(await count('deal')).toBe(deals);
    expect(await count('audit_log')).toBe(audits);
  });

  it('imports, runs the alert job for subscribers, is audited and listed', async () => {
    const res = await post(
      'ops/data/import',
      { kind: 'deals', fileName: '成交-三月.csv', csv: dealCsv(`t-ok-${Date.now()}`, estate.id) },
      ops,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = (res.json() as { body: { import: { inserted: number }; alerts: { deal: number } } }).body;
    expect(body.import.inserted).toBe(1);
    expect(body.alerts.deal).toBe(1);

    const list = await get('message/list', user);
    const messages = (list.json() as { body: { list: { kind: string; estateId: number }[] } }).body.list;
    expect(messages.filter((m) => m.kind === 'deal' && m.estateId === estate.id)).toHaveLength(1);

    const [audit] = await s.database.sql.query<{ action: string; actor_id: number; detail: { fileName: string } }>(
      `SELECT action, actor_id, detail FROM audit_log ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ action: 'data.import', actor_id: ops.id, detail: { fileName: '成交-三月.csv' } });

    const imports = await get('ops/data/imports', ops);
    expect(imports.statusCode).toBe(200);
    expect((imports.json() as { body: { list: { fileName: string; inserted: number }[] } }).body.list[0]).toMatchObject(
      { fileName: '成交-三月.csv', inserted: 1 },
    );
  });

  it('refreshes what the server keeps in memory: a new estate is found by search at once', async () => {
    const name = `导入测试苑${Date.now() % 100000}`;
    const suggest = async () => {
      const res = await get(`search/suggest?cityId=605&kw=${encodeURIComponent(name)}`);
      expect(res.statusCode, res.body).toBe(200);
      return JSON.stringify((res.json() as { body: { groups: unknown } }).body.groups);
    };
    expect(await suggest()).not.toContain(name); // the city's search index is now built and kept
    const [place] = await s.database.sql.query<{ district: string; plate: string }>(
      `SELECT d.name AS district, p.name AS plate FROM plate p JOIN district d ON d.id = p.district_id
       WHERE d.city_id = 605 ORDER BY p.id LIMIT 1`,
    );
    const csv = `external_id,city_id,district,plate,name,lng,lat\nt-estate-${Date.now()},605,${place!.district},${place!.plate},${name},120.15,30.28`;
    const res = await post('ops/data/import', { kind: 'estates', fileName: 'estates.csv', csv }, ops);
    expect(res.statusCode, res.body).toBe(200);
    expect(await suggest()).toContain(name);
  });
});

// 达人 (issue 14) on the seeded small dataset: the label endpoint (visitor, none, 1, 2), granting and revoking by
// the command line with an audit row, pick/unpick rules (label, unknown target, bad reason, the limit), the picks of
// another 达人 and my own, 暂无权限, 达人不存在, the followed flag and no-store on every answer.
// PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_SUPERIOR_PICKS,
  NO_SUPER_LABEL,
  SUPERIOR_NOT_FOUND,
  SUPERIOR_PICK_LIMIT,
  type SuperiorEstateList,
  type SuperiorPickState,
  type SuperiorProjectList,
  type UserLabelBody,
} from '@fjt/domain';
import { expectPersonalFail, personalBody, seededApp, signInAs, testPhone, type SignedIn } from '../../testing.ts';
import { EXIT } from '../staff/cli.ts';
import { parseUserLabelArgs, runUserLabelCommand } from './cli.ts';
import { createSuperiorService, DEMO_SUPERIOR, DEMO_SUPERIOR_PICKS } from './service.ts';

const seeded = seededApp();
const API = '/rabbit/v1';
type User = Pick<SignedIn, 'id' | 'token' | 'mobile'>;

const get = (user: User | null, url: string) =>
  seeded.app.inject({ method: 'GET', url: `${API}/${url}`, headers: user ? { token: user.token } : {} });
const post = (user: User | null, url: string, payload: object) =>
  seeded.app.inject({ method: 'POST', url: `${API}/${url}`, payload, headers: user ? { token: user.token } : {} });

const bodyOf = personalBody;
const expectFail = expectPersonalFail;

const superior = () => createSuperiorService(seeded.database.db);
/** Runs `npm run ops -- user label …` against the test database. */
async function cli(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const cmd = parseUserLabelArgs(['user', 'label', ...args]);
  if ('error' in cmd) return { code: EXIT.badArguments, out, err: [cmd.error] };
  const code = await runUserLabelCommand(cmd, superior(), { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}
const q = <T>(text: string, params: unknown[] = []) => seeded.database.sql.query<T>(text, params);

const ids = { estates: [] as number[], projects: [] as number[], otherCityEstate: 0 };
let daren: User;

beforeAll(async () => {
  ids.estates = (await q<{ id: number }>(`SELECT id FROM estate WHERE city_id = 605 ORDER BY id LIMIT 60`)).map(
    (r) => r.id,
  );
  ids.projects = (
    await q<{ id: number }>(`SELECT id FROM new_house_project WHERE city_id = 605 ORDER BY id LIMIT 3`)
  ).map((r) => r.id);
  daren = await signInAs(seeded.app);
  expect((await cli(daren.mobile, '1')).code).toBe(EXIT.ok);
});

describe('question-answer/query-user-label', () => {
  it('asks a visitor to log in, and answers null, 1 or 2 to a user', async () => {
    expectFail(await get(null, 'question-answer/query-user-label'), 401, '请先登录');
    const user = await signInAs(seeded.app);
    expect(bodyOf<UserLabelBody>(await get(user, 'question-answer/query-user-label'))).toEqual({ label: null });
    await cli(user.mobile, '1');
    expect(bodyOf<UserLabelBody>(await get(user, 'question-answer/query-user-label'))).toEqual({ label: 1 });
    await cli(user.mobile, '2');
    expect(bodyOf<UserLabelBody>(await get(user, 'question-answer/query-user-label'))).toEqual({ label: 2 });
  });
});

describe('npm run ops -- user label', () => {
  it('grants, changes and revokes with one audit row per change; nothing to change writes none', async () => {
    const phone = testPhone('139');
    const audit = async () =>
      q<{ action: string; detail: { label: number | null; before: number | null } }>(
        `SELECT action, detail FROM audit_log WHERE action LIKE 'user.label.%' AND target_id =
           (SELECT id::text FROM users WHERE phone = $1) ORDER BY id`,
        [phone],
      );
    let r = await cli(phone, '1');
    expect(r.code).toBe(EXIT.ok);
    expect(r.out.join()).toContain('已将');
    expect((await cli(phone, '1')).out.join()).toContain('无需变更');
    await cli(phone, '2');
    r = await cli(phone, 'none');
    expect(r.code).toBe(EXIT.ok);
    expect((await audit()).map((a) => [a.action, a.detail.label, a.detail.before])).toEqual([
      ['user.label.grant', 1, null],
      ['user.label.grant', 2, 1],
      ['user.label.revoke', null, 2],
    ]);
    expect(
      await superior().labelOf((await q<{ id: number }>(`SELECT id FROM users WHERE phone = $1`, [phone]))[0]!.id),
    ).toBeNull();
  });

  it('refuses bad arguments (exit 2) and revoking from an unregistered phone (exit 1)', async () => {
    expect((await cli('123', '1')).code).toBe(EXIT.badArguments);
    expect((await cli(testPhone('139'), '3')).code).toBe(EXIT.badArguments);
    expect((await cli(testPhone('139'))).code).toBe(EXIT.badArguments);
    const r = await cli(testPhone('136'), 'none');
    expect(r.code).toBe(EXIT.refused);
    expect(r.err.join()).toContain('该手机号尚未注册');
  });
});

describe('pick and unpick', () => {
  const pick = (user: User | null, body: object) => post(user, 'estate-dispatch/superior/pick', body);

  it('need a login and the label', async () => {
    const body = { kind: 'resale', targetId: ids.estates[0], reason: '好' };
    expectFail(await pick(null, body), 401);
    const plain = await signInAs(seeded.app);
    expectFail(await pick(plain, body), 403, NO_SUPER_LABEL);
    expectFail(await post(plain, 'estate-dispatch/superior/unpick', { kind: 'resale', targetId: ids.estates[0] }), 403);
  });

  it('refuse bad input and unknown targets', async () => {
    const base = { kind: 'resale', targetId: ids.estates[0], reason: '交通便利' };
    expectFail(await pick(daren, { ...base, reason: '' }), 400, '请填写推荐理由');
    expectFail(await pick(daren, { ...base, reason: '好'.repeat(201) }), 400, '推荐理由最多200个字');
    expectFail(await pick(daren, { ...base, reason: 'a\u0000b' }), 400);
    expectFail(await pick(daren, { ...base, kind: 'rent' }), 400, 'kind 只能是 resale 或 new');
    expectFail(await pick(daren, { ...base, targetId: '0x10' }), 400);
    expectFail(await pick(daren, { ...base, targetId: 2_000_000_000 }), 404, '小区不存在');
    expectFail(await pick(daren, { ...base, kind: 'new', targetId: 2_000_000_000 }), 404, '楼盘不存在');
  });

  it('add, update the reason, remove (idempotent), and stop at the limit per kind', async () => {
    const user = await signInAs(seeded.app);
    await cli(user.mobile, '2');
    const first = { kind: 'resale', targetId: ids.estates[0]!, reason: '第一' };
    expect(bodyOf<SuperiorPickState>(await pick(user, first))).toEqual({ picked: true, count: 1 });
    expect(bodyOf<SuperiorPickState>(await pick(user, { ...first, reason: '改过的理由' }))).toEqual({
      picked: true,
      count: 1,
    });
    for (const id of ids.estates.slice(1, MAX_SUPERIOR_PICKS))
      bodyOf(await pick(user, { kind: 'resale', targetId: id, reason: '理由' }));
    expectFail(
      await pick(user, { kind: 'resale', targetId: ids.estates[MAX_SUPERIOR_PICKS]!, reason: '一个太多' }),
      409,
      SUPERIOR_PICK_LIMIT,
    );
    // at the limit, a picked one may still get a new reason, and the other kind is counted apart
    bodyOf(await pick(user, { ...first, reason: '再改' }));
    bodyOf(await pick(user, { kind: 'new', targetId: ids.projects[0], reason: '新盘' }));
    const unpick = () => post(user, 'estate-dispatch/superior/unpick', { kind: 'resale', targetId: first.targetId });
    expect(bodyOf<SuperiorPickState>(await unpick())).toEqual({ picked: false, count: MAX_SUPERIOR_PICKS - 1 });
    expect(bodyOf<SuperiorPickState>(await unpick())).toEqual({ picked: false, count: MAX_SUPERIOR_PICKS - 1 });
  });
});

describe('private and privateNew', () => {
  const list = (user: User | null, path: string, query: string) =>
    get(user, `estate-dispatch/superior/${path}?cityId=605&${query}`);

  it("list another 达人's picks newest first with the estate figures, reason, date and header", async () => {
    const user = await signInAs(seeded.app);
    await cli(user.mobile, '1');
    await seeded.database.sql.query(`UPDATE users SET nickname = '测试达人' WHERE id = $1`, [user.id]);
    for (const [i, id] of ids.estates.slice(0, 3).entries())
      bodyOf(await post(user, 'estate-dispatch/superior/pick', { kind: 'resale', targetId: id, reason: `理由${i}` }));
    bodyOf(
      await post(user, 'estate-dispatch/superior/pick', { kind: 'new', targetId: ids.projects[1], reason: '新盘理由' }),
    );
    const body = bodyOf<SuperiorEstateList>(await list(null, 'private', `superiorId=${user.id}`));
    expect(body.superior).toMatchObject({
      userId: user.id,
      nickname: '测试达人',
      label: 1,
      resaleCount: 3,
      newCount: 1,
      followerCount: 0,
      followed: false,
      mine: false,
    });
    expect(body.total).toBe(3);
    expect(body.list.map((r) => r.reason)).toEqual(['理由2', '理由1', '理由0']);
    const row = body.list[2]!;
    expect(row.id).toBe(ids.estates[0]);
    expect(row.pickedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(row).toHaveProperty('listingAvg');
    expect(row).toHaveProperty('listingMom');
    const projects = bodyOf<SuperiorProjectList>(await list(null, 'privateNew', `superiorId=${user.id}`));
    expect(projects.list.map((p) => [p.id, p.reason])).toEqual([[ids.projects[1], '新盘理由']]);
    expect(projects.list[0]).toHaveProperty('saleStatus');
    // another city: none of these picks
    expect(
      bodyOf<SuperiorEstateList>(await get(null, `estate-dispatch/superior/private?cityId=1&superiorId=${user.id}`))
        .total,
    ).toBe(0);
  });

  it('say whether the viewer follows the 达人, and count followers', async () => {
    const fan = await signInAs(seeded.app);
    const path = `estate-dispatch/superior/private?cityId=605&superiorId=${daren.id}`;
    expect(bodyOf<SuperiorEstateList>(await get(fan, path)).superior.followed).toBe(false);
    bodyOf(await post(fan, 'subscribe/author', { authorId: daren.id }));
    const body = bodyOf<SuperiorEstateList>(await get(fan, path));
    expect(body.superior.followed).toBe(true);
    expect(body.superior.followerCount).toBe(1);
    expect(
      bodyOf<{ subscribed: boolean }>(await get(fan, `subscribe/check?targetType=author&targetId=${daren.id}`))
        .subscribed,
    ).toBe(true);
    // the same answer to a visitor does not carry the fan's follow
    expect(bodyOf<SuperiorEstateList>(await get(null, path)).superior.followed).toBe(false);
  });

  it('without superiorId: mine for a 达人, 暂无权限 without the label, login for a visitor', async () => {
    const mine = bodyOf<SuperiorEstateList>(await get(daren, 'estate-dispatch/superior/private?cityId=605'));
    expect(mine.superior).toMatchObject({ userId: daren.id, mine: true, followed: false });
    expectFail(await get(null, 'estate-dispatch/superior/private?cityId=605'), 401, '请先登录');
    const plain = await signInAs(seeded.app);
    expectFail(await get(plain, 'estate-dispatch/superior/private?cityId=605'), 403, NO_SUPER_LABEL);
    expectFail(await get(plain, 'estate-dispatch/superior/privateNew?cityId=605'), 403, NO_SUPER_LABEL);
  });

  it('answer 达人不存在 for a user without the label or no user, and 400 for bad input', async () => {
    const plain = await signInAs(seeded.app);
    expectFail(
      await get(null, `estate-dispatch/superior/private?cityId=605&superiorId=${plain.id}`),
      404,
      SUPERIOR_NOT_FOUND,
    );
    expectFail(
      await get(null, 'estate-dispatch/superior/privateNew?cityId=605&superiorId=2000000000'),
      404,
      SUPERIOR_NOT_FOUND,
    );
    expectFail(await get(null, 'estate-dispatch/superior/private?cityId=605&superiorId=abc'), 400);
    expectFail(await get(null, `estate-dispatch/superior/private?superiorId=${daren.id}`), 400);
    expectFail(await get(null, `estate-dispatch/superior/private?cityId=605&superiorId=${daren.id}&page=0`), 400);
  });
});

describe('the demo 达人', () => {
  it('is seeded once with its picks in the city, and the seed can run again', async () => {
    const service = superior();
    await service.seedDemoSuperior(605);
    expect(await service.seedDemoSuperior(605)).toBe(false);
    const [user] = await q<{ id: number; nickname: string }>(`SELECT id, nickname FROM users WHERE phone = $1`, [
      DEMO_SUPERIOR.phone,
    ]);
    expect(user!.nickname).toBe(DEMO_SUPERIOR.nickname);
    const body = await service.estates({ superiorId: user!.id, cityId: 605, page: 1 }, null);
    expect(body!.total).toBe(DEMO_SUPERIOR_PICKS);
    expect((await service.projects({ superiorId: user!.id, cityId: 605, page: 1 }, null))!.total).toBeGreaterThan(0);
  });
});

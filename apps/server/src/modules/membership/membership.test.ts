// Membership, first increment (issue 12): the catalogue (prices from the server), VIP status with stacked periods,
// single-use exchange codes (hash stored, expiry, racing redemptions), the purchase history, grants once per
// source, visitors 401 and bad input. PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { DAY_MS } from '@fjt/domain';
import { buildApp } from '../../app.ts';
import { expectFail, signInAs, type SignedIn } from '../../testing.ts';
import { createMembershipService, type MembershipService } from './service.ts';
import { parseMembershipArgs, runMembershipCommand } from './cli.ts';
import { EXIT } from '../staff/cli.ts';

let database: TestDatabase;
let app: FastifyInstance;
let membership: MembershipService;
let clock = Date.parse('2026-11-25T08:00:00Z');
const now = () => clock;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false }, database, now });
  await app.ready();
  membership = createMembershipService(database.db, { now });
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const post = (url: string, me: SignedIn | null, payload: object = {}) =>
  app.inject({
    method: 'POST',
    url: `/rabbit/v1/${url}`,
    payload,
    headers: me?.headers ?? { origin: 'http://localhost:3000' },
  });
const get = (url: string, me?: SignedIn) => app.inject({ url: `/rabbit/v1/${url}`, headers: me?.headers ?? {} });
const body = <T>(res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
};
type Status = { isVip: boolean; expiresAt: string | null; daysLeft: number };

describe('catalogue', () => {
  it('lists the cards with prices in 元 and the price a day; the rights', async () => {
    const { list } = body<{
      list: { code: string; days: number; price: number; originPrice: number; perDay: number }[];
    }>(await get('memberCard/getAllMemberCard'));
    expect(list.map((c) => c.code)).toEqual(['VIP_MONTH', 'VIP_QUARTER', 'VIP_YEAR']);
    expect(list[0]).toMatchObject({ days: 30, price: 30, originPrice: 45, perDay: 1 });
    expect(list[2]).toMatchObject({ days: 365, price: 198, perDay: 0.54 });
    const basis = body<{ rights: { title: string }[] }>(await get('memberCard/getMemberCardBasisInfo'));
    expect(basis.rights.map((r) => r.title)).toContain('全部成交价');
  });
});

describe('status, codes and history', () => {
  it('is for signed-in users', async () => {
    expectFail(await post('memberCard/getMemberCardInfo', null), 401, '请先登录');
    expectFail(await get('memberCard/purchase-history'), 401, '请先登录');
    expectFail(await post('promotion/exchange-vip', null, { code: 'ABCDEFGHJKMNPQ23' }), 401, '请先登录');
  });

  it('a code gives its days once; a second code follows the first; history lists both', async () => {
    const me = await signInAs(app);
    expect(body<Status>(await post('memberCard/getMemberCardInfo', me))).toEqual({
      isVip: false,
      expiresAt: null,
      daysLeft: 0,
    });
    const { codes, batch } = await membership.createCodes({ count: 2, days: 30, validDays: 90, actorId: null });
    expect(codes[0]).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    // only the hash is kept
    const stored = await database.sql.query<{ code_hash: string }>(
      `SELECT code_hash FROM exchange_codes WHERE batch = $1`,
      [batch],
    );
    expect(stored.map((r) => r.code_hash).join()).not.toContain(codes[0]!.replaceAll('-', ''));

    const first = body<{ days: number; status: Status }>(
      await post('promotion/exchange-vip', me, { code: codes[0]!.toLowerCase() }),
    );
    expect(first.days).toBe(30);
    expect(first.status).toEqual({ isVip: true, expiresAt: new Date(clock + 30 * DAY_MS).toISOString(), daysLeft: 30 });
    expectFail(await post('promotion/exchange-vip', me, { code: codes[0] }), 400, '兑换码无效或已被使用');

    clock += 10 * DAY_MS;
    const second = body<{ status: Status }>(await post('promotion/exchange-vip', me, { code: codes[1] }));
    expect(second.status.expiresAt).toBe(new Date(clock - 10 * DAY_MS + 60 * DAY_MS).toISOString());
    expect(second.status.daysLeft).toBe(50);

    const { list } = body<{ list: { sourceLabel: string; days: number }[] }>(
      await get('memberCard/purchase-history', me),
    );
    expect(list).toEqual([
      expect.objectContaining({ sourceLabel: '兑换码', days: 30 }),
      expect.objectContaining({ sourceLabel: '兑换码', days: 30 }),
    ]);
    const [audit] = await database.sql.query<{ action: string }>(`SELECT action FROM audit_log WHERE target_id = $1`, [
      batch,
    ]);
    expect(audit?.action).toBe('codes.create');
  });

  it('an expired code gives nothing and stays unused; bad codes are refused', async () => {
    const me = await signInAs(app);
    const { codes } = await membership.createCodes({ count: 1, days: 7, validDays: 1, actorId: null });
    clock += 2 * DAY_MS;
    expectFail(await post('promotion/exchange-vip', me, { code: codes[0] }), 400, '兑换码已过期');
    expectFail(await post('promotion/exchange-vip', me, { code: codes[0] }), 400, '兑换码已过期');
    expect(body<Status>(await post('memberCard/getMemberCardInfo', me)).isVip).toBe(false);
    for (const code of ['', 'ABC', 'ABCDEFGHJKMNPQ2O', 42]) {
      expectFail(await post('promotion/exchange-vip', me, { code }), 400);
    }
    expectFail(await post('promotion/exchange-vip', me, {}), 400, '请输入兑换码');
  });

  it('two users racing for one code: exactly one gets it', async () => {
    const [a, b] = [await signInAs(app), await signInAs(app)];
    const { codes } = await membership.createCodes({ count: 1, days: 30, validDays: 30, actorId: null });
    const results = await Promise.all([
      post('promotion/exchange-vip', a, { code: codes[0] }),
      post('promotion/exchange-vip', b, { code: codes[0] }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const [n] = await database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM vip_periods WHERE user_id = ANY($1::int[])`,
      [[a.id, b.id]],
    );
    expect(n!.n).toBe(1);
  });

  it('grants once per source, stacked after the running membership', async () => {
    const me = await signInAs(app);
    const grant = () =>
      database.db.transaction((tx) =>
        membership.grantDays(tx, { userId: me.id, days: 90, source: 'order', ref: 'T-1', cardCode: 'VIP_QUARTER' }),
      );
    expect(await grant()).toBe(true);
    expect(await grant()).toBe(false);
    expect(await Promise.all([grant(), grant()])).toEqual([false, false]);
    const status = await membership.status(me.id);
    expect(status.daysLeft).toBe(90);
    const { list } = body<{ list: { sourceLabel: string; cardName: string | null }[] }>(
      await get('memberCard/purchase-history', me),
    );
    expect(list).toEqual([expect.objectContaining({ sourceLabel: '购买', cardName: '季卡' })]);
  });
});

describe('POST ops/codes/create', () => {
  it('makes a batch for the ops role only, audited; refuses bad numbers', async () => {
    const [ops, support, user] = [await signInAs(app), await signInAs(app), await signInAs(app)];
    await database.sql.query(`INSERT INTO staff_roles (user_id, role) VALUES ($1, 'ops'), ($2, 'support')`, [
      ops.id,
      support.id,
    ]);
    const input = { count: 3, days: 30, validDays: 60 };
    expectFail(await post('ops/codes/create', null, input), 401, '请先登录');
    expectFail(await post('ops/codes/create', user, input), 403, '无权访问：仅限工作人员');
    expectFail(await post('ops/codes/create', support, input), 403, '仅运营人员可以生成兑换码');
    expectFail(await post('ops/codes/create', ops, { ...input, count: 0 }), 400, '数量须为1-500的整数');
    expectFail(await post('ops/codes/create', ops, { ...input, count: 501 }), 400, '数量须为1-500的整数');
    expectFail(await post('ops/codes/create', ops, { ...input, days: 1.5 }), 400, '会员天数须为1-3650的整数');
    expectFail(await post('ops/codes/create', ops, { ...input, validDays: '60' }), 400, '有效期须为1-3650天');
    const made = body<{ batch: string; codes: string[] }>(await post('ops/codes/create', ops, input));
    expect(made.codes).toHaveLength(3);
    expect(new Set(made.codes).size).toBe(3);
    const [audit] = await database.sql.query<{ actor_id: number; action: string }>(
      `SELECT actor_id, action FROM audit_log WHERE target_id = $1`,
      [made.batch],
    );
    expect(audit).toEqual({ actor_id: ops.id, action: 'codes.create' });
    // a code made here works
    expect(body<{ days: number }>(await post('promotion/exchange-vip', user, { code: made.codes[0] })).days).toBe(30);
  });
});

describe('npm run ops -- codes | grant', () => {
  const run = async (args: string[]) => {
    const cmd = parseMembershipArgs(args);
    if ('error' in cmd) return { code: EXIT.badArguments, out: [] as string[], err: [cmd.error] };
    const out: string[] = [];
    const err: string[] = [];
    const code = await runMembershipCommand(cmd, membership, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  };

  it('codes create prints a batch of codes that redeem once, audited with actor null', async () => {
    const made = await run(['codes', 'create', '--count', '2', '--days', '7']);
    expect(made.code).toBe(0);
    const codes = made.out.filter((l) => /^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/.test(l));
    expect(codes).toHaveLength(2);
    const batch = /批次 (\S+)：/.exec(made.out[0]!)![1]!;
    const audit = await database.sql.query<{ actor_id: number | null; detail: { count: number } }>(
      `SELECT actor_id, detail FROM audit_log WHERE action = 'codes.create' AND target_id = $1`,
      [batch],
    );
    expect(audit).toEqual([{ actor_id: null, detail: expect.objectContaining({ count: 2, days: 7 }) }]);
    const me = await signInAs(app);
    expect(body<{ days: number }>(await post('promotion/exchange-vip', me, { code: codes[0] })).days).toBe(7);
    expectFail(await post('promotion/exchange-vip', me, { code: codes[0] }), 400, '兑换码无效或已被使用');
  });

  it('grant gives days once per --ref, audited; an unknown phone is refused (exit 1)', async () => {
    const me = await signInAs(app);
    const [user] = await database.sql.query<{ phone: string; id: number }>(
      `SELECT phone, id FROM users WHERE id = (SELECT max(id) FROM users)`,
    );
    const args = ['grant', '--phone', user!.phone, '--days', '5', '--reason', '客诉补偿', '--ref', 'ticket-881'];
    const first = await run(args);
    expect(first.code, first.err.join()).toBe(0);
    expect(first.out[0]).toContain('已赠送');
    const again = await run(args);
    expect(again.code).toBe(0);
    expect(again.out[0]).toContain('nothing changed');
    const status = body<Status>(await post('memberCard/getMemberCardInfo', me));
    expect(status).toMatchObject({ isVip: true, daysLeft: 5 });
    const audit = await database.sql.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE action = 'membership.grant' AND target_id = $1`,
      [String(user!.id)],
    );
    expect(audit).toHaveLength(1);
    const unknown = await run(['grant', '--phone', '13900000000', '--days', '5', '--reason', 'x']);
    expect(unknown.code).toBe(EXIT.refused);
    expect(unknown.err[0]).toContain('该手机号尚未注册');
  });

  it('refuses bad arguments with exit 2 and a Chinese / English message', async () => {
    for (const args of [
      ['codes'],
      ['codes', 'make', '--count', '1', '--days', '1'],
      ['codes', 'create', '--count', '0', '--days', '7'],
      ['codes', 'create', '--count', '501', '--days', '7'],
      ['codes', 'create', '--count', '2', '--days', '7.5'],
      ['codes', 'create', '--count', '2', '--days', '7', '--valid-days', '0'],
      ['grant', '--phone', '123', '--days', '5', '--reason', 'x'],
      ['grant', '--phone', '13800000001', '--days', '0', '--reason', 'x'],
      ['grant', '--phone', '13800000001', '--days', '5'],
      ['grant', '--phone', '13800000001', '--days', '5', '--reason', 'x', '--ref', 'bad ref'],
      ['grant', 'now', '--phone', '13800000001', '--days', '5', '--reason', 'x'],
      ['codes', 'create', '--count', '2', '--days', '7', '--force'],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err.join('\n'), args.join(' ')).toMatch(/[\u4e00-\u9fff].* \/ [a-z-]/);
    }
  });
});

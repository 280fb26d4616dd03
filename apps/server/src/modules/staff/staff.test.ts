// Staff roles and the audit log (issue 11): rolesOf/grant/revoke/listStaff, one audit row per change written in
// the change's transaction, the ops/* API (401 visitor, 403 non-staff and non-ops, CSRF, bad input), the
// `npm run ops` command line (parsed and run, and spawned for its exit codes) and the demo staff. PGlite, or
// PostgreSQL with TEST_DATABASE_URL.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import type { Database } from '@fjt/db';
import { AUDIT_OPS_ONLY, OPS_ONLY, ROLE_FORMAT_ERROR, STAFF_ONLY, MOBILE_FORMAT_ERROR } from '@fjt/domain';
import { buildApp } from '../../app.ts';
import { CSRF_REFUSED } from '../../plugins/session.ts';
import { expectFail, signInAs } from '../../testing.ts';
import { isOpsPath, pageCacheKey } from '../../plugins/ssr.ts';
import { recordAudit } from './audit.ts';
import { createStaffRepo } from './repo.ts';
import { DEMO_STAFF, NOT_REGISTERED, NO_SELF_REVOKE_OPS, createStaffService, type StaffModule } from './service.ts';
import { EXIT, parseOpsArgs, runOpsCommand } from './cli.ts';

const ORIGIN = 'http://localhost:3000';
const ROOT = resolve(import.meta.dirname, '../../../../..');

let database: TestDatabase;
let app: FastifyInstance;
let staff: StaffModule;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false, API_DOCS: true }, database });
  await app.ready();
  staff = createStaffService(database.db);
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const phone = () => `137${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

async function auditRows(targetId: number) {
  return database.sql.query<{
    actor_id: number | null;
    action: string;
    target_type: string;
    detail: unknown;
    ip: string | null;
  }>(`SELECT actor_id, action, target_type, detail, ip FROM audit_log WHERE target_id = $1 ORDER BY id`, [
    String(targetId),
  ]);
}

/** Signs a phone in through the sandbox: its session cookie header. */
async function signIn(mobile: string): Promise<Record<string, string>> {
  return { cookie: (await signInAs(app, mobile)).headers.cookie! };
}

describe('staff service', () => {
  it('grants a role to a new phone (creating its user), lists it, and writes one audit row', async () => {
    const mobile = phone();
    const r = await staff.grant({ phone: mobile, role: 'support', actorId: null, ip: '10.0.0.1' });
    expect(r).toMatchObject({ role: 'support', changed: true, createdUser: true });
    expect(await staff.rolesOf(r.userId)).toEqual(['support']);
    const again = await staff.grant({ phone: mobile, role: 'support', actorId: null });
    expect(again).toMatchObject({ userId: r.userId, changed: false, createdUser: false });
    await staff.grant({ phone: mobile, role: 'ops', actorId: null });
    // roles in the fixed order ops, support, agent, moderator
    expect(await staff.rolesOf(r.userId)).toEqual(['ops', 'support']);
    const member = (await staff.listStaff()).list.find((m) => m.userId === r.userId);
    expect(member?.phone).toBe(mobile);
    expect(member?.roles.map((x) => x.role)).toEqual(['ops', 'support']);
    expect(member?.roles[0]?.grantedBy).toBeNull();
    const rows = await auditRows(r.userId);
    expect(rows.map((x) => x.action)).toEqual(['staff.grant', 'staff.grant']);
    expect(rows[0]).toMatchObject({ actor_id: null, target_type: 'user', ip: '10.0.0.1' });
    expect(rows[0]!.detail).toEqual({
      role: 'support',
      phone: `${mobile.slice(0, 3)}****${mobile.slice(7)}`,
      createdUser: true,
    });
  });

  it('revokes a role (audited), a role not held changes nothing, an unknown phone is refused', async () => {
    const mobile = phone();
    const actor = await staff.grant({ phone: phone(), role: 'ops', actorId: null });
    const { userId } = await staff.grant({ phone: mobile, role: 'agent', actorId: actor.userId });
    expect((await staff.listStaff()).list.find((m) => m.userId === userId)?.roles[0]?.grantedBy).toMatch(
      /^\d{3}\*{4}\d{4}$/,
    );
    expect(await staff.revoke({ phone: mobile, role: 'agent', actorId: actor.userId, ip: '10.0.0.2' })).toMatchObject({
      changed: true,
    });
    expect(await staff.rolesOf(userId)).toEqual([]);
    expect((await staff.listStaff()).list.some((m) => m.userId === userId)).toBe(false);
    expect(await staff.revoke({ phone: mobile, role: 'agent', actorId: null })).toMatchObject({ changed: false });
    const rows = await auditRows(userId);
    expect(rows.map((x) => [x.action, x.actor_id])).toEqual([
      ['staff.grant', actor.userId],
      ['staff.revoke', actor.userId],
    ]);
    await expect(staff.revoke({ phone: phone(), role: 'ops', actorId: null })).rejects.toMatchObject({
      statusCode: 404,
      message: NOT_REGISTERED,
    });
  });

  it('a member of staff cannot revoke their own ops role; the command line can', async () => {
    const mobile = phone();
    const { userId } = await staff.grant({ phone: mobile, role: 'ops', actorId: null });
    await expect(staff.revoke({ phone: mobile, role: 'ops', actorId: userId })).rejects.toMatchObject({
      statusCode: 403,
      message: NO_SELF_REVOKE_OPS,
    });
    expect(await staff.rolesOf(userId)).toEqual(['ops']);
    expect((await staff.revoke({ phone: mobile, role: 'ops', actorId: null })).changed).toBe(true);
  });

  it('recordAudit inside a transaction: a failed audit write leaves no half change', async () => {
    const repo = createStaffRepo(database.db);
    const user = await repo.ensureUser(phone());
    await expect(
      database.db.transaction(async (t) => {
        const tx = t as unknown as Database;
        await repo.grant(user.id, 'moderator', null, tx);
        // action is NOT NULL: the audit row fails, and the grant with it
        await recordAudit(tx, {
          actorId: null,
          action: null as unknown as string,
          targetType: 'user',
          targetId: user.id,
        });
      }),
    ).rejects.toThrow();
    expect(await staff.rolesOf(user.id)).toEqual([]);
    expect(await auditRows(user.id)).toEqual([]);
  });

  it('the audit log: newest first, paged, filtered by actor and action, actors masked', async () => {
    const actorPhone = phone();
    const actor = await staff.grant({ phone: actorPhone, role: 'ops', actorId: null });
    const targets = [phone(), phone(), phone()];
    for (const t of targets) await staff.grant({ phone: t, role: 'moderator', actorId: actor.userId });
    await staff.revoke({ phone: targets[0]!, role: 'moderator', actorId: actor.userId });
    const mine = await staff.auditLog({ page: 1, size: 50, actorId: actor.userId });
    expect(mine.total).toBe(4);
    expect(mine.list.map((r) => r.action)).toEqual(['staff.revoke', 'staff.grant', 'staff.grant', 'staff.grant']);
    expect(mine.list[0]!.id).toBeGreaterThan(mine.list[1]!.id);
    expect(mine.list[0]!.actor).toBe(`${actorPhone.slice(0, 3)}****${actorPhone.slice(7)}`);
    const page2 = await staff.auditLog({ page: 2, size: 3, actorId: actor.userId });
    expect(page2.list.map((r) => r.id)).toEqual([mine.list[3]!.id]);
    const revokes = await staff.auditLog({ page: 1, size: 50, actorId: actor.userId, action: 'staff.revoke' });
    expect(revokes.total).toBe(1);
    expect(revokes.list[0]).toMatchObject({ targetType: 'user', detail: { role: 'moderator' } });
  });

  it('seeds the demo staff once', async () => {
    const first = await staff.seedDemoStaff();
    expect(first).toBe(DEMO_STAFF.length);
    expect(await staff.seedDemoStaff()).toBe(0);
    const list = (await staff.listStaff()).list;
    for (const d of DEMO_STAFF)
      expect(list.find((m) => m.phone === d.phone)?.roles.map((r) => r.role)).toEqual([d.role]);
  });
});

describe('ops API', () => {
  let opsHeaders: Record<string, string>;
  let supportHeaders: Record<string, string>;
  let userHeaders: Record<string, string>;
  let opsUserId: number;
  beforeAll(async () => {
    const opsPhone = phone();
    opsUserId = (await staff.grant({ phone: opsPhone, role: 'ops', actorId: null })).userId;
    const supportPhone = phone();
    await staff.grant({ phone: supportPhone, role: 'support', actorId: null });
    opsHeaders = await signIn(opsPhone);
    supportHeaders = await signIn(supportPhone);
    userHeaders = await signIn(phone());
  });
  const post = (url: string, payload: unknown, headers: Record<string, string>, extra: Partial<InjectOptions> = {}) =>
    app.inject({
      method: 'POST',
      url: `/rabbit/v1/${url}`,
      payload: payload as object,
      headers: { origin: ORIGIN, ...headers },
      ...extra,
    });

  it('a visitor gets 401 and a non-staff user 403 on every ops call', async () => {
    for (const url of ['ops/staff', 'ops/audit']) {
      expectFail(await app.inject(`/rabbit/v1/${url}`), 401);
      expectFail(await app.inject({ url: `/rabbit/v1/${url}`, headers: userHeaders }), 403, STAFF_ONLY);
    }
    expectFail(await app.inject({ url: '/rabbit/v1/ops/audit', headers: supportHeaders }), 403, AUDIT_OPS_ONLY);
    const body = { mobile: phone(), role: 'agent' };
    for (const url of ['ops/staff/grant', 'ops/staff/revoke']) {
      expectFail(await post(url, body, {}), 401);
      expectFail(await post(url, body, userHeaders), 403, STAFF_ONLY);
      expectFail(await post(url, body, supportHeaders), 403, OPS_ONLY);
    }
    expect((await app.inject({ url: '/rabbit/v1/ops/staff', headers: supportHeaders })).statusCode).toBe(200);
  });

  it('an ops user grants and revokes by phone; each writes an audit row with the actor and address', async () => {
    const mobile = phone();
    const granted = await post('ops/staff/grant', { mobile, role: 'agent' }, opsHeaders, { remoteAddress: '10.9.8.7' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.headers['cache-control']).toBe('no-store');
    expect(granted.headers['x-robots-tag']).toBe('noindex');
    const { userId, changed } = (granted.json() as { body: { userId: number; changed: boolean } }).body;
    expect(changed).toBe(true);
    const list = await app.inject({ url: '/rabbit/v1/ops/staff', headers: opsHeaders });
    const member = (list.json() as { body: { list: { userId: number; roles: { role: string }[] }[] } }).body.list.find(
      (m) => m.userId === userId,
    );
    expect(member?.roles.map((r) => r.role)).toEqual(['agent']);
    const revoked = await post('ops/staff/revoke', { mobile, role: 'agent' }, opsHeaders);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await auditRows(userId)).map((r) => [r.action, r.actor_id, r.ip])).toEqual([
      ['staff.grant', opsUserId, '10.9.8.7'],
      ['staff.revoke', opsUserId, '127.0.0.1'],
    ]);
    const audit = await app.inject({
      url: `/rabbit/v1/ops/audit?actorId=${opsUserId}&action=staff.grant`,
      headers: opsHeaders,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const body = (audit.json() as { body: { total: number; list: { targetId: string }[] } }).body;
    expect(body.list[0]!.targetId).toBe(String(userId));
  });

  it('refuses a cookie POST from another site, self-revoking ops and bad input, in Chinese', async () => {
    expectFail(
      await post(
        'ops/staff/grant',
        { mobile: phone(), role: 'agent' },
        { ...opsHeaders, origin: 'https://evil.example' },
      ),
      403,
      CSRF_REFUSED,
    );
    const me = (await app.inject({ url: '/rabbit/v1/app/login/userinfo', headers: opsHeaders })).json() as {
      body: { id: number };
    };
    expect(me.body.id).toBe(opsUserId);
    const myPhone = (
      await database.sql.query<{ phone: string }>(`SELECT phone FROM users WHERE id = $1`, [opsUserId])
    )[0]!.phone;
    expectFail(await post('ops/staff/revoke', { mobile: myPhone, role: 'ops' }, opsHeaders), 403, NO_SELF_REVOKE_OPS);
    expectFail(await post('ops/staff/revoke', { mobile: phone(), role: 'ops' }, opsHeaders), 404, NOT_REGISTERED);
    expectFail(await post('ops/staff/grant', { mobile: '1234', role: 'ops' }, opsHeaders), 400, MOBILE_FORMAT_ERROR);
    expectFail(await post('ops/staff/grant', { mobile: phone(), role: 'boss' }, opsHeaders), 400, ROLE_FORMAT_ERROR);
    expectFail(await app.inject({ url: '/rabbit/v1/ops/audit?page=0', headers: opsHeaders }), 400);
    expectFail(await app.inject({ url: '/rabbit/v1/ops/audit?actorId=0x10', headers: opsHeaders }), 400);
  });
});

describe('/ops pages on the server', () => {
  it('are /ops, /ops/… and their .data requests, and never enter the page cache', () => {
    for (const url of ['/ops', '/ops/', '/ops/staff', '/ops/audit?page=2', '/ops.data', '/ops/staff.data?_routes=x'])
      expect(isOpsPath(url), url).toBe(true);
    for (const url of ['/opsx', '/605', '/605/ops', '/rabbit/v1/ops/staff', '/profile'])
      expect(isOpsPath(url), url).toBe(false);
    const request = (url: string) => ({ method: 'GET', url, headers: {} }) as Parameters<typeof pageCacheKey>[0];
    expect(pageCacheKey(request('/ops/staff'))).toBeNull();
    expect(pageCacheKey(request('/605'))).not.toBeNull();
  });
});

describe('npm run ops', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
  };
  const run = async (args: string[]) => {
    const cmd = parseOpsArgs(args);
    if ('error' in cmd) return { code: EXIT.badArguments, out: [], err: [cmd.error] };
    const o = io();
    return { code: await runOpsCommand(cmd, staff, o.io), out: o.out, err: o.err };
  };

  it('staff add creates the user of a new phone, grants and audits with actor null; add again changes nothing', async () => {
    const mobile = phone();
    const added = await run(['staff', 'add', '--phone', mobile, '--role', 'moderator']);
    expect(added.code).toBe(0);
    expect(added.out.join('\n')).toMatch(/已授予.*moderator.*新用户已创建.*granted moderator/);
    const user = (await database.sql.query<{ id: number }>(`SELECT id FROM users WHERE phone = $1`, [mobile]))[0]!;
    expect(await staff.rolesOf(user.id)).toEqual(['moderator']);
    expect((await auditRows(user.id)).map((r) => [r.action, r.actor_id])).toEqual([['staff.grant', null]]);
    const again = await run(['staff', 'add', '--phone', mobile, '--role', 'moderator']);
    expect(again.code).toBe(0);
    expect(again.out.join('\n')).toContain('nothing changed');
    expect(await auditRows(user.id)).toHaveLength(1);
    const list = await run(['staff', 'list']);
    expect(list.code).toBe(0);
    expect(list.out.some((l) => l.includes(mobile) && l.includes('moderator(内容审核)'))).toBe(true);
    const removed = await run(['staff', 'remove', '--phone', mobile, '--role', 'moderator']);
    expect(removed.code).toBe(0);
    expect(await staff.rolesOf(user.id)).toEqual([]);
    expect((await auditRows(user.id)).map((r) => r.action)).toEqual(['staff.grant', 'staff.revoke']);
  });

  it('refuses removing from an unknown phone (exit 1) and bad arguments (exit 2), in Chinese and English', async () => {
    const refused = await run(['staff', 'remove', '--phone', phone(), '--role', 'ops']);
    expect(refused.code).toBe(1);
    expect(refused.err.join('\n')).toMatch(/该手机号尚未注册.*no user with phone/);
    for (const args of [
      [],
      ['staff'],
      ['staff', 'promote', '--phone', phone(), '--role', 'ops'],
      ['staff', 'add', '--role', 'ops'],
      ['staff', 'add', '--phone', '12345678901', '--role', 'ops'],
      ['staff', 'add', '--phone', phone(), '--role', 'boss'],
      ['staff', 'add', '--phone', phone()],
      ['staff', 'add', '--phone', phone(), '--role', 'ops', '--force'],
      ['staff', 'list', '--role', 'ops'],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err.join('\n'), args.join(' ')).toMatch(/[\u4e00-\u9fff].* \/ [a-z-]/);
    }
  });

  it('as a process: exit codes 2 (before opening any database), 0 and 1 on an embedded database', () => {
    const cli = (args: string[], env: Record<string, string> = {}) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/ops.ts', ...args], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: '', ...env },
      });
    const bad = cli(['staff', 'add', '--phone', '1', '--role', 'ops'], { DATA_DIR: '/nonexistent/never-created' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('用法 / usage');
    const dataDir = mkdtempSync(join(tmpdir(), 'fjt-ops-cli-'));
    const added = cli(['staff', 'add', '--phone', '13800000009', '--role', 'support'], { DATA_DIR: dataDir });
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toContain('granted support to 13800000009');
    const refused = cli(['staff', 'remove', '--phone', '13800000008', '--role', 'support'], { DATA_DIR: dataDir });
    expect(refused.status).toBe(1);
  }, 120_000);
});

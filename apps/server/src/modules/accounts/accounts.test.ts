// SMS login and sessions (issue 11, first increment): the send limits per phone and per IP, the code's expiry,
// single use and 5 wrong tries, session rotation, sliding expiry, logout, forged tokens, CSRF, the app's token
// header, the data export and each endpoint's bad input. On PGlite, or PostgreSQL with TEST_DATABASE_URL; the SMS
// counters in Redis with TEST_REDIS_URL (the tests that move the clock past a limit's window run in process only,
// as Redis keeps its own time).
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { buildApp } from '../../app.ts';
import { CSRF_REFUSED } from '../../plugins/session.ts';
import { CODE_INVALID, CODE_VOID, LOGIN_ATTEMPTS_REFUSED, SMS_LIMITS, hashToken } from './service.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
const ORIGIN = 'http://localhost:3000';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let database: TestDatabase;
let app: FastifyInstance;
let clock = Date.parse('2026-06-01T08:00:00Z');
const now = () => clock;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false, API_DOCS: true, ...(REDIS_URL ? { REDIS_URL } : {}) },
    database,
    now,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

// Fresh phones and addresses each run, so Redis counters left by an earlier run never meet these.
const phone = () => `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const ip = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

const send = (mobile: unknown, remoteAddress = ip()) =>
  app.inject({ method: 'POST', url: '/rabbit/v1/login/sms', payload: { mobile }, remoteAddress });

async function latestCode(mobile: string): Promise<string> {
  const res = await app.inject(`/rabbit/v1/dev/sms-outbox?phone=${mobile}`);
  expect(res.statusCode, res.body).toBe(200);
  const list = (res.json() as { body: { list: { code: string }[] } }).body.list;
  expect(list.length).toBeGreaterThan(0);
  return list[0]!.code;
}

async function outboxCount(mobile: string) {
  const rows = await database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1`, [
    mobile,
  ]);
  return rows[0]!.n;
}

// each from its own address: the per-address login attempt counter (kept in Redis across runs) never fills
const login = (payload: object, extra: Partial<InjectOptions> = {}) =>
  app.inject({ method: 'POST', url: '/rabbit/v1/login/mobile', payload, remoteAddress: ip(), ...extra });

function sessionCookieOf(res: LightMyRequestResponse) {
  const cookie = res.cookies.find((c) => c.name === 'fjt_session');
  expect(cookie, JSON.stringify(res.headers['set-cookie'])).toBeDefined();
  return cookie!;
}

/** Sends a code to a new phone and signs in with it: the cookie's token. */
async function signIn(mobile = phone()): Promise<{ mobile: string; token: string }> {
  expect((await send(mobile)).statusCode).toBe(200);
  const res = await login({ mobile, code: await latestCode(mobile) });
  expect(res.statusCode, res.body).toBe(200);
  return { mobile, token: sessionCookieOf(res).value };
}

function getUser(res: LightMyRequestResponse): { id: number; nickname: string | null } {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: { id: number; nickname: string | null } }).body;
}

const userinfo = (headers: Record<string, string>) => app.inject({ url: '/rabbit/v1/app/login/userinfo', headers });
const cookieHeader = (token: string) => ({ cookie: `fjt_session=${token}` });

function expectFail(res: LightMyRequestResponse, status: number, errMsg?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const json = res.json() as { resultCode: number; errMsg: string; body: unknown };
  expect(json.resultCode).not.toBe(0);
  expect(json.body).toBeNull();
  expect(json.errMsg).toMatch(/[\u4e00-\u9fff]/);
  if (errMsg) expect(json.errMsg).toBe(errMsg);
}

describe('POST login/sms', () => {
  it('sends a 6-digit code through the sandbox outbox', async () => {
    const mobile = phone();
    const res = await send(mobile);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ resultCode: 0, body: { expiresIn: 300, resendAfter: 60 } });
    expect(await latestCode(mobile)).toMatch(/^\d{6}$/);
    // the code itself is stored only hashed in the challenge
    const rows = await database.sql.query<{ code_hash: string }>(
      `SELECT code_hash FROM sms_challenges WHERE phone = $1`,
      [mobile],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(await latestCode(mobile));
  });

  it('refuses a second code within 60 s', async () => {
    const mobile = phone();
    expect((await send(mobile)).statusCode).toBe(200);
    expectFail(await send(mobile), 429, '发送过于频繁，请60秒后再试');
    expect(await outboxCount(mobile)).toBe(1);
  });

  it.skipIf(REDIS_URL)('allows 5 an hour and 10 a day, each refusal with its own message', async () => {
    const mobile = phone();
    for (let i = 0; i < 5; i++) {
      expect((await send(mobile)).statusCode, `send ${i + 1}`).toBe(200);
      clock += MINUTE + 1000;
    }
    expectFail(await send(mobile), 429, SMS_LIMITS[2].message);
    clock += 60 * MINUTE;
    for (let i = 0; i < 5; i++) {
      expect((await send(mobile)).statusCode, `send ${i + 6}`).toBe(200);
      clock += MINUTE + 1000;
    }
    clock += 60 * MINUTE;
    expectFail(await send(mobile), 429, SMS_LIMITS[3].message);
    expect(await outboxCount(mobile)).toBe(10);
    clock += DAY;
    expect((await send(mobile)).statusCode).toBe(200);
  });

  it('stops one address at 20 codes an hour: 1,000 requests over 1,000 phones send 20', async () => {
    const address = ip();
    const results: number[] = [];
    // 1,000 requests over 1,000 phones, in bursts of 100
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 100 }, () => send(phone(), address)));
      results.push(...answers.map((a) => a.statusCode));
    }
    expect(results.filter((s) => s === 200)).toHaveLength(20);
    expect(results.filter((s) => s === 429)).toHaveLength(980);
    expectFail(await send(phone(), address), 429, SMS_LIMITS[0].message);
  });

  it('SMS pumping: 1,000 requests for one phone in a burst send one message', async () => {
    const mobile = phone();
    const statuses: number[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 100 }, () => send(mobile)));
      statuses.push(...answers.map((a) => a.statusCode));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(999);
    expect(await outboxCount(mobile)).toBe(1);
  });

  it('refuses bad phones', async () => {
    for (const mobile of [
      undefined,
      '',
      '1380000000',
      '138000000001',
      '23800000000',
      '1380000000a',
      13800000000,
      ['1'],
    ])
      expectFail(await send(mobile), 400, mobile === undefined ? undefined : '请填写正确格式的手机号');
  });
});

describe('POST login/mobile', () => {
  it('signs a new phone up, sets the session cookie and answers the masked user', async () => {
    const mobile = phone();
    await send(mobile);
    const res = await login({ mobile, code: await latestCode(mobile) });
    expect(res.statusCode, res.body).toBe(200);
    const body = (res.json() as { body: { user: { mobile: string }; token: string | null } }).body;
    expect(body.user.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(7)}`);
    expect(body.token).toBeNull();
    const cookie = sessionCookieOf(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // stored hashed, never as given
    const stored = await database.sql.query<{ token_hash: string }>(`SELECT token_hash FROM sessions`);
    expect(stored.map((r) => r.token_hash)).not.toContain(cookie.value);
    expect(stored.map((r) => r.token_hash)).toContain(
      createHash('sha256').update(`session:${cookie.value}`).digest('hex'),
    );
    const info = await userinfo(cookieHeader(cookie.value));
    expect(info.statusCode).toBe(200);
    expect((info.json() as { body: { mobile: string } }).body.mobile).toBe(body.user.mobile);
  });

  // a second code for the phone needs the clock past its 60 s limit (in-process counters)
  it.skipIf(REDIS_URL)('keeps one user per phone', async () => {
    const mobile = phone();
    const first = await signIn(mobile);
    clock += MINUTE + 1000;
    const second = await signIn(mobile);
    const id = async (token: string) =>
      ((await userinfo(cookieHeader(token))).json() as { body: { id: number } }).body.id;
    expect(await id(first.token)).toBe(await id(second.token));
  });

  it('uses a code once', async () => {
    const mobile = phone();
    await send(mobile);
    const code = await latestCode(mobile);
    expect((await login({ mobile, code })).statusCode).toBe(200);
    expectFail(await login({ mobile, code }), 400, CODE_INVALID);
  });

  it('lets a code expire after 5 minutes', async () => {
    const mobile = phone();
    await send(mobile);
    const code = await latestCode(mobile);
    clock += 5 * MINUTE + 1000;
    expectFail(await login({ mobile, code }), 400, CODE_INVALID);
  });

  it('voids a code after 5 wrong tries: the 6th is refused even when right', async () => {
    const mobile = phone();
    await send(mobile);
    const code = await latestCode(mobile);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 5; i++) {
      const res = await login({ mobile, code: wrong });
      expectFail(res, 400, i < 5 ? `验证码错误，还可尝试${5 - i}次` : CODE_VOID);
    }
    expectFail(await login({ mobile, code }), 400, CODE_VOID);
  });

  it('refuses a code for another phone, and bad input', async () => {
    const mobile = phone();
    await send(mobile);
    const code = await latestCode(mobile);
    expectFail(await login({ mobile: phone(), code }), 400, CODE_INVALID);
    for (const payload of [
      {},
      { mobile },
      { code },
      { mobile, code: '12345' },
      { mobile, code: '1234567' },
      { mobile, code: '12a456' },
      { mobile, code: 123456 },
      { mobile: '123', code },
      { mobile, code, client: 'desktop' },
    ])
      expectFail(await login(payload), 400);
  });

  it('rotates: a login replaces the session the request came with', async () => {
    const { token: old } = await signIn();
    // whoever signs in next on this browser, the session it carried is revoked
    const mobile = phone();
    await send(mobile);
    const res = await login(
      { mobile, code: await latestCode(mobile) },
      { headers: { ...cookieHeader(old), origin: ORIGIN } },
    );
    expect(res.statusCode, res.body).toBe(200);
    const fresh = sessionCookieOf(res).value;
    expect(fresh).not.toBe(old);
    expectFail(await userinfo(cookieHeader(old)), 401, '请先登录');
    expect((await userinfo(cookieHeader(fresh))).statusCode).toBe(200);
  });

  it('gives the native app its token for the token header', async () => {
    const mobile = phone();
    await send(mobile);
    const res = await login({ mobile, code: await latestCode(mobile), client: 'app' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.find((c) => c.name === 'fjt_session')).toBeUndefined();
    const token = (res.json() as { body: { token: string } }).body.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await userinfo({ token })).statusCode).toBe(200);
    // the token header needs no Origin: another site's form cannot send it
    const out = await app.inject({ method: 'POST', url: '/rabbit/v1/login/logout', headers: { token } });
    expect(out.statusCode, out.body).toBe(200);
    expectFail(await userinfo({ token }), 401);
  });
});

describe('sessions', () => {
  it('slide: 30 days from the last use, extended at most once a day', async () => {
    const { token } = await signIn();
    clock += 12 * 60 * MINUTE;
    const early = await userinfo(cookieHeader(token));
    expect(early.statusCode).toBe(200);
    expect(early.cookies.find((c) => c.name === 'fjt_session')).toBeUndefined(); // no write within the day
    clock += 20 * DAY;
    const later = await userinfo(cookieHeader(token));
    expect(later.statusCode).toBe(200);
    expect(sessionCookieOf(later).maxAge).toBe(30 * 24 * 3600); // the cookie slides with it
    clock += 25 * DAY; // 45 days after login, 25 after the last use
    expect((await userinfo(cookieHeader(token))).statusCode).toBe(200);
    clock += 31 * DAY;
    expectFail(await userinfo(cookieHeader(token)), 401, '请先登录');
  });

  it('logout revokes the session and clears the cookie', async () => {
    const { token } = await signIn();
    const res = await app.inject({
      method: 'POST',
      url: '/rabbit/v1/login/logout',
      headers: { ...cookieHeader(token), origin: ORIGIN },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cleared = sessionCookieOf(res);
    expect(cleared.value).toBe('');
    expectFail(await userinfo(cookieHeader(token)), 401, '请先登录');
    const rows = await database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions WHERE token_hash = $1 AND revoked_at IS NOT NULL`,
      [createHash('sha256').update(`session:${token}`).digest('hex')],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('treats forged tokens as a visitor, never a 500', async () => {
    const forged = ['x', 'A'.repeat(43), 'A'.repeat(5000), '%00', "' OR 1=1 --", '\u4e2d'.repeat(43)];
    for (const token of forged) {
      expectFail(await userinfo(cookieHeader(encodeURIComponent(token))), 401, '请先登录');
      expectFail(await userinfo({ token: encodeURIComponent(token) }), 401, '请先登录');
      // a visitor's POST needs no Origin: nothing of theirs can be changed
      const out = await app.inject({ method: 'POST', url: '/rabbit/v1/login/logout', headers: cookieHeader(token) });
      expect(out.statusCode, out.body).toBe(200);
    }
  });

  it('CSRF: a cookie-authenticated POST must come from our origin', async () => {
    const { token } = await signIn();
    const logout = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/rabbit/v1/login/logout', headers: { ...cookieHeader(token), ...headers } });
    expectFail(await logout({}), 403, CSRF_REFUSED);
    expectFail(await logout({ origin: 'https://evil.example' }), 403, CSRF_REFUSED);
    expectFail(await logout({ origin: 'null' }), 403, CSRF_REFUSED);
    expectFail(await logout({ referer: 'http://localhost:3000.evil.example/x' }), 403, CSRF_REFUSED);
    expect((await userinfo(cookieHeader(token))).statusCode).toBe(200); // nothing was revoked
    expect((await logout({ referer: `${ORIGIN}/profile` })).statusCode).toBe(200);
    expectFail(await userinfo(cookieHeader(token)), 401);
  });
});

describe('GET user/export', () => {
  it('returns what is stored about the user, and 401 to a visitor', async () => {
    expectFail(await app.inject('/rabbit/v1/user/export'), 401, '请先登录');
    const { mobile, token } = await signIn();
    const res = await app.inject({ url: '/rabbit/v1/user/export', headers: cookieHeader(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = (res.json() as { body: Record<string, unknown> }).body;
    expect(body).toMatchObject({
      user: { phone: mobile, nickname: null, avatar: null },
      sessions: [{ kind: 'web', revokedAt: null }],
      smsMessages: [{ template: 'login_code' }],
      subscriptions: [],
      favorites: [],
      messages: [],
      staffRoles: [],
    });
    // no secrets: neither the token, its hash nor a code
    expect(res.body).not.toContain(token);
    expect(res.body).not.toContain(createHash('sha256').update(`session:${token}`).digest('hex'));
    expect(res.body).not.toContain(await latestCode(mobile));
  });
});

describe('login attempts per address', () => {
  it('stops guessing across many phones from one address at 100 an hour', async () => {
    const address = ip();
    const guess = () => login({ mobile: phone(), code: '000000' }, { remoteAddress: address });
    for (let i = 0; i < 100; i++) expectFail(await guess(), 400, CODE_INVALID);
    expectFail(await guess(), 429, LOGIN_ATTEMPTS_REFUSED);
    // another address is not affected
    expectFail(await login({ mobile: phone(), code: '000000' }), 400, CODE_INVALID);
  });
});

const post = (url: string, token: string | null, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/rabbit/v1/${url}`,
    payload,
    headers: { origin: ORIGIN, ...(token ? cookieHeader(token) : {}) },
  });
const getAs = (url: string, token: string) => app.inject({ url: `/rabbit/v1/${url}`, headers: cookieHeader(token) });

describe('POST user/update', () => {
  it('changes the nickname and the avatar, one or both', async () => {
    const { token } = await signIn();
    let res = await post('user/update', token, { nickname: ' 看房小王_2 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ resultCode: 0, body: { nickname: '看房小王_2', avatar: null } });
    res = await post('user/update', token, { avatar: 'garden' });
    expect(res.json()).toMatchObject({ body: { nickname: '看房小王_2', avatar: 'garden' } });
    expect((await userinfo(cookieHeader(token))).json()).toMatchObject({
      body: { nickname: '看房小王_2', avatar: 'garden' },
    });
  });

  it('refuses bad nicknames and avatars with their own message, changing nothing', async () => {
    const { token } = await signIn();
    await post('user/update', token, { nickname: '原来的' });
    const cases: [object, string][] = [
      [{ nickname: '' }, '昵称为1-16个字，只能包含中文、字母、数字、下划线和短横线'],
      [{ nickname: '一二三四五六七八九十一二三四五六七' }, '昵称为1-16个字，只能包含中文、字母、数字、下划线和短横线'],
      [{ nickname: 'a b' }, '昵称为1-16个字，只能包含中文、字母、数字、下划线和短横线'],
      [{ nickname: '<script>' }, '昵称为1-16个字，只能包含中文、字母、数字、下划线和短横线'],
      [{ nickname: 'a\u0000b' }, '昵称为1-16个字，只能包含中文、字母、数字、下划线和短横线'],
      [{ nickname: '加我13812345678' }, '昵称不能包含手机号'],
      [{ avatar: 'https://evil.example/x.png' }, '请选择内置头像'],
      [{}, '请填写要修改的昵称或头像'],
      [{ nickname: 42 }, '昵称为1-16个字，只能包含中文、字母、数字、下划线和短横线'],
    ];
    for (const [payload, errMsg] of cases) expectFail(await post('user/update', token, payload), 400, errMsg);
    expect((await userinfo(cookieHeader(token))).json()).toMatchObject({ body: { nickname: '原来的', avatar: null } });
  });

  it('is for signed-in users from our own pages', async () => {
    expectFail(await post('user/update', null, { nickname: '访客' }), 401, '请先登录');
    const { token } = await signIn();
    const res = await app.inject({
      method: 'POST',
      url: '/rabbit/v1/user/update',
      payload: { nickname: '跨站' },
      headers: { origin: 'https://evil.example', ...cookieHeader(token) },
    });
    expectFail(res, 403, CSRF_REFUSED);
  });
});

describe('GET user/summary', () => {
  it('counts subscriptions, favourites and unread messages, with staff roles', async () => {
    expectFail(await app.inject('/rabbit/v1/user/summary'), 401, '请先登录');
    const { token } = await signIn();
    const id = getUser(await userinfo(cookieHeader(token))).id;
    await database.sql.query(
      `INSERT INTO subscriptions (user_id, target_type, target_id) VALUES ($1, 'estate', 1), ($1, 'plate', 2)`,
      [id],
    );
    await database.sql.query(`INSERT INTO favorites (user_id, target_type, target_id) VALUES ($1, 'listing', 3)`, [id]);
    await database.sql.query(
      `INSERT INTO messages (user_id, kind, title, content, dedupe_key, read_at)
       VALUES ($1, 'deal', '成交提醒', 'a', 'k1', NULL), ($1, 'deal', '成交提醒', 'b', 'k2', now())`,
      [id],
    );
    await database.sql.query(`INSERT INTO staff_roles (user_id, role) VALUES ($1, 'support')`, [id]);
    const res = await getAs('user/summary', token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      body: { user: { id }, subscriptions: 2, favorites: 1, unreadMessages: 1, roles: ['support'] },
    });
  });
});

describe('POST user/delete', () => {
  it('needs the confirmation words', async () => {
    const { token } = await signIn();
    expectFail(await post('user/delete', token, {}), 400, '请输入“确认注销”以确认注销');
    expectFail(await post('user/delete', token, { confirm: '注销' }), 400, '请输入“确认注销”以确认注销');
    expect((await userinfo(cookieHeader(token))).statusCode).toBe(200);
    expectFail(await post('user/delete', null, { confirm: '确认注销' }), 401, '请先登录');
  });

  it('erases personal data and every session, keeps the anonymous row, and lets the phone sign up anew', async () => {
    const { mobile, token } = await signIn();
    const id = getUser(await userinfo(cookieHeader(token))).id;
    // a second session of the same user (the native app's)
    const appToken = randomBytes(32).toString('base64url');
    await database.sql.query(
      `INSERT INTO sessions (token_hash, user_id, kind, expires_at) VALUES ($1, $2, 'app', now() + interval '1 day')`,
      [hashToken(appToken), id],
    );
    expect((await userinfo({ token: appToken })).statusCode).toBe(200);
    await post('user/update', token, { nickname: '要走了', avatar: 'joy' });
    await database.sql.query(`INSERT INTO subscriptions (user_id, target_type, target_id) VALUES ($1, 'estate', 1)`, [
      id,
    ]);
    await database.sql.query(`INSERT INTO favorites (user_id, target_type, target_id) VALUES ($1, 'estate', 1)`, [id]);
    await database.sql.query(
      `INSERT INTO messages (user_id, kind, title, content, dedupe_key) VALUES ($1, 'deal', 't', 'c', 'k')`,
      [id],
    );

    const res = await post('user/delete', token, { confirm: '确认注销' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toMatch(/fjt_session=;/);
    // both sessions are gone
    expectFail(await userinfo(cookieHeader(token)), 401);
    expectFail(await userinfo({ token: appToken }), 401);
    const [row] = await database.sql.query<{
      phone: string;
      nickname: string | null;
      avatar: string | null;
      deleted: boolean;
    }>(`SELECT phone, nickname, avatar, deleted_at IS NOT NULL AS deleted FROM users WHERE id = $1`, [id]);
    expect(row).toEqual({ phone: `deleted:${id}`, nickname: null, avatar: null, deleted: true });
    for (const table of ['sessions', 'subscriptions', 'favorites', 'messages', 'staff_roles']) {
      const [n] = await database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`,
        [id],
      );
      expect(n!.n, table).toBe(0);
    }
    expect(await outboxCount(mobile)).toBe(0);

    // the same phone later is a new user with nothing of the old one (a minute on: the send limit; in-process
    // counters only, as Redis keeps its own time)
    if (REDIS_URL) return;
    clock += MINUTE + 1_000;
    const again = await signIn(mobile);
    const info = getUser(await userinfo(cookieHeader(again.token)));
    expect(info.id).not.toBe(id);
    expect(info.nickname).toBeNull();
  });
});

describe('GET dev/sms-outbox', () => {
  it('refuses a bad phone', async () => {
    expectFail(await app.inject('/rabbit/v1/dev/sms-outbox?phone=abc'), 400, '请填写正确格式的手机号');
  });

  it('is absent without the sandbox, and login codes cannot be sent', async () => {
    const db = await createTestDatabase();
    const prod = await buildApp({
      env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false, SMS_PROVIDER: 'none' },
      database: db,
    });
    try {
      expectFail(await prod.inject('/rabbit/v1/dev/sms-outbox'), 404);
      expectFail(await prod.inject({ method: 'POST', url: '/rabbit/v1/login/sms', payload: { mobile: phone() } }), 503);
    } finally {
      await prod.close();
      await db.destroy();
    }
  });
});

describe('behind HTTPS', () => {
  it('names the cookie __Host-fjt_session and marks it Secure', async () => {
    const db = await createTestDatabase();
    const secure = await buildApp({
      env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false, PUBLIC_ORIGIN: 'https://m.fangjiatong.cn' },
      database: db,
    });
    try {
      const mobile = phone();
      await secure.inject({ method: 'POST', url: '/rabbit/v1/login/sms', payload: { mobile } });
      const outbox = await secure.inject(`/rabbit/v1/dev/sms-outbox?phone=${mobile}`);
      const code = (outbox.json() as { body: { list: { code: string }[] } }).body.list[0]!.code;
      const res = await secure.inject({ method: 'POST', url: '/rabbit/v1/login/mobile', payload: { mobile, code } });
      const cookie = res.cookies.find((c) => c.name === '__Host-fjt_session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
      expect(cookie).not.toHaveProperty('domain');
    } finally {
      await secure.close();
      await db.destroy();
    }
  });
});

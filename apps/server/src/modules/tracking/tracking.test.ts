// First-party tracking (issue 18): POST ubt/api/events (validation of each limit, text/plain beacons, the month
// column, the device's channel, DNT / GPC / opt-out dropping, the flood buckets), GET/POST user/privacy, the channel
// attribution login hook (mark → login → user_channel; a second login changes nothing; a mark older than 30 days is
// ignored), GET ops/funnel (numbers on seeded rows, validation, the role gate), account deletion's cleanup.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, sql } from '@fjt/db';
import {
  DELETE_CONFIRMATION,
  DEVICE_COOKIE,
  TRACKING_MESSAGES,
  type FunnelBody,
  type TrackingEventsBody,
} from '@fjt/domain';
import { expectFail, personalBody, seededApp, signInAs, testIp, testPhone, type SignedIn } from '../../testing.ts';
import { clampEventTime, shanghaiMonth } from './events.ts';
import { createEventBuffer, type EventRow } from './event-buffer.ts';
import { channelAttribution } from './attribution.ts';

// the flood test stops the app's clock, so its buckets refill nothing while it runs however slow the machine is
let frozenAt: number | null = null;
const seeded = seededApp('small', { now: () => frozenAt ?? Date.now() });
const API = '/rabbit/v1';
const ORIGIN = 'http://localhost:3000';

const view = (over: object = {}) => ({ type: 'view', page: 'city-home', spm: '', at: Date.now(), ...over });
const click = (over: object = {}) => ({
  type: 'click',
  page: 'city-home',
  spm: 'fjt.city-home.nav.1',
  at: Date.now(),
  ...over,
});

function send(
  payload: unknown,
  { device = randomUUID() as string | null, headers = {} as Record<string, string>, ip = testIp(), raw = false } = {},
) {
  const cookie = [device ? `${DEVICE_COOKIE}=${device}` : '', headers.cookie ?? ''].filter(Boolean).join('; ');
  return seeded.app.inject({
    method: 'POST',
    url: `${API}/ubt/api/events`,
    headers: {
      origin: ORIGIN,
      'content-type': raw ? 'text/plain;charset=UTF-8' : 'application/json',
      ...headers,
      ...(cookie ? { cookie } : {}),
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    remoteAddress: ip,
  });
}

/** The device's stored events, once the write buffer has written what it holds. */
const eventsOf = async (device: string) => {
  await seeded.app.trackingEvents.flush();
  return queryRows<{
    type: string;
    page: string;
    spm: string;
    month: number;
    at: string;
    user_id: number | null;
    channel_code: string | null;
    props: unknown;
  }>(
    seeded.database.db,
    sql`SELECT type, page, spm, month, at::text AS at, user_id, channel_code, props FROM ubt_event WHERE device_id = ${device} ORDER BY id`,
  );
};

async function loginOn(device: string, mobile = testPhone()): Promise<SignedIn> {
  const remoteAddress = testIp();
  await seeded.app.inject({ method: 'POST', url: `${API}/login/sms`, payload: { mobile }, remoteAddress });
  const outbox = await seeded.app.inject(`${API}/dev/sms-outbox?phone=${mobile}`);
  const code = (outbox.json() as { body: { list: { code: string }[] } }).body.list[0]!.code;
  const res = await seeded.app.inject({
    method: 'POST',
    url: `${API}/login/mobile`,
    payload: { mobile, code },
    headers: { cookie: `${DEVICE_COOKIE}=${device}` },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.cookies.find((c) => c.name === 'fjt_session')!.value;
  const id = (res.json() as { body: { user: { id: number } } }).body.user.id;
  return { id, mobile, token, headers: { cookie: `fjt_session=${token}`, origin: ORIGIN } };
}

const mark = (device: string, channelCode: string) =>
  seeded.app.inject({
    method: 'POST',
    url: `${API}/ubt/api/channel/mark`,
    payload: { clientType: 'H5', channelCode, mark: '', page: 'download' },
    headers: { origin: ORIGIN, cookie: `${DEVICE_COOKIE}=${device}` },
    remoteAddress: testIp(),
  });

describe('POST ubt/api/events', () => {
  it('stores a batch in one go: type, page, spm, month (Asia/Shanghai), device, props; text/plain beacons too', async () => {
    const device = randomUUID();
    // 2026-10-31 17:00 UTC is already November in Shanghai
    const at = Date.parse('2026-10-31T17:00:00Z');
    const now = Date.now();
    const res = await send(
      { events: [view({ at: now }), click({ at: now, props: { city: 'hz', n: 3 } })] },
      { device, raw: true },
    );
    expect(personalBody<TrackingEventsBody>(res)).toEqual({ accepted: 2, dropped: 0, reason: null });
    const rows = await eventsOf(device);
    expect(rows.map((r) => [r.type, r.page, r.spm])).toEqual([
      ['view', 'city-home', ''],
      ['click', 'city-home', 'fjt.city-home.nav.1'],
    ]);
    expect(rows[0]!.month).toBe(shanghaiMonth(now));
    expect(rows[1]!.props).toEqual({ city: 'hz', n: 3 });
    expect(shanghaiMonth(at)).toBe(202611);
    expect(shanghaiMonth(Date.parse('2026-10-31T15:59:59Z'))).toBe(202610);
  });

  it('clamps the client clock to the server time ± 1 day', async () => {
    const now = Date.now();
    expect(clampEventTime(0, now)).toBe(now - 86_400_000);
    expect(clampEventTime(now + 10 * 86_400_000, now)).toBe(now + 86_400_000);
    const device = randomUUID();
    personalBody(await send({ events: [view({ at: 1000 })] }, { device }));
    const [row] = await eventsOf(device);
    expect(Math.abs(Date.parse(row!.at) - (now - 86_400_000))).toBeLessThan(60_000);
  });

  it('refuses each limit with a Chinese message', async () => {
    expectFail(await send({ events: [] }), 400, TRACKING_MESSAGES.empty);
    expectFail(await send({ events: Array.from({ length: 51 }, () => view()) }), 400, TRACKING_MESSAGES.batch);
    expectFail(await send({ events: [click({ spm: 'a.b.c' })] }), 400, TRACKING_MESSAGES.spm);
    expectFail(await send({ events: [click({ spm: 'a..c.d' })] }), 400, TRACKING_MESSAGES.spm);
    expectFail(await send({ events: [view({ page: '<script>' })] }), 400, TRACKING_MESSAGES.page);
    expectFail(await send({ events: [view({ type: 'purchase' })] }), 400);
    expectFail(await send({ events: [view({ at: 'yesterday' })] }), 400);
    const nine = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, i]));
    expectFail(await send({ events: [view({ props: nine })] }), 400, TRACKING_MESSAGES.props);
    expectFail(await send({ events: [view({ props: { long: 'x'.repeat(65) } })] }), 400);
    expectFail(await send({ events: [view({ props: { nested: { a: 1 } } })] }), 400);
    expectFail(await send('not json', { raw: true }), 400, TRACKING_MESSAGES.body);
    expectFail(await send({}), 400);
    // over 32 KB: refused before parsing
    const big = await send({ events: [view({ props: { a: 'x' } })], pad: 'x'.repeat(33 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ resultCode: expect.not.stringMatching(/^0$/) });
  });

  it('drops the events of DNT and GPC requests and of users who turned tracking off, with the reason', async () => {
    const device = randomUUID();
    expect(
      personalBody<TrackingEventsBody>(await send({ events: [view()] }, { device, headers: { dnt: '1' } })),
    ).toEqual({ accepted: 0, dropped: 0, reason: 'dnt' });
    // answered before the body is read: even a malformed one
    expect(
      personalBody<TrackingEventsBody>(await send('not json', { device, raw: true, headers: { 'sec-gpc': '1' } })),
    ).toEqual({ accepted: 0, dropped: 0, reason: 'dnt' });
    const user = await signInAs(seeded.app);
    const privacy = (tracking: boolean) =>
      seeded.app.inject({ method: 'POST', url: `${API}/user/privacy`, payload: { tracking }, headers: user.headers });
    expect(personalBody(await seeded.app.inject({ url: `${API}/user/privacy`, headers: user.headers }))).toEqual({
      tracking: true,
    });
    expect(personalBody(await privacy(false))).toEqual({ tracking: false });
    expect(personalBody(await privacy(false))).toEqual({ tracking: false });
    expect(personalBody(await seeded.app.inject({ url: `${API}/user/privacy`, headers: user.headers }))).toEqual({
      tracking: false,
    });
    expect(
      personalBody<TrackingEventsBody>(await send({ events: [view()] }, { device, headers: user.headers })),
    ).toEqual({
      accepted: 0,
      dropped: 1,
      reason: 'opted_out',
    });
    expect(await eventsOf(device)).toEqual([]);
    personalBody(await privacy(true));
    expect(
      personalBody<TrackingEventsBody>(await send({ events: [view()] }, { device, headers: user.headers })),
    ).toEqual({
      accepted: 1,
      dropped: 0,
      reason: null,
    });
    expect((await eventsOf(device))[0]!.user_id).toBe(user.id);
  });

  it('user/privacy needs a login and a boolean', async () => {
    expectFail(await seeded.app.inject({ url: `${API}/user/privacy` }), 401, '请先登录');
    const user = await signInAs(seeded.app);
    expectFail(
      await seeded.app.inject({
        method: 'POST',
        url: `${API}/user/privacy`,
        payload: { tracking: 'no' },
        headers: user.headers,
      }),
      400,
    );
  });

  it('stores the device’s latest channel mark as the channel of its events', async () => {
    const device = randomUUID();
    expect((await mark(device, 'huawei')).statusCode).toBe(200);
    expect((await mark(device, 'xiaomi')).statusCode).toBe(200);
    personalBody(await send({ events: [view()] }, { device }));
    expect((await eventsOf(device))[0]!.channel_code).toBe('xiaomi');
    const other = randomUUID();
    personalBody(await send({ events: [view()] }, { device: other }));
    expect((await eventsOf(other))[0]!.channel_code).toBeNull();
  });

  it('floods: a device gets a burst of 200 events, then 429 上报过于频繁 without storing; so does an address', async () => {
    frozenAt = Date.now();
    try {
      const device = randomUUID();
      const batch = { events: Array.from({ length: 50 }, () => view()) };
      for (let i = 0; i < 4; i++) expect((await send(batch, { device })).statusCode).toBe(200);
      expectFail(await send(batch, { device }), 429, TRACKING_MESSAGES.tooMany);
      // the same device from another address is still refused, even one event, and nothing more was stored
      expectFail(await send({ events: [view()] }, { device }), 429, TRACKING_MESSAGES.tooMany);
      expect((await eventsOf(device)).length).toBe(200);
      // one address with many devices: 2000 events, then refused
      const ip = testIp();
      let accepted = 0;
      for (let i = 0; i < 42; i++) {
        const res = await send(batch, { ip });
        if (res.statusCode === 200) accepted += 50;
        else expectFail(res, 429, TRACKING_MESSAGES.tooMany);
      }
      expect(accepted).toBe(2000);
    } finally {
      frozenAt = null;
    }
  });

  it('a batch larger than what is left is refused whole and still costs its first token', async () => {
    frozenAt = Date.now();
    try {
      const device = randomUUID();
      const batch = (n: number) => ({ events: Array.from({ length: n }, () => view()) });
      for (let i = 0; i < 3; i++) expect((await send(batch(50), { device })).statusCode).toBe(200);
      expect((await send(batch(1), { device })).statusCode).toBe(200);
      // 49 left: the 50 are refused, their first token kept (48 left)
      expectFail(await send(batch(50), { device }), 429, TRACKING_MESSAGES.tooMany);
      expect((await send(batch(48), { device })).statusCode).toBe(200);
      expectFail(await send(batch(1), { device }), 429, TRACKING_MESSAGES.tooMany);
      expect((await eventsOf(device)).length).toBe(199);
    } finally {
      frozenAt = null;
    }
  });
});

describe('the events write buffer', () => {
  const row = (device: string, userId: number | null = null): EventRow => ({
    month: shanghaiMonth(Date.now()),
    at: new Date().toISOString(),
    type: 'view',
    page: 'city-home',
    spm: '',
    deviceId: device,
    userId,
    props: null,
  });
  const silent = { error: () => {} };

  it('writes at maxRows at once, the rest after flushMs, in order, and everything on close', async () => {
    const device = randomUUID();
    const buffer = createEventBuffer({ db: seeded.database.db, log: silent, flushMs: 200, maxRows: 3 });
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          seeded.database.db,
          sql`SELECT count(*)::int AS n FROM ubt_event WHERE device_id = ${device}`,
        )
      )[0]!.n;
    buffer.add([row(device), row(device)]);
    expect(await count()).toBe(0);
    buffer.add([
      { ...row(device), page: 'third' },
      { ...row(device), page: 'fourth' },
    ]);
    await vi.waitFor(async () => expect(await count()).toBe(4), { timeout: 5000 });
    buffer.add([{ ...row(device), page: 'fifth' }]);
    await vi.waitFor(async () => expect(await count()).toBe(5), { timeout: 5000 });
    buffer.add([{ ...row(device), page: 'sixth' }]);
    await buffer.close();
    expect((await eventsOf(device)).map((r) => r.page)).toEqual([
      'city-home',
      'city-home',
      'third',
      'fourth',
      'fifth',
      'sixth',
    ]);
  });

  it('leaves out the rows of a user who opted out or was deleted since; a failed write is logged, not thrown', async () => {
    const device = randomUUID();
    const [kept, optedOut, deleted] = [
      await signInAs(seeded.app),
      await signInAs(seeded.app),
      await signInAs(seeded.app),
    ];
    await seeded.database.db.execute(sql`INSERT INTO tracking_opt_out (user_id) VALUES (${optedOut.id})`);
    await seeded.database.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${deleted.id}`);
    const errors: unknown[] = [];
    const buffer = createEventBuffer({ db: seeded.database.db, log: { error: (o: unknown) => errors.push(o) } });
    buffer.add([row(device, kept.id), row(device, optedOut.id), row(device, deleted.id), row(device)]);
    await buffer.flush();
    expect((await eventsOf(device)).map((r) => r.user_id)).toEqual([kept.id, null]);
    // a value the column refuses: the whole write fails, is logged, and the buffer goes on
    buffer.add([{ ...row(device), month: 'x' as unknown as number }]);
    await buffer.flush();
    expect(errors).toHaveLength(1);
    buffer.add([row(device)]);
    await buffer.close();
    expect(await eventsOf(device)).toHaveLength(3);
  });
});

describe('channel attribution', () => {
  it('mark → login → user_channel; a second login changes nothing', async () => {
    const device = randomUUID();
    await mark(device, 'oppo');
    const user = await loginOn(device);
    const rows = () =>
      queryRows<{ channel_code: string; device_id: string }>(
        seeded.database.db,
        sql`SELECT channel_code, device_id FROM user_channel WHERE user_id = ${user.id}`,
      );
    expect(await rows()).toEqual([{ channel_code: 'oppo', device_id: device }]);
    // their next login (the hook as login/mobile runs it; a second SMS code within 60 s is refused)
    const later = randomUUID();
    await mark(later, 'vivo');
    await channelAttribution(seeded.database.db)({
      userId: user.id,
      phone: user.mobile,
      deviceId: later,
      at: new Date(),
    });
    expect(await rows()).toEqual([{ channel_code: 'oppo', device_id: device }]);
  });

  it('ignores a mark older than 30 days and a login without a device', async () => {
    const device = randomUUID();
    await seeded.database.db.execute(
      sql`INSERT INTO channel_mark (channel_code, client_type, page, device_id, created_at)
          VALUES ('old', 'H5', 'download', ${device}, now() - interval '31 days')`,
    );
    const user = await loginOn(device);
    const none = await signInAs(seeded.app);
    const found = await queryRows(
      seeded.database.db,
      sql`SELECT user_id FROM user_channel WHERE user_id IN (${user.id}, ${none.id})`,
    );
    expect(found).toEqual([]);
  });
});

describe('GET ops/funnel', () => {
  let ops: SignedIn;
  let plain: SignedIn;
  beforeAll(async () => {
    ops = await signInAs(seeded.app);
    plain = await signInAs(seeded.app);
    await seeded.database.db.execute(sql`INSERT INTO staff_roles (user_id, role) VALUES (${ops.id}, 'ops')`);
    // 2026-03-01/02 (Shanghai): wx has 3 devices (one twice) on the 1st, 1 on the 2nd; bd 1 device on the 1st
    const d = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await seeded.database.db.execute(
      sql`INSERT INTO channel_mark (channel_code, client_type, device_id, created_at) VALUES
          ('wx', 'H5', ${d[0]}, '2026-03-01T01:00:00+08:00'), ('wx', 'H5', ${d[0]}, '2026-03-01T02:00:00+08:00'),
          ('wx', 'H5', ${d[1]}, '2026-03-01T23:59:00+08:00'), ('wx', 'H5', ${d[2]}, '2026-03-01T00:00:00+08:00'),
          ('wx', 'H5', ${d[3]}, '2026-03-02T00:30:00+08:00'), ('bd', 'H5', ${d[4]}, '2026-03-01T12:00:00+08:00'),
          ('wx', 'H5', ${d[3]}, '2026-02-28T23:59:00+08:00')`,
    );
    await seeded.database.db.execute(
      sql`INSERT INTO user_channel (user_id, channel_code, device_id, attributed_at) VALUES
          (900001, 'wx', ${d[0]}, '2026-03-01T03:00:00+08:00'), (900002, 'wx', ${d[1]}, '2026-03-02T00:10:00+08:00'),
          (900003, 'bd', ${d[4]}, '2026-03-01T13:00:00+08:00')`,
    );
    const order = (no: string, user: number, fen: number, status: string, paid: string) =>
      sql`(${no}, ${user}, 'vip', 'vip_month', '会员', ${fen}, ${status}, ${randomUUID()}::uuid, ${paid}::timestamptz,
           ${paid}::timestamptz, ${paid}::timestamptz)`;
    await seeded.database.db.execute(
      sql`INSERT INTO orders (order_no, user_id, product_kind, product_code, subject, amount_fen, status,
                              app_account_token, created_at, expires_at, paid_at) VALUES
          ${order('TF1', 900001, 1800, 'PAID', '2026-03-01T10:00:00+08:00')},
          ${order('TF2', 900001, 2500, 'PAID', '2026-03-02T10:00:00+08:00')},
          ${order('TF3', 900002, 9900, 'REFUNDED', '2026-03-02T11:00:00+08:00')},
          ${order('TF4', 900003, 600, 'PAID', '2026-03-01T15:00:00+08:00')}`,
    );
  });
  const funnel = (query: string, who: SignedIn | null = ops) =>
    seeded.app.inject({ url: `${API}/ops/funnel?${query}`, headers: who?.headers ?? {} });

  it('counts visits, logins and paid orders per day and channel (Asia/Shanghai days)', async () => {
    const body = personalBody<FunnelBody>(await funnel('from=2026-03-01&to=2026-03-02'));
    expect(body.rows).toEqual([
      { day: '2026-03-01', channel: 'bd', visits: 1, logins: 1, orders: 1, amountFen: 600 },
      { day: '2026-03-01', channel: 'wx', visits: 3, logins: 1, orders: 1, amountFen: 1800 },
      { day: '2026-03-02', channel: 'wx', visits: 1, logins: 1, orders: 1, amountFen: 2500 },
    ]);
    expect(body.totals).toEqual({ visits: 5, logins: 3, orders: 3, amountFen: 4900 });
    expect(body.channels).toEqual(['bd', 'wx']);
    const wx = personalBody<FunnelBody>(await funnel('from=2026-03-01&to=2026-03-02&channel=wx'));
    expect(wx.rows.map((r) => r.channel)).toEqual(['wx', 'wx']);
    expect(wx.channels).toEqual(['bd', 'wx']);
  });

  it('validates the range and gates on the ops role (a read: no audit row)', async () => {
    expectFail(await funnel('from=2026-03-02&to=2026-03-01'), 400, TRACKING_MESSAGES.range);
    expectFail(await funnel('from=2026-01-01&to=2026-04-05'), 400, TRACKING_MESSAGES.rangeTooLong);
    expectFail(await funnel('from=2026-3-1&to=2026-03-02'), 400, TRACKING_MESSAGES.day);
    expectFail(await funnel('to=2026-03-02'), 400);
    expectFail(await funnel('from=2026-03-01&to=2026-03-02&channel=a%20b'), 400);
    expectFail(await funnel('from=2026-03-01&to=2026-03-02', null), 401, '请先登录');
    expectFail(await funnel('from=2026-03-01&to=2026-03-02', plain), 403);
    const audits = await queryRows<{ n: number }>(
      seeded.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE actor_id = ${ops.id}`,
    );
    expect(audits[0]!.n).toBe(0);
  });
});

describe('account deletion', () => {
  it('deletes the user’s events, channel and privacy rows and unlinks their channel marks', async () => {
    const device = randomUUID();
    await mark(device, 'hw');
    const user = await loginOn(device);
    await seeded.app.inject({
      method: 'POST',
      url: `${API}/ubt/api/channel/mark`,
      payload: { clientType: 'H5', channelCode: 'hw', mark: '' },
      headers: { ...user.headers, cookie: `${user.headers.cookie}; ${DEVICE_COOKIE}=${device}` },
      remoteAddress: testIp(),
    });
    personalBody(await send({ events: [view()] }, { device, headers: user.headers }));
    await seeded.app.inject({
      method: 'POST',
      url: `${API}/user/privacy`,
      payload: { tracking: false },
      headers: user.headers,
    });
    const del = await seeded.app.inject({
      method: 'POST',
      url: `${API}/user/delete`,
      payload: { confirm: DELETE_CONFIRMATION },
      headers: user.headers,
    });
    expect(del.statusCode, del.body).toBe(200);
    const left = await queryRows<{ n: number }>(
      seeded.database.db,
      sql`SELECT ((SELECT count(*) FROM ubt_event WHERE user_id = ${user.id}) +
                 (SELECT count(*) FROM user_channel WHERE user_id = ${user.id}) +
                 (SELECT count(*) FROM tracking_opt_out WHERE user_id = ${user.id}) +
                 (SELECT count(*) FROM channel_mark WHERE user_id = ${user.id}))::int AS n`,
    );
    expect(left[0]!.n).toBe(0);
  });
});

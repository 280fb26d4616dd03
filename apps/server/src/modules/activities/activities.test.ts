// The activity engine (issue 18): activity/info for every default activity (running, with rules and the server's
// clock), unknown and malformed codes, the status an ops change gives (ended, taken down, upcoming, put back) with
// an audit row each, requireRunning's refusals, the ops command line's parsing, and POST ubt/api/channel/mark
// (validation, the device cookie, one row per call).
import { describe, expect, it } from 'vitest';
import { queryRows, sql } from '@fjt/db';
import { ACTIVITY_MESSAGES, DEVICE_COOKIE, activityStatus, type ActivityInfoBody } from '@fjt/domain';
import { expectFail, seededApp, signInAs, testIp } from '../../testing.ts';
import { ACTIVITY_DEFAULTS } from './defaults.ts';
import { parseActivityArgs } from './cli.ts';
import { createActivities, ensureActivities } from './service.ts';

const seeded = seededApp('small');
const API = '/rabbit/v1';
const info = (code: string) => seeded.app.inject(`${API}/activity/info?code=${encodeURIComponent(code)}`);
const setPeriod = (payload: object) =>
  seeded.app.inject({ method: 'POST', url: `${API}/dev/activity/period`, payload, remoteAddress: testIp() });

describe('activity/info', () => {
  it('answers every default activity as running, with its rules and the server clock', async () => {
    for (const d of ACTIVITY_DEFAULTS) {
      const res = await info(d.code);
      expect(res.statusCode, d.code).toBe(200);
      const { activity } = (res.json() as { body: ActivityInfoBody }).body;
      expect(activity).toMatchObject({ code: d.code, kind: d.kind, title: d.title, status: 'running', rules: d.rules });
      expect(activity.endsAt === null).toBe(d.runDays === null);
      expect(Math.abs(Date.parse(activity.serverTime) - Date.now())).toBeLessThan(60_000);
    }
  });

  it('refuses unknown and malformed codes with a Chinese message', async () => {
    expectFail(await info('no-such'), 404, ACTIVITY_MESSAGES.unknown);
    expectFail(await info('Double11!'), 400);
    expectFail(await seeded.app.inject(`${API}/activity/info`), 400);
  });

  it('follows ops changes at once: ended, taken down, upcoming, back — each with an audit row', async () => {
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const ended = await setPeriod({
      code: 'double11',
      endsAt: past,
      startsAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(((await info('double11')).json() as { body: ActivityInfoBody }).body.activity.status).toBe('ended');
    const activities = createActivities(seeded.database.db);
    await expect(activities.requireRunning('double11')).rejects.toMatchObject({
      statusCode: 409,
      message: ACTIVITY_MESSAGES.ended,
    });

    await setPeriod({ code: 'double11', endsAt: null });
    expect(((await info('double11')).json() as { body: ActivityInfoBody }).body.activity.status).toBe('running');
    await setPeriod({ code: 'double11', disabled: true });
    expect(((await info('double11')).json() as { body: ActivityInfoBody }).body.activity.status).toBe('ended');
    await setPeriod({ code: 'double11', disabled: false, startsAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(((await info('double11')).json() as { body: ActivityInfoBody }).body.activity.status).toBe('upcoming');
    await expect(activities.requireRunning('double11')).rejects.toMatchObject({
      message: ACTIVITY_MESSAGES.notStarted,
    });
    await setPeriod({ code: 'double11', startsAt: past });
    expect((await activities.requireRunning('double11')).code).toBe('double11');

    const audits = await queryRows<{ n: number }>(
      seeded.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'activity.update' AND target_id = 'double11'`,
    );
    expect(audits[0]!.n).toBe(5);
    // an end before the start is refused, and changes nothing
    expectFail(
      await setPeriod({ code: 'double11', endsAt: new Date(Date.now() - 30 * 86_400_000).toISOString() }),
      400,
    );
    expectFail(await setPeriod({ code: 'nope', disabled: true }), 404, ACTIVITY_MESSAGES.unknown);
  });

  it('ensureActivities never overwrites what ops changed', async () => {
    await setPeriod({ code: 'premier', disabled: true });
    expect(await ensureActivities(seeded.database.db)).toBe(0);
    expect(((await info('premier')).json() as { body: ActivityInfoBody }).body.activity.status).toBe('ended');
    await setPeriod({ code: 'premier', disabled: false });
  });
});

describe('activityStatus', () => {
  it('is ended when disabled or past the end, upcoming before the start, running otherwise', () => {
    const now = Date.parse('2026-11-11T00:00:00Z');
    const a = { startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-11-12T00:00:00Z', disabled: false };
    expect(activityStatus(a, now)).toBe('running');
    expect(activityStatus({ ...a, disabled: true }, now)).toBe('ended');
    expect(activityStatus(a, Date.parse('2026-11-12T00:00:00Z'))).toBe('ended');
    expect(activityStatus(a, Date.parse('2026-10-31T00:00:00Z'))).toBe('upcoming');
    expect(activityStatus({ ...a, endsAt: null }, Date.parse('2099-01-01T00:00:00Z'))).toBe('running');
  });
});

describe('npm run ops -- activity', () => {
  it('parses list, show, set, end and enable, and refuses what is wrong', () => {
    expect(parseActivityArgs(['activity', 'list'])).toEqual({ command: 'list' });
    expect(parseActivityArgs(['activity', 'show', '--code', 'double11'])).toEqual({
      command: 'show',
      code: 'double11',
    });
    expect(parseActivityArgs(['activity', 'end', '--code', 'double11'])).toEqual({
      command: 'set',
      code: 'double11',
      change: { disabled: true },
    });
    const set = parseActivityArgs(['activity', 'set', '--code', 'double11', '--ends', '2026-11-12T00:00+08:00']);
    expect(set).toMatchObject({ command: 'set', change: { endsAt: new Date('2026-11-12T00:00+08:00') } });
    expect(parseActivityArgs(['activity', 'set', '--code', 'double11', '--permanent'])).toMatchObject({
      change: { endsAt: null },
    });
    for (const bad of [
      ['activity', 'set', '--code', 'double11'],
      ['activity', 'set', '--code', 'double11', '--ends', 'tomorrow'],
      ['activity', 'set', '--code', 'double11', '--ends', '2026-11-12', '--permanent'],
      ['activity', 'set', '--code', 'double11', '--rules-json', '{"a":1}'],
      ['activity', 'set', '--code', 'double11', '--config-json', '[1]'],
      ['activity', 'show'],
      ['activity', 'show', '--code', 'X Y'],
      ['activity', 'drop', '--code', 'double11'],
      ['activity', 'list', '--nope'],
    ])
      expect(parseActivityArgs(bad), bad.join(' ')).toHaveProperty('error');
  });
});

describe('POST ubt/api/channel/mark', () => {
  const mark = (payload: unknown, headers: Record<string, string> = {}) =>
    seeded.app.inject({
      method: 'POST',
      url: `${API}/ubt/api/channel/mark`,
      payload: payload as object,
      headers: { origin: 'http://localhost:3000', ...headers },
      remoteAddress: testIp(),
    });

  it('stores one row per call with the device and the signed-in user', async () => {
    const device = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const res = await mark(
      { clientType: 'H5', channelCode: 'huawei', mark: '', page: 'download' },
      { cookie: `${DEVICE_COOKIE}=${device}` },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const user = await signInAs(seeded.app);
    expect(
      (
        await mark(
          { clientType: 'H5', channelCode: 'huawei', mark: '' },
          { cookie: `${user.headers.cookie}; ${DEVICE_COOKIE}=bad` },
        )
      ).statusCode,
    ).toBe(200);
    const rows = await queryRows<{ deviceId: string | null; userId: number | null; page: string }>(
      seeded.database.db,
      sql`SELECT device_id AS "deviceId", user_id AS "userId", page FROM channel_mark WHERE channel_code = 'huawei' ORDER BY id`,
    );
    expect(rows).toEqual([
      { deviceId: device, userId: null, page: 'download' },
      { deviceId: null, userId: user.id, page: '' },
    ]);
  });

  it('refuses bad input with a Chinese message and stores nothing', async () => {
    for (const bad of [
      {},
      { clientType: 'H5' },
      { clientType: 'PC', channelCode: 'x' },
      { clientType: 'H5', channelCode: '' },
      { clientType: 'H5', channelCode: '<script>' },
      { clientType: 'H5', channelCode: 'a'.repeat(33) },
      { clientType: 'H5', channelCode: 'ok', mark: 'm'.repeat(65) },
      { clientType: 'H5', channelCode: 'ok', page: '../x' },
    ])
      expectFail(await mark(bad), 400);
    const [row] = await queryRows<{ n: number }>(
      seeded.database.db,
      sql`SELECT count(*)::int AS n FROM channel_mark WHERE channel_code <> 'huawei'`,
    );
    expect(row!.n).toBe(0);
  });
});

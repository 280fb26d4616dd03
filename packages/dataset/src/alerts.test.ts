// The price-change alert job over the small dataset: each kind of message, the 3 % edge, muted estates, reruns,
// other users, subscriptions made after an event, the first run's watermark and the SMS hook.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { MESSAGES_PATH, alertSmsFromEnv, runAlertJob, type AlertSms } from './alerts.ts';
import { importCsv } from './import.ts';
import { DEV_MSGLINK_SECRET, verifyMsgLinkCode } from './msglink.ts';
import { seedDatabase } from './seed.ts';

let t: TestDatabase;
let estateA = 0;
let estateB = 0;
let cityId = 0;
let ann = 0; // subscribed to A
let bob = 0; // subscribed to A, muted
let cat = 0; // subscribed to B
const hourAgo = new Date(Date.now() - 3_600_000).toISOString();

interface Msg {
  user_id: number;
  kind: string;
  estate_id: number;
  title: string;
  content: string;
  link: string;
  dedupe_key: string;
}
const messagesOf = (userId: number, kind?: string) =>
  t.sql.query<Msg>(
    `SELECT user_id, kind, estate_id, title, content, link, dedupe_key FROM messages WHERE user_id = $1 ${kind ? 'AND kind = $2' : ''} ORDER BY id`,
    kind ? [userId, kind] : [userId],
  );
const total = async () => Number((await t.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages`))[0]!.n);

async function user(phone: string): Promise<number> {
  const [u] = await t.sql.query<{ id: number }>(`INSERT INTO users (phone) VALUES ($1) RETURNING id`, [phone]);
  return u!.id;
}
async function subscribe(userId: number, estateId: number, opts: { muted?: boolean; at?: string } = {}) {
  await t.sql.query(
    `INSERT INTO subscriptions (user_id, target_type, target_id, muted, created_at) VALUES ($1, 'estate', $2, $3, $4)`,
    [userId, estateId, opts.muted ?? false, opts.at ?? hourAgo],
  );
}

const listingsCsv = (rows: [string, number][]) =>
  [
    'external_id,estate_id,rooms,halls,baths,area,orientation,floor,total_floors,decoration,total_price,listed_at,status',
    ...rows.map(([id, wan]) => `${id},${estateA},2,1,1,88,南,3,6,精装,${wan},2026-06-01,on_sale`),
  ].join('\n');

beforeAll(async () => {
  t = await createTestDatabase('small');
  await seedDatabase(t, { scale: 'small', progress: false });
  // two estates with a listing average in the newest month
  const rows = await t.sql.query<{ id: number; city_id: number }>(
    `SELECT target_id AS id, city_id FROM price_series WHERE level = 'estate' AND listing_avg IS NOT NULL
       AND month = (SELECT max(month) FROM price_series WHERE level = 'estate') ORDER BY target_id LIMIT 2`,
  );
  [estateA, estateB] = rows.map((r) => r.id) as [number, number];
  cityId = rows[0]!.city_id;
  ann = await user('13800000001');
  bob = await user('13800000002');
  cat = await user('13800000003');
  await subscribe(ann, estateA);
  await subscribe(bob, estateA, { muted: true });
  await subscribe(cat, estateB);
}, 120_000);
afterAll(async () => {
  await t.destroy();
});

describe('alert job', () => {
  it('on a first run only sets the watermarks: the history in the database is no news', async () => {
    await t.sql.query(`DELETE FROM job_state`);
    const r = await runAlertJob(t);
    expect(r).toMatchObject({ initialised: true, deal: 0, priceCut: 0, monthlyAvg: 0 });
    expect(await total()).toBe(0);
    const [s] = await t.sql.query<{ state: { dealId: number; month: string } }>(
      `SELECT state FROM job_state WHERE name = 'alerts'`,
    );
    const [max] = await t.sql.query<{ id: number }>(`SELECT max(id)::int AS id FROM deal`);
    expect(s!.state.dealId).toBe(max!.id);
    // a second run with nothing new writes nothing
    expect(await runAlertJob(t)).toMatchObject({ initialised: false, deal: 0, priceCut: 0, monthlyAvg: 0 });
    expect(await total()).toBe(0);
  });

  it('initOnly sets missing watermarks before a load and otherwise leaves the run to later', async () => {
    const [before] = await t.sql.query<{ state: unknown }>(`SELECT state FROM job_state WHERE name = 'alerts'`);
    await t.sql.query(`DELETE FROM job_state`);
    expect(await runAlertJob(t, { initOnly: true })).toMatchObject({ initialised: true });
    const [after] = await t.sql.query<{ state: { runAt: string } }>(
      `SELECT state FROM job_state WHERE name = 'alerts'`,
    );
    expect({ ...after!.state, runAt: '' }).toEqual({ ...(before!.state as object), runAt: '' });
    expect(await runAlertJob(t, { initOnly: true })).toMatchObject({ initialised: false, deal: 0 });
  });

  it('tells the subscribers of an estate about its new deal, not the muted ones nor other estates', async () => {
    const sent: [string, string, Record<string, string>][] = [];
    const sms: AlertSms = { send: async (phone, template, params) => void sent.push([phone, template, params]) };
    await importCsv(
      t,
      'deals',
      [
        'external_id,estate_id,deal_date,total_price,area,rooms,halls',
        `alert-d1,${estateA},2026-06-20,352.5,88.5,2,1`,
      ].join('\n'),
    );
    const r = await runAlertJob(t, { sms });
    expect(r).toMatchObject({ deal: 1, sms: 1 });
    const [m] = await messagesOf(ann, 'deal');
    const [deal] = await t.sql.query<{ id: number; name: string }>(
      `SELECT d.id, e.name FROM deal d JOIN estate e ON e.id = d.estate_id WHERE d.external_id = 'alert-d1'`,
    );
    expect(m).toMatchObject({
      title: '成交提醒',
      estate_id: estateA,
      content: `${deal!.name} 2室1厅 88.5㎡，成交总价352.5万，单价39831元/㎡，成交日期 2026-06-20`,
      link: `/${cityId}/deal-history/${estateA}/detail?dealId=${deal!.id}`,
      dedupe_key: `deal:${deal!.id}`,
    });
    expect(await messagesOf(bob)).toEqual([]);
    expect(await messagesOf(cat)).toEqual([]);
    // the SMS carries a signed short link to the message's page (issue 18)
    expect(sent).toEqual([
      [
        '13800000001',
        'price_alert',
        {
          count: '1',
          title: '成交提醒',
          link: expect.stringMatching(/^\/activity\/msglink\?code=[0-9A-Za-z_-]{12,22}$/),
        },
      ],
    ]);
    const code = new URL(sent[0]![2].link!, 'http://x').searchParams.get('code')!;
    const id = verifyMsgLinkCode(code, DEV_MSGLINK_SECRET);
    const [link] = await t.sql.query<{ target: string; kind: string; user_id: number }>(
      `SELECT target, kind, user_id FROM msg_link WHERE id = $1`,
      [id],
    );
    expect(link).toEqual({ target: m!.link, kind: 'alert', user_id: ann });
  });

  it('writes nothing twice: a rerun, and a rerun from an older watermark', async () => {
    const before = await total();
    expect(await runAlertJob(t)).toMatchObject({ deal: 0, priceCut: 0, monthlyAvg: 0 });
    await t.sql.query(
      `UPDATE job_state SET state = jsonb_set(state, '{dealId}', to_jsonb((state->>'dealId')::int - 5)) WHERE name = 'alerts'`,
    );
    expect(await runAlertJob(t)).toMatchObject({ deal: 0 });
    expect(await total()).toBe(before);
  });

  it('sends a listing price cut of 3 % and not one of 2.99 %, seen through an import that moves the price', async () => {
    await importCsv(
      t,
      'listings',
      listingsCsv([
        ['alert-l1', 100],
        ['alert-l2', 100],
      ]),
    );
    await runAlertJob(t); // new listings are no price cut
    expect(await messagesOf(ann, 'price_cut')).toEqual([]);
    // the file carries no history columns: the importer records each move as a 调价 of today
    await importCsv(
      t,
      'listings',
      listingsCsv([
        ['alert-l1', 97.01],
        ['alert-l2', 97],
      ]),
      'cut.csv',
      { today: '2026-07-02' },
    );
    const changes = await t.sql.query<{ ext: string; seq: number; changed_at: string; o: number; n: number }>(
      `SELECT l.external_id AS ext, c.seq, to_char(c.changed_at, 'YYYY-MM-DD') AS changed_at, c.old_total_price AS o, c.new_total_price AS n
       FROM listing_price_change c JOIN listing l ON l.id = c.listing_id WHERE l.external_id LIKE 'alert-l%' ORDER BY 1`,
    );
    expect(changes).toEqual([
      { ext: 'alert-l1', seq: 1, changed_at: '2026-07-02', o: 1_000_000, n: 970_100 },
      { ext: 'alert-l2', seq: 1, changed_at: '2026-07-02', o: 1_000_000, n: 970_000 },
    ]);
    expect(await runAlertJob(t)).toMatchObject({ priceCut: 1 });
    const cuts = await messagesOf(ann, 'price_cut');
    const [l2] = await t.sql.query<{ id: number; name: string }>(
      `SELECT l.id, e.name FROM listing l JOIN estate e ON e.id = l.estate_id WHERE l.external_id = 'alert-l2'`,
    );
    expect(cuts).toEqual([
      expect.objectContaining({
        title: '降价提醒',
        content: `${l2!.name} 2室1厅 88㎡，挂牌价 100万 → 97万，降3%`,
        link: `/${cityId}/property/${l2!.id}`,
        dedupe_key: `cut:${l2!.id}:1:970000`,
      }),
    ]);
    expect(await messagesOf(bob)).toEqual([]);
    expect(await messagesOf(cat)).toEqual([]);
    // the same file again moves nothing and tells nobody anything
    await importCsv(
      t,
      'listings',
      listingsCsv([
        ['alert-l1', 97.01],
        ['alert-l2', 97],
      ]),
      'cut.csv',
      { today: '2026-07-03' },
    );
    expect(await runAlertJob(t)).toMatchObject({ priceCut: 0 });
    // a second cut of the same listing later the same day is a second message
    await importCsv(t, 'listings', listingsCsv([['alert-l2', 90]]), 'cut2.csv', { today: '2026-07-02' });
    expect(await runAlertJob(t)).toMatchObject({ priceCut: 1 });
    expect((await messagesOf(ann, 'price_cut')).at(-1)?.content).toContain('97万 → 90万，降7.2%');
    // a listing that is no longer on sale is no news, whatever its last price
    const sold = listingsCsv([['alert-l1', 80]])
      .replace(',status\n', ',status,ended_at\n')
      .replace(/on_sale$/, 'sold,2026-07-04');
    await importCsv(t, 'listings', sold, 'sold.csv', { today: '2026-07-04' });
    expect(await runAlertJob(t)).toMatchObject({ priceCut: 0 });
  });

  it('tells a subscription only about events after it, and one made after the run started nothing', async () => {
    const dan = await user('13800000004');
    await subscribe(dan, estateA, { at: new Date().toISOString() });
    expect(await runAlertJob(t)).toMatchObject({ deal: 0, priceCut: 0 });
    expect(await messagesOf(dan)).toEqual([]);
    const eve = await user('13800000005');
    const start = new Date();
    await subscribe(eve, estateA, { at: new Date(start.getTime() + 60_000).toISOString() });
    await importCsv(
      t,
      'deals',
      [
        'external_id,estate_id,deal_date,total_price,area,rooms,halls',
        `alert-d2,${estateA},2026-06-21,300,80,2,1`,
      ].join('\n'),
    );
    expect(await runAlertJob(t, { now: start })).toMatchObject({ deal: 2 }); // ann and dan
    expect(await messagesOf(dan, 'deal')).toHaveLength(1);
    expect(await messagesOf(eve)).toEqual([]);
  });

  it('sends the monthly average once a new month lands for the estate, with the change on the month before', async () => {
    const [prev] = await t.sql.query<{ avg: number; month: string }>(
      `SELECT listing_avg AS avg, to_char(month, 'YYYY-MM-DD') AS month FROM price_series WHERE level = 'estate' AND target_id = $1 ORDER BY month DESC LIMIT 1`,
      [estateA],
    );
    const next = `${prev!.month.slice(0, 4)}-${String(Number(prev!.month.slice(5, 7)) + 1).padStart(2, '0')}-01`;
    const up = Math.round(prev!.avg * 1.012);
    // the month before averages enough listings to be compared with (MIN_LISTING_SAMPLE.estate, as the pages)
    await t.sql.query(
      `UPDATE price_series SET listing_count = greatest(listing_count, 5) WHERE level = 'estate' AND target_id = $1 AND month = $2`,
      [estateA, prev!.month],
    );
    await t.sql.query(
      `INSERT INTO price_series (level, target_id, city_id, month, listing_avg, listing_count) VALUES ('estate', $1, $2, $3, $4, 5)`,
      [estateA, cityId, next, up],
    );
    expect(await runAlertJob(t)).toMatchObject({ monthlyAvg: 2 }); // ann and dan; bob is muted
    const [m] = await messagesOf(ann, 'monthly_avg');
    const pct = (Math.round(((up - prev!.avg) * 1000) / prev!.avg) / 10).toString();
    expect(m!.title).toBe('月度均价');
    expect(m!.content).toMatch(
      new RegExp(`${Number(next.slice(5, 7))}月挂牌均价 ${up}元/㎡，环比上涨 ${pct.replace('.', '\\.')}%$`),
    );
    expect(m!.link).toBe(`/${cityId}/house-detail/${estateA}`);
    expect(await messagesOf(cat, 'monthly_avg')).toEqual([]);
    // estate B's row of that month lands later (another import): still a new month for B
    await t.sql.query(
      `UPDATE price_series SET listing_count = 1 WHERE level = 'estate' AND target_id = $1 AND month = $2`,
      [estateB, prev!.month],
    );
    await t.sql.query(
      `INSERT INTO price_series (level, target_id, city_id, month, listing_avg, listing_count) VALUES ('estate', $1, $2, $3, 30000, 5)`,
      [estateB, cityId, next],
    );
    expect(await runAlertJob(t)).toMatchObject({ monthlyAvg: 1 });
    expect(await messagesOf(cat, 'monthly_avg')).toHaveLength(1);
    // B's month before has too few listings to compare with (set so above): no change is given
    expect((await messagesOf(cat, 'monthly_avg'))[0]!.content).toMatch(/30000元\/㎡，上月暂无数据$/);
    expect(await runAlertJob(t)).toMatchObject({ deal: 0, priceCut: 0, monthlyAvg: 0 });
  });

  it('says nothing of a month whose average rests on fewer listings than the pages show (MIN_LISTING_SAMPLE)', async () => {
    const [last] = await t.sql.query<{ month: string }>(
      `SELECT to_char(max(month) + interval '1 month', 'YYYY-MM-DD') AS month FROM price_series WHERE level = 'estate' AND target_id = $1`,
      [estateA],
    );
    await t.sql.query(
      `INSERT INTO price_series (level, target_id, city_id, month, listing_avg, listing_count) VALUES ('estate', $1, $2, $3, 31000, 4)`,
      [estateA, cityId, last!.month],
    );
    expect(await runAlertJob(t)).toMatchObject({ monthlyAvg: 0 });
  });

  it('a muted subscription gets nothing, and unmuted it gets what comes next', async () => {
    expect(await messagesOf(bob)).toEqual([]);
    await t.sql.query(`UPDATE subscriptions SET muted = false WHERE user_id = $1`, [bob]);
    await importCsv(
      t,
      'deals',
      [
        'external_id,estate_id,deal_date,total_price,area,rooms,halls',
        `alert-d3,${estateA},2026-06-22,310,80,2,1`,
      ].join('\n'),
    );
    await runAlertJob(t);
    expect((await messagesOf(bob)).map((m) => m.kind)).toEqual(['deal']);
  });

  it('ALERT_SMS=1 sends one SMS per user through the sandbox outbox; off by default and in a deployment', async () => {
    expect(alertSmsFromEnv(t, {})).toBeNull();
    expect(
      alertSmsFromEnv(t, { ALERT_SMS: '1', NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://m.fangjiatong.cn' }),
    ).toBeNull();
    expect(alertSmsFromEnv(t, { ALERT_SMS: '1', SMS_PROVIDER: 'none' })).toBeNull();
    const sms = alertSmsFromEnv(t, { ALERT_SMS: '1' });
    expect(sms).not.toBeNull();
    await importCsv(
      t,
      'deals',
      [
        'external_id,estate_id,deal_date,total_price,area,rooms,halls',
        `alert-d4,${estateB},2026-06-23,310,80,2,1`,
      ].join('\n'),
    );
    expect(await runAlertJob(t, { sms })).toMatchObject({ deal: 1, sms: 1 });
    const out = await t.sql.query<{ template: string; params: string }>(
      `SELECT template, params FROM sms_outbox WHERE phone = '13800000003'`,
    );
    expect(out).toHaveLength(1);
    expect(out[0]!.template).toBe('price_alert');
    expect(JSON.parse(out[0]!.params)).toEqual({
      count: '1',
      title: '成交提醒',
      link: expect.stringMatching(/^\/activity\/msglink\?code=/),
    });
  });

  it('several new messages make one SMS with their count, linking to the message list; the links in one go', async () => {
    const sms = alertSmsFromEnv(t, { ALERT_SMS: '1' })!;
    await importCsv(
      t,
      'deals',
      [
        'external_id,estate_id,deal_date,total_price,area,rooms,halls',
        `alert-d5,${estateB},2026-06-24,320,80,2,1`,
        `alert-d6,${estateB},2026-06-25,330,90,3,1`,
      ].join('\n'),
    );
    const linksBefore = Number((await t.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM msg_link`))[0]!.n);
    expect(await runAlertJob(t, { sms })).toMatchObject({ deal: 2, sms: 1 });
    const out = await t.sql.query<{ params: string }>(
      `SELECT params FROM sms_outbox WHERE phone = '13800000003' AND template = 'price_alert' ORDER BY id DESC LIMIT 1`,
    );
    const params = JSON.parse(out[0]!.params) as Record<string, string>;
    expect(params).toMatchObject({ count: '2', title: '成交提醒' });
    const id = verifyMsgLinkCode(new URL(params.link!, 'http://x').searchParams.get('code'), DEV_MSGLINK_SECRET);
    const [link] = await t.sql.query<{ target: string; user_id: number; kind: string }>(
      `SELECT target, user_id, kind FROM msg_link WHERE id = $1`,
      [id],
    );
    expect(link).toEqual({ target: MESSAGES_PATH, user_id: cat, kind: 'alert' });
    const linksAfter = Number((await t.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM msg_link`))[0]!.n);
    expect(linksAfter - linksBefore).toBe(1);
  });
});

// The topic slice of issue 18 on the seeded small dataset (city 605): activity/house-list (each topic's rows fit its
// definition and agree with house/listing/search, validation, a topic turned off, the ended campaign), activity/premier
// (the decile computed independently here from price_series, paging, the ended campaign) and msglink/resolve (a live
// link counted, tampered/truncated/expired/unknown codes, foreign targets refused at creation, the per-IP limit, and
// an alert SMS whose link resolves to its message's page).
import { describe, expect, it } from 'vitest';
import { queryRows, sql } from '@fjt/db';
import { DEV_MSGLINK_SECRET, createMsgLink, importCsv, msgLinkCode, runAlertJob, type AlertSms } from '@fjt/dataset';
import {
  ACTIVITY_MESSAGES,
  HOUSE_TOPIC_IDS,
  MIN_LISTING_SAMPLE,
  MSGLINK_MESSAGES,
  NEAR_METRO_M,
  TOPIC_MESSAGES,
  type HouseListBody,
  type ListingSearchBody,
  type MsgLinkResolveBody,
  type PremierBody,
  type RankListBody,
} from '@fjt/domain';
import { expectFail, seededApp, signInAs, testIp } from '../../testing.ts';
import { MSGLINK_RESOLVES_PER_MINUTE } from './resolve-limit.ts';

const seeded = seededApp('small');
const API = '/rabbit/v1';
const CITY = 605;
const get = (path: string, remoteAddress = testIp()) => seeded.app.inject({ url: `${API}/${path}`, remoteAddress });
async function body<T>(path: string): Promise<T> {
  const res = await get(path);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
}
const setPeriod = (payload: object) =>
  seeded.app.inject({ method: 'POST', url: `${API}/dev/activity/period`, payload, remoteAddress: testIp() });
const DAY = 86_400_000;
async function whileEnded(code: string, run: () => Promise<void>) {
  const ended = await setPeriod({
    code,
    startsAt: new Date(Date.now() - 2 * DAY).toISOString(),
    endsAt: new Date(Date.now() - DAY).toISOString(),
  });
  expect(ended.statusCode, ended.body).toBe(200);
  try {
    await run();
  } finally {
    await setPeriod({ code, endsAt: null });
  }
}

describe('activity/house-list (专题房源)', () => {
  it('lists each topic with rows that fit its definition, agreeing with house/listing/search', async () => {
    const search: Record<string, string> = {
      priceCut: 'label=priceCut',
      fiveOnly: 'label=fiveOnly',
      nearMetro: 'label=nearMetro',
      newListing: 'label=newListing&order=listedAt_desc',
      lowTotal: 'price=0-200&order=totalPrice_asc',
    };
    for (const topicId of HOUSE_TOPIC_IDS) {
      const b = await body<HouseListBody>(`activity/house-list?topicId=${topicId}&cityId=${CITY}`);
      expect(b.topic.id).toBe(topicId);
      expect(b.topics.map((t) => t.id)).toEqual(HOUSE_TOPIC_IDS);
      expect(b.cityName).toBeTruthy();
      expect(b.total, topicId).toBeGreaterThan(20);
      expect(b.list).toHaveLength(20);
      for (const l of b.list) {
        if (topicId === 'priceCut') expect(l.totalPrice).toBeLessThan(l.initialTotalPrice);
        if (topicId === 'fiveOnly') expect([l.yearsHeld, l.onlyHome]).toEqual(['满五', true]);
        if (topicId === 'nearMetro') expect(l.stationDistanceM!).toBeLessThanOrEqual(NEAR_METRO_M);
        if (topicId === 'lowTotal') expect(l.totalPrice).toBeLessThanOrEqual(2_000_000);
      }
      const same = await body<ListingSearchBody>(`house/listing/search?cityId=${CITY}&${search[topicId]}`);
      expect(b.total, topicId).toBe(same.total);
      expect(b.list.map((l) => l.id)).toEqual(same.list.map((l) => l.id));
    }
  });

  it('pages on: page 2 continues page 1 without repeats', async () => {
    const one = await body<HouseListBody>(`activity/house-list?topicId=priceCut&cityId=${CITY}`);
    const two = await body<HouseListBody>(`activity/house-list?topicId=priceCut&cityId=${CITY}&page=2`);
    expect(two.page).toBe(2);
    const ids = new Set(one.list.map((l) => l.id));
    expect(two.list.some((l) => ids.has(l.id))).toBe(false);
  });

  it('refuses an unknown topic, a bad or unknown city and paging out of bounds with Chinese messages', async () => {
    expectFail(await get(`activity/house-list?topicId=school&cityId=${CITY}`), 400, TOPIC_MESSAGES.unknown);
    expectFail(await get(`activity/house-list?topicId=&cityId=${CITY}`), 400, TOPIC_MESSAGES.unknown);
    // no topic: the campaign's first
    expect((await body<HouseListBody>(`activity/house-list?cityId=${CITY}`)).topic.id).toBe(HOUSE_TOPIC_IDS[0]);
    expectFail(await get('activity/house-list?topicId=priceCut&cityId=abc'), 400);
    expectFail(await get('activity/house-list?topicId=priceCut'), 400);
    expectFail(await get('activity/house-list?topicId=priceCut&cityId=999999'), 404, '城市不存在');
    expectFail(await get(`activity/house-list?topicId=priceCut&cityId=${CITY}&page=0`), 400, 'page 至少为 1');
    expectFail(await get(`activity/house-list?topicId=priceCut&cityId=${CITY}&page=201`), 400);
    expectFail(await get(`activity/house-list?topicId=priceCut&cityId=${CITY}&size=21`), 400, 'size 最多为 20');
  });

  it('follows the activity: a topic config turns off is refused, and an ended campaign is 活动已结束', async () => {
    const db = seeded.database.db;
    await db.execute(
      sql`UPDATE activity SET config = '{"topics":["fiveOnly","priceCut"]}'::jsonb WHERE code = 'houselist'`,
    );
    try {
      const b = await body<HouseListBody>(`activity/house-list?topicId=priceCut&cityId=${CITY}`);
      expect(b.topics.map((t) => t.id)).toEqual(['fiveOnly', 'priceCut']);
      expectFail(await get(`activity/house-list?topicId=lowTotal&cityId=${CITY}`), 404, TOPIC_MESSAGES.off);
    } finally {
      await db.execute(sql`UPDATE activity SET config = '{}'::jsonb WHERE code = 'houselist'`);
    }
    await whileEnded('houselist', async () => {
      expectFail(await get(`activity/house-list?topicId=priceCut&cityId=${CITY}`), 409, ACTIVITY_MESSAGES.ended);
    });
  });
});

describe('activity/premier (高端盘)', () => {
  it('is the top tenth (rounded up) of the city estates by 挂牌均价, computed independently here', async () => {
    // every estate of the city with a price in its newest month, in JS: no SQL window, no paging
    const rows = await queryRows<{ id: number; month: string; avg: number; n: number }>(
      seeded.database.db,
      sql`SELECT target_id AS id, to_char(month, 'YYYY-MM') AS month, listing_avg AS avg, listing_count AS n
          FROM price_series WHERE level = 'estate' AND city_id = ${CITY} AND listing_avg IS NOT NULL`,
    );
    const latest = rows
      .map((r) => r.month)
      .sort()
      .at(-1)!;
    const ranked = rows
      .filter((r) => r.month === latest && r.n >= MIN_LISTING_SAMPLE.estate)
      .sort((a, b) => b.avg - a.avg || a.id - b.id);
    const decile = ranked.slice(0, Math.ceil(ranked.length / 10));
    expect(decile.length).toBeGreaterThanOrEqual(3);
    // pages of 2, so the paging is exercised on the small dataset's few estates
    const pages: PremierBody[] = [];
    for (let page = 1; page <= Math.ceil(decile.length / 2); page++)
      pages.push(await body<PremierBody>(`activity/premier?cityId=${CITY}&page=${page}&size=2`));
    const first = pages[0]!;
    expect(first).toMatchObject({ month: latest, rankedCount: ranked.length, total: decile.length });
    expect(first.threshold).toBe(decile.at(-1)!.avg);
    const listed = pages.flatMap((p) => p.list);
    expect(listed.map((e) => e.id)).toEqual(decile.map((e) => e.id));
    expect(listed.map((e) => e.listingAvg)).toEqual(decile.map((e) => e.avg));
    expect(listed.map((e) => e.rank)).toEqual(decile.map((_, i) => i + 1));
    for (const e of listed) {
      expect(e.cityId).toBe(CITY);
      expect(e.name && e.districtName && e.plateName).toBeTruthy();
    }
    // the rankings' own 均价 ranking of estates, its head: the same month, order and MoM
    const rankings = await body<RankListBody>(`rank/list?cityId=${CITY}&rank=price&type=estate&size=50`);
    expect(rankings.month).toBe(first.month);
    expect(listed.map((e) => [e.id, e.listingMom, e.plateName])).toEqual(
      rankings.list.slice(0, decile.length).map((r) => [r.id, r.listingMom, r.parentName]),
    );
    // past the decile: an empty page, not the 11th percentile
    const beyond = await body<PremierBody>(`activity/premier?cityId=${CITY}&page=${pages.length + 1}&size=2`);
    expect(beyond.list).toEqual([]);
    expect(beyond.total).toBe(decile.length);
  });

  it('refuses a bad or unknown city and paging out of bounds; ended → 活动已结束', async () => {
    expectFail(await get('activity/premier'), 400);
    expectFail(await get('activity/premier?cityId=-1'), 400);
    expectFail(await get('activity/premier?cityId=999999'), 404, '城市不存在');
    expectFail(await get(`activity/premier?cityId=${CITY}&page=0`), 400);
    expectFail(await get(`activity/premier?cityId=${CITY}&page=101`), 400);
    expectFail(await get(`activity/premier?cityId=${CITY}&size=50`), 400);
    await whileEnded('premier', async () => {
      expectFail(await get(`activity/premier?cityId=${CITY}`), 409, ACTIVITY_MESSAGES.ended);
    });
  });
});

describe('msglink/resolve (SMS short links)', () => {
  const resolve = (code: string, ip?: string) => get(`msglink/resolve?code=${encodeURIComponent(code)}`, ip);
  const clicks = async (id: number) =>
    (await queryRows<{ clicks: number }>(seeded.database.db, sql`SELECT clicks FROM msg_link WHERE id = ${id}`))[0]!
      .clicks;

  it('resolves a live link to its target, counting each click, never cached', async () => {
    const link = await createMsgLink(
      seeded.database.db,
      { kind: 'alert', target: '/605/house-detail/1?from=sms', userId: null },
      DEV_MSGLINK_SECRET,
    );
    expect(link.path).toBe(`/activity/msglink?code=${link.code}`);
    const res = await resolve(link.code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((res.json() as { body: MsgLinkResolveBody }).body).toEqual({ target: '/605/house-detail/1?from=sms' });
    await resolve(link.code);
    expect(await clicks(link.id)).toBe(2);
  });

  it('refuses tampered, truncated, guessed, unknown and expired codes — and counts no click', async () => {
    const db = seeded.database.db;
    const link = await createMsgLink(
      db,
      { kind: 'alert', target: '/profile/message', userId: null },
      DEV_MSGLINK_SECRET,
    );
    const last = link.code.at(-1) === 'A' ? 'B' : 'A';
    expectFail(await resolve(link.code.slice(0, -1) + last), 404, MSGLINK_MESSAGES.invalid);
    // truncated: too short for a code at all (400), or a code whose signature fails (404)
    const cut = link.code.slice(0, -3);
    expectFail(await resolve(cut), cut.length >= 12 ? 404 : 400, MSGLINK_MESSAGES.invalid);
    expectFail(await resolve('abcdefghijkl'), 404, MSGLINK_MESSAGES.invalid);
    expectFail(await resolve('not a code!'), 400, MSGLINK_MESSAGES.invalid);
    expectFail(await get('msglink/resolve'), 400);
    // signed correctly, but no such row
    expectFail(await resolve(msgLinkCode(987_654_321, DEV_MSGLINK_SECRET)), 404, MSGLINK_MESSAGES.invalid);
    // signed with another secret
    expectFail(await resolve(msgLinkCode(link.id, 'x'.repeat(40))), 404, MSGLINK_MESSAGES.invalid);
    expect(await clicks(link.id)).toBe(0);

    const old = await createMsgLink(
      db,
      { kind: 'alert', target: '/profile/message', userId: null, now: new Date(Date.now() - 31 * DAY) },
      DEV_MSGLINK_SECRET,
    );
    expectFail(await resolve(old.code), 404, MSGLINK_MESSAGES.expired);
    expect(await clicks(old.id)).toBe(0);
  });

  it('refuses to make a link to anything but a path of this site', async () => {
    for (const target of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'x']) {
      await expect(
        createMsgLink(seeded.database.db, { kind: 'alert', target, userId: null }, DEV_MSGLINK_SECRET),
        target,
      ).rejects.toThrow(/msglink/);
    }
  });

  it(`holds one address back after ${MSGLINK_RESOLVES_PER_MINUTE} resolves a minute`, async () => {
    const ip = testIp();
    for (let i = 0; i < MSGLINK_RESOLVES_PER_MINUTE; i++)
      expect((await resolve('abcdefghijkl', ip)).statusCode).toBe(404);
    expectFail(await resolve('abcdefghijkl', ip), 429);
    // another address is not held back
    expect((await resolve('abcdefghijkl')).statusCode).toBe(404);
  });

  it('an alert SMS carries a link that resolves to the page of its message', async () => {
    const user = await signInAs(seeded.app);
    const db = seeded.database.db;
    const [estate] = await queryRows<{ id: number }>(
      db,
      sql`SELECT estate_id AS id FROM listing WHERE city_id = ${CITY} AND status = 'on_sale' ORDER BY id LIMIT 1`,
    );
    await runAlertJob(seeded.database, { initOnly: true });
    await db.execute(
      sql`INSERT INTO subscriptions (user_id, target_type, target_id, created_at)
          VALUES (${user.id}, 'estate', ${estate!.id}, now() - interval '1 hour')`,
    );
    await importCsv(
      seeded.database,
      'deals',
      [
        'external_id,estate_id,deal_date,total_price,area,rooms,halls',
        `topics-d1,${estate!.id},2026-06-20,352.5,88.5,2,1`,
      ].join('\n'),
    );
    const sent: Record<string, string>[] = [];
    const sms: AlertSms = {
      send: async (phone, _template, params) => void (phone === user.mobile && sent.push(params)),
    };
    await runAlertJob(seeded.database, { sms });
    expect(sent).toHaveLength(1);
    const [message] = await queryRows<{ link: string }>(
      db,
      sql`SELECT link FROM messages WHERE user_id = ${user.id} AND kind = 'deal'`,
    );
    const code = new URL(sent[0]!.link!, 'http://x').searchParams.get('code')!;
    const res = await resolve(code);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { body: MsgLinkResolveBody }).body.target).toBe(message!.link);
  });
});

// 纠错/举报 (issue 17) on the seeded small dataset: inform/target's summaries and reasons (unknown target 404), the
// report's validation (reason offered for the target, description length and control characters, screenshots that
// are the user's uploads, contact), login, the posting guard (new account, sensitive words, contacts masked), the
// ticket number, idempotent submit, a reported post entering the moderation queue, and my tickets (no-store).
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  COMMUNITY_MESSAGES,
  INFORM_DESCRIPTION_MAX,
  INFORM_MESSAGES,
  POST_BURST,
  TICKET_NO_PATTERN,
  type InformMineBody,
  type InformSubmitBody,
  type InformTargetBody,
} from '@fjt/domain';
import sharp from 'sharp';
import { BLOCK_WORDS } from '../community/sensitive-words.ts';
import {
  expectFail,
  postMultipart,
  expectPersonalFail,
  personalBody,
  seededApp,
  signInAs,
  testIp,
  type SignedIn,
} from '../../testing.ts';

const seeded = seededApp('small');
const API = '/rabbit/v1';

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  seeded.app.inject({
    method: 'POST',
    url: `${API}/${url}`,
    payload: payload as object,
    headers: { origin: 'http://localhost:3000', ...headers },
    remoteAddress: testIp(),
  });
const get = (url: string, headers: Record<string, string> = {}) =>
  seeded.app.inject({ method: 'GET', url: `${API}/${url}`, headers });
const q = <T>(text: string, params: unknown[] = []) => seeded.database.sql.query<T>(text, params);
const bodyOf = <T>(res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
};

/** A signed-in user past the new-account cool-down. */
async function poster(): Promise<SignedIn> {
  const user = await signInAs(seeded.app);
  personalBody(await post('dev/community/age-account', {}, user.headers));
  return user;
}

let listingId = 0;
let estateId = 0;
let questionId = 0;
beforeAll(async () => {
  const [l] = await q<{ id: number; estate_id: number }>(
    `SELECT id, estate_id FROM listing WHERE status = 'on_sale' AND city_id = 605 ORDER BY id LIMIT 1`,
  );
  listingId = Number(l!.id);
  estateId = Number(l!.estate_id);
  const [qq] = await q<{ id: number }>(
    `INSERT INTO question (city_id, estate_id, user_id, topic, title, body)
     VALUES (605, $1, 1, 'price', '这个小区最近价格怎么样？', '想了解一下') RETURNING id`,
    [estateId],
  );
  questionId = Number(qq!.id);
});

describe('inform/target', () => {
  it('names a listing by its estate, rooms, area and price, with the listing reasons', async () => {
    const res = await get(`inform/target?targetType=listing&targetId=${listingId}`);
    const body = bodyOf<InformTargetBody>(res);
    const [e] = await q<{ name: string }>(`SELECT name FROM estate WHERE id = $1`, [estateId]);
    expect(body.target.title).toContain(e!.name);
    expect(body.target.title).toMatch(/\d室\d厅 .*㎡ .*万$/);
    expect(body.target.link).toBe(`/605/property/${listingId}`);
    expect(body.verb).toBe('纠错');
    expect(body.reasons.map((r) => r.key)).toContain('fake_listing');
    expect(body.reasons.find((r) => r.key === 'fake_listing')!.label).toBe('虚假房源');
  });

  it('names an estate and a question; a post gets the abuse reasons', async () => {
    const estate = bodyOf<InformTargetBody>(await get(`inform/target?targetType=estate&targetId=${estateId}`));
    expect(estate.reasons.map((r) => r.key)).toEqual(['wrong_estate_facts', 'wrong_price', 'other']);
    const question = bodyOf<InformTargetBody>(await get(`inform/target?targetType=question&targetId=${questionId}`));
    expect(question.target.title).toBe('这个小区最近价格怎么样？');
    expect(question.verb).toBe('举报');
    expect(question.reasons.map((r) => r.key)).toContain('ad_spam');
  });

  it('refuses an unknown target, a bad type or id, and a deleted post with a Chinese message', async () => {
    expectFail(await get('inform/target?targetType=listing&targetId=999999999'), 404, INFORM_MESSAGES.targetGone);
    expectFail(await get('inform/target?targetType=house&targetId=1'), 400, INFORM_MESSAGES.targetType);
    expectFail(await get('inform/target?targetType=listing&targetId=abc'), 400);
    expectFail(await get('inform/target?targetType=listing'), 400);
    const [d] = await q<{ id: number }>(
      `INSERT INTO question (city_id, user_id, topic, title, status) VALUES (605, 1, 'other', '已删除的问题', 'deleted')
       RETURNING id`,
    );
    expectFail(await get(`inform/target?targetType=question&targetId=${d!.id}`), 404, INFORM_MESSAGES.targetGone);
  });
});

describe('inform/submit', () => {
  it('needs a login', async () => {
    expectPersonalFail(
      await post('inform/submit', { targetType: 'listing', targetId: listingId, reason: 'fake_listing' }),
      401,
    );
  });

  it('refuses a new account (the posting guard’s cool-down)', async () => {
    const fresh = await signInAs(seeded.app);
    expectFail(
      await post(
        'inform/submit',
        { targetType: 'listing', targetId: listingId, reason: 'fake_listing' },
        fresh.headers,
      ),
      403,
      COMMUNITY_MESSAGES.newAccount,
    );
  });

  it('validates the reason, description, screenshots and contact', async () => {
    const user = await poster();
    const base = { targetType: 'listing', targetId: listingId, reason: 'fake_listing' };
    const send = (extra: Record<string, unknown>) => post('inform/submit', { ...base, ...extra }, user.headers);
    expectFail(await send({ reason: 'abuse' }), 400, INFORM_MESSAGES.reasonNotOffered);
    expectFail(await send({ reason: 'nonsense' }), 400, INFORM_MESSAGES.reason);
    expectFail(
      await send({ description: '长'.repeat(INFORM_DESCRIPTION_MAX + 1) }),
      400,
      INFORM_MESSAGES.descriptionTooLong,
    );
    expectFail(await send({ description: 'a\u0000b' }), 400, INFORM_MESSAGES.badCharacters);
    expectFail(await send({ images: ['https://evil.example/x.jpg'] }), 400, INFORM_MESSAGES.badImage);
    const img = (n: number) => `/img/u/${String(n).repeat(64).slice(0, 64)}.jpg`;
    expectFail(await send({ images: [img(1), img(2), img(3), img(4)] }), 400, INFORM_MESSAGES.tooManyImages);
    // a well-formed URL that is not this user's upload
    expectFail(await send({ images: [img(5)] }), 400, COMMUNITY_MESSAGES.imageNotYours);
    expectFail(await send({ contact: '12345' }), 400, INFORM_MESSAGES.badContact);
    expectFail(await send({ targetId: 999_999_999 }), 404, INFORM_MESSAGES.targetGone);
    // nothing stored by the refusals
    const [n] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM inform_ticket WHERE user_id = $1`, [user.id]);
    expect(n!.n).toBe(0);
  });

  it('refuses a blocked word and masks contacts in the description', async () => {
    const user = await poster();
    expectFail(
      await post(
        'inform/submit',
        { targetType: 'estate', targetId: estateId, reason: 'other', description: `内容${BLOCK_WORDS[0]}` },
        user.headers,
      ),
      400,
      COMMUNITY_MESSAGES.blockedWords,
    );
    const res = await post(
      'inform/submit',
      {
        targetType: 'estate',
        targetId: estateId,
        reason: 'wrong_estate_facts',
        description: '物业费写错了，可以打13912345678核实',
        contact: '13800138000',
      },
      user.headers,
    );
    const body = personalBody<InformSubmitBody>(res);
    expect(body.ticket.description).not.toContain('13912345678');
    expect(body.ticket.contact).toBe('138****8000');
    const [row] = await q<{ contact: string }>(`SELECT contact FROM inform_ticket WHERE id = $1`, [body.ticket.id]);
    expect(row!.contact).toBe('13800138000');
  });

  it('creates a ticket with a ticket number, the account’s phone as contact; a second submit returns it', async () => {
    const user = await poster();
    const payload = {
      targetType: 'listing',
      targetId: listingId,
      reason: 'fake_listing',
      description: '这套房子\n早就卖掉了',
    };
    const first = personalBody<InformSubmitBody>(await post('inform/submit', payload, user.headers));
    expect(first.existing).toBe(false);
    expect(first.ticket.ticketNo).toMatch(TICKET_NO_PATTERN);
    expect(first.ticket.status).toBe('open');
    expect(first.ticket.statusText).toBe('处理中');
    expect(first.ticket.reasonText).toBe('虚假房源');
    expect(first.ticket.description).toBe('这套房子\n早就卖掉了');
    expect(first.ticket.contact).toBe(`${user.mobile.slice(0, 3)}****${user.mobile.slice(7)}`);
    expect(first.ticket.target?.link).toBe(`/605/property/${listingId}`);

    const again = personalBody<InformSubmitBody>(
      await post('inform/submit', { ...payload, reason: 'sold_or_stale' }, user.headers),
    );
    expect(again.existing).toBe(true);
    expect(again.ticket.ticketNo).toBe(first.ticket.ticketNo);
    // two at once: still one ticket
    const both = await Promise.all([
      post('inform/submit', payload, user.headers),
      post('inform/submit', payload, user.headers),
    ]);
    for (const r of both) expect(personalBody<InformSubmitBody>(r).ticket.id).toBe(first.ticket.id);
    const [n] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM inform_ticket WHERE user_id = $1 AND target_type = 'listing'`,
      [user.id],
    );
    expect(n!.n).toBe(1);

    // another user's report of the same listing is a ticket of its own
    const other = await poster();
    const theirs = personalBody<InformSubmitBody>(await post('inform/submit', payload, other.headers));
    expect(theirs.ticket.id).not.toBe(first.ticket.id);
  });

  it('keeps the reporter’s own uploaded screenshots', async () => {
    const user = await poster();
    const png = await sharp({ create: { width: 20, height: 30, channels: 3, background: { r: 9, g: 9, b: 9 } } })
      .png()
      .toBuffer();
    const up = await postMultipart(seeded.app, `${API}/upload/image`, png, {
      headers: user.headers,
      fields: { purpose: 'inform' },
    });
    expect(up.statusCode, up.body).toBe(200);
    const url = (up.json() as { body: { url: string } }).body.url;
    const body = personalBody<InformSubmitBody>(
      await post(
        'inform/submit',
        { targetType: 'listing', targetId: listingId, reason: 'wrong_facts', images: [url] },
        user.headers,
      ),
    );
    expect(body.ticket.images).toEqual([url]);
    // someone else may not use it
    const other = await poster();
    expectFail(
      await post(
        'inform/submit',
        { targetType: 'listing', targetId: listingId, reason: 'wrong_facts', images: [url] },
        other.headers,
      ),
      400,
      COMMUNITY_MESSAGES.imageNotYours,
    );
  });

  it('shares the posting rate limit: a burst of POST_BURST reports, then 429 (a repeat costs nothing)', async () => {
    const user = await poster();
    const estates = await q<{ id: number }>(
      `SELECT id FROM estate WHERE city_id = 605 ORDER BY id LIMIT ${POST_BURST + 1}`,
    );
    const send = (id: number) =>
      post('inform/submit', { targetType: 'estate', targetId: Number(id), reason: 'other' }, user.headers);
    personalBody(await send(estates[0]!.id));
    // the same target again returns the open ticket and takes no token
    for (let i = 0; i < 3; i += 1) personalBody(await send(estates[0]!.id));
    for (const e of estates.slice(1, POST_BURST)) personalBody(await send(e.id));
    expectFail(await send(estates[POST_BURST]!.id), 429, COMMUNITY_MESSAGES.rateLimited);
  });

  it('puts a reported post in the moderation queue (flagged)', async () => {
    const user = await poster();
    const [before] = await q<{ flagged: boolean }>(`SELECT flagged FROM question WHERE id = $1`, [questionId]);
    expect(before!.flagged).toBe(false);
    personalBody(
      await post(
        'inform/submit',
        { targetType: 'question', targetId: questionId, reason: 'ad_spam', description: '广告' },
        user.headers,
      ),
    );
    const [after] = await q<{ flagged: boolean; status: string }>(
      `SELECT flagged, status FROM question WHERE id = $1`,
      [questionId],
    );
    expect(after).toEqual({ flagged: true, status: 'visible' });
  });
});

describe('inform/mine', () => {
  it('lists my tickets only, newest first, never cached; one by its number; 401 for a visitor', async () => {
    const user = await poster();
    const a = personalBody<InformSubmitBody>(
      await post('inform/submit', { targetType: 'estate', targetId: estateId, reason: 'other' }, user.headers),
    );
    const b = personalBody<InformSubmitBody>(
      await post('inform/submit', { targetType: 'listing', targetId: listingId, reason: 'wrong_price' }, user.headers),
    );
    const mine = personalBody<InformMineBody>(await get('inform/mine', user.headers));
    expect(mine.list.map((t) => t.ticketNo)).toEqual([b.ticket.ticketNo, a.ticket.ticketNo]);
    const one = personalBody<InformMineBody>(await get(`inform/mine?ticketNo=${a.ticket.ticketNo}`, user.headers));
    expect(one.list).toHaveLength(1);
    const stranger = await signInAs(seeded.app);
    expectPersonalFail(await get(`inform/mine?ticketNo=${a.ticket.ticketNo}`, stranger.headers), 404);
    expectPersonalFail(await get('inform/mine?ticketNo=nope', user.headers), 400);
    expectPersonalFail(await get('inform/mine'), 401);
  });
});

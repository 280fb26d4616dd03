// The moderation console (issue 17) on the seeded small dataset: who may call it (visitor 401, users and other staff
// 403 on every call), the tickets (open oldest first) and the flagged posts, hiding and restoring a post (review
// summary and answer count kept in step; the public reads stop showing it), banning an author (the posting guard
// refuses them), resolving a report by delisting a listing, correcting a price or an estate fact (data_correction,
// audit row, the reporters' notices, the cached answers dropped), and rejecting one.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  COMMUNITY_MESSAGES,
  INFORM_MESSAGES,
  STAFF_ONLY,
  type InformSubmitBody,
  type ModerationDecisionBody,
  type ModerationPostsBody,
  type ModerationTicketsBody,
} from '@fjt/domain';
import { expectFail, personalBody, seededApp, signInAs, testIp, testPhone, type SignedIn } from '../../testing.ts';
import { createStaffService } from '../staff/service.ts';
import { createModerationService } from './service.ts';

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
const bodyOf = <T>(res: LightMyRequestResponse) => personalBody<T>(res);

async function poster(): Promise<SignedIn> {
  const user = await signInAs(seeded.app);
  personalBody(await post('dev/community/age-account', {}, user.headers));
  return user;
}
async function report(user: SignedIn, targetType: string, targetId: number, reason: string, description = '') {
  return personalBody<InformSubmitBody>(
    await post('inform/submit', { targetType, targetId, reason, description }, user.headers),
  ).ticket;
}

let moderator: SignedIn;
let support: SignedIn;
let plain: SignedIn;
let estateId = 0;
beforeAll(async () => {
  const staff = createStaffService(seeded.database.db);
  const [m, s] = [testPhone('136'), testPhone('135')];
  await staff.grant({ phone: m, role: 'moderator', actorId: null });
  await staff.grant({ phone: s, role: 'support', actorId: null });
  moderator = await signInAs(seeded.app, m);
  support = await signInAs(seeded.app, s);
  plain = await signInAs(seeded.app);
  const [e] = await q<{ id: number }>(
    `SELECT estate_id AS id FROM listing WHERE status = 'on_sale' AND city_id = 605
      GROUP BY estate_id HAVING count(*) >= 3 ORDER BY estate_id LIMIT 1`,
  );
  estateId = Number(e!.id);
});

describe('who may moderate', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', 'ops/moderation/tickets'],
    ['GET', 'ops/moderation/posts'],
    ['POST', 'ops/moderation/post', { kind: 'question', id: 1, action: 'hide' }],
    ['POST', 'ops/moderation/ban', { userId: 1, action: 'ban', reason: '广告' }],
    ['POST', 'ops/moderation/resolve', { ticketId: 1, action: 'none', note: '已核实' }],
    ['POST', 'ops/moderation/reject', { ticketId: 1, reason: '信息无误' }],
  ];
  it('refuses visitors (401), users (403) and staff without the moderator role (403) on every call', async () => {
    for (const [method, url, payload] of calls) {
      const as = (headers: Record<string, string>) =>
        method === 'GET' ? get(url, headers) : post(url, payload, headers);
      const visitor = await as({});
      expect(visitor.statusCode, url).toBe(401);
      expectFail(await as(plain.headers), 403, STAFF_ONLY);
      expectFail(await as(support.headers), 403, INFORM_MESSAGES.moderatorOnly);
      expect((await as(moderator.headers)).headers['cache-control']).toBe('no-store');
    }
  });

  it('validates its input in Chinese', async () => {
    expectFail(await get('ops/moderation/tickets?state=nope', moderator.headers), 400);
    expectFail(await post('ops/moderation/post', { kind: 'user', id: 1, action: 'hide' }, moderator.headers), 400);
    expectFail(await post('ops/moderation/post', { kind: 'question', id: 1, action: 'x' }, moderator.headers), 400);
    expectFail(await post('ops/moderation/reject', { ticketId: 1, reason: '' }, moderator.headers), 400);
    expectFail(
      await post('ops/moderation/reject', { ticketId: 999999, reason: '信息无误' }, moderator.headers),
      404,
      INFORM_MESSAGES.ticketNotFound,
    );
    expectFail(
      await post('ops/moderation/post', { kind: 'review', id: 999999, action: 'hide' }, moderator.headers),
      404,
      INFORM_MESSAGES.postNotFound,
    );
  });
});

describe('posts', () => {
  it('hides a reported review (summary recomputed, public reads skip it), restores it, bans and unbans its author', async () => {
    const author = await poster();
    const [r] = await q<{ id: number }>(
      `INSERT INTO review (city_id, estate_id, user_id, overall, traffic, amenities, property, environment, body)
       VALUES (605, $1, $2, 5, 5, 5, 5, 5, '<img src=x onerror=alert(1)> 加微信看房') RETURNING id`,
      [estateId, author.id],
    );
    const reviewId = Number(r!.id);
    const listed = async () => {
      const res = await get(`comment/list?estateId=${estateId}&sort=new`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { body: { list: { id: number }[] } }).body.list.some((x) => x.id === reviewId);
    };
    const { recomputeReviewSummary } = await import('../reviews/summary.ts');
    await recomputeReviewSummary(seeded.database.db, estateId);
    const summaryCount = async () =>
      Number(
        (await q<{ count: number }>(`SELECT count FROM review_summary WHERE estate_id = $1`, [estateId]))[0]!.count,
      );
    const before = await summaryCount();
    expect(before).toBeGreaterThanOrEqual(1);
    expect(await listed()).toBe(true);

    const reporter = await poster();
    const ticket = await report(reporter, 'review', reviewId, 'ad_spam', '引流');
    const queue = bodyOf<ModerationPostsBody>(await get('ops/moderation/posts', moderator.headers));
    const row = queue.list.find((p) => p.kind === 'review' && p.id === reviewId)!;
    expect(row.flaggedReason).toBe('用户举报：广告/引流');
    expect(row.openReports).toBe(1);
    expect(row.body).toBe('<img src=x onerror=alert(1)> 加微信看房');
    expect(row.authorId).toBe(author.id);

    personalBody(
      await post('ops/moderation/post', { kind: 'review', id: reviewId, action: 'hide' }, moderator.headers),
    );
    const [hidden] = await q<{ status: string; flagged: boolean }>(`SELECT status, flagged FROM review WHERE id = $1`, [
      reviewId,
    ]);
    expect(hidden).toEqual({ status: 'hidden', flagged: false });
    expect(await summaryCount()).toBe(before - 1);
    // the estate's public review list no longer shows it
    expect(await listed()).toBe(false);
    // the public cannot report (or see) it any more; the reporter's ticket is resolved with a notice
    expectFail(await get(`inform/target?targetType=review&targetId=${reviewId}`), 404);
    const [t] = await q<{ status: string }>(`SELECT status FROM inform_ticket WHERE id = $1`, [ticket.id]);
    expect(t!.status).toBe('resolved');
    const [notice] = await q<{ kind: string; link: string }>(
      `SELECT kind, link FROM messages WHERE user_id = $1 AND dedupe_key = $2`,
      [reporter.id, `inform:${ticket.id}`],
    );
    expect(notice).toEqual({ kind: 'inform_result', link: `/inform/succee?ticketNo=${ticket.ticketNo}` });
    const hiddenList = bodyOf<ModerationPostsBody>(await get('ops/moderation/posts?state=hidden', moderator.headers));
    expect(hiddenList.list.some((p) => p.kind === 'review' && p.id === reviewId)).toBe(true);
    expectFail(
      await post('ops/moderation/post', { kind: 'review', id: reviewId, action: 'hide' }, moderator.headers),
      409,
    );

    personalBody(
      await post('ops/moderation/post', { kind: 'review', id: reviewId, action: 'restore' }, moderator.headers),
    );
    expect(await summaryCount()).toBe(before);
    expect(await listed()).toBe(true);

    // ban for 3 days: the guard refuses the author's posts; unban lifts it
    const ban = personalBody<{ banned: boolean; until: string | null }>(
      await post(
        'ops/moderation/ban',
        { userId: author.id, action: 'ban', reason: '发布广告', days: 3 },
        moderator.headers,
      ),
    );
    expect(ban.banned).toBe(true);
    expect(new Date(ban.until!).getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000);
    expectFail(
      await post('inform/submit', { targetType: 'estate', targetId: estateId, reason: 'other' }, author.headers),
      403,
      COMMUNITY_MESSAGES.banned,
    );
    expectFail(
      await post('ops/moderation/ban', { userId: moderator.id, action: 'ban', reason: '测试' }, moderator.headers),
      400,
    );
    personalBody(await post('ops/moderation/ban', { userId: author.id, action: 'unban' }, moderator.headers));
    const [b] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM user_ban WHERE user_id = $1`, [author.id]);
    expect(b!.n).toBe(0);

    const actions = await q<{ action: string }>(
      `SELECT action FROM audit_log WHERE actor_id = $1 AND action LIKE 'moderation.%' ORDER BY id`,
      [moderator.id],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'moderation.hide',
      'moderation.restore',
      'moderation.ban',
      'moderation.unban',
    ]);
  });

  it('hiding an answer keeps its question’s answer count; keep clears the flag', async () => {
    const [qq] = await q<{ id: number }>(
      `INSERT INTO question (city_id, user_id, topic, title, answer_count) VALUES (605, 1, 'other', '问题标题五个字', 2)
       RETURNING id`,
    );
    const questionId = Number(qq!.id);
    const answers = await q<{ id: number }>(
      `INSERT INTO answer (question_id, user_id, body, flagged) VALUES ($1, 1, '回答一', true), ($1, 1, '回答二', false)
       RETURNING id`,
      [questionId],
    );
    const [a1, a2] = answers.map((a) => Number(a.id));
    personalBody(await post('ops/moderation/post', { kind: 'answer', id: a2, action: 'hide' }, moderator.headers));
    const count = async () =>
      Number((await q<{ n: number }>(`SELECT answer_count AS n FROM question WHERE id = $1`, [questionId]))[0]!.n);
    expect(await count()).toBe(1);
    personalBody(await post('ops/moderation/post', { kind: 'answer', id: a1, action: 'keep' }, moderator.headers));
    const [kept] = await q<{ status: string; flagged: boolean }>(`SELECT status, flagged FROM answer WHERE id = $1`, [
      a1,
    ]);
    expect(kept).toEqual({ status: 'visible', flagged: false });
    personalBody(await post('ops/moderation/post', { kind: 'answer', id: a2, action: 'restore' }, moderator.headers));
    expect(await count()).toBe(2);
  });
});

describe('cached views', () => {
  it('a hidden or restored post forgets the cached lists and details that showed it', async () => {
    const tests: ((url: string) => boolean)[] = [];
    const moderation = createModerationService({ db: seeded.database.db, postChanged: (t) => tests.push(t) });
    const [r] = await q<{ id: number }>(
      `INSERT INTO review (city_id, estate_id, user_id, overall, traffic, amenities, property, environment, body)
       VALUES (605, $1, 2, 3, 3, 3, 3, 3, '一条用于缓存测试的点评内容') RETURNING id`,
      [estateId],
    );
    const [qq] = await q<{ id: number }>(
      `INSERT INTO question (city_id, estate_id, user_id, topic, title) VALUES (605, $1, 1, 'other', '缓存测试的问题')
       RETURNING id`,
      [estateId],
    );
    const [a] = await q<{ id: number }>(
      `INSERT INTO answer (question_id, user_id, body) VALUES ($1, 1, '回答') RETURNING id`,
      [qq!.id],
    );
    await moderation.moderatePost({ userId: moderator.id }, 'review', Number(r!.id), 'hide');
    await moderation.moderatePost({ userId: moderator.id }, 'answer', Number(a!.id), 'hide');
    await moderation.moderatePost({ userId: moderator.id }, 'question', Number(qq!.id), 'keep');
    expect(tests).toHaveLength(2);
    const [review, answer] = tests as [(u: string) => boolean, (u: string) => boolean];
    expect(review(`/rabbit/v1/comment/list?estateId=${estateId}&sort=new`)).toBe(true);
    expect(review(`/605/house-comments/${estateId}`)).toBe(true);
    expect(review(`/rabbit/v1/inform/target?targetType=review&targetId=${r!.id}`)).toBe(true);
    expect(review('/605/house-resold')).toBe(false);
    expect(answer(`/qa-detail/${qq!.id}`)).toBe(true);
    expect(answer(`/605/qa-list/${estateId}`)).toBe(true);
    expect(answer('/605/house-resold')).toBe(false);
  });
});

describe('tickets', () => {
  it('delists a listing reported as fake: data_correction, audit, notices to every reporter, off the on-sale list', async () => {
    const [l] = await q<{ id: number }>(
      `SELECT id FROM listing WHERE estate_id = $1 AND status = 'on_sale' ORDER BY id LIMIT 1`,
      [estateId],
    );
    const listingId = Number(l!.id);
    const onSale = async () => {
      const res = await get(`house/listing/detail?propertyId=${listingId}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { body: { listing: { onSale: boolean } } }).body.listing.onSale;
    };
    expect(await onSale()).toBe(true);
    const [a, b] = [await poster(), await poster()];
    const ta = await report(a, 'listing', listingId, 'fake_listing', '<script>alert(1)</script>');
    const tb = await report(b, 'listing', listingId, 'sold_or_stale');

    const open = bodyOf<ModerationTicketsBody>(await get('ops/moderation/tickets', moderator.headers));
    const row = open.list.find((t) => t.id === ta.id)!;
    expect(row.actions).toContain('delist');
    expect(row.sameTarget).toBe(2);
    expect(row.reporter).toBe(`${a.mobile.slice(0, 3)}****${a.mobile.slice(7)}`);
    expect(row.description).toBe('<script>alert(1)</script>');
    // oldest first
    const ids = open.list.map((t) => t.id);
    expect(ids.indexOf(ta.id)).toBeLessThan(ids.indexOf(tb.id));

    expectFail(
      await post(
        'ops/moderation/resolve',
        { ticketId: ta.id, action: 'estate_field', note: '已下架' },
        moderator.headers,
      ),
      400,
      INFORM_MESSAGES.actionNotApplicable,
    );
    const done = bodyOf<ModerationDecisionBody>(
      await post(
        'ops/moderation/resolve',
        { ticketId: ta.id, action: 'delist', note: '经核实为虚假房源，已下架' },
        moderator.headers,
      ),
    );
    expect(done.handled).toBe(2);
    expect(done.ticket.status).toBe('resolved');
    const [after] = await q<{ status: string; ended_at: string | null }>(
      `SELECT status, ended_at::text FROM listing WHERE id = $1`,
      [listingId],
    );
    expect(after!.status).toBe('delisted');
    expect(after!.ended_at).not.toBeNull();
    const [c] = await q<{ field: string; old_value: unknown; new_value: unknown; applied_by: number }>(
      `SELECT field, old_value, new_value, applied_by FROM data_correction WHERE ticket_id = $1`,
      [ta.id],
    );
    expect(c).toEqual({ field: 'status', old_value: 'on_sale', new_value: 'delisted', applied_by: moderator.id });
    const [audit] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'inform.resolve' AND target_id = $1`,
      [String(listingId)],
    );
    expect(audit!.n).toBe(1);
    for (const [user, t] of [
      [a, ta],
      [b, tb],
    ] as const) {
      const [m] = await q<{ title: string; content: string }>(
        `SELECT title, content FROM messages WHERE user_id = $1 AND dedupe_key = $2`,
        [user.id, `inform:${t.id}`],
      );
      expect(m!.title).toBe('您的纠错已处理');
      expect(m!.content).toContain('经核实为虚假房源，已下架');
    }
    // the listing page says it is gone
    expect(await onSale()).toBe(false);
    // handled twice → 409
    expectFail(
      await post('ops/moderation/resolve', { ticketId: tb.id, action: 'none', note: '重复' }, moderator.headers),
      409,
      INFORM_MESSAGES.ticketHandled,
    );
    const handled = bodyOf<ModerationTicketsBody>(await get('ops/moderation/tickets?state=handled', moderator.headers));
    expect(handled.list.some((t) => t.id === ta.id && t.handledBy !== null)).toBe(true);
  });

  it('corrects a listing’s price (unit price recomputed) and an estate’s fact; rejects a report', async () => {
    const [l] = await q<{ id: number; area: number }>(
      `SELECT id, area FROM listing WHERE estate_id = $1 AND status = 'on_sale' ORDER BY id DESC LIMIT 1`,
      [estateId],
    );
    const user = await poster();
    const t1 = await report(user, 'listing', Number(l!.id), 'wrong_price');
    expectFail(
      await post(
        'ops/moderation/resolve',
        { ticketId: t1.id, action: 'price', value: 'abc', note: '已更正' },
        moderator.headers,
      ),
      400,
      INFORM_MESSAGES.valueInvalid,
    );
    bodyOf(
      await post(
        'ops/moderation/resolve',
        { ticketId: t1.id, action: 'price', value: '321.5', note: '已更正价格' },
        moderator.headers,
      ),
    );
    const [p] = await q<{ total_price: number; unit_price: number }>(
      `SELECT total_price, unit_price FROM listing WHERE id = $1`,
      [l!.id],
    );
    expect(p!.total_price).toBe(3_215_000);
    expect(p!.unit_price).toBe(Math.round(3_215_000 / Number(l!.area)));

    const t2 = await report(user, 'estate', estateId, 'wrong_estate_facts', '建成年代不对');
    expectFail(
      await post(
        'ops/moderation/resolve',
        { ticketId: t2.id, action: 'estate_field', field: 'name', value: 'x', note: '已更正' },
        moderator.headers,
      ),
      400,
      INFORM_MESSAGES.fieldUnknown,
    );
    expectFail(
      await post(
        'ops/moderation/resolve',
        { ticketId: t2.id, action: 'estate_field', field: 'build_year', value: '1800', note: '已更正' },
        moderator.headers,
      ),
      400,
      INFORM_MESSAGES.valueInvalid,
    );
    bodyOf(
      await post(
        'ops/moderation/resolve',
        { ticketId: t2.id, action: 'estate_field', field: 'build_year', value: '2008', note: '建成年代已更正为2008年' },
        moderator.headers,
      ),
    );
    const [e] = await q<{ build_year: number }>(`SELECT build_year FROM estate WHERE id = $1`, [estateId]);
    expect(e!.build_year).toBe(2008);
    const facts = await get(`house/detail?houseId=${estateId}`);
    expect(facts.statusCode, facts.body).toBe(200);
    expect(facts.body).toContain('2008');

    const t3 = await report(user, 'estate', estateId, 'other', '没问题');
    const rejected = bodyOf<ModerationDecisionBody>(
      await post('ops/moderation/reject', { ticketId: t3.id, reason: '经核实信息无误' }, moderator.headers),
    );
    expect(rejected.ticket.status).toBe('rejected');
    const [m] = await q<{ title: string }>(`SELECT title FROM messages WHERE user_id = $1 AND dedupe_key = $2`, [
      user.id,
      `inform:${t3.id}`,
    ]);
    expect(m!.title).toBe('您的纠错未被采纳');
    const [audit] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'inform.reject' AND actor_id = $1`,
      [moderator.id],
    );
    expect(audit!.n).toBe(1);
  });

  it('rejecting the only report of a post takes it out of the queue', async () => {
    const [qq] = await q<{ id: number }>(
      `INSERT INTO question (city_id, user_id, topic, title) VALUES (605, 1, 'other', '正常的问题内容') RETURNING id`,
    );
    const user = await poster();
    const t = await report(user, 'question', Number(qq!.id), 'abuse');
    bodyOf(await post('ops/moderation/reject', { ticketId: t.id, reason: '未发现违规' }, moderator.headers));
    const [row] = await q<{ flagged: boolean }>(`SELECT flagged FROM question WHERE id = $1`, [qq!.id]);
    expect(row!.flagged).toBe(false);
  });
});

// 小区点评 and 看房笔记 (issue 17) on the seeded small dataset: validation, one review per user and estate (a second
// add edits it), the summary recomputed on add/edit/delete, delete only one's own, idempotent likes with counts in
// step, replies, the owner relation, sensitive words (block and flag), the posting rate limit, and viewing notes
// truncated for visitors (cached) and in full for a signed-in viewer (no-store).
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMMUNITY_MESSAGES,
  NOTE_PREVIEW_CHARS,
  REVIEW_MESSAGES,
  type LikeBody,
  type NoteListBody,
  type ReviewAddBody,
  type ReviewDetailBody,
  type ReviewListBody,
  type ReviewMineBody,
} from '@fjt/domain';
import {
  expectFail,
  expectPersonalFail,
  personalBody,
  postMultipart,
  seededApp,
  signInAs,
  type SignedIn,
} from '../../testing.ts';

const seeded = seededApp();
const API = '/rabbit/v1';
type User = Pick<SignedIn, 'id' | 'token'>;

const get = (user: User | null, url: string) =>
  seeded.app.inject({ method: 'GET', url: `${API}/${url}`, headers: user ? { token: user.token } : {} });
const post = (user: User | null, url: string, payload: object) =>
  seeded.app.inject({ method: 'POST', url: `${API}/${url}`, payload, headers: user ? { token: user.token } : {} });
const q = <T>(text: string, params: unknown[] = []) => seeded.database.sql.query<T>(text, params);

/** A fresh user past the new-account cool-down. */
async function poster(): Promise<User> {
  const user = await signInAs(seeded.app);
  const res = await post(user, 'dev/community/age-account', {});
  expect(res.statusCode, res.body).toBe(200);
  return user;
}

const review = (estateId: number, over: Record<string, unknown> = {}) => ({
  estateId,
  overall: 4,
  traffic: 5,
  amenities: 4,
  property: 3,
  environment: 4,
  tags: ['交通便利', '采光好'],
  body: '小区整体不错，出门就有公交，物业反应有点慢。',
  relation: 'tenant',
  ...over,
});

const listOf = async (estateId: number, extra = '') => {
  const res = await get(null, `comment/list?estateId=${estateId}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: ReviewListBody }).body;
};

let estates: number[] = [];
beforeAll(async () => {
  // estates with no seeded review, so the counts below are ours alone
  estates = (
    await q<{ id: number }>(
      `SELECT id FROM estate e WHERE city_id = 605 AND NOT EXISTS (SELECT 1 FROM review r WHERE r.estate_id = e.id)
        ORDER BY id LIMIT 14`,
    )
  ).map((r) => r.id);
  expect(estates.length).toBeGreaterThanOrEqual(9);
});

describe('comment/add', () => {
  it('refuses a visitor, bad scores, tags, bodies and images with Chinese messages', async () => {
    const e = estates[0]!;
    expectPersonalFail(await post(null, 'comment/add', review(e)), 401, '请先登录');
    const user = await poster();
    expectPersonalFail(await post(user, 'comment/add', review(e, { overall: 6 })), 400, REVIEW_MESSAGES.score);
    expectPersonalFail(await post(user, 'comment/add', review(e, { traffic: 0 })), 400, REVIEW_MESSAGES.score);
    expectPersonalFail(await post(user, 'comment/add', review(e, { tags: ['好'] })), 400, REVIEW_MESSAGES.tagUnknown);
    expectPersonalFail(
      await post(
        user,
        'comment/add',
        review(e, { tags: ['近地铁', '交通便利', '商超齐全', '学区好', '安静', '绿化好'] }),
      ),
      400,
      REVIEW_MESSAGES.tagsMax,
    );
    expectPersonalFail(await post(user, 'comment/add', review(e, { body: '太短' })), 400, REVIEW_MESSAGES.bodyShort);
    expectPersonalFail(
      await post(user, 'comment/add', review(e, { body: '好'.repeat(501) })),
      400,
      REVIEW_MESSAGES.bodyLong,
    );
    expectPersonalFail(
      await post(user, 'comment/add', review(e, { images: ['https://evil.example/x.jpg'] })),
      400,
      COMMUNITY_MESSAGES.imageNotYours,
    );
    expectPersonalFail(
      await post(user, 'comment/add', review(e, { images: [`/img/u/${'a'.repeat(64)}.jpg`] })),
      400,
      COMMUNITY_MESSAGES.imageNotYours,
    );
    expectPersonalFail(await post(user, 'comment/add', review(99_999_999)), 404, REVIEW_MESSAGES.unknownEstate);
    expectPersonalFail(
      await post(user, 'comment/add', review(e, { relation: 'owner' })),
      403,
      REVIEW_MESSAGES.ownerOnly,
    );
    // nothing was stored
    expect((await listOf(e)).total).toBe(0);
  });

  it('refuses a banned user, and replies or likes on a deleted review', async () => {
    const e = estates[9]!;
    const banned = await poster();
    await q(`INSERT INTO user_ban (user_id, reason, banned_by) VALUES ($1, 'spam', 1)`, [banned.id]);
    expectPersonalFail(await post(banned, 'comment/add', review(e)), 403, COMMUNITY_MESSAGES.banned);
    expectPersonalFail(
      await post(banned, 'house/basic-info/notes/add', {
        estateId: e,
        title: '看房记录',
        body: '采光不错，小区环境安静，值得一看。',
      }),
      403,
      COMMUNITY_MESSAGES.banned,
    );
    const author = await poster();
    const other = await poster();
    const { review: r } = personalBody<ReviewAddBody>(await post(author, 'comment/add', review(e)));
    personalBody(await post(author, 'comment/delete', { targetType: 'review', id: r.id }));
    expectPersonalFail(
      await post(other, 'comment/reply', { reviewId: r.id, body: '请问停车方便吗？' }),
      404,
      COMMUNITY_MESSAGES.notFound,
    );
    expectPersonalFail(
      await post(other, 'comment/like', { targetType: 'review', id: r.id, like: true }),
      404,
      COMMUNITY_MESSAGES.notFound,
    );
  });

  it('refuses a new account (cool-down)', async () => {
    const fresh = await signInAs(seeded.app);
    expectPersonalFail(await post(fresh, 'comment/add', review(estates[0]!)), 403, COMMUNITY_MESSAGES.newAccount);
  });

  it('keeps one review per user and estate: a second add edits it; the summary follows add, edit and delete', async () => {
    const e = estates[1]!;
    const a = await poster();
    const b = await poster();
    const first = personalBody<ReviewAddBody>(await post(a, 'comment/add', review(e, { overall: 5 })));
    expect(first.created).toBe(true);
    let list = await listOf(e);
    expect(list.summary).toMatchObject({ count: 1, overall: 5, traffic: 5, amenities: 4, property: 3, environment: 4 });
    expect(list.summary.tags).toEqual([
      { tag: '交通便利', count: 1 },
      { tag: '采光好', count: 1 },
    ]);
    personalBody(await post(b, 'comment/add', review(e, { overall: 2, tags: ['采光好'] })));
    list = await listOf(e);
    expect(list.summary).toMatchObject({ count: 2, overall: 3.5 });
    expect(list.summary.tags[0]).toEqual({ tag: '采光好', count: 2 });

    const edited = personalBody<ReviewAddBody>(
      await post(a, 'comment/add', review(e, { overall: 3, tags: [], body: '改一下：物业最近换了，服务变好了很多。' })),
    );
    expect(edited.created).toBe(false);
    expect(edited.review.id).toBe(first.review.id);
    expect(edited.review.updatedAt).not.toBeNull();
    list = await listOf(e);
    expect(list.total).toBe(2);
    expect(list.summary).toMatchObject({ count: 2, overall: 2.5 });
    expect(list.summary.tags).toEqual([{ tag: '采光好', count: 1 }]);
    expect(list.list.find((r) => r.id === first.review.id)!.body).toContain('物业最近换了');
    const [{ n } = { n: -1 }] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM review WHERE estate_id = $1 AND user_id = $2`,
      [e, a.id],
    );
    expect(n).toBe(1);

    // mine prefills the composer
    const mine = personalBody<ReviewMineBody>(await get(a, `comment/mine?estateId=${e}`));
    expect(mine.review?.id).toBe(first.review.id);
    expect(mine.ownerVerified).toBe(false);

    // delete: only one's own
    expectPersonalFail(
      await post(b, 'comment/delete', { targetType: 'review', id: first.review.id }),
      403,
      COMMUNITY_MESSAGES.notYours,
    );
    personalBody(await post(a, 'comment/delete', { targetType: 'review', id: first.review.id }));
    list = await listOf(e);
    expect(list.total).toBe(1);
    expect(list.summary).toMatchObject({ count: 1, overall: 2 });
    expectPersonalFail(
      await post(a, 'comment/delete', { targetType: 'review', id: first.review.id }),
      404,
      COMMUNITY_MESSAGES.notFound,
    );
    expectFail(await get(null, `comment/detail?id=${first.review.id}`), 404, COMMUNITY_MESSAGES.notFound);
    // writing again after deleting makes a new review of the same row
    const again = personalBody<ReviewAddBody>(await post(a, 'comment/add', review(e, { overall: 4 })));
    expect(again.created).toBe(true);
    expect(again.review.likeCount).toBe(0);
    expect((await listOf(e)).summary).toMatchObject({ count: 2, overall: 3 });
  });

  it('lets a verified owner write as 业主', async () => {
    const e = estates[2]!;
    const owner = await poster();
    await q(
      `INSERT INTO owner_verification (user_id, estate_id, building, room, declaration_version, created_at)
       VALUES ($1, $2, '1幢', '101', 'v1', now())`,
      [owner.id, e],
    );
    const body = personalBody<ReviewAddBody>(await post(owner, 'comment/add', review(e, { relation: 'owner' })));
    expect(body.review.relation).toBe('owner');
    expect(personalBody<ReviewMineBody>(await get(owner, `comment/mine?estateId=${e}`)).ownerVerified).toBe(true);
  });

  it('refuses blocked words, flags flag words (kept visible), masks phone numbers', async () => {
    const e = estates[3]!;
    const user = await poster();
    expectPersonalFail(
      await post(user, 'comment/add', review(e, { body: '小区旁边有人搞网络赌博，大家小心一点。' })),
      400,
      COMMUNITY_MESSAGES.blockedWords,
    );
    const flagged = personalBody<ReviewAddBody>(
      await post(user, 'comment/add', review(e, { body: '想了解房源的私聊我，电话13812345678随时联系。' })),
    );
    expect(flagged.flagged).toBe(true);
    expect(flagged.review.body).not.toContain('13812345678');
    const [row] = await q<{ flagged: boolean; status: string }>(`SELECT flagged, status FROM review WHERE id = $1`, [
      flagged.review.id,
    ]);
    expect(row).toEqual({ flagged: true, status: 'visible' });
  });

  it("keeps my uploaded pictures, refuses another user's", async () => {
    const e = estates[8]!;
    const author = await poster();
    const other = await poster();
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 9, g: 99, b: 199 } } })
      .png()
      .toBuffer();
    const up = await postMultipart(seeded.app, `${API}/upload/image?purpose=review`, png, {
      headers: { token: author.token },
    });
    expect(up.statusCode, up.body).toBe(200);
    const url = (up.json() as { body: { url: string } }).body.url;
    expectPersonalFail(
      await post(other, 'comment/add', review(e, { images: [url] })),
      400,
      COMMUNITY_MESSAGES.imageNotYours,
    );
    expectPersonalFail(
      await post(author, 'comment/add', review(e, { images: [url, url, url, url] })),
      400,
      COMMUNITY_MESSAGES.tooManyImages,
    );
    const added = personalBody<ReviewAddBody>(await post(author, 'comment/add', review(e, { images: [url] })));
    expect(added.review.images).toEqual([url]);
  });

  it('stores script and markup as plain text', async () => {
    const e = estates[4]!;
    const user = await poster();
    const body = '<script>alert(1)</script><img src=x onerror=alert(1)> javascript:alert(1) 小区不错';
    const added = personalBody<ReviewAddBody>(await post(user, 'comment/add', review(e, { body })));
    expect(added.review.body).toBe(body);
  });
});

describe('replies, likes and the rate limit', () => {
  it('replies, likes idempotently with counts in step, deletes only own replies', async () => {
    const e = estates[5]!;
    const author = await poster();
    const other = await poster();
    const { review: r } = personalBody<ReviewAddBody>(await post(author, 'comment/add', review(e)));

    expectPersonalFail(await post(other, 'comment/reply', { reviewId: r.id, body: '' }), 400, COMMUNITY_MESSAGES.empty);
    expectPersonalFail(
      await post(other, 'comment/reply', { reviewId: r.id, body: '长'.repeat(201) }),
      400,
      REVIEW_MESSAGES.replyLong,
    );
    expectPersonalFail(
      await post(other, 'comment/reply', { reviewId: 99_999_999, body: '请问停车方便吗' }),
      404,
      COMMUNITY_MESSAGES.notFound,
    );
    const reply = personalBody<{ reply: { id: number } }>(
      await post(other, 'comment/reply', { reviewId: r.id, body: '请问停车方便吗？' }),
    ).reply;
    let detail = (await get(null, `comment/detail?id=${r.id}`)).json().body as ReviewDetailBody;
    expect(detail.review.replyCount).toBe(1);
    expect(detail.replies.list.map((x) => x.body)).toEqual(['请问停车方便吗？']);

    // likes: twice counts once; unlike twice counts once
    for (let i = 0; i < 2; i++) {
      expect(
        personalBody<LikeBody>(await post(other, 'comment/like', { targetType: 'review', id: r.id, like: true })),
      ).toEqual({ liked: true, likeCount: 1 });
    }
    expect(
      personalBody<LikeBody>(await post(author, 'comment/like', { targetType: 'review', id: r.id, like: true })),
    ).toEqual({ liked: true, likeCount: 2 });
    for (let i = 0; i < 2; i++) {
      expect(
        personalBody<LikeBody>(await post(other, 'comment/like', { targetType: 'review', id: r.id, like: false })),
      ).toEqual({ liked: false, likeCount: 1 });
    }
    expect(
      personalBody<LikeBody>(
        await post(author, 'comment/like', { targetType: 'review_reply', id: reply.id, like: true }),
      ),
    ).toEqual({ liked: true, likeCount: 1 });
    const mine = personalBody<ReviewMineBody>(await get(author, `comment/mine?estateId=${e}&reviewId=${r.id}`));
    expect(mine.likedReviews).toEqual([r.id]);
    expect(mine.likedReplies).toEqual([reply.id]);
    expectPersonalFail(await post(null, 'comment/like', { targetType: 'review', id: r.id }), 401);
    expectPersonalFail(await post(other, 'comment/like', { targetType: 'review', id: 99_999_999 }), 404);
    expectPersonalFail(await post(other, 'comment/like', { targetType: 'question', id: r.id }), 400);

    expectPersonalFail(
      await post(author, 'comment/delete', { targetType: 'review_reply', id: reply.id }),
      403,
      COMMUNITY_MESSAGES.notYours,
    );
    personalBody(await post(other, 'comment/delete', { targetType: 'review_reply', id: reply.id }));
    detail = (await get(null, `comment/detail?id=${r.id}`)).json().body as ReviewDetailBody;
    expect(detail.review.replyCount).toBe(0);
    expect(detail.replies.total).toBe(0);
  });

  it('refuses the sixth post in a burst (429), across kinds', async () => {
    const e = estates[6]!;
    const user = await poster();
    const { review: r } = personalBody<ReviewAddBody>(await post(user, 'comment/add', review(e)));
    for (let i = 0; i < 4; i++) {
      personalBody(await post(user, 'comment/reply', { reviewId: r.id, body: `补充第${i + 1}条` }));
    }
    expectPersonalFail(
      await post(user, 'comment/reply', { reviewId: r.id, body: '再补充一条' }),
      429,
      COMMUNITY_MESSAGES.rateLimited,
    );
  });

  it('sorts and filters the list by tag', async () => {
    const e = estates[7]!;
    const a = await poster();
    const b = await poster();
    personalBody(await post(a, 'comment/add', review(e, { overall: 2, tags: ['停车难'] })));
    personalBody(await post(b, 'comment/add', review(e, { overall: 5, tags: ['安静'] })));
    expect((await listOf(e, '&sort=score_high')).list.map((r) => r.overall)).toEqual([5, 2]);
    expect((await listOf(e, '&sort=score_low')).list.map((r) => r.overall)).toEqual([2, 5]);
    expect((await listOf(e, `&tag=${encodeURIComponent('安静')}`)).list.map((r) => r.overall)).toEqual([5]);
    expectFail(await get(null, `comment/list?estateId=${e}&sort=best`), 400);
    expectFail(await get(null, `comment/list?estateId=${e}&tag=x`), 400, REVIEW_MESSAGES.tagUnknown);
    expectFail(await get(null, `comment/list?estateId=abc`), 400);
    expectFail(await get(null, `comment/list?estateId=99999999`), 404, REVIEW_MESSAGES.unknownEstate);
  });
});

describe('house/basic-info/notes', () => {
  let estateId = 0;
  beforeAll(async () => {
    [{ id: estateId } = { id: 0 }] = await q<{ id: number }>(
      `SELECT id FROM estate WHERE city_id = 605 ORDER BY id DESC LIMIT 1`,
    );
  });

  it('gives a visitor previews (cacheable) and a signed-in viewer the full text (no-store)', async () => {
    const writer = await poster();
    const body =
      '南北通透，客厅采光很好，楼下是小区花园，晚上很安静。卫生间有点小，厨房是老式的需要重新装修。整体性价比不错，适合刚需自住，周边菜场和超市步行五分钟。';
    expect([...body].length).toBeGreaterThan(NOTE_PREVIEW_CHARS);
    const added = personalBody<{ note: { id: number; body: string } }>(
      await post(writer, 'house/basic-info/notes/add', {
        estateId,
        title: '周末看房记录',
        body,
        highlights: { daylight: '好', noise: '好', layout: '中' },
      }),
    );
    expect(added.note.body).toBe(body);

    const visitor = await get(null, `house/basic-info/notes?estateId=${estateId}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).not.toBe('no-store');
    const preview = (visitor.json() as { body: NoteListBody }).body;
    expect(preview.full).toBe(false);
    const mineAsVisitor = preview.list.find((n) => n.id === added.note.id)!;
    expect(mineAsVisitor.truncated).toBe(true);
    expect([...mineAsVisitor.body].length).toBe(NOTE_PREVIEW_CHARS);
    expect(mineAsVisitor.liked).toBeNull();
    expect(mineAsVisitor.highlights.map((h) => `${h.label}${h.grade}`)).toEqual(['采光好', '噪音好', '户型中']);

    const reader = await signInAs(seeded.app);
    const full = personalBody<NoteListBody>(await get(reader, `house/basic-info/notes?estateId=${estateId}`));
    expect(full.full).toBe(true);
    const note = full.list.find((n) => n.id === added.note.id)!;
    expect(note).toMatchObject({ body, truncated: false, liked: false });

    // ?noteId focuses one note
    const focus = personalBody<NoteListBody>(
      await get(reader, `house/basic-info/notes?estateId=${estateId}&noteId=${added.note.id}`),
    );
    expect(focus.focus?.id).toBe(added.note.id);

    // the city's latest
    const city = (await get(null, `house/basic-info/notes?cityId=605`)).json().body as NoteListBody;
    expect(city.estate).toBeNull();
    expect(city.list.length).toBeGreaterThan(0);
    expect(city.list.every((n) => n.viewedAt >= city.list.at(-1)!.viewedAt)).toBe(true);
    expectFail(await get(null, `house/basic-info/notes`), 400, REVIEW_MESSAGES.noteScope);

    // likes are idempotent
    for (let i = 0; i < 2; i++) {
      expect(
        personalBody<LikeBody>(await post(reader, 'house/basic-info/notes/like', { id: added.note.id, like: true })),
      ).toEqual({ liked: true, likeCount: 1 });
    }
    const liked = personalBody<NoteListBody>(await get(reader, `house/basic-info/notes?estateId=${estateId}`));
    expect(liked.list.find((n) => n.id === added.note.id)!.liked).toBe(true);
  });

  it('validates a note and refuses a visitor', async () => {
    const user = await poster();
    const base = { estateId, title: '看房记录', body: '采光不错，小区环境安静，值得一看。' };
    expectPersonalFail(await post(null, 'house/basic-info/notes/add', base), 401);
    expectPersonalFail(
      await post(user, 'house/basic-info/notes/add', { ...base, body: '太短了' }),
      400,
      REVIEW_MESSAGES.noteBodyShort,
    );
    expectPersonalFail(
      await post(user, 'house/basic-info/notes/add', { ...base, highlights: { daylight: '很好' } }),
      400,
    );
    expectPersonalFail(
      await post(user, 'house/basic-info/notes/add', { ...base, viewedAt: '2999-01-01' }),
      400,
      REVIEW_MESSAGES.viewedAt,
    );
  });
});

describe('the seeded reviews and notes', () => {
  it('agree with the estates: tags, traffic scores, summaries, dates', async () => {
    const [{ n } = { n: 0 }] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM review WHERE user_id >= 1000000000`,
    );
    expect(n).toBeGreaterThan(50);
    // '近地铁' only where the estate has the tag; '房龄老' only before 2000
    const wrong = await q<{ id: number }>(
      `SELECT r.id FROM review r JOIN estate e ON e.id = r.estate_id
        WHERE r.user_id >= 1000000000
          AND ((r.tags ? '近地铁' AND NOT ('近地铁' = ANY(e.tags)))
            OR (r.tags ? '房龄老' AND NOT (e.build_year < 2000)))`,
    );
    expect(wrong).toEqual([]);
    // every seeded summary is what recomputing from the rows gives
    const off = await q<{ estate_id: number }>(
      `SELECT s.estate_id FROM review_summary s
         JOIN (SELECT estate_id, count(*)::int AS c, sum(overall)::int AS o, sum(traffic)::int AS t
                 FROM review WHERE status = 'visible' GROUP BY estate_id) r ON r.estate_id = s.estate_id
        WHERE s.count <> r.c OR s.overall_sum <> r.o OR s.traffic_sum <> r.t`,
    );
    expect(off).toEqual([]);
    // notes: viewed by today (China's day, as the service checks; the database's current_date is UTC's, a day behind
    // from 16:00 UTC, when a note the file added for China's today counted as future), agents' notes by an agent of
    // the estate
    const notes = await q<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM viewing_note v
        WHERE v.viewed_at > (now() AT TIME ZONE 'UTC' + interval '8 hours')::date
           OR (v.author_type = 'agent' AND NOT EXISTS
                (SELECT 1 FROM agent_estate ae WHERE ae.agent_id = v.agent_id AND ae.estate_id = v.estate_id))`,
    );
    expect(notes[0]!.bad).toBe(0);
    // a review body names only the estate's own station
    const [sample] = await q<{ body: string; station: string | null }>(
      `SELECT r.body, s.name AS station FROM review r JOIN estate e ON e.id = r.estate_id
         LEFT JOIN metro_station s ON s.id = e.nearest_station_id
        WHERE r.user_id >= 1000000000 AND r.body LIKE '%站%' LIMIT 1`,
    );
    if (sample?.station) expect(sample.body).toContain(sample.station);
  });
});

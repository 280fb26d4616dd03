// 订阅与收藏 (issue 11) on the seeded small dataset: every endpoint with bad input, visitors (401), idempotent
// add/remove, the GET estate-subscribe/add header rule, targets that must exist, the estate rows' figures (the same
// as the estate's own page), paging, and two users who never see or remove each other's rows.
// PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { CollectEstateList, CollectFollowList } from '@fjt/domain';
import { expectPersonalFail, personalBody, seededApp, signInAs, type SignedIn } from '../../testing.ts';
import { CSRF_REFUSED } from '../../plugins/session.ts';
import { FOLLOW_SELF } from './service.ts';

const seeded = seededApp();
const ORIGIN = 'http://localhost:3000';
const API = '/rabbit/v1';

type User = Pick<SignedIn, 'id' | 'token'>;

/** A new user; calls send its token in the `token` header, as the app does. */
const signIn = (): Promise<User> => signInAs(seeded.app);

const as = (user: User | null, extra: Partial<InjectOptions> = {}) => ({
  ...extra,
  headers: { ...(user ? { token: user.token } : {}), ...(extra.headers as Record<string, string> | undefined) },
});
const get = (user: User | null, url: string, headers: Record<string, string> = {}) =>
  seeded.app.inject({ method: 'GET', url: `${API}/${url}`, ...as(user, { headers }) });
const post = (user: User | null, url: string, payload: unknown) =>
  seeded.app.inject({ method: 'POST', url: `${API}/${url}`, payload: payload as object, ...as(user) });

const bodyOf = personalBody;
const expectFail = expectPersonalFail;

const ids = { estates: [] as number[], listing: 0, plate: 0, project: 0 };

beforeAll(async () => {
  const q = <T>(text: string) => seeded.database.sql.query<T>(text);
  ids.estates = (await q<{ id: number }>(`SELECT id FROM estate WHERE city_id = 605 ORDER BY id LIMIT 25`)).map(
    (r) => r.id,
  );
  ids.listing = (await q<{ id: number }>(`SELECT id FROM listing ORDER BY id LIMIT 1`))[0]!.id;
  ids.plate = (await q<{ id: number }>(`SELECT id FROM plate WHERE city_id = 605 ORDER BY id LIMIT 1`))[0]!.id;
  ids.project = (await q<{ id: number }>(`SELECT id FROM new_house_project ORDER BY id LIMIT 1`))[0]!.id;
});

const subsCount = async (userId: number) =>
  (
    await seeded.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM subscriptions WHERE user_id = $1`, [
      userId,
    ])
  )[0]!.n;

describe('visitors', () => {
  it('get 401 请先登录 from every endpoint, whatever the input', async () => {
    const estateId = ids.estates[0];
    const calls: [string, string, unknown?][] = [
      ['GET', `message/message-center/estate-subscribe/check?estateId=${estateId}`],
      ['GET', `message/message-center/estate-subscribe/add?estateId=${estateId}`],
      ['POST', 'message/message-center/estate-subscribe/add', { estateId }],
      ['POST', 'message/message-center/estate-subscribe/del', { estateId }],
      ['GET', 'user/getsubHouseList?page=1'],
      ['GET', 'user/getFavorEstateList'],
      ['GET', 'user/getSubsAuthorsList'],
      ['GET', 'user/getArticleFollowList?page=abc'],
      ['POST', 'subscribe/author', { authorId: 1 }],
      ['POST', 'subscribe/subs-cancel', { targetType: 'estate', targetId: estateId }],
      ['POST', 'subscribe/delete', { ids: [1] }],
      ['GET', `subscribe/check?targetType=plate&targetId=${ids.plate}`],
      ['POST', 'subscribe/add', { targetType: 'plate', targetId: ids.plate }],
      ['GET', `user/favor/check?targetType=estate&targetId=${estateId}`],
      ['POST', 'user/favor/add', { targetType: 'listing', targetId: ids.listing }],
      ['POST', 'user/favor/del', {}],
    ];
    for (const [method, url, payload] of calls) {
      const res =
        method === 'GET' ? await get(null, url, { 'x-requested-with': 'fetch' }) : await post(null, url, payload ?? {});
      expectFail(res, 401, '请先登录');
    }
    // a forged token is a visitor too
    expectFail(await get({ id: 0, token: 'x'.repeat(64) }, 'user/getsubHouseList'), 401, '请先登录');
  });
});

describe('estate-subscribe check / add / del', () => {
  it('subscribes once however often it is asked, and unsubscribes idempotently', async () => {
    const user = await signIn();
    const estateId = ids.estates[0]!;
    const check = () => get(user, `message/message-center/estate-subscribe/check?estateId=${estateId}`);
    expect(bodyOf(await check())).toEqual({ subscribed: false, muted: false });
    for (let i = 0; i < 3; i++) {
      const res = await get(user, `message/message-center/estate-subscribe/add?estateId=${estateId}`);
      expect(bodyOf(res)).toEqual({ subscribed: true, muted: false });
    }
    expect(bodyOf(await post(user, 'message/message-center/estate-subscribe/add', { estateId }))).toEqual({
      subscribed: true,
      muted: false,
    });
    expect(await subsCount(user.id)).toBe(1);
    expect(bodyOf(await check())).toEqual({ subscribed: true, muted: false });
    for (let i = 0; i < 2; i++) {
      const res = await post(user, 'message/message-center/estate-subscribe/del', { estateId });
      expect(bodyOf(res)).toEqual({ subscribed: false, muted: false });
    }
    expect(await subsCount(user.id)).toBe(0);
    expect(bodyOf(await check())).toEqual({ subscribed: false, muted: false });
  });

  it('GET add needs x-requested-with or the token header: a plain cookie GET (a link, an <img>) is refused', async () => {
    const user = await signIn();
    const estateId = ids.estates[1]!;
    // the web session as a cookie: the same token works as the cookie value
    const cookie = { cookie: `fjt_session=${user.token}` };
    const url = `${API}/message/message-center/estate-subscribe/add?estateId=${estateId}`;
    expectFail(await seeded.app.inject({ url, headers: cookie }), 403, CSRF_REFUSED);
    expect(await subsCount(user.id)).toBe(0);
    const ok = await seeded.app.inject({ url, headers: { ...cookie, 'x-requested-with': 'fetch' } });
    expect(bodyOf(ok)).toEqual({ subscribed: true, muted: false });
    // the app's token header alone is enough
    const other = await signIn();
    expect(bodyOf(await seeded.app.inject({ url, headers: { token: other.token } }))).toMatchObject({
      subscribed: true,
    });
    // a cookie POST from another site is refused by the session's origin check; from our origin it works
    const del = `${API}/message/message-center/estate-subscribe/del`;
    const payload = { estateId };
    expectFail(
      await seeded.app.inject({
        method: 'POST',
        url: del,
        payload,
        headers: { ...cookie, origin: 'https://evil.example' },
      }),
      403,
      CSRF_REFUSED,
    );
    const res = await seeded.app.inject({ method: 'POST', url: del, payload, headers: { ...cookie, origin: ORIGIN } });
    expect(bodyOf(res)).toEqual({ subscribed: false, muted: false });
  });

  it('answers 404 for an unknown estate and 400 for a bad id', async () => {
    const user = await signIn();
    expectFail(await get(user, 'message/message-center/estate-subscribe/check?estateId=2000000000'), 404, '小区不存在');
    expectFail(
      await get(user, 'message/message-center/estate-subscribe/add?estateId=2000000000', {
        'x-requested-with': 'fetch',
      }),
      404,
      '小区不存在',
    );
    expectFail(await post(user, 'message/message-center/estate-subscribe/add', { estateId: 2_000_000_000 }), 404);
    for (const bad of ['', 'abc', '0', '-1', '1.5', '99999999999', '0x10']) {
      expectFail(await get(user, `message/message-center/estate-subscribe/check?estateId=${bad}`), 400);
    }
    expectFail(await get(user, 'message/message-center/estate-subscribe/check'), 400);
    for (const bad of [{}, { estateId: 'x' }, { estateId: -3 }, { estateId: 1.5 }, { estateId: null }]) {
      expectFail(await post(user, 'message/message-center/estate-subscribe/del', bad), 400);
      expectFail(await post(user, 'message/message-center/estate-subscribe/add', bad), 400);
    }
    expect(await subsCount(user.id)).toBe(0);
  });
});

describe('user/getsubHouseList', () => {
  it("lists subscribed estates newest first, 20 a page, with the figures of the estate's page", async () => {
    const user = await signIn();
    const chosen = ids.estates.slice(0, 21);
    for (const estateId of chosen) {
      bodyOf(await post(user, 'message/message-center/estate-subscribe/add', { estateId }));
    }
    // created_at may tie within a fast loop: id breaks the tie, so newest first is the reverse order of adding
    const first = bodyOf<CollectEstateList>(await get(user, 'user/getsubHouseList'));
    expect(first).toMatchObject({ total: 21, page: 1, size: 20 });
    expect(first.list.map((r) => r.id)).toEqual([...chosen].reverse().slice(0, 20));
    const second = bodyOf<CollectEstateList>(await get(user, 'user/getsubHouseList?page=2'));
    expect(second.list.map((r) => r.id)).toEqual([chosen[0]]);
    expect(bodyOf<CollectEstateList>(await get(user, 'user/getsubHouseList?page=3')).list).toEqual([]);

    let withFigures = 0;
    for (const row of first.list.slice(0, 8)) {
      const page = await get(null, `house/basic-info?houseId=${row.id}`);
      expect(page.statusCode).toBe(200);
      const info = (page.json() as { body: Record<string, unknown> }).body;
      expect(row).toMatchObject({
        cityId: info.cityId,
        name: info.name,
        districtName: info.districtName,
        plateName: info.plateName,
        month: info.month,
        listingAvg: info.listingAvg,
        listingMom: info.listingMom,
        dealAvg: info.dealAvg,
        dealMom: info.dealMom,
        muted: false,
      });
      expect(row.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      if (row.listingAvg !== null) withFigures++;
    }
    expect(withFigures).toBeGreaterThan(0);
  });

  it('refuses a bad page', async () => {
    const user = await signIn();
    for (const bad of ['0', '-1', 'x', '1.5', '99999999']) {
      expectFail(await get(user, `user/getsubHouseList?page=${bad}`), 400);
      expectFail(await get(user, `user/getFavorEstateList?page=${bad}`), 400);
      expectFail(await get(user, `user/getSubsAuthorsList?page=${bad}`), 400);
      expectFail(await get(user, `user/getArticleFollowList?page=${bad}`), 400);
    }
  });
});

describe('favourites', () => {
  it('favours an estate and a listing idempotently; only estates are listed by getFavorEstateList', async () => {
    const user = await signIn();
    const estateId = ids.estates[2]!;
    const check = (type: string, id: number) => get(user, `user/favor/check?targetType=${type}&targetId=${id}`);
    expect(bodyOf(await check('estate', estateId))).toEqual({ favored: false });
    for (let i = 0; i < 2; i++) {
      expect(bodyOf(await post(user, 'user/favor/add', { targetType: 'estate', targetId: estateId }))).toEqual({
        favored: true,
      });
      expect(bodyOf(await post(user, 'user/favor/add', { targetType: 'listing', targetId: ids.listing }))).toEqual({
        favored: true,
      });
    }
    expect(bodyOf(await check('estate', estateId))).toEqual({ favored: true });
    expect(bodyOf(await check('listing', ids.listing))).toEqual({ favored: true });
    const list = bodyOf<CollectEstateList>(await get(user, 'user/getFavorEstateList'));
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ id: estateId, cityId: 605, muted: false });
    // a favourite is not a subscription
    expect(bodyOf<CollectEstateList>(await get(user, 'user/getsubHouseList')).total).toBe(0);
    for (let i = 0; i < 2; i++) {
      expect(bodyOf(await post(user, 'user/favor/del', { targetType: 'listing', targetId: ids.listing }))).toEqual({
        favored: false,
      });
    }
    expect(bodyOf(await check('listing', ids.listing))).toEqual({ favored: false });
    expect(bodyOf(await check('estate', estateId))).toEqual({ favored: true });
  });

  it('refuses unknown targets and bad input', async () => {
    const user = await signIn();
    expectFail(
      await post(user, 'user/favor/add', { targetType: 'listing', targetId: 2_000_000_000 }),
      404,
      '房源不存在',
    );
    expectFail(
      await post(user, 'user/favor/add', { targetType: 'estate', targetId: 2_000_000_000 }),
      404,
      '小区不存在',
    );
    expectFail(await get(user, 'user/favor/check?targetType=listing&targetId=2000000000'), 404, '房源不存在');
    for (const bad of [
      {},
      { targetType: 'plate', targetId: ids.plate },
      { targetType: 'estate' },
      { targetType: 'estate', targetId: 'abc' },
      { targetType: ['estate'], targetId: 1 },
    ]) {
      expectFail(await post(user, 'user/favor/add', bad), 400);
      expectFail(await post(user, 'user/favor/del', bad), 400);
    }
    expectFail(await get(user, 'user/favor/check?targetType=author&targetId=1'), 400);
    expectFail(await get(user, 'user/favor/check?targetType=estate'), 400);
  });
});

describe('subscribe/add and subscribe/check (plates and projects)', () => {
  it('subscribes a plate and a project, cancelled with subs-cancel', async () => {
    const user = await signIn();
    for (const [type, id] of [
      ['plate', ids.plate],
      ['project', ids.project],
    ] as const) {
      const check = () => get(user, `subscribe/check?targetType=${type}&targetId=${id}`);
      expect(bodyOf(await check())).toEqual({ subscribed: false, muted: false });
      bodyOf(await post(user, 'subscribe/add', { targetType: type, targetId: id }));
      bodyOf(await post(user, 'subscribe/add', { targetType: type, targetId: id }));
      expect(bodyOf(await check())).toEqual({ subscribed: true, muted: false });
      bodyOf(await post(user, 'subscribe/subs-cancel', { targetType: type, targetId: id }));
      bodyOf(await post(user, 'subscribe/subs-cancel', { targetType: type, targetId: id }));
      expect(bodyOf(await check())).toEqual({ subscribed: false, muted: false });
    }
    expect(await subsCount(user.id)).toBe(0);
  });

  it('refuses unknown targets and other target types', async () => {
    const user = await signIn();
    expectFail(await post(user, 'subscribe/add', { targetType: 'plate', targetId: 2_000_000_000 }), 404, '板块不存在');
    expectFail(
      await post(user, 'subscribe/add', { targetType: 'project', targetId: 2_000_000_000 }),
      404,
      '楼盘不存在',
    );
    expectFail(await get(user, 'subscribe/check?targetType=plate&targetId=2000000000'), 404, '板块不存在');
    // estates and authors have their own endpoints
    expectFail(await post(user, 'subscribe/add', { targetType: 'estate', targetId: ids.estates[0] }), 400);
    expectFail(await post(user, 'subscribe/add', { targetType: 'author', targetId: user.id }), 400);
    expectFail(await get(user, 'subscribe/check?targetType=column&targetId=4'), 404, '专栏不存在');
    expectFail(await post(user, 'subscribe/subs-cancel', { targetType: 'building', targetId: 1 }), 400);
    expectFail(await post(user, 'subscribe/subs-cancel', { targetType: 'plate' }), 400);
    expect(await subsCount(user.id)).toBe(0);
  });
});

describe('authors and columns', () => {
  it('follows an existing user, never oneself; lists them with their nickname', async () => {
    const [me, author] = [await signIn(), await signIn()];
    await seeded.database.sql.query(`UPDATE users SET nickname = '楼市老王', avatar = 'a3' WHERE id = $1`, [author.id]);
    expectFail(await post(me, 'subscribe/author', { authorId: me.id }), 400, FOLLOW_SELF);
    expectFail(await post(me, 'subscribe/author', { authorId: 2_000_000_000 }), 404, '作者不存在');
    expectFail(await post(me, 'subscribe/author', { authorId: 'abc' }), 400);
    expectFail(await post(me, 'subscribe/author', {}), 400);
    for (let i = 0; i < 2; i++) {
      expect(bodyOf(await post(me, 'subscribe/author', { authorId: author.id }))).toEqual({
        subscribed: true,
        muted: false,
      });
    }
    const authors = bodyOf<CollectFollowList>(await get(me, 'user/getSubsAuthorsList'));
    expect(authors.total).toBe(1);
    expect(authors.list[0]).toMatchObject({
      targetType: 'author',
      targetId: author.id,
      name: '楼市老王',
      avatar: 'a3',
    });
    // a column id that is none of the article columns is listed by id with no name
    await seeded.database.sql.query(
      `INSERT INTO subscriptions (user_id, target_type, target_id) VALUES ($1, 'column', 77)`,
      [me.id],
    );
    const columns = bodyOf<CollectFollowList>(await get(me, 'user/getArticleFollowList'));
    expect(columns.list).toEqual([expect.objectContaining({ targetType: 'column', targetId: 77, name: null })]);
    bodyOf(await post(me, 'subscribe/subs-cancel', { targetType: 'author', targetId: author.id }));
    expect(bodyOf<CollectFollowList>(await get(me, 'user/getSubsAuthorsList')).total).toBe(0);
  });
});

describe('two users', () => {
  it("never see or delete each other's rows", async () => {
    const [a, b] = [await signIn(), await signIn()];
    const [e1, e2] = [ids.estates[3]!, ids.estates[4]!];
    bodyOf(await post(a, 'message/message-center/estate-subscribe/add', { estateId: e1 }));
    bodyOf(await post(a, 'user/favor/add', { targetType: 'estate', targetId: e1 }));
    bodyOf(await post(b, 'message/message-center/estate-subscribe/add', { estateId: e2 }));
    bodyOf(await post(b, 'subscribe/add', { targetType: 'plate', targetId: ids.plate }));

    const aList = bodyOf<CollectEstateList>(await get(a, 'user/getsubHouseList'));
    const bList = bodyOf<CollectEstateList>(await get(b, 'user/getsubHouseList'));
    expect(aList.list.map((r) => r.id)).toEqual([e1]);
    expect(bList.list.map((r) => r.id)).toEqual([e2]);
    expect(bodyOf<CollectEstateList>(await get(b, 'user/getFavorEstateList')).total).toBe(0);
    expect(bodyOf(await get(b, `message/message-center/estate-subscribe/check?estateId=${e1}`))).toEqual({
      subscribed: false,
      muted: false,
    });

    // A asks to delete B's rows (and one of their own): only A's goes
    const bIds = (
      await seeded.database.sql.query<{ id: number }>(`SELECT id FROM subscriptions WHERE user_id = $1`, [b.id])
    ).map((r) => r.id);
    expect(bIds).toHaveLength(2);
    expect(bodyOf(await post(a, 'subscribe/delete', { ids: bIds }))).toEqual({ deleted: 0 });
    expect(await subsCount(b.id)).toBe(2);
    // subs-cancel of B's target by A touches nothing of B's
    bodyOf(await post(a, 'subscribe/subs-cancel', { targetType: 'estate', targetId: e2 }));
    bodyOf(await post(a, 'message/message-center/estate-subscribe/del', { estateId: e2 }));
    expect(await subsCount(b.id)).toBe(2);
    expect(
      bodyOf(await post(a, 'subscribe/delete', { ids: [...bIds, aList.list[0]!.recordId, aList.list[0]!.recordId] })),
    ).toEqual({
      deleted: 1,
    });
    expect(await subsCount(a.id)).toBe(0);
    expect(await subsCount(b.id)).toBe(2);
    // B deletes their own
    expect(bodyOf(await post(b, 'subscribe/delete', { ids: bIds }))).toEqual({ deleted: 2 });
    expect(await subsCount(b.id)).toBe(0);
  });

  it('subscribe/delete refuses bad ids', async () => {
    const user = await signIn();
    for (const bad of [{}, { ids: [] }, { ids: 'x' }, { ids: [0] }, { ids: ['abc'] }, { ids: Array(101).fill(1) }]) {
      expectFail(await post(user, 'subscribe/delete', bad), 400);
    }
  });
});

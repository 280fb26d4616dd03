// Member-only deal data (issue 12, PAGES.md §0 VIP mask): every endpoint that returns deal rows masks the 成交价
// and exact date of a deal that is not one of its estate's latest DEAL_FREE_ROWS for a visitor and a signed-in
// non-member, and shows everything to a member (made one through an exchange code, as a user would). With the
// response cache on, as deployed: a member's answer is never kept or served to a visitor, nor a visitor's
// answer to a member, in either order. PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { seedDatabase } from '@fjt/dataset';
import {
  DAY_MS,
  DEAL_FREE_ROWS,
  NON_MEMBER,
  type DealDetailBody,
  type DealHistoryBody,
  type DealListBody,
  type DealRow,
  type DealSearchBody,
  type EstateWeeklyBody,
} from '@fjt/domain';
import { buildApp } from '../../app.ts';
import { signInAs, type SignedIn } from '../../testing.ts';
import { createMembershipService } from '../membership/service.ts';
import { historyPosition, presentDealRow, presentWeekDeal } from '../estates/service.ts';
import { dealMasked } from './service.ts';

let database: TestDatabase;
let app: FastifyInstance;
let clock = Date.now();
const now = () => clock;

/** The 杭州 estate with the most deals, its deals newest first (the history's order) and its free ones. */
let estateId: number;
let cityId: number;
let history: { id: number; total_price: number; deal_date: string; rooms: number }[];
let freeIds: number[];
let visitor: SignedIn | null;
let plain: SignedIn;
let member: SignedIn;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database, { scale: 'small' });
  app = await buildApp({
    env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false, RESPONSE_CACHE_SECONDS: 600 },
    database,
    now,
  });
  await app.ready();
  const [top] = await database.sql.query<{ estate_id: number; city_id: number }>(
    `SELECT estate_id, min(city_id) AS city_id FROM deal WHERE city_id = 605
     GROUP BY estate_id ORDER BY count(*) DESC, estate_id LIMIT 1`,
  );
  estateId = top!.estate_id;
  cityId = top!.city_id;
  history = await database.sql.query(
    `SELECT id, total_price, to_char(deal_date, 'YYYY-MM-DD') AS deal_date, rooms FROM deal
     WHERE estate_id = $1 ORDER BY deal_date DESC, id DESC`,
    [estateId],
  );
  freeIds = history.slice(0, DEAL_FREE_ROWS).map((d) => d.id);
  visitor = null;
  plain = await signInAs(app);
  member = await signInAs(app);
  // a member the way a user becomes one without paying: a code made by operations, redeemed by the user
  const membership = createMembershipService(database.db, { now });
  const { codes } = await membership.createCodes({ count: 1, days: 30, validDays: 30, actorId: null });
  const redeemed = await app.inject({
    method: 'POST',
    url: '/rabbit/v1/promotion/exchange-vip',
    headers: member.headers,
    payload: { code: codes[0] },
  });
  expect(redeemed.statusCode, redeemed.body).toBe(200);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const ask = (path: string, who: SignedIn | null, headers: Record<string, string> = {}) =>
  app.inject({ url: `/rabbit/v1/${path}`, headers: { ...(who ? { cookie: who.headers.cookie! } : {}), ...headers } });

function bodyOf<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
}

const get = async <T>(path: string, who: SignedIn | null) => bodyOf<T>(await ask(path, who));

const priceOf = (id: number) => history.find((d) => d.id === id)!.total_price;
const dayOf = (id: number) => history.find((d) => d.id === id)!.deal_date;

/** A row as the rule wants it for a non-member: in full when free, else no prices and only the month. */
function expectNonMemberRow(row: DealRow, free: boolean) {
  if (free) {
    expect(row, `deal ${row.id}`).toMatchObject({ masked: false, dealDate: dayOf(row.id) });
    expect(row.totalPrice).toBe(priceOf(row.id));
  } else {
    expect(row, `deal ${row.id}`).toMatchObject({
      masked: true,
      totalPrice: null,
      unitPrice: null,
      listTotalPrice: null,
      bargainPct: null,
      dealDate: dayOf(row.id).slice(0, 7),
    });
  }
}

function expectMemberRow(row: DealRow) {
  expect(row, `deal ${row.id}`).toMatchObject({ masked: false, dealDate: dayOf(row.id) });
  expect(row.totalPrice).toBe(priceOf(row.id));
}

describe('dealMasked and presentDealRow', () => {
  const row = {
    id: 1,
    dealDate: '2026-06-18',
    rooms: 2,
    halls: 1,
    area: 89.5,
    floor: 3,
    totalFloors: 6,
    orientation: '南',
    totalPrice: 3_560_000,
    unitPrice: 39_777,
    listTotalPrice: 3_700_000,
    bargainPct: 3.8,
    cycleDays: 60,
    source: 'agency',
  };

  it('frees the first DEAL_FREE_ROWS positions of an estate’s history for a non-member, every one for a member', () => {
    expect(DEAL_FREE_ROWS).toBe(3);
    expect([0, 1, 2, 3, 4, 20, Number.MAX_SAFE_INTEGER].map((i) => dealMasked(i, NON_MEMBER, 605))).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
    expect([0, 3, 100].map((i) => dealMasked(i, { member: true }, 605))).toEqual([false, false, false]);
    expect([0, 1].map((i) => dealMasked(i, NON_MEMBER, 605, 1))).toEqual([false, true]);
  });

  it('frees every row of the cities of a deal-data permit (trade), and only those', () => {
    const permitted = { member: false, tradeCityIds: [605] };
    expect([0, 3, 100].map((i) => dealMasked(i, permitted, 605))).toEqual([false, false, false]);
    expect([0, 3, 100].map((i) => dealMasked(i, permitted, 1))).toEqual([false, true, true]);
  });

  it('places a row of a filtered list by the estate’s latest ids: listed there or past them', () => {
    expect(historyPosition(7, [9, 7, 5])).toBe(1);
    expect(historyPosition(4, [9, 7, 5])).toBeGreaterThanOrEqual(DEAL_FREE_ROWS);
  });

  it('hides prices and cuts the date to the month of a masked row; keeps the unit facts', () => {
    expect(presentDealRow(row, false)).toMatchObject({ totalPrice: 3_560_000, dealDate: '2026-06-18', masked: false });
    expect(presentDealRow(row, true)).toEqual({
      id: 1,
      dealDate: '2026-06',
      rooms: 2,
      halls: 1,
      area: 89.5,
      floor: 3,
      totalFloors: 6,
      orientation: '南',
      totalPrice: null,
      unitPrice: null,
      listTotalPrice: null,
      bargainPct: null,
      cycleDays: 60,
      source: '中介',
      masked: true,
    });
    const week = { id: 2, rooms: 3, halls: 2, area: 120, totalPrice: 5e6, unitPrice: 41_667, date: '2026-06-17' };
    expect(presentWeekDeal(week, true)).toEqual({
      ...week,
      totalPrice: null,
      unitPrice: null,
      date: '2026-06',
      masked: true,
    });
    expect(presentWeekDeal(week, false)).toEqual({ ...week, masked: false });
  });
});

describe('every endpoint with deal rows', () => {
  it('needs an estate with more deals than the free rows', () => {
    expect(history.length).toBeGreaterThan(DEAL_FREE_ROWS + 20);
  });

  it('house/deal/history: the latest rows free, the rest masked for a visitor and a non-member; all shown to a member', async () => {
    for (const who of [visitor, plain]) {
      const first = await get<DealHistoryBody>(`house/deal/history?houseId=${estateId}`, who);
      expect(first.list.map((d) => d.id)).toEqual(history.slice(0, 20).map((d) => d.id));
      first.list.forEach((d, i) => expectNonMemberRow(d, i < DEAL_FREE_ROWS));
      const second = await get<DealHistoryBody>(`house/deal/history?houseId=${estateId}&page=2`, who);
      expect(second.list.length).toBeGreaterThan(0);
      second.list.forEach((d) => expectNonMemberRow(d, false));
    }
    const all = await get<DealHistoryBody>(`house/deal/history?houseId=${estateId}`, member);
    expect(all.list).toHaveLength(20);
    all.list.forEach(expectMemberRow);
    (await get<DealHistoryBody>(`house/deal/history?houseId=${estateId}&page=2`, member)).list.forEach(expectMemberRow);
  });

  it('house/deal/history: a filter frees no more than the estate’s latest rows', async () => {
    // the room count of the estate's 4th-newest deal: filtered by it, that deal comes first, and stays masked
    const fourth = history[DEAL_FREE_ROWS]!;
    const rooms = Math.min(fourth.rooms, 5);
    const filtered = await get<DealHistoryBody>(`house/deal/history?houseId=${estateId}&rooms=${rooms}`, visitor);
    expect(filtered.list.length).toBeGreaterThan(0);
    for (const d of filtered.list) expectNonMemberRow(d, freeIds.includes(d.id));
    expect(filtered.list.find((d) => d.id === fourth.id)?.masked).toBe(true);
    const period = await get<DealHistoryBody>(`house/deal/history?houseId=${estateId}&period=36`, plain);
    for (const d of period.list) expectNonMemberRow(d, freeIds.includes(d.id));
    (await get<DealHistoryBody>(`house/deal/history?houseId=${estateId}&rooms=${rooms}`, member)).list.forEach(
      expectMemberRow,
    );
  });

  it('house/deal/list (the estate page, the report): positions past the free rows masked, a member sees all', async () => {
    const list = await get<DealListBody>(`house/deal/list?houseId=${estateId}&page=1&size=6`, visitor);
    list.list.forEach((d, i) => expectNonMemberRow(d, i < DEAL_FREE_ROWS));
    expect(list.list.filter((d) => d.masked)).toHaveLength(3);
    (await get<DealListBody>(`house/deal/list?houseId=${estateId}&page=2&size=3`, plain)).list.forEach((d) =>
      expectNonMemberRow(d, false),
    );
    (await get<DealListBody>(`house/deal/list?houseId=${estateId}&page=1&size=6`, member)).list.forEach(
      expectMemberRow,
    );
  });

  it('house/deal/detail: a masked deal shows no price and only months in its timeline; free deals and members see all', async () => {
    const [withListing] = await database.sql.query<{ id: number }>(
      `SELECT d.id FROM deal d WHERE d.estate_id = $1 AND d.listing_id IS NOT NULL AND NOT (d.id = ANY($2::int[]))
       ORDER BY d.deal_date DESC, d.id DESC LIMIT 1`,
      [estateId, `{${freeIds.join(',')}}`],
    );
    const dealId = withListing!.id;
    for (const who of [visitor, plain]) {
      const masked = await get<DealDetailBody>(`house/deal/detail?dealId=${dealId}`, who);
      expectNonMemberRow(masked.deal, false);
      expect(masked.timeline.length).toBeGreaterThan(1);
      for (const e of masked.timeline) {
        expect(e.date).toMatch(/^\d{4}-\d{2}$/);
        expect(e.totalPrice).toBeNull();
        expect(e.previousTotalPrice).toBeNull();
      }
      for (const d of masked.similar) expectNonMemberRow(d, freeIds.includes(d.id));
      const free = await get<DealDetailBody>(`house/deal/detail?dealId=${freeIds[0]}`, who);
      expectNonMemberRow(free.deal, true);
    }
    const full = await get<DealDetailBody>(`house/deal/detail?dealId=${dealId}`, member);
    expectMemberRow(full.deal);
    expect(full.timeline.at(-1)).toMatchObject({ kind: 'deal', date: dayOf(dealId), totalPrice: priceOf(dealId) });
    expect(full.timeline[0]!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    full.similar.forEach(expectMemberRow);
  });

  it('deal/search: a row is free only when it is one of its estate’s latest deals', async () => {
    // a filter that reaches past the free rows of the estate: its 4th-newest deal's room count and the keyword
    const [estate] = await database.sql.query<{ name: string }>(`SELECT name FROM estate WHERE id = $1`, [estateId]);
    const fourth = history[DEAL_FREE_ROWS]!;
    const path = `deal/search?cityId=${cityId}&kw=${encodeURIComponent(estate!.name)}&roomType=${Math.min(fourth.rooms, 5)}`;
    const found = await get<DealSearchBody>(path, visitor);
    const group = found.list.find((g) => g.estateId === estateId)!;
    expect(group.deals.length).toBeGreaterThan(0);
    for (const d of group.deals) expectNonMemberRow(d, freeIds.includes(d.id));
    expect(group.deals.some((d) => d.masked)).toBe(true);
    // every estate of the city's first page, against the database
    const city = await get<DealSearchBody>(`deal/search?cityId=${cityId}&period=36&roomType=3`, plain);
    const latest = await database.sql.query<{ id: number }>(
      `SELECT d.id FROM unnest($1::int[]) e(id) CROSS JOIN LATERAL (
         SELECT id FROM deal WHERE estate_id = e.id ORDER BY deal_date DESC, id DESC LIMIT ${DEAL_FREE_ROWS}) d`,
      [`{${city.list.map((g) => g.estateId).join(',')}}`],
    );
    const free = new Set(latest.map((r) => r.id));
    const rows = city.list.flatMap((g) => g.deals);
    expect(rows.some((d) => d.masked)).toBe(true);
    for (const d of rows) expect(d.masked, `deal ${d.id}`).toBe(!free.has(d.id));
    const full = await get<DealSearchBody>(path, member);
    full.list.find((g) => g.estateId === estateId)!.deals.forEach(expectMemberRow);
  });

  it('report/estate-weekly: the week’s deals under the same rule', async () => {
    // estates with a deal in the last weeks that is not one of their latest
    const candidates = await database.sql.query<{ estate_id: number }>(
      `SELECT d.estate_id FROM deal d WHERE d.city_id = 605 AND d.deal_date > (SELECT max(deal_date) - 80 FROM deal WHERE city_id = 605)
         AND d.id NOT IN (SELECT id FROM deal x WHERE x.estate_id = d.estate_id ORDER BY deal_date DESC, id DESC LIMIT ${DEAL_FREE_ROWS})
       GROUP BY d.estate_id ORDER BY count(*) DESC LIMIT 3`,
    );
    let maskedSeen = 0;
    for (const { estate_id: id } of candidates) {
      const latest = (
        await database.sql.query<{ id: number }>(
          `SELECT id FROM deal WHERE estate_id = $1 ORDER BY deal_date DESC, id DESC LIMIT ${DEAL_FREE_ROWS}`,
          [id],
        )
      ).map((r) => r.id);
      const { weeks } = await get<EstateWeeklyBody>(`report/estate-weekly?estateId=${id}`, visitor);
      for (const week of weeks) {
        const url = `report/estate-weekly?estateId=${id}&week=${week.start}`;
        const seen = await get<EstateWeeklyBody>(url, visitor);
        const full = await get<EstateWeeklyBody>(url, member);
        expect(full.deals.map((d) => d.id)).toEqual(seen.deals.map((d) => d.id));
        seen.deals.forEach((d, i) => {
          const free = latest.includes(d.id);
          expect(d.masked).toBe(!free);
          if (!free) {
            maskedSeen++;
            expect(d).toMatchObject({ totalPrice: null, unitPrice: null, date: full.deals[i]!.date.slice(0, 7) });
          } else expect(d).toEqual(full.deals[i]);
        });
        for (const d of full.deals) {
          expect(d.masked).toBe(false);
          expect(d.totalPrice).not.toBeNull();
        }
      }
    }
    expect(maskedSeen).toBeGreaterThan(0);
  });

  it('masks again once the membership has run out', async () => {
    const saved = clock;
    clock += 31 * DAY_MS;
    try {
      const page = await get<DealHistoryBody>(`house/deal/history?houseId=${estateId}&page=2`, member);
      page.list.forEach((d) => expectNonMemberRow(d, false));
    } finally {
      clock = saved;
    }
    (await get<DealHistoryBody>(`house/deal/history?houseId=${estateId}&page=2`, member)).list.forEach(expectMemberRow);
  });
});

describe('the response cache never mixes a member’s answer with a visitor’s', () => {
  const maskedCount = (res: LightMyRequestResponse) =>
    (res.json() as { body: DealHistoryBody }).body.list.filter((d) => d.masked).length;

  it('answers a signed-in request private, no-store; a visitor’s stays cacheable and varies on the session', async () => {
    const url = `house/deal/history?houseId=${estateId}&page=3`;
    for (const who of [plain, member]) {
      const res = await ask(url, who);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-cache']).toBeUndefined();
    }
    const anon = await ask(url, visitor);
    expect(String(anon.headers['cache-control'] ?? '')).not.toMatch(/private|no-store/);
    expect(anon.headers.vary).toBe('accept-encoding, cookie, token');
  });

  it('member first, then a visitor: the visitor gets the masked answer, which a member is then never served', async () => {
    const url = `house/deal/history?houseId=${estateId}&page=4`;
    const mine = await ask(url, member);
    expect(maskedCount(mine)).toBe(0);
    const anon = await ask(url, visitor);
    expect(anon.headers['x-cache']).toBe('miss');
    expect(maskedCount(anon)).toBeGreaterThan(0);
    const again = await ask(url, visitor);
    expect(again.headers['x-cache']).toBe('hit');
    expect(maskedCount(again)).toBeGreaterThan(0);
    const mineAgain = await ask(url, member);
    expect(mineAgain.headers['x-cache']).toBeUndefined();
    expect(maskedCount(mineAgain)).toBe(0);
  });

  it('visitor first, then a member (cookie, app token, or revalidating the visitor’s ETag): the member gets the full answer', async () => {
    for (const path of [
      `house/deal/history?houseId=${estateId}&page=5`,
      `house/deal/list?houseId=${estateId}&page=1&size=8`,
      `house/deal/detail?dealId=${history[DEAL_FREE_ROWS + 5]!.id}`,
      `report/estate-weekly?estateId=${estateId}&week=2000-01-03`,
    ]) {
      const anon = await ask(path, visitor);
      expect(anon.headers['x-cache'], path).toBe('miss');
      expect((await ask(path, visitor)).headers['x-cache'], path).toBe('hit');
      const viaCookie = await ask(path, member);
      const viaToken = await app.inject({ url: `/rabbit/v1/${path}`, headers: { token: member.token } });
      const revalidating = await ask(path, member, { 'if-none-match': String(anon.headers.etag) });
      for (const res of [viaCookie, viaToken, revalidating]) {
        expect(res.statusCode, path).toBe(200);
        expect(res.headers['x-cache'], path).toBeUndefined();
        expect(res.headers['cache-control'], path).toBe('private, no-store');
        expect(res.body, path).not.toMatch(/"masked":true/);
      }
      // a non-member signed in is answered afresh too (masked, and not kept)
      const mine = await ask(path, plain);
      expect(mine.headers['x-cache'], path).toBeUndefined();
    }
    const url = `house/deal/history?houseId=${estateId}&page=5`;
    expect(maskedCount(await ask(url, member))).toBe(0);
    expect(maskedCount(await ask(url, visitor))).toBe(20);
  });

  it('a forged or expired session cookie is a visitor, answered masked and afresh', async () => {
    const url = `house/deal/history?houseId=${estateId}&page=6`;
    const forged = await ask(url, null, { cookie: 'fjt_session=forged-token' });
    expect(forged.headers['x-cache']).toBeUndefined();
    expect(maskedCount(forged)).toBeGreaterThan(0);
    expect(String(forged.headers['cache-control'] ?? '')).not.toMatch(/private/);
    // and it left nothing behind for the next visitor to be served
    expect((await ask(url, visitor)).headers['x-cache']).toBe('miss');
  });
});

// The deal-data product (issue 12; PAGES.md §3.10 /trade*): packages bought through trade/order/create and paid in
// the Alipay sandbox give a permit for the package's city that stacks after the user's latest one, ends on a
// refund, answers trading/vipAuthor, unmasks that city's deal rows exactly as membership does and opens the city's
// CSV export (BOM, columns, 403 otherwise). With the response cache on, as deployed: a permitted user's answer is
// never served to a visitor nor the reverse. The packages are this file's own mall_products rows.
import { describe, expect, it, beforeAll } from 'vitest';
import { queryRows, sql } from '@fjt/db';
import {
  DEAL_FREE_ROWS,
  TRADE_EXPORT_COLUMNS,
  TRADE_MESSAGES,
  type DealHistoryBody,
  type TradeDetailBody,
  type TradeShowBody,
  type TradePurchasedBody,
  type VipAuthorBody,
} from '@fjt/domain';
import { expectFail, seededApp, signInAs, type SignedIn } from '../../testing.ts';

const DAY_MS = 86_400_000;
let t = Date.parse('2026-11-25T08:00:00Z');
const seeded = seededApp('small', { now: () => t, env: { RESPONSE_CACHE_SECONDS: 600 } });
const CITY = 605;
const OTHER_CITY = 1;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(seeded.database.db, query);
const BROWSER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/** The 杭州 estate with the most deals (rows past its free ones exist). */
let estateId: number;
let productId: number;

beforeAll(async () => {
  await seeded.database.db.execute(sql`
    INSERT INTO mall_products (code, kind, category, city_id, title, subtitle, contents, coverage, update_cycle,
                               price_fen, origin_fen, duration_days, sort)
    VALUES ('TRD-TEST-605-30', 'trade', 'deal', ${CITY}, '杭州成交数据·月包', '全市二手房成交明细30天',
            '["成交日期","成交总价","成交单价","挂牌价与议价空间","成交周期"]'::jsonb, '杭州全市 · 近12个月', '每月更新',
            9900, 19900, 30, 1),
           ('TRD-TEST-605-90', 'trade', 'deal', ${CITY}, '杭州成交数据·季包', '全市二手房成交明细90天',
            '["成交日期","成交总价"]'::jsonb, '杭州全市 · 近12个月', '每月更新', 25900, null, 90, 2),
           ('TRD-TEST-OFF', 'trade', 'deal', ${CITY}, '下架包', '', '[]'::jsonb, '', '', 100, null, 30, 3)`);
  await seeded.database.db.execute(sql`UPDATE mall_products SET active = false WHERE code = 'TRD-TEST-OFF'`);
  const [p] = await rows<{ id: number }>(sql`SELECT id::int AS id FROM mall_products WHERE code = 'TRD-TEST-605-30'`);
  productId = p!.id;
  const [top] = await rows<{ estateId: number }>(
    sql`SELECT estate_id AS "estateId" FROM deal WHERE city_id = ${CITY} GROUP BY estate_id
        ORDER BY count(*) DESC, estate_id LIMIT 1`,
  );
  estateId = top!.estateId;
});

const get = (url: string, user?: SignedIn) =>
  seeded.app.inject({ url: `/rabbit/v1/${url}`, headers: { ...(user?.headers ?? {}) } });

async function buyAndPay(user: SignedIn, productCode: string): Promise<string> {
  const created = await seeded.app.inject({
    method: 'POST',
    url: '/rabbit/v1/trade/order/create',
    headers: user.headers,
    payload: { productCode, returnTo: '/trade' },
  });
  expect(created.statusCode, created.body).toBe(200);
  const orderNo = created.json().body.order.orderNo as string;
  const uo = await seeded.app.inject({
    method: 'POST',
    url: '/rabbit/v1/customer/pay/unifiedorder',
    headers: { ...user.headers, 'user-agent': BROWSER_UA },
    payload: { orderNo, platform: 1 },
  });
  expect(uo.statusCode, uo.body).toBe(200);
  const url = new URL(uo.json().body.action.url as string);
  expect(url.searchParams.get('return_url')).toContain('/trade/order/status?orderNo=');
  expect((await seeded.app.inject(`${url.pathname}${url.search}`)).statusCode).toBe(200);
  const paid = await seeded.app.inject({ method: 'POST', url: `/__sandbox/alipay/cashier/${orderNo}/pay` });
  expect(paid.statusCode).toBe(303);
  return orderNo;
}

const permit = async (user: SignedIn | undefined, cityId = CITY) =>
  (await get(`trading/vipAuthor?cityId=${cityId}`, user)).json().body as VipAuthorBody;

async function periods(orderNos: string[]) {
  const list = await rows<{ orderNo: string; startsAt: string; endsAt: string; revokedAt: string | null }>(
    sql`SELECT order_no AS "orderNo", starts_at::text AS "startsAt", ends_at::text AS "endsAt",
               revoked_at::text AS "revokedAt"
        FROM mall_entitlements WHERE order_no IN ${sql.raw(`('${orderNos.join("','")}')`)} ORDER BY starts_at`,
  );
  return list.map((p) => ({ ...p, startsAt: Date.parse(p.startsAt), endsAt: Date.parse(p.endsAt) }));
}

describe('catalogue and pages data', () => {
  it('trade-show: the city overview from the real deals and the packages on sale', async () => {
    const res = await get(`trading/trade-show?cityId=${CITY}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body as TradeShowBody;
    expect(body.cityName).toBe('杭州');
    const codes = body.packages.map((p) => p.productCode);
    expect(codes).toEqual(expect.arrayContaining(['TRD-TEST-605-30', 'TRD-TEST-605-90']));
    expect(codes).not.toContain('TRD-TEST-OFF');
    expect(body.packages.every((p) => p.cityId === CITY && p.durationDays > 0)).toBe(true);
    expect(body.packages.find((p) => p.productCode === 'TRD-TEST-605-30')).toMatchObject({
      price: 99,
      originPrice: 199,
      durationDays: 30,
      productId,
    });
    const [latest] = await rows<{ month: string }>(
      sql`SELECT to_char(max(month), 'YYYY-MM') AS month FROM price_series WHERE level = 'city' AND target_id = ${CITY}`,
    );
    const [real] = await rows<{ n: number; netsign: number; avg: number }>(
      sql`SELECT count(*)::int AS n, (count(*) FILTER (WHERE source = 'netsign'))::int AS netsign,
                 round(sum(total_price)::numeric / sum(area)::numeric)::int AS avg
          FROM deal WHERE city_id = ${CITY} AND to_char(deal_date, 'YYYY-MM') = ${latest!.month}`,
    );
    expect(body.overview).toMatchObject({
      month: latest!.month,
      dealCount: real!.n,
      netsignCount: real!.netsign,
      dealAvg: real!.avg,
    });
    expect(body.overview.dealCount).toBeGreaterThan(0);
    expect(body.overview.dealCount12).toBeGreaterThanOrEqual(body.overview.dealCount);
    expect(body.overview.avgMom).not.toBeNull();
    expectFail(await get('trading/trade-show?cityId=999999'), 404, TRADE_MESSAGES.unknownCity);
    expectFail(await get('trading/trade-show?cityId=abc'), 400);
    expectFail(await get('trading/trade-show'), 400);
  });

  it('trade-detail: by id or code, masked samples past their estates’ free rows; off-sale and unknown are 404', async () => {
    const byId = await get(`trading/trade-detail?productId=${productId}`);
    expect(byId.statusCode, byId.body).toBe(200);
    const body = byId.json().body as TradeDetailBody;
    expect(body.product.productCode).toBe('TRD-TEST-605-30');
    expect(body.product.fields).toContain('成交总价');
    expect(body.unlocked).toBe(false);
    expect(body.sample.length).toBeGreaterThan(0);
    for (const row of body.sample) {
      expect(row).toMatchObject({ masked: true, totalPrice: null, unitPrice: null });
      expect(row.dealDate).toMatch(/^\d{4}-\d{2}$/);
      expect(row.estateName).toBeTruthy();
    }
    // each sample row really is past its estate's free rows
    const [first] = body.sample;
    const latest = await rows<{ id: number }>(
      sql`SELECT id FROM deal WHERE estate_id = ${first!.estateId} ORDER BY deal_date DESC, id DESC LIMIT ${DEAL_FREE_ROWS}`,
    );
    expect(latest.map((r) => r.id)).not.toContain(first!.id);
    const byCode = await get('trading/trade-detail?productCode=TRD-TEST-605-30');
    expect(byCode.json().body.product.productId).toBe(productId);
    expectFail(await get('trading/trade-detail?productCode=TRD-TEST-OFF'), 404, TRADE_MESSAGES.unknownProduct);
    expectFail(await get('trading/trade-detail?productId=99999999'), 404, TRADE_MESSAGES.unknownProduct);
    expectFail(await get('trading/trade-detail'), 400, TRADE_MESSAGES.productMissing);
    expectFail(await get('trading/trade-detail?productId=0x10'), 400);
  });

  it('the catalogue sells packages on sale only, at the catalogue price; login first', async () => {
    const product = await get('common/product?productCode=TRD-TEST-605-90');
    expect(product.json().body.product).toMatchObject({
      kind: 'trade',
      amount: 259,
      href: '/trade/TRD-TEST-605-90',
    });
    const create = (user: SignedIn | undefined, payload: Record<string, unknown>) =>
      seeded.app.inject({
        method: 'POST',
        url: '/rabbit/v1/trade/order/create',
        headers: user?.headers ?? {},
        payload,
      });
    expectFail(await create(undefined, { productCode: 'TRD-TEST-605-30' }), 401);
    const user = await signInAs(seeded.app);
    expectFail(await create(user, { productCode: 'TRD-TEST-OFF' }), 404);
    expectFail(await create(user, { productCode: 'VIP_MONTH' }), 404); // not a deal-data package
    const res = await create(user, { productCode: 'TRD-TEST-605-30', amount: 0.01 });
    expect(res.json().body.order).toMatchObject({ productKind: 'trade', amount: 99, status: 'PENDING' });
  });
});

describe('permits', () => {
  it('a paid package gives a permit of its days; a second one follows the first; sold_count counts them', async () => {
    const user = await signInAs(seeded.app);
    expect(await permit(undefined)).toEqual({ isTradePremit: false, expiresAt: null, cityIds: [] });
    expect(await permit(user)).toEqual({ isTradePremit: false, expiresAt: null, cityIds: [] });
    const [before] = await rows<{ n: number }>(
      sql`SELECT sold_count AS n FROM mall_products WHERE code = 'TRD-TEST-605-30'`,
    );

    const first = await buyAndPay(user, 'TRD-TEST-605-30');
    const second = await buyAndPay(user, 'TRD-TEST-605-90');
    const [a, b] = await periods([first, second]);
    expect(a!.endsAt - a!.startsAt).toBe(30 * DAY_MS);
    expect(b!.startsAt).toBe(a!.endsAt);
    expect(b!.endsAt - b!.startsAt).toBe(90 * DAY_MS);

    const p = await permit(user);
    expect(p).toMatchObject({ isTradePremit: true, cityIds: [CITY] });
    expect(Date.parse(p.expiresAt!)).toBe(b!.endsAt);
    expect((await permit(user, OTHER_CITY)).isTradePremit).toBe(false);
    const res = await get(`trading/vipAuthor?cityId=${CITY}`, user);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [after] = await rows<{ n: number }>(
      sql`SELECT sold_count AS n FROM mall_products WHERE code = 'TRD-TEST-605-30'`,
    );
    expect(after!.n).toBe(before!.n + 1);

    const history = (await get('trade/purchased', user)).json().body as TradePurchasedBody;
    expect(history.list.map((h) => [h.orderNo, h.state])).toEqual([
      [second, 'pending'],
      [first, 'live'],
    ]);
    expect(history.list[1]).toMatchObject({ cityName: '杭州', productId, title: '杭州成交数据·月包' });
    expectFail(await get('trade/purchased'), 401);

    // past the first period the second carries the access; past both, none (signed in again: sessions end too)
    t += 31 * DAY_MS;
    try {
      const later = await signInAs(seeded.app, user.mobile);
      expect((await permit(later)).isTradePremit).toBe(true);
      t += 90 * DAY_MS;
      const last = await signInAs(seeded.app, user.mobile);
      expect(await permit(last)).toEqual({ isTradePremit: false, expiresAt: null, cityIds: [] });
      expect(((await get('trade/purchased', last)).json().body as TradePurchasedBody).list.map((h) => h.state)).toEqual(
        ['ended', 'ended'],
      );
    } finally {
      t -= 121 * DAY_MS;
    }
  });

  it('a refund ends the access; a later purchase starts now, not after the refunded period', async () => {
    const user = await signInAs(seeded.app);
    const orderNo = await buyAndPay(user, 'TRD-TEST-605-90');
    expect((await permit(user)).isTradePremit).toBe(true);
    const done = await seeded.app.payments.orders.refund(orderNo, { actorId: null, reason: '用户申请退款' });
    expect(done.order.status).toBe('REFUNDED');
    const [p] = await periods([orderNo]);
    expect(p!.revokedAt).not.toBeNull();
    expect(await permit(user)).toEqual({ isTradePremit: false, expiresAt: null, cityIds: [] });
    expect(((await get('trade/purchased', user)).json().body as TradePurchasedBody).list[0]!.state).toBe('refunded');
    expectFail(await get(`trade/export?cityId=${CITY}`, user), 403, TRADE_MESSAGES.exportForbidden);
    const again = await buyAndPay(user, 'TRD-TEST-605-30');
    const [q] = await periods([again]);
    expect(q!.startsAt).toBe(t);
  });
});

describe('what a permit opens', () => {
  let permitted: SignedIn;
  let plain: SignedIn;
  const history = (user?: SignedIn) => get(`house/deal/history?houseId=${estateId}&page=1&size=20`, user);
  const maskedOf = (body: DealHistoryBody) => body.list.filter((r) => r.masked).length;

  beforeAll(async () => {
    permitted = await signInAs(seeded.app);
    plain = await signInAs(seeded.app);
    await buyAndPay(permitted, 'TRD-TEST-605-30');
  });

  it('the city’s deal rows come unmasked to the permit holder, masked to a visitor and a non-member', async () => {
    const full = await history(permitted);
    expect(full.headers['cache-control']).toBe('private, no-store');
    const fullBody = full.json().body as DealHistoryBody;
    expect(fullBody.list.length).toBeGreaterThan(DEAL_FREE_ROWS);
    expect(maskedOf(fullBody)).toBe(0);
    expect(fullBody.list.every((r) => r.totalPrice !== null && /^\d{4}-\d{2}-\d{2}$/.test(r.dealDate))).toBe(true);
    for (const user of [undefined, plain]) {
      const body = (await history(user)).json().body as DealHistoryBody;
      expect(maskedOf(body)).toBe(body.list.length - DEAL_FREE_ROWS);
    }
    const search = (await get(`deal/search?cityId=${CITY}`, permitted)).json().body as {
      list: { deals: { masked: boolean }[] }[];
    };
    expect(search.list.flatMap((g) => g.deals).every((d) => !d.masked)).toBe(true);
    const detail = (await get(`trading/trade-detail?productId=${productId}`, permitted)).json().body as TradeDetailBody;
    expect(detail.unlocked).toBe(true);
    expect(detail.sample.every((r) => !r.masked && r.totalPrice !== null)).toBe(true);
  });

  it('cache isolation: a permitted answer is never served to a visitor, nor a visitor’s to the permit holder', async () => {
    const url = `trading/trade-detail?productCode=TRD-TEST-605-90`;
    // permit holder first: not stored
    const first = (await get(url, permitted)).json().body as TradeDetailBody;
    expect(first.unlocked).toBe(true);
    const v1 = await get(url);
    expect((v1.json().body as TradeDetailBody).unlocked).toBe(false);
    expect((v1.json().body as TradeDetailBody).sample.every((r) => r.masked)).toBe(true);
    // the visitor's answer is now cached; the permit holder still gets their own
    const v2 = await get(url);
    expect(v2.headers['x-cache']).toBe('hit');
    const second = (await get(url, permitted)).json().body as TradeDetailBody;
    expect(second.unlocked).toBe(true);
    expect(second.sample.every((r) => !r.masked)).toBe(true);
    // the same for a deal-history page
    const h = `house/deal/history?houseId=${estateId}&page=2&size=5`;
    expect(maskedOf((await get(h.replace('page=2', 'page=2'), permitted)).json().body)).toBe(0);
    expect(maskedOf((await get(h)).json().body)).toBe(5);
    expect(maskedOf((await get(h, permitted)).json().body)).toBe(0);
  });

  it('export: CSV of the city’s deals with a BOM, bounded months; 403 without a permit, also for a member', async () => {
    const res = await get(`trade/export?cityId=${CITY}&months=2`, permitted);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="trade-605\.csv"; filename\*=UTF-8''/);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(TRADE_EXPORT_COLUMNS.join(','));
    const month =
      (await permit(permitted)).isTradePremit &&
      (await get(`trading/trade-show?cityId=${CITY}`)).json().body.overview.month;
    const [count] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM deal WHERE city_id = ${CITY}
            AND deal_date >= (${`${month}-01`}::date - interval '1 month') AND deal_date < (${`${month}-01`}::date + interval '1 month')`,
    );
    expect(lines.length - 1).toBe(count!.n);
    const [newest] = await rows<{ dealDate: string; totalPrice: number; estate: string }>(
      sql`SELECT to_char(d.deal_date, 'YYYY-MM-DD') AS "dealDate", d.total_price AS "totalPrice", e.name AS estate
          FROM deal d JOIN estate e ON e.id = d.estate_id WHERE d.city_id = ${CITY}
            AND d.deal_date < (${`${month}-01`}::date + interval '1 month') ORDER BY d.deal_date DESC, d.id DESC LIMIT 1`,
    );
    const cells = lines[1]!.split(',');
    expect(cells[0]).toBe(newest!.dealDate);
    expect(cells[3]).toBe(newest!.estate);
    expect(cells[8]).toBe(String(newest!.totalPrice));

    expectFail(await get(`trade/export?cityId=${CITY}`), 401);
    expectFail(await get(`trade/export?cityId=${CITY}`, plain), 403, TRADE_MESSAGES.exportForbidden);
    expectFail(await get(`trade/export?cityId=${OTHER_CITY}`, permitted), 403, TRADE_MESSAGES.exportForbidden);
    expectFail(await get(`trade/export?cityId=${CITY}&months=13`, permitted), 400);
    expectFail(await get(`trade/export?cityId=${CITY}&months=0`, permitted), 400);

    // a member may export too (the spec lists export as a VIP right)
    const member = await signInAs(seeded.app);
    await seeded.database.db.execute(
      sql`INSERT INTO vip_periods (user_id, starts_at, ends_at, days, source, source_ref)
          VALUES (${member.id}, ${new Date(t - DAY_MS).toISOString()}::timestamptz,
                  ${new Date(t + 30 * DAY_MS).toISOString()}::timestamptz, 30, 'grant', ${`trade-test-${member.id}`})`,
    );
    const asMember = await get(`trade/export?cityId=${CITY}&months=1`, member);
    expect(asMember.statusCode).toBe(200);
    expect(asMember.body.startsWith('\uFEFF成交日期,')).toBe(true);
  });
});

// The report mall (issue 12; PAGES.md §3.10): the seeded catalogue, the trading/* calls, product list and detail,
// buying a report through the Alipay sandbox (catalogue price, owned refused), the PDF queue (a stub renderer:
// vitest has no web build; the real Chromium print is the Playwright spec's), the owner-only download and a refund
// revoking it.
import { describe, expect, it } from 'vitest';
import { MALL_MESSAGES, PRODUCT_MESSAGES } from '@fjt/domain';
import { MALL_PRICES as MALL_PRICES_FOR_TEST } from '@fjt/dataset';
import { queryRows, sql } from '@fjt/db';
import { expectFail, seededApp, signInAs, type SignedIn } from '../../testing.ts';
import { RendererUnavailable } from './files.ts';

const rendered: string[] = [];
let failNext = 0;
let unavailable = false;
const seeded = seededApp('small', {
  reportRenderer: {
    async render(path) {
      if (unavailable) throw new RendererUnavailable('no chromium');
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('render crashed');
      }
      rendered.push(path);
      return new TextEncoder().encode(`%PDF-1.4\n% report of ${path}\n${'x'.repeat(200)}\n%%EOF`);
    },
  },
});
const API = '/rabbit/v1';
const BROWSER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const HZ = 605;
const get = (url: string, user?: SignedIn) => seeded.app.inject({ url: `${API}/${url}`, headers: user?.headers ?? {} });
const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(seeded.database.db, q);
const path = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;

async function createOrder(user: SignedIn, payload: Record<string, unknown>) {
  return seeded.app.inject({ method: 'POST', url: `${API}/market/order/create`, headers: user.headers, payload });
}

/** Creates the order and pays it in the Alipay sandbox; answers the order number. */
async function buyReport(user: SignedIn, productCode: string): Promise<string> {
  const res = await createOrder(user, { productCode });
  expect(res.statusCode, res.body).toBe(200);
  const orderNo = res.json().body.order.orderNo as string;
  const uo = await seeded.app.inject({
    method: 'POST',
    url: `${API}/customer/pay/unifiedorder`,
    headers: { ...user.headers, 'user-agent': BROWSER_UA },
    payload: { orderNo, platform: 1 },
  });
  expect(uo.statusCode, uo.body).toBe(200);
  await seeded.app.inject({ url: path(uo.json().body.action.url) });
  const paid = await seeded.app.inject({
    method: 'POST',
    url: `/__sandbox/control/alipay/${orderNo}/pay`,
    payload: {},
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const status = await get(`order/status?orderNo=${orderNo}`, user);
  expect(status.json().body.order.status).toBe('PAID');
  return orderNo;
}

describe('catalogue and trading calls', () => {
  it('seeds a city, custom, district and estate report per estate and two deal packages, priced by category', async () => {
    const counts = await rows<{ kind: string; category: string; n: number; price: number }>(
      sql`SELECT kind, category, count(*)::int AS n, min(price_fen) AS price FROM mall_products WHERE active
          GROUP BY kind, category ORDER BY kind, category`,
    );
    const [estates] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM estate WHERE city_id = ${HZ}`);
    const [districts] = await rows<{ n: number }>(
      sql`SELECT count(DISTINCT district_id)::int AS n FROM estate WHERE city_id = ${HZ}`,
    );
    expect(counts).toEqual([
      { kind: 'report', category: 'city', n: 1, price: MALL_PRICES_FOR_TEST.city.price },
      { kind: 'report', category: 'custom', n: 1, price: MALL_PRICES_FOR_TEST.custom.price },
      { kind: 'report', category: 'district', n: districts!.n, price: MALL_PRICES_FOR_TEST.district.price },
      { kind: 'report', category: 'estate', n: estates!.n, price: MALL_PRICES_FOR_TEST.estate.price },
      { kind: 'trade', category: 'deal', n: 2, price: MALL_PRICES_FOR_TEST.deal90.price },
    ]);
    const trade = await rows<{ code: string; days: number }>(
      sql`SELECT code, duration_days AS days FROM mall_products WHERE kind = 'trade' ORDER BY duration_days`,
    );
    expect(trade).toEqual([
      { code: 'TRD-605-90', days: 90 },
      { code: 'TRD-605-365', days: 365 },
    ]);
    // the catalogue serves both kinds to the generic checkout
    const product = await get('common/product?productCode=RPT-C-605');
    expect(product.json().body.product).toMatchObject({ kind: 'report', title: '杭州市房价月度报告', amount: 29.9 });
    const pack = await get('common/product?productCode=TRD-605-90');
    expect(pack.json().body.product).toMatchObject({ kind: 'trade', amount: 68, href: '/trade/TRD-605-90' });
  });

  it('trading/city-list, spu-count, cityView, promotion and newsView answer from the real data', async () => {
    const list = (await get('trading/city-list')).json().body.list as { cityId: number; reportCount: number }[];
    const total = (
      await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM mall_products WHERE kind = 'report'`)
    )[0]!.n;
    expect(list[0]).toMatchObject({ cityId: HZ, cityName: '杭州', reportCount: total, tradeCount: 2 });
    expect(list.slice(1).every((c) => c.reportCount === 0)).toBe(true);

    const spu = (await get(`trading/spu-count?cityId=${HZ}`)).json().body;
    expect(spu.total).toBe(total);
    expect(spu.categories.city).toBe(1);
    expect(spu.trade).toBe(2);

    const view = (await get(`trading/cityView?cityId=${HZ}`)).json().body;
    const [last] = await rows<{ month: string; dealCount: number; dealAvg: number }>(
      sql`SELECT to_char(month, 'YYYY-MM') AS month, deal_count AS "dealCount", deal_avg AS "dealAvg" FROM price_series
          WHERE level = 'city' AND target_id = ${HZ} ORDER BY month DESC LIMIT 1`,
    );
    expect(view).toMatchObject({
      cityName: '杭州',
      month: last!.month,
      dealCount: last!.dealCount,
      dealAvg: last!.dealAvg,
    });
    expect(typeof view.dealMom).toBe('number');

    const promo = (await get(`trading/city/promotion?cityId=${HZ}`)).json().body;
    expect(promo.list.length).toBeGreaterThan(0);
    for (const p of promo.list) expect(p.originAmount).toBeGreaterThan(p.amount);

    const news = (await get(`trading/newsView?cityId=${HZ}`)).json().body.list as {
      href: string;
      publishedAt: string;
    }[];
    expect(news.length).toBeGreaterThan(0);
    expect(news[0]!.href).toMatch(/^\/605\/house-video\?vid=\d+$/);
    expect([...news].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))).toEqual(news);

    for (const url of ['trading/spu-count', 'trading/cityView?cityId=abc', 'trading/newsView?cityId=0']) {
      expectFail(await get(url), 400);
    }
    expectFail(await get('trading/spu-count?cityId=999999'), 404, MALL_MESSAGES.unknownCity);
    expectFail(await get('trading/cityView?cityId=999999'), 404);
  });

  it('market/product/list pages by category; market/product/detail shows contents and a sample page', async () => {
    const first = (await get(`market/product/list?cityId=${HZ}&size=5`)).json().body;
    expect(first.list.map((p: { category: string }) => p.category).slice(0, 2)).toEqual(['city', 'custom']);
    expect(first.size).toBe(5);
    const estates = (await get(`market/product/list?cityId=${HZ}&category=estate&page=2&size=10`)).json().body;
    expect(estates.page).toBe(2);
    expect(estates.list).toHaveLength(10);
    expect(
      estates.list.every((p: { category: string; amount: number }) => p.category === 'estate' && p.amount === 9.9),
    ).toBe(true);
    expectFail(await get(`market/product/list?cityId=${HZ}&category=villa`), 400, MALL_MESSAGES.category);
    expectFail(await get(`market/product/list?cityId=${HZ}&size=500`), 400);
    expectFail(await get(`market/product/list?cityId=${HZ}&page=0`), 400);
    expectFail(await get('market/product/list'), 400);

    const code = estates.list[0].code as string;
    const detail = (await get(`market/product/detail?productCode=${code}`)).json().body;
    expect(detail.owned).toBe(false);
    expect(detail.product.contents.length).toBeGreaterThan(3);
    expect(detail.product.sampleHref).toBe(`/605/house-report?estateId=${code.slice('RPT-E-'.length)}`);
    expect(detail.product.edition).toMatch(/^\d{4}-\d{2}$/);
    expectFail(await get('market/product/detail?productCode=TRD-605-90'), 404, PRODUCT_MESSAGES.unknown);
    expectFail(await get('market/product/detail?productCode=bad code'), 400, PRODUCT_MESSAGES.unknown);
    expectFail(await get('market/product/detail'), 400, PRODUCT_MESSAGES.missing);
  });
});

describe('buying a report', () => {
  it('orders at the catalogue price, grants once, refuses a second purchase, downloads the PDF; a refund revokes', async () => {
    expectFail(await createOrder({ headers: {} } as SignedIn, { productCode: 'RPT-C-605' }), 401);
    const user = await signInAs(seeded.app);
    expectFail(await createOrder(user, { productCode: 'TRD-605-90' }), 404, PRODUCT_MESSAGES.unknown);
    expectFail(await createOrder(user, { productCode: 'VIP_MONTH' }), 404, PRODUCT_MESSAGES.unknown);
    expectFail(await createOrder(user, {}), 400, PRODUCT_MESSAGES.missing);
    const priced = await createOrder(user, { productCode: 'RPT-C-605', amount: 0.01, amountFen: 1 });
    expect(priced.json().body.order).toMatchObject({ productKind: 'report', amount: 29.9, status: 'PENDING' });

    // not bought yet: no download
    expectFail(await get('market/report/file?productCode=RPT-C-605', user), 403, MALL_MESSAGES.notOwned);
    const [before] = await rows<{ sold: number }>(
      sql`SELECT sold_count AS sold FROM mall_products WHERE code = 'RPT-C-605'`,
    );

    const orderNo = await buyReport(user, 'RPT-C-605');
    const ent = await rows<{ endsAt: string | null; cityId: number }>(
      sql`SELECT ends_at AS "endsAt", city_id AS "cityId" FROM mall_entitlements WHERE order_no = ${orderNo}`,
    );
    expect(ent).toEqual([{ endsAt: null, cityId: HZ }]);
    const [after] = await rows<{ sold: number }>(
      sql`SELECT sold_count AS sold FROM mall_products WHERE code = 'RPT-C-605'`,
    );
    expect(after!.sold).toBe(before!.sold + 1);
    // owned: a second purchase is refused, the detail says so
    expectFail(await createOrder(user, { productCode: 'RPT-C-605' }), 409, PRODUCT_MESSAGES.owned);
    const detail = await get('market/product/detail?productCode=RPT-C-605', user);
    expect(detail.json().body.owned).toBe(true);
    expect(detail.headers['cache-control']).toBe('private, no-store');

    // the grant queued the current edition; the queue prints the city report page
    await seeded.app.inject({ url: '/healthz' });
    const files = () => get('market/purchased', user).then((r) => r.json().body.list);
    await new Promise((r) => setTimeout(r, 80));
    await drain();
    expect(rendered).toContain('/605/city-report');
    const list = await files();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ orderNo, product: { code: 'RPT-C-605' }, file: { status: 'ready' } });

    const pdf = await get('market/report/file?productCode=RPT-C-605', user);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(String(pdf.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('杭州市房价月度报告')}`,
    );
    expect(pdf.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    // someone else may not download it
    expectFail(await get('market/report/file?productCode=RPT-C-605', await signInAs(seeded.app)), 403);
    expectFail(await get('market/report/file?productCode=RPT-C-605'), 401);
    expectFail(await get('market/report/file?productCode=%3C', user), 400);

    // a refund revokes: no download, not listed, may buy again
    await seeded.app.payments.orders.refund(orderNo, { actorId: null, reason: '用户申请退款' });
    await waitFor(
      async () =>
        (
          await rows<{ r: string | null }>(
            sql`SELECT revoked_at AS r FROM mall_entitlements WHERE order_no = ${orderNo}`,
          )
        )[0]!.r !== null,
    );
    expectFail(await get('market/report/file?productCode=RPT-C-605', user), 403, MALL_MESSAGES.notOwned);
    expect(await files()).toEqual([]);
    const [refunded] = await rows<{ sold: number }>(
      sql`SELECT sold_count AS sold FROM mall_products WHERE code = 'RPT-C-605'`,
    );
    expect(refunded!.sold).toBe(before!.sold);
    expect((await createOrder(user, { productCode: 'RPT-C-605' })).statusCode).toBe(200);
  });

  it('a render that fails is retried; without a browser the file fails clearly and 重新生成 queues it again', async () => {
    const user = await signInAs(seeded.app);
    const code = 'RPT-X-605';
    failNext = 1;
    await buyReport(user, code);
    await new Promise((r) => setTimeout(r, 80));
    await drain();
    expect(rendered).toContain('/quotation?cityId=605');
    const [file] = await rows<{ status: string; attempts: number; sha: string }>(
      sql`SELECT status, attempts, sha256 AS sha FROM report_files WHERE product_code = ${code}`,
    );
    expect(file).toMatchObject({ status: 'ready', attempts: 2 });
    expect(file!.sha).toMatch(/^[0-9a-f]{64}$/);

    // district report, no browser on this machine: failed with the Chinese reason, never a 500
    unavailable = true;
    const district = (
      await rows<{ code: string }>(
        sql`SELECT code FROM mall_products WHERE category = 'district' ORDER BY sort LIMIT 1`,
      )
    )[0]!.code;
    await buyReport(user, district);
    await new Promise((r) => setTimeout(r, 80));
    await drain();
    const failed = (await get('market/purchased', user))
      .json()
      .body.list.find((i: { product: { code: string } }) => i.product.code === district);
    expect(failed.file).toMatchObject({ status: 'failed', error: MALL_MESSAGES.noBrowser });
    expectFail(await get(`market/report/file?productCode=${district}`, user), 409, MALL_MESSAGES.noBrowser);
    const regen = (payload: Record<string, unknown>, who: SignedIn = user) =>
      seeded.app.inject({ method: 'POST', url: `${API}/market/report/regenerate`, headers: who.headers, payload });
    expectFail(await regen({ productCode: district }, await signInAs(seeded.app)), 403, MALL_MESSAGES.notOwned);
    expectFail(await regen({}), 400, PRODUCT_MESSAGES.missing);
    unavailable = false;
    const again = await regen({ productCode: district });
    expect(again.statusCode, again.body).toBe(200);
    // queued again: pending, or already rendered when the worker (kicked by the regenerate) won the race
    expect(['pending', 'ready']).toContain(again.json().body.file.status);
    await drain();
    const ok = await get(`market/report/file?productCode=${district}`, user);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(rendered).toContain(`/quotation/detail?level=district&id=${district.slice('RPT-D-'.length)}`);
  });
});

async function drain() {
  // the queue is the app's; kick it and wait until nothing is pending
  for (let i = 0; i < 50; i++) {
    const [p] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM report_files WHERE status = 'pending'`);
    if (p!.n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the report queue did not drain');
}

async function waitFor(check: () => Promise<boolean>) {
  for (let i = 0; i < 50; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not met');
}

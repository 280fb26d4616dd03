// Tap targets ≥ 44 × 44 CSS px for every visible link and button (DESIGN.md, issue 10) on the built pages at
// 375 × 812, measured by hit-testing (support/tap-targets.ts explains how and what is exempt). The same sweep
// checks that no page links to the dev harness /test-community-pk, which is also noindex.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { smallTapTargets } from '../support/tap-targets.ts';

async function api<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(`/rabbit/v1/${url}`);
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { body: T }).body;
}

/** The hottest estate of 杭州 with listings on sale, and one of its listings and its plate. */
async function sample(request: APIRequestContext) {
  const hot = await api<{ list: { kind: string; id: number }[] }>(request, 'search/hot?cityId=605');
  for (const item of hot.list.filter((h) => h.kind === 'estate')) {
    const basic = await api<{ id: number; plateId: number; onSaleCount: number }>(
      request,
      `house/basic-info?houseId=${item.id}`,
    );
    if (basic.onSaleCount === 0) continue;
    const listings = await api<{ list: { id: number }[] }>(request, `house/listing/list?houseId=${item.id}`);
    return { estateId: basic.id, plateId: basic.plateId, listingId: listings.list[0]!.id };
  }
  throw new Error('no estate with listings in 热门搜索');
}

type Sample = Awaited<ReturnType<typeof sample>>;

const PAGES: [string, (s: Sample) => string][] = [
  ['home', () => '/605'],
  ['estate detail', (s) => `/605/house-detail/${s.estateId}`],
  ['listings', (s) => `/605/house-resold/${s.estateId}`],
  ['city listings', () => '/605/house-resold'],
  ['property', (s) => `/605/property/${s.listingId}`],
  ['deals', (s) => `/605/deal-history/${s.estateId}`],
  ['deal search', () => '/605/deal-search'],
  ['rentals', (s) => `/605/renting/${s.estateId}`],
  ['plate detail', (s) => `/605/plate-detail/${s.plateId}`],
  ['rankings', () => '/605/rank'],
  ['city report', () => '/605/city-report'],
  ['estate report', (s) => `/605/house-report?estateId=${s.estateId}`],
  ['search', () => '/605/search'],
  ['quotation', () => '/quotation?cityId=605'],
  ['community pk', (s) => `/605/community-pk?a=${s.estateId}`],
  ['find house', () => '/605/find-house'],
  ['bargains', () => '/605/find-house-365'],
  ['底价揭秘', (s) => `/activity/baseprice?estateId=${s.estateId}`],
  ['city picker', () => '/citylist'],
  ['开通会员', () => '/profile/buynewvip'],
  ['upgrade', () => '/upgrade?minVersion=12.9.0'],
];

async function openAndSettle(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}

test.describe('tap targets ≥ 44 × 44 at 375 × 812', () => {
  for (const [name, url] of PAGES) {
    test(`${name}: every visible link and button`, async ({ page, request }) => {
      const path = url(await sample(request));
      await openAndSettle(page, path);
      const small = await smallTapTargets(page);
      expect(small, `${path}: targets smaller than 44 × 44 (missed probe points c/t/b/l/r)`).toEqual([]);
      // the dev harness is linked from nowhere
      expect(await page.locator('a[href*="test-community-pk"]').count(), path).toBe(0);
    });
  }

  test('the sweep catches a small target, an overlapped one and a clipped one', async ({ page }) => {
    await openAndSettle(page, '/605');
    await page.evaluate(() => {
      const host = document.createElement('div');
      host.id = 'tap-fixture';
      host.style.cssText = 'padding:60px 0;background:#fff';
      host.innerHTML = `
        <a href="/x" id="small" style="display:inline-block;width:20px;height:20px;position:static">小</a>
        <div style="margin-top:60px"><a href="/y" id="a1">甲</a><a href="/y" id="a2">乙</a></div>
        <div style="margin-top:60px;overflow:hidden;height:20px"><a href="/z" id="clipped">丙</a></div>`;
      document.querySelector('main')!.prepend(host);
      // a link that opts out of the shared hit area (a component's own ::after) is only as big as it is
      const style = document.createElement('style');
      style.textContent = '#small::after{content:none}';
      document.head.append(style);
    });
    const small = await smallTapTargets(page);
    const texts = small.map((s) => s.text);
    expect(texts).toEqual(expect.arrayContaining(['小', '甲', '丙']));
  });
});

test('/test-community-pk is noindex', async ({ request }) => {
  const html = await (await request.get('/test-community-pk')).text();
  expect(html).toContain('<meta name="robots" content="noindex"/>');
});

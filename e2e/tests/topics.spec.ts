// Issue 18, topic slice: 专题房源 (/activity/houseList: every topic tab with its cards and infinite scroll, the 降价
// badge with its %), 高端盘 (/activity/premier showcase → /activity/premier/more, and the ended campaign), and the SMS
// short links (a fresh alert's SMS link, opened from the sandbox SMS page, lands on its message's page; a tampered
// code lands on /activity/msglink/error). Serial: the ended test changes the premier campaign's period for a moment.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { shot } from '../support/screenshots.ts';
import { signIn } from '../support/login.ts';

test.describe.configure({ mode: 'serial' });

/** HOUSE_TOPICS of @fjt/domain, in the campaign's order (its activity config). */
const TOPICS = {
  priceCut: '降价房',
  fiveOnly: '满五唯一',
  nearMetro: '近地铁',
  newListing: '新上房源',
  lowTotal: '低总价',
};

const API = '/rabbit/v1';
const origin = { origin: baseURL };

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await request.fetch(`${API}/${path}`, { method, headers: origin, ...(data ? { data } : {}) });
  const json = (await res.json()) as { resultCode: number; errMsg: string; body: T };
  expect(json.resultCode, `${path}: ${json.errMsg}`).toBe(0);
  return json.body;
}

test('专题房源: each topic tab lists its cards and loads more on scroll', async ({ page }) => {
  // five tabs, each loading a second page
  test.setTimeout(120_000);
  await page.goto('/activity/houseList?cityId=605');
  await expect(page.getByTestId('house-list-page')).toHaveAttribute('data-activity-status', 'running');
  await expect(page.getByRole('heading', { name: '专题房源' })).toBeVisible();
  for (const [id, name] of Object.entries(TOPICS)) {
    const tab = page.getByTestId(`topic-tab-${id}`);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(new RegExp(`topicId=${id}`));
    const list = page.getByTestId('house-list');
    const cards = list.locator('.listing-card');
    await expect(page.getByRole('heading', { name: new RegExp(`${name}$`) })).toBeVisible();
    await expect(cards).toHaveCount(20);
    if (id === 'priceCut')
      await expect(cards.first().locator('.listing-badge--cut')).toContainText(/降价.*万 · [\d.]+%/);
    if (id === 'fiveOnly') await expect(cards.first()).toContainText('满五唯一');
    if (id === 'nearMetro') await expect(cards.first()).toContainText('近地铁');
    await page.screenshot({ path: shot(`topics-house-list-${id}`) });
    // infinite scroll: the end of the list brings the next 20
    await cards.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    // the next page (or two, on a fast machine) appended
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(40);
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  // a card opens the listing
  await page.getByTestId('house-list').locator('.listing-card').first().click();
  await expect(page).toHaveURL(/\/605\/property\/\d+$/);
});

test('高端盘: the showcase, then the full ranked list', async ({ page }) => {
  const body = await call<{ total: number }>(page.request, 'GET', 'activity/premier?cityId=605');
  await page.goto('/activity/premier?cityId=605');
  await expect(page.getByTestId('premier-page')).toHaveAttribute('data-activity-status', 'running');
  const tiles = page.getByTestId('premier-tile');
  await expect(tiles).toHaveCount(Math.min(6, body.total));
  await expect(tiles.first()).toContainText('TOP 1');
  await expect(tiles.first()).toContainText('元/㎡');
  await expect(page.locator('#activity-rules')).toContainText('前10%');
  await page.screenshot({ path: shot('topics-premier'), fullPage: true });
  await page.getByTestId('premier-more').click();
  await expect(page).toHaveURL(/\/activity\/premier\/more\?cityId=605$/);
  await expect(page.getByTestId('premier-row')).toHaveCount(body.total);
  await page.screenshot({ path: shot('topics-premier-more'), fullPage: true });
  await page.getByTestId('premier-row').first().click();
  await expect(page).toHaveURL(/\/605\/house-detail\/\d+$/);
});

test('高端盘 once ended: 活动已结束', async ({ page }) => {
  const day = 86_400_000;
  await call(page.request, 'POST', 'dev/activity/period', {
    code: 'premier',
    startsAt: new Date(Date.now() - 2 * day).toISOString(),
    endsAt: new Date(Date.now() - day).toISOString(),
  });
  try {
    await page.goto('/activity/premier?cityId=605');
    await expect(page.getByTestId('premier-page')).toHaveAttribute('data-activity-status', 'ended');
    await expect(page.getByTestId('activity-closed')).toContainText('活动已结束');
    await page.screenshot({ path: shot('topics-premier-ended') });
    await page.goto('/activity/premier/more?cityId=605');
    await expect(page.getByTestId('activity-closed')).toContainText('活动已结束');
  } finally {
    await call(page.request, 'POST', 'dev/activity/period', { code: 'premier', endsAt: null });
  }
});

test('短信链接: a fresh alert’s SMS link opens its page; a tampered one explains itself', async ({ page }) => {
  const phone = await signIn(page);
  // the city's last estate: the one other specs are least likely to look at
  const first = await call<{ total: number }>(page.request, 'GET', 'estate/list?cityId=605&size=50');
  const last = await call<{ list: { id: number }[] }>(
    page.request,
    'GET',
    `estate/list?cityId=605&size=50&page=${Math.min(500, Math.ceil(first.total / 50))}`,
  );
  const estate = last.list.at(-1)!;
  await call(page.request, 'POST', 'message/message-center/estate-subscribe/add', { estateId: estate.id });
  const run = Date.now();
  const imported = await call<{ alerts: { deal: number; sms: number } }>(page.request, 'POST', 'dev/alerts/import', {
    kind: 'deals',
    csv: `external_id,estate_id,deal_date,total_price,area,rooms,halls\ntopics-d${run},${estate.id},2022-04-15,266,88,2,1`,
  });
  expect(imported.alerts.deal).toBeGreaterThanOrEqual(1);
  expect(imported.alerts.sms).toBeGreaterThanOrEqual(1);

  // the sandbox SMS page shows the alert with its short link
  await page.goto(`/dev/sms?phone=${phone}`);
  const link = page.getByTestId('sms-link').first();
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/activity\/msglink\?code=[0-9A-Za-z_-]{12,22}$/);
  await page.screenshot({ path: shot('topics-msglink-sms') });
  // the server answers the link with a 302 to the deal's page, no page in between
  const res = await page.request.get(href, { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toMatch(new RegExp(`^/605/deal-history/${estate.id}/detail\\?dealId=\\d+$`));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/605/deal-history/${estate.id}/detail\\?dealId=\\d+$`));
  await page.screenshot({ path: shot('topics-msglink-target') });

  // one character changed: the error page, with the way to 消息 and home
  const code = new URL(href, baseURL).searchParams.get('code')!;
  const tampered = code.slice(0, -1) + (code.endsWith('A') ? 'B' : 'A');
  await page.goto(`/activity/msglink?code=${tampered}`);
  await expect(page).toHaveURL(/\/activity\/msglink\/error\?reason=invalid$/);
  await expect(page.getByTestId('msglink-error')).toContainText('链接无效');
  await expect(page.getByRole('link', { name: '查看消息' })).toHaveAttribute('href', '/profile/message');
  await expect(page.getByRole('link', { name: '回到首页' })).toBeVisible();
  await page.screenshot({ path: shot('topics-msglink-error') });
  await page.goto('/activity/msglink/error?reason=expired');
  await expect(page.getByTestId('msglink-error')).toContainText('链接已过期');
});

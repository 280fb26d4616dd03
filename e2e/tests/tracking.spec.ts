// First-party tracking (issue 18) at 375×812: a page view and a tap on a tagged element arrive in ubt_event (read back
// through the sandbox's dev/ubt/recent), the '个性化推荐与统计' switch of /profile/info stops the events, /spm-demo
// shows the codes, the untagged count and the live log, and /ops/funnel (the demo ops user) shows a channel's visit,
// login and paid order after channel mark → login → checkout. Screenshots of each.
import { expect, test, type Page } from '@playwright/test';
import { shot } from '../support/screenshots.ts';
import { OPS_STATE, signIn } from '../support/login.ts';

// a shared 2-core machine: logins, checkouts and beacons take their time
test.describe.configure({ timeout: 120_000 });

interface Recent {
  type: string;
  page: string;
  spm: string;
  month: number;
  userId: number | null;
  channelCode: string | null;
}

async function deviceOf(page: Page): Promise<string> {
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'fjt_did')?.value).toBeTruthy();
  return (await page.context().cookies()).find((c) => c.name === 'fjt_did')!.value;
}

async function recent(page: Page, device: string): Promise<Recent[]> {
  const res = await page.request.get(`/rabbit/v1/dev/ubt/recent?deviceId=${device}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { body: { list: Recent[] } }).body.list;
}

/** The page is being left: the queue sends what it holds (as it does on pagehide / visibilitychange). */
const leave = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('pagehide')));

async function cityHome(page: Page) {
  await page.goto('/605');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(page.locator('[data-spm="fjt.city-home.entry.0"]')).toBeVisible();
}

test('a page view and a tap on a tagged element arrive in ubt_event', async ({ page }) => {
  await cityHome(page);
  const device = await deviceOf(page);
  const entry = page.locator('[data-spm="fjt.city-home.entry.0"]');
  await entry.click();
  await page.waitForLoadState('networkidle');
  await leave(page);
  await expect
    .poll(async () => (await recent(page, device)).map((e) => `${e.type} ${e.page} ${e.spm}`))
    .toEqual(expect.arrayContaining(['view city-home ', 'click city-home fjt.city-home.entry.0']));
  const rows = await recent(page, device);
  const now = new Date(Date.now() + 8 * 3_600_000);
  expect(rows[0]!.month).toBe(now.getUTCFullYear() * 100 + now.getUTCMonth() + 1);
});

test('the 个性化推荐与统计 switch in /profile/info stops the events', async ({ page }) => {
  await signIn(page);
  await page.goto('/profile/info');
  const toggle = page.getByTestId('privacy-tracking');
  await expect(toggle).toBeEnabled();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(toggle).toContainText('已开启');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(toggle).toContainText('已关闭');
  await page.screenshot({ path: shot('tracking-privacy-off'), fullPage: true });
  const privacy = await page.request.get('/rabbit/v1/user/privacy');
  expect(((await privacy.json()) as { body: { tracking: boolean } }).body.tracking).toBe(false);

  const device = await deviceOf(page);
  await leave(page);
  const before = (await recent(page, device)).length;
  await cityHome(page);
  await page.locator('[data-spm="fjt.city-home.entry.0"]').click();
  await page.waitForLoadState('networkidle');
  await leave(page);
  await page.waitForTimeout(1000);
  expect((await recent(page, device)).length).toBe(before);

  // and back on: events flow again
  await page.goto('/profile/info');
  await page.getByTestId('privacy-tracking').click();
  await expect(page.getByTestId('privacy-tracking')).toHaveAttribute('aria-checked', 'true');
  await cityHome(page);
  await leave(page);
  await expect.poll(async () => (await recent(page, device)).length).toBeGreaterThan(before);
});

test('/spm-demo shows the codes, flags untagged elements and logs the framed page’s events', async ({ page }) => {
  await page.goto('/spm-demo');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(page.getByTestId('spm-counts')).toContainText('已埋点', { timeout: 15_000 });
  await expect(page.getByTestId('spm-counts')).toContainText('未埋点');
  const frame = page.frameLocator('iframe.spm-demo__frame');
  await expect(frame.locator('#fjt-spm-overlay')).toContainText('fjt.city-home.header.1');
  await expect(page.getByTestId('spm-log')).toContainText('city-home');
  await frame.locator('[data-spm="fjt.city-home.header.1"]').click();
  await expect(page.getByTestId('spm-log')).toContainText('fjt.city-home.header.1');
  await page.waitForTimeout(1600);
  await page.screenshot({ path: shot('tracking-spm-demo'), fullPage: true });
});

test('/ops/funnel shows a channel’s visit, login and paid order', async ({ page, browser }) => {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const channel = `e2e${Date.now() % 1_000_000}`;
  await cityHome(page);
  await deviceOf(page);
  const marked = await page.request.post('/rabbit/v1/ubt/api/channel/mark', {
    data: { clientType: 'H5', channelCode: channel, mark: '', page: 'download' },
    headers: { origin },
  });
  expect(marked.status()).toBe(200);
  await signIn(page);
  // a paid order: 开通会员 月卡 through the sandbox cashier
  await page.goto('/profile/buynewvip/order?cardCode=VIP_MONTH');
  await page.getByTestId('checkout-agree').check();
  await page.getByTestId('checkout-pay').click();
  await expect(page).toHaveTitle('支付宝收银台');
  await page.getByRole('button', { name: '确认付款' }).click();
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();

  const ops = await browser.newContext({ storageState: OPS_STATE, viewport: { width: 375, height: 812 } });
  const opsPage = await ops.newPage();
  await opsPage.goto(`/ops/funnel?channel=${channel}`);
  await expect(opsPage.getByRole('heading', { name: '渠道漏斗' })).toBeVisible();
  await expect(opsPage.getByTestId('funnel-chart')).toBeVisible();
  const row = opsPage.getByTestId('funnel-rows').locator('tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(channel);
  const cells = await row.locator('td').allTextContents();
  expect(cells.slice(1, 4)).toEqual(['1', '1', '1']);
  await opsPage.screenshot({ path: shot('tracking-ops-funnel'), fullPage: true });
  // all channels: the chart and the filter's choices
  await opsPage.goto('/ops/funnel');
  await expect(opsPage.getByTestId('funnel-chart')).toBeVisible();
  await expect(opsPage.getByRole('combobox', { name: '渠道' }).locator(`option[value="${channel}"]`)).toHaveCount(1);
  await opsPage.screenshot({ path: shot('tracking-ops-funnel-all'), fullPage: true });
  await ops.close();
});

import { expect, test } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.50';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IN_APP = `${IPHONE} FangJiaTong/12.8.0`;

test.describe('download layout (spec §2 Layouts, §4)', () => {
  test('the banner shows the app name, the slogan, a close control and 立即打开', async ({ page }) => {
    await page.goto('/605');
    const banner = page.getByTestId('download-banner');
    await expect(banner).toContainText('房价通');
    await expect(banner).toContainText('看房之前，先上房价通查查房价');
    await expect(banner.getByRole('button', { name: '立即打开' })).toBeVisible();
    await expect(banner.getByRole('button', { name: '关闭' })).toBeVisible();
    const box = await banner.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: shot('download-banner') });
  });

  test('closing hides it for the rest of the session; a new session shows it again', async ({ page, browser }) => {
    await page.goto('/605');
    await page.getByTestId('download-banner').getByRole('button', { name: '关闭' }).click();
    await expect(page.getByTestId('download-banner')).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('download-banner')).toBeHidden();
    await page.goto('/');
    await expect(page.getByTestId('download-banner')).toBeHidden();

    const fresh = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const other = await fresh.newPage();
    await other.goto(new URL('/605', page.url()).toString());
    await expect(other.getByTestId('download-banner')).toBeVisible();
    await fresh.close();
  });

  test('pages with the default layout have no banner', async ({ page }) => {
    await page.goto('/helper');
    await expect(page.getByTestId('helper-page')).toBeVisible();
    await expect(page.getByTestId('download-banner')).toHaveCount(0);
  });

  test('inside the app (user agent or currentVersion cookie) there is no download banner', async ({
    browser,
    baseURL,
  }) => {
    const app = await browser.newContext({ userAgent: IN_APP, viewport: { width: 375, height: 812 } });
    const page = await app.newPage();
    await page.goto(`${baseURL}/605`);
    await expect(page.getByRole('region', { name: '城市房价' })).toBeVisible();
    await expect(page.getByTestId('download-banner')).toHaveCount(0);
    await app.close();

    const cookieApp = await browser.newContext({ viewport: { width: 375, height: 812 } });
    await cookieApp.addCookies([{ name: 'currentVersion', value: '12.9.0', url: baseURL! }]);
    const page2 = await cookieApp.newPage();
    await page2.goto(`${baseURL}/605`);
    await expect(page2.getByRole('region', { name: '城市房价' })).toBeVisible();
    await expect(page2.getByTestId('download-banner')).toHaveCount(0);
    await cookieApp.close();
  });

  test('立即打开 on Android inside WeChat goes to the open-in-browser guide', async ({ browser, baseURL }) => {
    const ctx = await browser.newContext({ userAgent: ANDROID_WECHAT, viewport: { width: 375, height: 812 } });
    const page = await ctx.newPage();
    await page.goto(`${baseURL}/605`);
    await page.getByRole('button', { name: '立即打开' }).click();
    // PAGES.md §3.14: WeChat → /helper2
    await page.waitForURL(/\/helper2$/);
    await expect(page.getByRole('heading', { name: '请在浏览器中打开' })).toBeVisible();
    await ctx.close();
  });

  test('立即打开 on iOS goes through the universal link', async ({ browser, baseURL }) => {
    const ctx = await browser.newContext({ userAgent: IPHONE, viewport: { width: 375, height: 812 } });
    await ctx.route('https://app.fangjiatong.cn/**', (route) => route.fulfill({ status: 200, body: 'universal link' }));
    const page = await ctx.newPage();
    await page.goto(`${baseURL}/605`);
    await page.getByRole('button', { name: '立即打开' }).click();
    await page.waitForURL(/^https:\/\/app\.fangjiatong\.cn\/open/);
    await ctx.close();
  });

  test('立即打开 on Android outside WeChat tries the app scheme, then the APK after 1000 ms', async ({ page }) => {
    await page.goto('/605');
    await page.evaluate(() => {
      const w = window as unknown as { __schemeAt?: number };
      // Record the scheme attempt; Chromium cannot open an unknown scheme in a test.
      window.addEventListener('beforeunload', () => (w.__schemeAt ??= Date.now()));
    });
    let apkAt = 0;
    await page.route('**/download/fangjiatong.apk', (route) => {
      apkAt = Date.now();
      return route.fulfill({ status: 200, contentType: 'text/plain', body: 'apk' });
    });
    const clickedAt = Date.now();
    await page.getByRole('button', { name: '立即打开' }).click();
    await expect.poll(() => apkAt, { timeout: 5000 }).toBeGreaterThan(0);
    expect(apkAt - clickedAt).toBeGreaterThanOrEqual(950);
  });
});

test.describe('layouts by page (PAGES.md)', () => {
  for (const [url, layout] of [
    ['/605', 'download'],
    ['/', 'download'],
    ['/605/house-detail/1', 'send-order'],
    ['/605/deal-history/1', 'send-order'],
    ['/quotation', 'send-order'],
    ['/605/house-report', 'share'],
    ['/invitation', 'share'],
    ['/aboutus', 'default'],
  ] as const) {
    test(`${url} uses the ${layout} layout`, async ({ page }) => {
      await page.goto(url);
      await expect(page.locator(`[data-layout="${layout}"]`)).toHaveCount(1);
    });
  }
});

// Issue 18, app integration (PAGES.md §3.14, §3.15): the download flow per platform user agent, the channel mark
// sent on load of the landing pages, /activity/hw-pps running and ended, the help centre's search, the open-in-
// browser guide, the component showcase, and the installable web app (manifest, service worker, offline reading
// of a visited estate page, Chromium's installability check).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page, type Request } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

const UA = {
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  androidWechat:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F30) NetType/WIFI Language/zh_CN',
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
};

async function phone(browser: Browser, baseURL: string | undefined, userAgent: string) {
  const context = await browser.newContext({ userAgent, viewport: { width: 375, height: 812 }, baseURL });
  return { context, page: await context.newPage() };
}

const isMark = (r: Request) => r.url().endsWith('/rabbit/v1/ubt/api/channel/mark') && r.method() === 'POST';

async function expectMark(page: Page, url: string, channelCode: string, pageName: string) {
  const mark = page.waitForRequest(isMark);
  await page.goto(url);
  const request = await mark;
  expect(request.postDataJSON()).toMatchObject({ clientType: 'H5', channelCode, page: pageName });
  const response = await request.response();
  expect((await response!.json()).resultCode).toBe(0);
}

test.describe('download flow per platform (spec §4)', () => {
  test('iOS: the universal link', async ({ browser, baseURL }) => {
    const { context, page } = await phone(browser, baseURL, UA.ios);
    await context.route('https://app.fangjiatong.cn/**', (route) =>
      route.fulfill({ status: 200, body: 'universal link' }),
    );
    await page.goto('/download?chanelName=appstore');
    const button = page.getByTestId('download-button');
    await expect(button).toHaveAttribute('data-plan', 'universal-link');
    await expect(page.getByText('未安装将前往App Store')).toBeVisible();
    await page.screenshot({ path: shot('app-download-ios'), fullPage: true });
    await button.click();
    await page.waitForURL(/^https:\/\/app\.fangjiatong\.cn\/open\?target=fangjiatong%3A%2F%2Fmain$/);
    await context.close();
  });

  test('Android in WeChat: the open-in-browser guide', async ({ browser, baseURL }) => {
    const { context, page } = await phone(browser, baseURL, UA.androidWechat);
    await page.goto('/download');
    await expect(page.getByText('微信内无法直接下载')).toBeVisible();
    await page.getByTestId('download-button').click();
    await page.waitForURL(/\/helper2$/);
    await expect(page.getByRole('heading', { name: '请在浏览器中打开' })).toBeVisible();
    await expect(page.getByTestId('helper2-steps')).toContainText('在浏览器中打开');
    await expect(page.getByTestId('helper2-arrow')).toBeVisible();
    await page.screenshot({ path: shot('app-helper2') });
    await context.close();
  });

  for (const [name, ua] of [
    ['Android', UA.android],
    ['desktop', UA.desktop],
  ] as const) {
    test(`${name}: the scheme, then the APK after 1 s`, async ({ browser, baseURL }) => {
      const { context, page } = await phone(browser, baseURL, ua);
      let apkAt = 0;
      await page.route('**/download/fangjiatong.apk', (route) => {
        apkAt = Date.now();
        return route.fulfill({ status: 200, contentType: 'text/plain', body: 'apk' });
      });
      await page.goto('/download');
      await expect(page.getByTestId('download-button')).toHaveAttribute('data-plan', 'scheme');
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      const clickedAt = Date.now();
      await page.getByTestId('download-button').click();
      await expect.poll(() => apkAt, { timeout: 5000 }).toBeGreaterThan(0);
      expect(apkAt - clickedAt).toBeGreaterThanOrEqual(950);
      await context.close();
    });
  }

  test('the page shows features and screenshots of our own pages', async ({ page }) => {
    await page.goto('/download');
    await expect(page.getByTestId('download-features').locator('li')).toHaveCount(4);
    const shots = page.getByTestId('download-shots').locator('img');
    await expect(shots).toHaveCount(4);
    for (const src of await shots.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src')))) {
      const res = await page.request.get(src!);
      expect(res.status(), src!).toBe(200);
      expect(res.headers()['content-type']).toContain('image/webp');
    }
    await page.screenshot({ path: shot('app-download-android'), fullPage: true });
  });
});

test.describe('channel mark on load', () => {
  test('/download?chanelName', async ({ page }) => {
    await expectMark(page, '/download?chanelName=xiaomi', 'xiaomi', 'download');
  });

  test('/download with a malformed chanelName is the page, without a mark', async ({ page }) => {
    const marks: Request[] = [];
    page.on('request', (r) => (isMark(r) ? marks.push(r) : undefined));
    const res = await page.goto('/download?chanelName=%3Cscript%3E');
    expect(res!.status()).toBe(200);
    await expect(page.getByTestId('download-page')).toBeVisible();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await page.waitForTimeout(300);
    expect(marks).toHaveLength(0);
  });

  test('/promotion?channel: city price card, value points, download', async ({ page }) => {
    await expectMark(page, '/promotion?channel=douyin', 'douyin', 'promotion');
    await expect(page.getByRole('region', { name: '城市房价' })).toContainText('杭州');
    await expect(page.getByTestId('value-points').locator('li')).toHaveCount(4);
    await expect(page.getByTestId('download-button')).toBeVisible();
    await page.screenshot({ path: shot('app-promotion'), fullPage: true });
  });
});

// serial: the ended test moves the campaign's period, which the first test must not see
test.describe.serial('hw-pps', () => {
  test('/activity/hw-pps marks huawei (or ?channel)', async ({ page }) => {
    await expectMark(page, '/activity/hw-pps', 'huawei', 'activity-hw-pps');
    await expect(page.getByTestId('hw-pps-page')).toHaveAttribute('data-activity-status', 'running');
    await expect(page.getByRole('heading', { name: '查房价，上房价通' })).toBeVisible();
    await expect(page.getByRole('region', { name: '城市房价' })).toBeVisible();
    await expect(page.getByRole('button', { name: '打开房价通APP' })).toBeVisible();
    await page.screenshot({ path: shot('app-hw-pps'), fullPage: true });
    await expectMark(page, '/activity/hw-pps?channel=hw-pps-2', 'hw-pps-2', 'activity-hw-pps');
    // the landing is painted by the server: the price card and the reasons are in its HTML
    const html = await (await page.request.get('/activity/hw-pps')).text();
    expect(html).toContain('为什么用房价通');
    expect(html).toContain('data-testid="value-points"');
  });

  const period = async (page: Page, baseURL: string | undefined, data: Record<string, unknown>) => {
    const res = await page.request.post('/rabbit/v1/dev/activity/period', {
      data: { code: 'hw-pps', ...data },
      headers: { origin: new URL(baseURL!).origin },
    });
    expect((await res.json()).resultCode).toBe(0);
  };
  test('ended by ops → 活动已结束', async ({ page, baseURL }) => {
    await period(page, baseURL, {
      endsAt: new Date(Date.now() - 60_000).toISOString(),
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    try {
      await page.goto('/activity/hw-pps');
      await expect(page.getByTestId('hw-pps-page')).toHaveAttribute('data-activity-status', 'ended');
      await expect(page.getByTestId('activity-closed')).toContainText('活动已结束');
      await page.screenshot({ path: shot('app-hw-pps-ended') });
    } finally {
      await period(page, baseURL, { endsAt: null });
    }
    await page.reload();
    await expect(page.getByTestId('hw-pps-page')).toHaveAttribute('data-activity-status', 'running');
  });
});

test.describe('help centre', () => {
  test('sections open and close; search filters the questions', async ({ page }) => {
    await page.goto('/helper');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    const premium = page.getByRole('button', { name: '什么是房东溢价系数？' });
    await expect(premium).toHaveAttribute('aria-expanded', 'false');
    await premium.click();
    await expect(premium).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('等于本月挂牌价÷上月成交价')).toBeVisible();
    await page.screenshot({ path: shot('app-helper') });
    await premium.click();
    await expect(premium).toHaveAttribute('aria-expanded', 'false');

    const all = await page.getByTestId('help-question').count();
    await page.getByTestId('help-search').fill('经纪人');
    await expect(page.getByTestId('help-question')).toHaveCount(1);
    const calls = page.getByRole('button', { name: '如何让经纪人不再给我打电话？' });
    await expect(calls).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('不再联系我').first()).toBeVisible();
    await page.screenshot({ path: shot('app-helper-search') });
    await page.getByRole('link', { name: '去「我的」设置 ›' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goBack();

    await page.getByTestId('help-search').fill('没有这种问题xyz');
    await expect(page.getByTestId('help-empty')).toContainText('没有找到相关问题');
    await page.getByRole('button', { name: '清除搜索' }).click();
    await expect(page.getByTestId('help-question')).toHaveCount(all);
  });
});

test.describe('component showcase', () => {
  test('/demo shows the components with mock data', async ({ page }) => {
    await page.goto('/demo');
    await expect(page.getByTestId('demo-page')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('region', { name: '城市房价' })).toContainText('示例市');
    await expect(page.getByTestId('demo-rate-list')).toContainText('上涨2.4%↑');
    await expect(page.locator('.svg-chart svg')).toHaveCount(2);
    await page.screenshot({ path: shot('app-demo'), fullPage: true });
    await page.getByTestId('demo-open-modal').click();
    await expect(page.getByTestId('demo-deal-modal')).toContainText('这些房源您也可以一起咨询');
    await expect(page.getByTestId('demo-deal-modal')).toContainText('--');
    await page.screenshot({ path: shot('app-demo-modal') });
    await page.getByTestId('demo-deal-modal').getByRole('button', { name: '关闭' }).click();
    await expect(page.getByTestId('demo-deal-modal')).toHaveCount(0);
    await expect(page.locator('.adm-mask:visible')).toHaveCount(0);
    await page.getByTestId('demo-toast').click();
    await expect(page.getByText('复制成功')).toBeVisible();
    await page.getByRole('button', { name: '空状态' }).click();
    await expect(page.getByTestId('demo-state-empty')).toContainText('暂无符合条件的成交');
    await page.getByRole('button', { name: '出错' }).click();
    await expect(page.getByTestId('demo-state-error')).toContainText('刷新试试看');
  });
});

test.describe('installable web app', () => {
  test('manifest fields, icons, the service worker served no-cache', async ({ page, request }) => {
    await page.goto('/605');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await (await request.get(href!)).json();
    expect(manifest).toMatchObject({
      name: '房价通',
      short_name: '房价通',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1f6fff',
    });
    const sizes = (manifest.icons as { sizes: string; purpose: string; src: string }[]).map(
      (i) => `${i.sizes} ${i.purpose}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons as { src: string }[]) {
      const res = await request.get(icon.src);
      expect(res.headers()['content-type']).toBe('image/png');
    }
    const sw = await request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(await sw.text()).not.toContain("const BUILD_ID = 'dev';");
  });

  test('Chromium finds no installability errors; the worker controls the page', async ({ baseURL }) => {
    // Playwright's contexts are incognito, where Chromium never offers an install: a persistent profile instead
    const dir = mkdtempSync(join(tmpdir(), 'fjt-pwa-'));
    const context = await chromium.launchPersistentContext(dir, {
      ...test.info().project.use.launchOptions,
      viewport: { width: 375, height: 812 },
      baseURL,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/605');
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.reload();
      await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: unknown[];
      };
      expect(installabilityErrors).toEqual([]);
      const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(url).toMatch(/\/manifest\.webmanifest$/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('offline: a visited estate page is read from the cache, an unvisited one gets the offline page', async ({
    page,
    context,
  }) => {
    await page.goto('/605');
    await page.evaluate(() => navigator.serviceWorker.ready);
    const hrefs = await page
      .locator('a[href*="/house-detail/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
    expect(hrefs.length).toBeGreaterThanOrEqual(2);
    const [visited, unvisited] = hrefs as [string, string];
    // the API is never answered by the worker
    const apiFromWorker: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/rabbit/v1/') && r.fromServiceWorker()) apiFromWorker.push(r.url());
    });
    await page.goto(visited);
    await expect(page.getByTestId('estate-page')).toBeVisible();
    const name = (await page.locator('h1').first().textContent())!.trim();
    // the worker keeps the page once its answer is complete
    await expect
      .poll(() =>
        page.evaluate(
          (path) =>
            caches
              .open('fjt-pages-v1')
              .then((c) => c.match(path))
              .then((r) => !!r),
          visited,
        ),
      )
      .toBe(true);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByTestId('estate-page')).toBeVisible();
      await expect(page.locator('h1').first()).toHaveText(name);
      await page.screenshot({ path: shot('app-offline-estate') });
      // kept by path: a shared link's query string finds the same copy
      await page.goto(`${visited}?from=share`);
      await expect(page.locator('h1').first()).toHaveText(name);

      await page.goto(unvisited);
      await expect(page.getByTestId('offline-page')).toBeVisible();
      await expect(page.getByText('网络已断开').first()).toBeVisible();
      await page.screenshot({ path: shot('app-offline-page') });
    } finally {
      await context.setOffline(false);
    }
    // online again: the unvisited page comes from the network
    await page.goto(unvisited);
    await expect(page.getByTestId('estate-page')).toBeVisible();
    expect(apiFromWorker).toEqual([]);
  });

  test('/offline itself answers 200', async ({ request }) => {
    const res = await request.get('/offline');
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('网络已断开');
  });
});

import { expect, test } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

test('the 404 page shows the spec’s text and status, in a real 404 response', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('error-status')).toHaveText('404');
  await expect(page.getByTestId('error-message')).toHaveText('This page could not be found');
  await expect(page.getByRole('button', { name: '刷新试试看' })).toBeVisible();
  await expect(page).toHaveTitle('页面不存在 - 房价通');
  await page.screenshot({ path: shot('404'), fullPage: true });
});

test('the error page shows the status code and message; 刷新试试看 reloads, 回到首页 goes home', async ({ page }) => {
  const response = await page.goto('/helper?__error=503');
  expect(response?.status()).toBe(503);
  await expect(page.getByTestId('error-status')).toHaveText('503');
  await expect(page.getByTestId('error-message')).toHaveText('服务暂时不可用，请稍后再试');
  await page.screenshot({ path: shot('error-503'), fullPage: true });

  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: '刷新试试看' }).click()]);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
  await expect(page.getByTestId('error-status')).toHaveText('503');

  await page.getByRole('link', { name: '回到首页' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('main.city-home')).toBeVisible();
});

test('an unexpected server failure shows the error page with 500 and no internals', async ({ page }) => {
  const response = await page.goto('/helper?__error=throw');
  expect(response?.status()).toBe(500);
  await expect(page.getByTestId('error-status')).toHaveText('500');
  await expect(page.locator('body')).not.toContainText('test hook');
  await expect(page.locator('body')).not.toContainText('at ');
});

test('a chunk that fails to load makes the page reload (spec §4, §8)', async ({ page }) => {
  // As after a redeploy: the page module's chunk fails once; the app must reload and then work.
  let blocked = 0;
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents++;
  });
  await page.route(/\/assets\/msglink-error-[^/]+\.js$/, (route) => {
    if (documents > 1) return route.continue();
    blocked++;
    return route.abort();
  });
  await page.goto('/activity/msglink/error');
  await expect.poll(() => documents, { timeout: 10_000 }).toBe(2);
  expect(blocked).toBeGreaterThanOrEqual(1);
  // Hydrated after the reload: client navigation works.
  await page.getByRole('link', { name: '回到首页' }).click();
  await expect(page).toHaveURL(/\/(605)?$/);
});

// Issue 10 defect 4: Fastify's and React Router's own answers never reach the visitor.
test('a URL that cannot be decoded gets the product’s 404 page, not Fastify’s JSON', async ({ page }) => {
  const response = await page.goto('/605/house-detail/%E0%A4%A');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(page.getByTestId('error-status')).toHaveText('404');
  await expect(page.getByTestId('error-message')).toHaveText('This page could not be found');
  await page.screenshot({ path: shot('error-bad-url'), fullPage: true });
});

test('a POST to a page is the product’s 405 page in Chinese, naming no internal route', async ({ request, page }) => {
  for (const url of ['/605', '/605/house-detail/1', '/citylist', '/605.data']) {
    const response = await request.post(url, { data: 'a=1', maxRedirects: 0 });
    expect(response.status(), url).toBe(405);
    expect(response.headers()['allow'], url).toBe('GET, HEAD');
    const text = await response.text();
    expect(text, url).toContain('该页面不支持此操作，请返回重试');
    expect(text, url).not.toMatch(/did not provide|for route|Method Not Allowed/);
  }
  await page.route('**/605', (route) => route.continue({ method: 'POST', postData: 'a=1' }));
  await page.goto('/605');
  await expect(page.getByTestId('error-status')).toHaveText('405');
  await expect(page.getByTestId('error-message')).toHaveText('该页面不支持此操作，请返回重试');
  await page.screenshot({ path: shot('error-405'), fullPage: true });
});

test('ids beyond the id column are a 404 page, never a 500 or a redirect', async ({ request }) => {
  for (const url of [
    '/2147483648/search/result?kw=x',
    '/605/house-video?vid=2147483648',
    '/605/overseas-detail/2147483648',
    '/605/renting/2147483648',
    '/605/community-list/2147483648',
  ]) {
    const response = await request.get(url, { maxRedirects: 0 });
    expect(response.status() === 404 || response.status() === 200, `${url} → ${response.status()}`).toBe(true);
    if (url.includes('vid='))
      expect(response.status()).toBe(200); // the list, without a featured video
    else expect(response.status(), url).toBe(404);
  }
});

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
  const response = await page.goto('/aboutus?__error=503');
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
  const response = await page.goto('/aboutus?__error=throw');
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
  await page.route(/\/assets\/page-pending-[^/]+\.js$/, (route) => {
    if (documents > 1) return route.continue();
    blocked++;
    return route.abort();
  });
  await page.goto('/aboutus');
  await expect.poll(() => documents, { timeout: 10_000 }).toBe(2);
  expect(blocked).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('page-pending')).toBeVisible();
  // Hydrated after the reload: client navigation works.
  await page.getByRole('link', { name: '查看城市房价' }).click();
  await expect(page).toHaveURL(/\/605$/);
});

// The report mall (issue 12 acceptance: "buying a report → PDF download in /market/history") at 375×812 against the
// embedded sandbox gateway: sign in → /market (city overview, tabs, cards) → a report's page → 立即购买 → pay with
// 支付宝 in the sandbox cashier → 支付成功 → /market/history → the PDF (printed by the server's Chromium from the
// report page) downloads; a second purchase of the same report is refused. Screenshots of each page.
import { readFileSync } from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import { shot } from '../support/screenshots.ts';
import { signIn } from '../support/login.ts';

test.use({ viewport: { width: 375, height: 812 } });
// the server prints the PDF with its own Chromium while this test's browser runs: minutes on a busy machine
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

test('报告商城: buy a city report with 支付宝 and download its PDF from 已购报告', async ({ page }) => {
  await signIn(page);
  await page.goto('/market?cityId=605');
  await expect(page.getByTestId('market-city')).toContainText('杭州');
  await expect(page.getByTestId('market-view')).toContainText('成交套数');
  await expect(page.getByTestId('market-view')).toContainText('成交均价');
  await expect(page.getByRole('tab', { name: /小区/ })).toBeVisible();
  const cards = page.getByTestId('market-products').getByTestId('report-card');
  await expect(cards.first()).toContainText('杭州市房价月度报告');
  await page.screenshot({ path: shot('market-home'), fullPage: false });

  // the estate tab: every card is a ¥9.9 estate report
  await page.getByRole('tab', { name: /小区/ }).click();
  await expect(cards.first()).toContainText('小区报告');
  await expect(cards.first()).toContainText('¥9.90');
  await page.screenshot({ path: shot('market-estates'), fullPage: false });

  await page.goto('/market/citys');
  await expect(page.getByTestId('market-citys')).toContainText('杭州');
  await page.screenshot({ path: shot('market-citys'), fullPage: false });

  await page.goto('/market/RPT-C-605');
  const detail = page.getByTestId('market-product');
  await expect(detail).toContainText('杭州市房价月度报告');
  await expect(detail).toContainText('报告目录');
  await expect(detail).toContainText('各区县均价与涨跌对比');
  await expect(page.getByTestId('market-sample')).toHaveAttribute('href', '/605/city-report');
  await page.screenshot({ path: shot('market-product'), fullPage: true });

  await page.getByTestId('market-buy').click();
  await expect(page).toHaveURL(/\/market\/order\?productCode=RPT-C-605$/);
  await expect(page.getByTestId('checkout-product')).toContainText('杭州市房价月度报告');
  await expect(page.getByRole('radio', { name: '支付宝' })).toBeChecked();
  await expect(page.getByTestId('checkout-pay')).toHaveText('确认支付 ¥29.90');
  await page.screenshot({ path: shot('market-order'), fullPage: true });
  await page.getByTestId('checkout-agree').check();
  await page.getByTestId('checkout-pay').click();
  await expect(page).toHaveTitle('支付宝收银台');
  await expect(page.locator('body')).toContainText('29.90');
  await page.getByRole('button', { name: '确认付款' }).click();

  await expect(page).toHaveURL(/\/market\/order\/status\?/);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await expect(page.getByTestId('order-result-report')).toBeVisible();
  await page.screenshot({ path: shot('market-status-paid'), fullPage: true });
  await page.getByRole('link', { name: '购买记录' }).click();

  await expect(page).toHaveURL(/\/market\/history$/);
  const item = page.getByTestId('market-history-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('杭州市房价月度报告');
  // printing takes a while: the page polls until 下载 PDF shows
  await expect(page.getByTestId('market-download')).toBeVisible({ timeout: 180_000 });
  await page.screenshot({ path: shot('market-history'), fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('market-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^杭州市房价月度报告-\d{4}-\d{2}\.pdf$/);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
  expect(pdf.byteLength).toBeGreaterThan(20_000);

  // owned: the detail says so, and the API refuses another purchase
  await page.goto('/market/RPT-C-605');
  await expect(page.getByTestId('market-owned')).toHaveText('已购买 · 下载');
  await page.screenshot({ path: shot('market-product-owned'), fullPage: false });
});

test('the report pages as the PDF renderer prints them (A4 width, print media)', async ({ page }) => {
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: 'print' });
  const estate = await page.request.get('/rabbit/v1/market/product/list?cityId=605&category=estate&size=1');
  const estateCode = ((await estate.json()) as { body: { list: { code: string }[] } }).body.list[0]!.code;
  const district = await page.request.get('/rabbit/v1/market/product/list?cityId=605&category=district&size=1');
  const districtCode = ((await district.json()) as { body: { list: { code: string }[] } }).body.list[0]!.code;
  for (const [name, code] of [
    ['city', 'RPT-C-605'],
    ['custom', 'RPT-X-605'],
    ['district', districtCode],
    ['estate', estateCode],
  ] as const) {
    const detail = await page.request.get(`/rabbit/v1/market/product/detail?productCode=${code}`);
    const href = ((await detail.json()) as { body: { product: { sampleHref: string } } }).body.product.sampleHref;
    const res = await page.goto(href);
    expect(res?.status()).toBe(200);
    // the app chrome is not printed
    await expect(page.locator('.tab-bar')).toBeHidden();
    await page.screenshot({ path: shot(`market-print-${name}`), fullPage: false });
  }
});

// A bought estate report prints what was bought (issue 12, ADR 0013): buy the busiest estate's report with 支付宝 in
// the sandbox → its PDF downloads from 已购报告; then the report page loaded exactly as the server's PDF renderer
// loads it (an anonymous A4 print-media browser, the print pass from the APP_TEST_HOOKS hook dev/print-pass sent
// with the page's own request only) shows every deal row in full — no '**万' — while a visitor loading the same
// page right after still gets the masked rows (nothing unmasked was cached). Screenshots of the printed page.
import { readFileSync } from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import { shot } from '../support/screenshots.ts';
import { signIn } from '../support/login.ts';

test.use({ viewport: { width: 375, height: 812 } });
// the server prints the PDF with its own Chromium while this test's browser runs: minutes on a busy machine
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const PRINT_PASS_HEADER = 'x-fjt-print-pass';

test('已购小区报告: the PDF is printed with every deal row, a visitor still sees them masked', async ({
  page,
  browser,
  baseURL,
}) => {
  // the estate reports are listed most traded first
  const list = await page.request.get('/rabbit/v1/market/product/list?cityId=605&category=estate&size=1');
  const product = ((await list.json()) as { body: { list: { code: string; title: string }[] } }).body.list[0]!;

  await signIn(page);
  await page.goto(`/market/${product.code}`);
  await expect(page.getByTestId('market-product')).toContainText(product.title);
  await page.getByTestId('market-buy').click();
  await expect(page.getByTestId('checkout-pay')).toHaveText('确认支付 ¥9.90');
  await page.getByTestId('checkout-agree').check();
  await page.getByTestId('checkout-pay').click();
  await expect(page).toHaveTitle('支付宝收银台');
  await page.getByRole('button', { name: '确认付款' }).click();
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await page.goto('/market/history');
  const item = page.getByTestId('market-history-item');
  await expect(item).toContainText(product.title);
  await expect(page.getByTestId('market-download')).toBeVisible({ timeout: 180_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('market-download').click()]);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
  expect(pdf.byteLength).toBeGreaterThan(20_000);

  // the page as the renderer (apps/server/src/modules/mall/renderer.ts) prints it
  const hook = await page.request.get(`/rabbit/v1/dev/print-pass?productCode=${product.code}`);
  expect(hook.ok()).toBe(true);
  const { path, pass } = ((await hook.json()) as { body: { path: string; pass: string } }).body;
  expect(path).toMatch(/^\/605\/house-report\?estateId=\d+$/);
  const url = new URL(path, baseURL).href;
  const printer = await browser.newContext({ viewport: { width: 794, height: 1123 }, locale: 'zh-CN' });
  const printed = await printer.newPage();
  await printed.emulateMedia({ media: 'print' });
  await printed.route(
    (requested) => requested.href === url,
    (route) => route.continue({ headers: { ...route.request().headers(), [PRINT_PASS_HEADER]: pass } }),
  );
  const res = await printed.goto(url, { waitUntil: 'networkidle' });
  expect(res?.status()).toBe(200);
  expect(res?.headers()['cache-control']).toBe('private, no-store');
  const deals = printed.getByTestId('house-deals');
  const rows = deals.locator('tbody tr');
  // more rows than the free three, every one with its price and full date
  expect(await rows.count()).toBeGreaterThan(3);
  await expect(deals).not.toContainText('**');
  await expect(deals).not.toContainText('开通会员查看');
  for (const row of await rows.all()) {
    await expect(row.locator('td').nth(0)).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expect(row.locator('td').nth(2)).toHaveText(/^\d+(\.\d+)?万$/);
  }
  await deals.scrollIntoViewIfNeeded();
  await printed.screenshot({ path: shot('report-print-estate'), fullPage: true });
  await printer.close();

  // a visitor right after: the same page, masked (the printed page was not cached); a stale or wrong pass too
  const visitor = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const plain = await visitor.newPage();
  for (const header of [undefined, `${Date.now() - 1000}.${pass.split('.')[1]}`, 'not-a-pass']) {
    if (header) await plain.setExtraHTTPHeaders({ [PRINT_PASS_HEADER]: header });
    await plain.goto(path);
    const masked = plain.getByTestId('house-deals');
    await expect(masked).toContainText('**万');
    await expect(masked).toContainText('开通会员查看');
  }
  await plain.getByTestId('house-deals').scrollIntoViewIfNeeded();
  await plain.screenshot({ path: shot('report-print-estate-visitor'), fullPage: false });
  await visitor.close();
});

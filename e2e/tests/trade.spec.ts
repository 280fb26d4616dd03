// The deal-data product (issue 12; PAGES.md §3.10 /trade*) at 375×812 against the embedded sandbox gateway: sign in
// → /trade (the city's overview and packages) → a package (fields, masked sample rows, price) → 立即购买 → pay with
// 支付宝 in the sandbox cashier → 支付成功 → /trade shows 已开通 and 导出CSV downloads the city's deals (BOM, the
// columns); the city's deal history comes unmasked to the buyer, while a visitor still sees masked rows. Screenshots.
import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';
import { signIn } from '../support/login.ts';

test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });
const FREE_ROWS = 3;

const body = async <T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
  expect(res.status(), res.url()).toBe(200);
  return ((await res.json()) as { body: T }).body;
};

test('buy 杭州 deal data with 支付宝 → rows unmasked and 导出CSV; a visitor still sees masked rows', async ({
  page,
  browser,
  request,
}) => {
  const rank = await body<{ list: { id: number }[] }>(
    await request.get('/rabbit/v1/rank/list?cityId=605&rank=deal&type=estate&size=1'),
  );
  const historyPath = `/605/deal-history/${rank.list[0]!.id}`;

  await signIn(page);
  await page.goto('/trade?cityId=605');
  await expect(page.getByRole('heading', { name: '杭州成交数据' })).toBeVisible();
  await expect(page.getByTestId('trade-overview')).toContainText('网签量');
  await expect(page.getByTestId('trade-overview')).toContainText('成交均价');
  await expect(page.getByTestId('trade-permit')).toHaveCount(0);
  await expect(page.getByTestId('trade-news')).toBeVisible();
  const pkg = page.getByTestId('trade-package').first();
  await expect(pkg).toContainText('成交数据');
  await page.screenshot({ path: shot('trade-home'), fullPage: true });

  await pkg.click();
  await expect(page).toHaveURL(/\/trade\/TRD-605-\d+$/);
  const samples = page.getByTestId('trade-sample-row');
  await expect(samples.first()).toHaveAttribute('data-masked', 'true');
  await expect(samples.first()).toContainText('**万');
  await expect(page.getByTestId('trade-fields')).toBeVisible();
  await page.screenshot({ path: shot('trade-product'), fullPage: true });

  await expect(samples.first().getByRole('link', { name: /购买后查看/ })).toHaveAttribute(
    'href',
    /^\/trade\/order\?productCode=TRD-605-\d+$/,
  );
  const productPath = new URL(page.url()).pathname;
  await page.getByTestId('trade-buy').click();
  await expect(page).toHaveURL(/\/trade\/order\?productCode=TRD-605-\d+$/);
  await expect(page.getByTestId('checkout-product')).toContainText('成交数据');
  await expect(page.getByRole('radio', { name: '支付宝' })).toBeChecked();
  await page.screenshot({ path: shot('trade-order'), fullPage: true });
  await page.getByTestId('checkout-agree').check();
  await page.getByTestId('checkout-pay').click();
  await expect(page).toHaveTitle('支付宝收银台');
  await page.getByRole('button', { name: '确认付款' }).click();

  await expect(page).toHaveURL(/\/trade\/order\/status\?/);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await expect(page.getByTestId('trade-access')).toContainText('有效期至');
  await page.screenshot({ path: shot('trade-status-paid'), fullPage: true });

  // /trade: 已开通 with 导出CSV
  await page.goto('/trade?cityId=605');
  const permit = page.getByTestId('trade-permit');
  await expect(permit).toContainText('已开通');
  await expect(permit).toContainText('有效期至');
  await page.screenshot({ path: shot('trade-home-permitted'), fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('trade-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^杭州成交数据-\d{4}-\d{2}-近3个月\.csv$/);
  const csv = await readFile((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toMatch(/^成交日期,区县,板块,小区,户型/);
  expect(lines.length).toBeGreaterThan(10);
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},/);

  // the package's page: 已开通 instead of 立即购买, the samples in full
  await page.goto(productPath);
  await expect(page.getByTestId('trade-permit')).toContainText('已开通');
  await expect(page.getByTestId('trade-buy')).toHaveCount(0);
  await expect(page.getByTestId('trade-sample-row').first()).toHaveAttribute('data-masked', 'false');
  await page.screenshot({ path: shot('trade-product-permitted'), fullPage: true });

  // the city's deal rows: every one in full for the buyer
  await page.goto(historyPath);
  const rows = page.getByRole('list', { name: '成交记录' }).getByRole('article');
  await expect(rows.nth(FREE_ROWS)).toHaveAttribute('data-masked', 'false');
  await expect(page.locator('article[data-masked="true"]')).toHaveCount(0);
  await rows.nth(FREE_ROWS).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('trade-history-unmasked') });

  await page.goto('/trade/history');
  await expect(page.getByTestId('trade-history-row').first()).toContainText('生效中');
  await page.screenshot({ path: shot('trade-purchased'), fullPage: true });

  // a visitor: the same pages masked, no 已开通
  const visitor = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN' });
  const other = await visitor.newPage();
  await other.goto(historyPath);
  const theirs = other.getByRole('list', { name: '成交记录' }).getByRole('article');
  await expect(theirs.nth(FREE_ROWS)).toHaveAttribute('data-masked', 'true');
  await expect(theirs.nth(FREE_ROWS)).toContainText('**万');
  await other.goto('/trade?cityId=605');
  await expect(other.getByTestId('trade-package').first()).toBeVisible();
  await expect(other.getByTestId('trade-permit')).toHaveCount(0);
  await other.goto(productPath);
  await expect(other.getByTestId('trade-sample-row').first()).toHaveAttribute('data-masked', 'true');
  await expect(other.getByTestId('trade-buy')).toBeVisible();
  await other.goto('/trade/citys');
  await expect(other.getByRole('link', { name: /杭州/ })).toHaveAttribute('href', '/trade?cityId=605');
  await other.screenshot({ path: shot('trade-citys'), fullPage: true });
  await other.goto('/trade/TRD-NO-SUCH');
  await expect(other.getByTestId('trade-product-error')).toContainText('数据包不存在或已下架');
  const res = await other.request.get('/rabbit/v1/trade/export?cityId=605');
  expect(res.status()).toBe(401);
  await visitor.close();
});

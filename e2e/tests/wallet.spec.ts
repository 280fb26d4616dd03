// The reseller programme end to end at 375×812 (issue 12; PAGES.md §3.10): a user joins on /market/proxy and gets a
// 推广码; another user opens the share link (/market?proxy=CODE), then buys two reports through the generic checkout
// and the Alipay sandbox cashier — the code travels with both orders; the commission shows on /market/proxy and
// /market/wallet; the reseller withdraws ¥10 in the 提现 sheet (its validation first); the demo ops user approves it on
// /ops/wallet; the ledger shows the withdrawal 已打款. Also /market/wallet/helper and the login guard.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { shot } from '../support/screenshots.ts';
import { OPS_STATE, signIn } from '../support/login.ts';
import { smallTapTargets } from '../support/tap-targets.ts';

test.use({ viewport: { width: 375, height: 812 } });

async function phone(browser: Browser, storageState?: string) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    ...(storageState ? { storageState } : {}),
  });
  return { context, page: await context.newPage() };
}

/** A seeded 杭州 report of this category (the market module's catalogue). */
async function reportOf(page: Page, category: 'city' | 'custom'): Promise<{ code: string; amount: number }> {
  const res = await page.request.get(`/rabbit/v1/market/product/list?cityId=605&category=${category}`);
  expect(res.status(), await res.text()).toBe(200);
  const [first] = ((await res.json()) as { body: { list: { code: string; amount: number }[] } }).body.list;
  expect(first).toBeTruthy();
  return first!;
}

/** The generic checkout → agree → 支付宝 sandbox cashier → 确认付款; waits for the order to be PAID. */
async function buy(page: Page, code: string): Promise<string> {
  await page.goto(`/common/order?productCode=${code}`);
  await expect(page.getByTestId('checkout-pay')).toBeEnabled();
  await page.getByTestId('checkout-agree').check();
  await page.getByTestId('checkout-pay').click();
  await expect(page).toHaveTitle('支付宝收银台');
  await page.getByRole('button', { name: '确认付款' }).click();
  await page.waitForURL(/\/order\/status\?/);
  const paidNo = new URL(page.url()).searchParams.get('orderNo') ?? '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`/rabbit/v1/order/status?orderNo=${paidNo}`);
      return ((await res.json()) as { body: { order: { status: string } } }).body.order.status;
    })
    .toBe('PAID');
  // the report mall's own status page is the market module's; the generic one shows the outcome and clears the
  // payment-callback cookie (else the next checkout would be sent back to this order)
  await page.goto(`/common/order/status?orderNo=${paidNo}`);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  return paidNo;
}

test('join → a friend buys with the code → commission → withdraw → ops approves → ledger', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // a visitor is sent to login first
  await page.goto('/market/wallet');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmarket%2Fwallet/);

  const mobile = await signIn(page);
  await page.goto('/market/proxy');
  await expect(page.getByText('分享报告，赚取佣金')).toBeVisible();
  await expect(page.locator('.wallet-hero__big')).toHaveText('10%');
  await page.screenshot({ path: shot('wallet-proxy-join'), fullPage: true });
  await page.getByTestId('proxy-join').click();
  const codeText = page.getByTestId('proxy-code');
  await expect(codeText).toHaveText(/^[A-HJ-KMNP-Z2-9]{8}$/);
  const code = (await codeText.textContent())!;
  await expect(page.getByTestId('proxy-poster')).toContainText(`/market?proxy=${code}`);
  await expect(page.getByTestId('proxy-referrals-empty')).toContainText('还没有推广订单');
  await page.screenshot({ path: shot('wallet-proxy-code'), fullPage: true });

  // the friend opens the share link, then buys two reports in the same session
  const friend = await phone(browser);
  await signIn(friend.page);
  await friend.page.goto(`/market?proxy=${code}`);
  await expect.poll(() => friend.page.evaluate(() => sessionStorage.getItem('fjt_proxy_code'))).toBe(code);
  const custom = await reportOf(friend.page, 'custom');
  const city = await reportOf(friend.page, 'city');
  await buy(friend.page, custom.code);
  const cityOrder = await buy(friend.page, city.code);
  await friend.context.close();
  const commission = Math.floor(custom.amount * 10) / 100 + Math.floor(city.amount * 10) / 100;

  await page.reload();
  const referrals = page.getByTestId('proxy-referrals');
  await expect(referrals.locator('li')).toHaveCount(2);
  await expect(referrals).toContainText('已结算');
  await expect(page.getByTestId('proxy-orders')).toHaveText('2');
  await expect(page.getByTestId('proxy-settled')).toHaveText(`¥${commission.toFixed(2)}`);
  await page.screenshot({ path: shot('wallet-proxy-referrals'), fullPage: true });
  expect(await smallTapTargets(page), 'tap targets of /market/proxy').toEqual([]);

  await page.getByTestId('proxy-to-wallet').click();
  await expect(page).toHaveURL(/\/market\/wallet$/);
  await expect(page.getByTestId('wallet-balance')).toHaveText(commission.toFixed(2));
  await expect(page.getByTestId('wallet-ledger').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('wallet-ledger')).toContainText('推广佣金');
  await page.screenshot({ path: shot('wallet-balance'), fullPage: true });
  expect(await smallTapTargets(page), 'tap targets of /market/wallet').toEqual([]);

  // 提现: the sheet checks the amount with the server's messages before sending it
  await page.getByTestId('wallet-withdraw-open').click();
  const sheet = page.getByTestId('wallet-withdraw-sheet');
  const amount = sheet.getByRole('textbox', { name: '提现金额' });
  await amount.fill('5');
  await sheet.getByTestId('wallet-withdraw-submit').click();
  await expect(sheet.getByTestId('wallet-withdraw-error')).toHaveText('单笔提现金额不能低于¥10');
  await amount.fill('10.001');
  await sheet.getByTestId('wallet-withdraw-submit').click();
  await expect(sheet.getByTestId('wallet-withdraw-error')).toHaveText('请输入正确的提现金额（最多两位小数）');
  await amount.fill('9999');
  await sheet.getByTestId('wallet-withdraw-submit').click();
  await expect(sheet.getByTestId('wallet-withdraw-error')).toHaveText('提现金额不能超过可提现余额');
  await page.screenshot({ path: shot('wallet-withdraw-sheet'), fullPage: true });
  await amount.fill('10');
  await sheet.getByTestId('wallet-withdraw-submit').click();
  await expect(sheet).toBeHidden();
  const rest = (commission - 10).toFixed(2);
  await expect(page.getByTestId('wallet-balance')).toHaveText(rest);
  await expect(page.getByTestId('wallet-pending')).toContainText('提现 ¥10.00 审核中');
  const first = page.getByTestId('wallet-ledger').locator('li').first();
  await expect(first).toContainText('−¥10.00');
  await expect(first).toContainText('审核中');
  await page.screenshot({ path: shot('wallet-pending'), fullPage: true });

  // the ops console approves it, once
  const ops = await phone(browser, OPS_STATE);
  await ops.page.goto('/ops/wallet');
  await expect(ops.page.getByRole('heading', { name: '提现审核', level: 1 })).toBeVisible();
  const row = ops.page
    .getByTestId('ops-withdrawals')
    .locator('li', { hasText: `${mobile.slice(0, 3)}****${mobile.slice(7)}` });
  await expect(row).toContainText('¥10.00');
  await expect(row).toContainText('审核中');
  await row.getByRole('button', { name: '通过' }).click();
  await expect(row.getByRole('alert')).toHaveText('备注须为2-100个字');
  await row.getByRole('textbox', { name: '审核备注' }).fill('已打款至微信零钱（e2e）');
  await row.getByRole('button', { name: '通过' }).click();
  await expect(row.getByRole('group', { name: '确认审核' })).toContainText('通过后不可撤销');
  await ops.page.screenshot({ path: shot('wallet-ops-confirm'), fullPage: true });
  await row.getByRole('button', { name: '确认通过' }).click();
  await expect(row).toContainText('已打款');
  await ops.page.screenshot({ path: shot('wallet-ops-approved'), fullPage: true });
  await ops.page.goto('/ops/audit');
  await expect(ops.page.getByTestId('ops-audit-table')).toContainText('提现审核通过');
  await ops.context.close();

  await page.reload();
  await expect(page.getByTestId('wallet-balance')).toHaveText(rest);
  await expect(page.getByTestId('wallet-pending')).toHaveCount(0);
  const approved = page.getByTestId('wallet-ledger').locator('li').first();
  await expect(approved).toContainText('已打款');
  await expect(approved).toContainText('已打款至微信零钱（e2e）');
  await page.screenshot({ path: shot('wallet-ledger-approved'), fullPage: true });

  // the city report is refunded from the console: its commission is taken back, more than the balance left
  const refunder = await phone(browser, OPS_STATE);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const refunded = await refunder.page.request.post('/rabbit/v1/ops/orders/refund', {
    data: { orderNo: cityOrder, reason: '用户申请退款（e2e）' },
    headers: { origin },
  });
  expect(refunded.status(), await refunded.text()).toBe(200);
  await refunder.context.close();
  await page.reload();
  const negative = (commission - 10 - Math.floor(city.amount * 10) / 100).toFixed(2);
  await expect(page.getByTestId('wallet-balance')).toHaveText(negative);
  await expect(page.getByTestId('wallet-negative')).toContainText('余额为负');
  await expect(page.getByTestId('wallet-ledger').locator('li').first()).toContainText('佣金退回（订单退款）');
  await page.screenshot({ path: shot('wallet-negative'), fullPage: true });
  await page.goto('/market/proxy');
  await expect(page.getByTestId('proxy-referrals')).toContainText('已退回');

  await page.goto('/market/wallet/helper');
  await expect(page.getByTestId('wallet-helper-page')).toContainText('实付金额的 10%');
  await page.getByText('为什么余额是负数？').click();
  await expect(page.getByText('推广订单退款时已结算的佣金会被扣回')).toBeVisible();
  await page.screenshot({ path: shot('wallet-helper'), fullPage: true });
  expect(await smallTapTargets(page), 'tap targets of /market/wallet/helper').toEqual([]);
});

test('a new user: the empty wallet says how to earn', async ({ page }) => {
  await signIn(page);
  await page.goto('/market/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('0.00');
  await expect(page.getByTestId('wallet-ledger-empty')).toContainText('暂无收支明细');
  await page.getByTestId('wallet-withdraw-open').click();
  await expect(page.getByTestId('wallet-withdraw-error')).toHaveText('余额满¥10即可提现');
  await expect(page.getByTestId('wallet-withdraw-submit')).toBeDisabled();
  await page.screenshot({ path: shot('wallet-empty-sheet'), fullPage: true });
  await page.goto('/market/wallet');
  await page.getByTestId('wallet-ledger-empty').getByRole('link', { name: '加入分销赚佣金' }).click();
  await expect(page).toHaveURL(/\/market\/proxy$/);
});

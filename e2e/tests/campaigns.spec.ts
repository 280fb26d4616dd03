// The campaigns of issue 18 at 375×812: 双11 — the countdown, a coupon claimed once, a sale card bought at its
// sale price through the Alipay sandbox to 支付成功, and the ended state ('活动已结束' with the full-price page)
// after POST dev/activity/period; 新人会员 — a new user claims the trial (landing → main → success with the
// expiry), a second account on the same device is sent to reject with the device reason, and the ended state.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { shot } from '../support/screenshots.ts';
import { signIn } from '../support/login.ts';

test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ mode: 'serial', timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const DAY = 86_400_000;
async function setPeriod(page: Page, body: Record<string, unknown>) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await page.request.post('/rabbit/v1/dev/activity/period', { data: body, headers: { origin } });
  expect(res.status(), await res.text()).toBe(200);
}
const end = (page: Page, code: string) =>
  setPeriod(page, {
    code,
    startsAt: new Date(Date.now() - 2 * DAY).toISOString(),
    endsAt: new Date(Date.now() - DAY).toISOString(),
  });
const reopen = (page: Page, code: string, endsAt: string | null) =>
  setPeriod(page, { code, startsAt: new Date(Date.now() - DAY).toISOString(), endsAt, disabled: false });

test('双11: countdown, claim a coupon once, buy a sale card through the sandbox to 支付成功', async ({ page }) => {
  await reopen(page, 'double11', new Date(Date.now() + 3 * DAY + 5 * 3600_000).toISOString());
  await page.goto('/activity/double11');
  await expect(page.getByRole('heading', { name: '双11会员狂欢' })).toBeVisible();
  const countdown = page.getByTestId('d11-countdown');
  await expect(countdown).toContainText('距结束');
  await expect(countdown).toContainText('3天');
  const first = await countdown.textContent();
  await expect.poll(() => countdown.textContent()).not.toBe(first);
  await expect(page.getByTestId('d11-item-D11_VIP_YEAR')).toContainText('¥111');
  await expect(page.getByTestId('d11-item-D11_VIP_YEAR')).toContainText('¥198');
  await expect(page.getByTestId('d11-coupon-D11_20')).toContainText('满100可用');
  await expect(page.locator('#activity-rules')).toContainText('每个账号每种优惠券限领1张');
  await page.screenshot({ path: shot('campaigns-double11-visitor'), fullPage: true });

  // a visitor's claim asks for login first
  await page.getByTestId('d11-coupon-D11_20').getByRole('button', { name: '立即领取' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Factivity%2Fdouble11/);

  await signIn(page);
  await page.goto('/activity/double11');
  const coupon = page.getByTestId('d11-coupon-D11_20');
  await coupon.getByRole('button', { name: '立即领取' }).click();
  await expect(page.getByText('领取成功，下单时可用')).toBeVisible();
  await expect(coupon.getByRole('button', { name: '已领取' })).toBeDisabled();
  await page.screenshot({ path: shot('campaigns-double11-claimed'), fullPage: true });
  // the state is the server's: after a reload it is still claimed, and the coupon is in 我的优惠券
  await page.reload();
  await expect(page.getByTestId('d11-coupon-D11_20').getByRole('button', { name: '已领取' })).toBeVisible();
  const mine = await page.request.get('/rabbit/v1/coupon/mine');
  expect(((await mine.json()) as { body: { list: { title: string }[] } }).body.list.map((c) => c.title)).toContain(
    '双11满减券',
  );

  await page.getByTestId('d11-item-D11_VIP_QUARTER').getByRole('link', { name: '立即抢购' }).click();
  await expect(page).toHaveURL(/\/common\/order\?productCode=D11_VIP_QUARTER&returnTo=%2Factivity%2Fdouble11/);
  await expect(page.getByTestId('checkout-product')).toContainText('会员季卡 · 双11价');
  await expect(page.getByTestId('checkout-pay')).toContainText('¥39');
  await page.screenshot({ path: shot('campaigns-double11-order'), fullPage: true });
  await page.getByTestId('checkout-agree').check();
  await page.getByTestId('checkout-pay').click();
  await expect(page).toHaveTitle('支付宝收银台');
  await expect(page.locator('body')).toContainText('39.00');
  await page.getByRole('button', { name: '确认付款' }).click();
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await expect(page.getByTestId('order-result-member')).toContainText('有效期至');
  await page.screenshot({ path: shot('campaigns-double11-paid'), fullPage: true });
});

test('双11 ended: 活动已结束 with the full-price VIP page; the sale code is off sale', async ({ page }) => {
  await end(page, 'double11');
  try {
    await page.goto('/activity/double11');
    await expect(page.getByTestId('activity-closed')).toContainText('活动已结束');
    await expect(page.getByRole('link', { name: '原价开通会员' })).toHaveAttribute('href', '/profile/buynewvip');
    await page.screenshot({ path: shot('campaigns-double11-ended'), fullPage: true });
    const product = await page.request.get('/rabbit/v1/common/product?productCode=D11_VIP_YEAR');
    expect(product.status()).toBe(404);
    expect(((await product.json()) as { errMsg: string }).errMsg).toBe('商品不存在或已下架');
  } finally {
    await reopen(page, 'double11', new Date(Date.now() + 30 * DAY).toISOString());
  }
});

test('新人会员: a new user claims the trial; a second account on the same device is refused', async ({ page }) => {
  await page.goto('/activity/freshvip');
  await expect(page.getByRole('heading', { name: '新人会员免费领' })).toBeVisible();
  await expect(page.locator('#activity-rules')).toContainText('同一手机号、同一设备仅可领取1次');
  await expect(page.getByTestId('fv-rights')).toContainText('全部成交价');
  await page.screenshot({ path: shot('campaigns-freshvip-landing'), fullPage: true });
  await page.getByTestId('fv-start').click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Factivity%2Ffreshvip%2Fmain/);

  await signIn(page);
  await page.goto('/activity/freshvip/main');
  await expect(page.getByTestId('fv-eligible')).toBeVisible();
  await expect(page.getByTestId('fv-claim')).toHaveText('立即领取7天会员');
  await page.screenshot({ path: shot('campaigns-freshvip-main'), fullPage: true });
  await page.getByTestId('fv-claim').click();
  await expect(page).toHaveURL(/\/activity\/freshvip\/success$/);
  await expect(page.getByRole('heading', { name: '领取成功' })).toBeVisible();
  await expect(page.getByTestId('fv-expiry')).toContainText('剩余7天');
  await page.screenshot({ path: shot('campaigns-freshvip-success'), fullPage: true });

  // the same user again: reject, already claimed
  await page.goto('/activity/freshvip/main');
  await expect(page).toHaveURL(/\/activity\/freshvip\/reject$/);
  await expect(page.getByTestId('fv-reason')).toHaveText('您已领取过新人会员');

  // another new account on this device (the fjt_did cookie stays)
  await signIn(page);
  await page.goto('/activity/freshvip/main');
  await expect(page).toHaveURL(/\/activity\/freshvip\/reject$/);
  await expect(page.getByTestId('fv-reason')).toHaveText('该设备已领取过新人会员，每台设备仅限领取1次');
  await expect(page.getByTestId('fv-buy')).toHaveAttribute('href', '/profile/buynewvip');
  await page.screenshot({ path: shot('campaigns-freshvip-reject'), fullPage: true });
});

test('新人会员 ended: 活动已结束', async ({ page }) => {
  await end(page, 'freshvip');
  try {
    await page.goto('/activity/freshvip');
    await expect(page.getByTestId('activity-closed')).toContainText('活动已结束');
    await expect(page.getByRole('link', { name: '开通会员' })).toBeVisible();
    await page.screenshot({ path: shot('campaigns-freshvip-ended'), fullPage: true });
  } finally {
    await reopen(page, 'freshvip', null);
  }
});

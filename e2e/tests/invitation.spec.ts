// 邀请好友 (issue 18) at 375×812: the inviter's hub (/invitation) draws the poster on a canvas (pixels read back) and
// copies the code; an invitee in another browser opens the share link, signs in with an SMS code, claims the coupon,
// and at the VIP checkout the coupon is preselected (原价/优惠/实付) and paid in the sandbox; the inviter then sees
// the invitee (masked) and the reward. Also the campaign edition (/activity/invitation → receive → result), the A/B
// variant (/activity/invitation2?code → download step) and the ended state.
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { freshPhone, latestCode, signIn } from '../support/login.ts';
import { shot } from '../support/screenshots.ts';

test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 180_000, mode: 'serial' });
const expect = baseExpect.configure({ timeout: 15_000 });

async function phone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    baseURL: test.info().project.use.baseURL!,
  });
  return { context, page: await context.newPage() };
}

/** Fills the claim form as a new user and submits it. */
async function claimAs(page: Page, mobile = freshPhone()) {
  await expect(page.getByTestId('claim-form')).toBeVisible();
  await page.getByTestId('claim-mobile').fill(mobile);
  await page.getByTestId('claim-send').click();
  await expect(page.getByTestId('claim-send')).toContainText('秒后重发');
  await page.getByTestId('claim-sms').fill(await latestCode(page, mobile));
  await page.getByTestId('claim-agree').check();
  await page.getByTestId('claim-submit').click();
  return mobile;
}

/** How many distinct colours a sample of the canvas holds (a blank canvas has one). */
async function posterColours(page: Page): Promise<number> {
  return page.getByTestId('invite-poster').evaluate((el) => {
    const canvas = el as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Set<string>();
    for (let i = 0; i < data.length; i += 4 * 97) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
    return seen.size;
  });
}

let inviteCode = '';

test('inviter hub → invitee claims through the link → coupon preselected at checkout → paid → inviter rewarded', async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
  await page.goto('/invitation');
  await expect(page.getByTestId('invite-code')).toHaveText(/^[2-9A-Z]{6}$/);
  inviteCode = (await page.getByTestId('invite-code').textContent())!.trim();
  await expect(page.getByTestId('invite-poster')).toHaveAttribute('data-ready', '1');
  expect(await posterColours(page)).toBeGreaterThan(3);
  await expect(page.getByTestId('invite-list-empty')).toBeVisible();
  await expect(page.locator('#activity-rules')).toContainText('满30减20');
  await page.getByTestId('invite-copy-code').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(inviteCode);
  await page.screenshot({ path: shot('invitation-hub'), fullPage: true });

  const info = await page.request.get('/rabbit/v1/invitation/info');
  const shareLink = ((await info.json()) as { body: { shareLink: string } }).body.shareLink;
  expect(shareLink).toMatch(new RegExp(`/invitation/getcoupon\\?code=${inviteCode}$`));
  const share = new URL(shareLink);

  const invitee = await phone(browser);
  try {
    const p = invitee.page;
    await p.goto(`${share.pathname}${share.search}`);
    await p.screenshot({ path: shot('invitation-getcoupon'), fullPage: true });
    const mobile = await claimAs(p);
    await expect(p).toHaveURL(/\/invitation\/getsuccess$/);
    await expect(p.getByRole('heading', { name: '领取成功' })).toBeVisible();
    await expect(p.getByTestId('claim-outcome-coupon')).toContainText('新人专享会员券');
    await p.screenshot({ path: shot('invitation-getsuccess'), fullPage: true });

    await p.getByTestId('getsuccess-use').click();
    await expect(p).toHaveURL(/\/profile\/buynewvip\/order\?cardCode=VIP_MONTH$/);
    await expect(p.getByTestId('checkout-coupon-value')).toContainText('新人专享会员券');
    await expect(p.getByTestId('checkout-prices')).toContainText('原价');
    await expect(p.getByTestId('checkout-prices')).toContainText('-¥10');
    await expect(p.getByTestId('checkout-pay')).toHaveText('确认支付 ¥20');
    await p.screenshot({ path: shot('invitation-checkout-coupon'), fullPage: true });
    // the picker: 不使用优惠券 and back
    await p.getByTestId('checkout-coupon').click();
    await p.getByText('不使用优惠券').click();
    await expect(p.getByTestId('checkout-pay')).toHaveText('确认支付 ¥30');
    // the closed sheet leaves after its animation; opened again before that, its options would be there twice
    await expect(p.getByText(/不使用优惠券/)).toHaveCount(0);
    await p.getByTestId('checkout-coupon').click();
    await p.getByText(/新人专享会员券 · 减10元/).click();
    await expect(p.getByTestId('checkout-pay')).toHaveText('确认支付 ¥20');

    await p.getByTestId('checkout-agree').check();
    await p.getByTestId('checkout-pay').click();
    await expect(p).toHaveTitle('支付宝收银台');
    await expect(p.locator('body')).toContainText('20.00');
    await p.getByRole('button', { name: '确认付款' }).click();
    await expect(p).toHaveURL(/\/profile\/buynewvip\/status\?/);
    await expect(p.getByRole('heading', { name: '支付成功' })).toBeVisible();
    await expect(p.getByTestId('order-result-discount')).toContainText('-¥10');
    await p.screenshot({ path: shot('invitation-paid'), fullPage: true });

    await page.goto('/invitation');
    await expect(page.getByTestId('invite-list')).toContainText(`${mobile.slice(0, 3)}****${mobile.slice(7)}`);
    await expect(page.getByTestId('invite-list')).toContainText('已得奖励');
    await expect(page.getByTestId('invite-vip-days')).toHaveText('7');
    await expect(page.getByTestId('invite-coupon-count')).toHaveText('1');
    await expect(page.getByTestId('invite-reward-coupons')).toContainText('邀请奖励券');
    await page.screenshot({ path: shot('invitation-hub-rewarded'), fullPage: true });
  } finally {
    await invitee.context.close();
  }
});

test('/activity/invitation → receive → result', async ({ page, browser }) => {
  await signIn(page);
  await page.goto('/activity/invitation');
  await expect(page.getByTestId('activity-invitation-page')).toHaveAttribute('data-activity-status', 'running');
  await expect(page.getByTestId('invite-poster')).toHaveAttribute('data-ready', '1');
  expect(await posterColours(page)).toBeGreaterThan(3);
  const code = (await page.getByTestId('invite-code').textContent())!.trim();
  await page.screenshot({ path: shot('invitation-activity'), fullPage: true });

  const invitee = await phone(browser);
  try {
    const p = invitee.page;
    await p.goto(`/activity/invitation/receive?code=${code}`);
    await p.screenshot({ path: shot('invitation-activity-receive'), fullPage: true });
    await claimAs(p);
    await expect(p).toHaveURL(/\/activity\/invitation\/result$/);
    await expect(p.getByTestId('result-title')).toHaveText('领取成功');
    await expect(p.getByTestId('claim-outcome-coupon')).toBeVisible();
    await p.screenshot({ path: shot('invitation-activity-result'), fullPage: true });
    // the same invitee again: the phone is invited once ever
    await p.goto(`/activity/invitation/receive?code=${code}`);
    await expect(p.getByTestId('claim-signed-in')).toBeVisible();
    await p.getByTestId('claim-submit').click();
    await expect(p.getByTestId('claim-error')).toHaveText('该手机号已参与过邀请活动');
  } finally {
    await invitee.context.close();
  }
});

test('/activity/invitation2 → the invitee claims → download step; the ended state', async ({ page, browser }) => {
  await signIn(page);
  await page.goto('/activity/invitation2');
  await expect(page.getByTestId('invite-poster')).toHaveAttribute('data-ready', '1');
  const code = (await page.getByTestId('invite-code').textContent())!.trim();
  await page.screenshot({ path: shot('invitation2'), fullPage: true });

  const invitee = await phone(browser);
  try {
    const p = invitee.page;
    await p.goto(`/activity/invitation2?code=${code}`);
    await expect(p.getByTestId('claim-submit')).toHaveText('领取并下载APP');
    await p.screenshot({ path: shot('invitation2-claim'), fullPage: true });
    await claimAs(p);
    await expect(p).toHaveURL(/\/activity\/invitation2\/download$/);
    await expect(p.getByTestId('claim-outcome-coupon')).toBeVisible();
    await expect(p.getByTestId('invite2-download')).toHaveText('下载APP');
    await p.screenshot({ path: shot('invitation2-download'), fullPage: true });
  } finally {
    await invitee.context.close();
  }

  const base = new URL(test.info().project.use.baseURL!).origin;
  const end = await page.request.post('/rabbit/v1/dev/activity/period', {
    data: { code: 'invitation2', disabled: true },
    headers: { origin: base },
  });
  expect(end.status(), await end.text()).toBe(200);
  try {
    await page.goto('/activity/invitation2');
    await expect(page.getByTestId('activity-closed')).toContainText('活动已结束');
    await page.screenshot({ path: shot('invitation2-ended'), fullPage: true });
  } finally {
    await page.request.post('/rabbit/v1/dev/activity/period', {
      data: { code: 'invitation2', disabled: false },
      headers: { origin: base },
    });
  }
});

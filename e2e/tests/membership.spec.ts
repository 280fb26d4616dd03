// Membership, first increment (issue 12) at 375×812: the demo ops user makes exchange codes in /ops/codes; a
// user redeems one in /promotion/exchange-vip (a wrong code is refused first) and 我的 shows the membership and
// its expiry. Screenshots of each.
import { expect, test } from '@playwright/test';
import { shot } from '../support/screenshots.ts';
import { OPS_STATE, signIn } from '../support/login.ts';

test.use({ viewport: { width: 375, height: 812 } });

test('exchange codes from /ops/codes give VIP days shown on 我的', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const opsContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: OPS_STATE });
  const ops = await opsContext.newPage();
  await ops.goto('/ops/codes');
  await ops.getByRole('spinbutton', { name: '数量' }).fill('3');
  await ops.getByRole('spinbutton', { name: '会员天数' }).fill('30');
  await ops.getByRole('button', { name: '生成' }).click();
  const list = ops.getByTestId('ops-codes-list').locator('li');
  await expect(list).toHaveCount(3);
  const code = (await list.first().textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  await ops.screenshot({ path: shot('membership-ops-codes'), fullPage: true });
  await opsContext.close();

  await page.goto('/promotion/exchange-vip');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fpromotion%2Fexchange-vip$/);
  await signIn(page);
  await page.goto('/promotion/exchange-vip');
  await page.getByRole('textbox', { name: '兑换码' }).fill('ABCD-EFGH-JKMN-PQRS');
  await page.getByRole('button', { name: '立即兑换' }).click();
  await expect(page.getByTestId('exchange-error')).toHaveText('兑换码无效或已被使用');
  await page.getByRole('textbox', { name: '兑换码' }).fill(code.toLowerCase());
  await page.getByRole('button', { name: '立即兑换' }).click();
  await expect(page.getByTestId('exchange-done')).toContainText('已领取30天会员');
  await page.screenshot({ path: shot('membership-exchanged'), fullPage: true });

  await page.getByRole('link', { name: '返回我的' }).click();
  await expect(page.getByTestId('profile-vip')).toContainText('房价通会员');
  await expect(page.getByTestId('profile-vip')).toContainText('剩余30天');
  await expect(page.getByRole('link', { name: '续费' })).toBeVisible();
  await page.screenshot({ path: shot('membership-profile-vip'), fullPage: true });
});

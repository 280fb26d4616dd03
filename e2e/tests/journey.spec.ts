// Issue 11's acceptance journey at 375×812: a visitor taps 订阅 on an estate → logs in with the code read from
// /dev/sms → is back on the estate, subscribed → /profile/collect shows it → an ops user imports a deal of that
// estate in /ops/import → the message is in 消息 (badge on the tab) → logout → 我的 shows the login card.
// A screenshot of each step.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';
import { OPS_STATE, freshPhone } from '../support/login.ts';

test.use({ viewport: { width: 375, height: 812 } });

/** An estate of 605 far down the list, which other specs are unlikely to look at. */
async function quietEstate(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const res = await request.get('/rabbit/v1/estate/list?cityId=605&size=50&page=3');
  expect(res.status()).toBe(200);
  const list = ((await res.json()) as { body: { list: { id: number; name: string }[] } }).body.list;
  return list.at(-2)!;
}

test('订阅 → login → subscribed → 订阅与收藏 → an import brings a message → logout', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const estate = await quietEstate(page.request);
  const path = `/605/house-detail/${estate.id}`;

  // 1. a visitor taps 订阅
  await page.goto(path);
  await page.getByTestId('estate-follow').click();
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`${path}?follow=estate`)}`);

  // 2. login with the code read from /dev/sms
  const phone = freshPhone();
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /\d+s后重新获取/ })).toBeDisabled();
  const sms = await page.context().newPage();
  await sms.goto(`/dev/sms?phone=${phone}`);
  const code = (await sms.getByTestId('sms-code').first().textContent())!.trim();
  await sms.close();
  await page.getByPlaceholder('请输入验证码').fill(code);
  await page.getByRole('checkbox').check();
  await page.screenshot({ path: shot('journey-1-login') });
  await page.getByRole('button', { name: '登录', exact: true }).click();

  // 3. back on the estate, subscribed
  await expect(page).toHaveURL(path);
  await expect(page.getByTestId('estate-follow')).toHaveText(/已订阅/);
  await page.screenshot({ path: shot('journey-2-subscribed') });

  // 4. 订阅与收藏 lists it
  await page.goto('/profile/collect');
  await expect(page.getByTestId('collect-estate').filter({ hasText: estate.name })).toBeVisible();
  await page.screenshot({ path: shot('journey-3-collect') });

  // 5. an ops user imports a deal of the estate in /ops/import
  const opsContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: OPS_STATE });
  const ops = await opsContext.newPage();
  await ops.goto('/ops/import');
  await ops.getByRole('combobox', { name: '数据类型' }).selectOption('deals');
  const csv = `external_id,estate_id,deal_date,total_price,area,rooms,halls\njourney-${Date.now()},${estate.id},2022-04-18,255,88,2,1\n`;
  await ops
    .locator('input[type="file"]')
    .setInputFiles({ name: '成交.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await ops.getByRole('button', { name: '导入' }).click();
  await expect(ops.getByTestId('ops-import-result')).toContainText('新增 1');
  await expect(ops.getByTestId('ops-import-result')).toContainText(/成交 [1-9]\d* 条/);
  await expect(ops.getByTestId('ops-import-table')).toContainText('成交.csv');
  await ops.screenshot({ path: shot('journey-4-ops-import'), fullPage: true });
  await opsContext.close();

  // 6. the message is in 消息, with the unread count on the tab
  await page.goto('/605');
  const tab = page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: /^消息/ });
  await expect(tab).toContainText('1');
  await tab.click();
  await expect(page).toHaveURL('/profile/message');
  await expect(page.getByText('成交提醒').first()).toBeVisible();
  await expect(page.getByText(/255万/).first()).toBeVisible();
  await page.screenshot({ path: shot('journey-5-messages'), fullPage: true });

  // 7. logout: 我的 shows the login card
  await page.goto('/profile/info');
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByTestId('profile-login-card')).toBeVisible();
  await page.screenshot({ path: shot('journey-6-logged-out'), fullPage: true });
});

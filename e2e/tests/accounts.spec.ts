// Accounts pages (issue 11) at 375×812: SMS login with the code read from /dev/sms and back to the page that
// asked, 我的 for a visitor and a user, 个人信息 (avatar, nickname, logout, delete), 关于我们. Screenshots of each.
import { expect, test } from '@playwright/test';
import { shot } from '../support/screenshots.ts';
import { freshPhone, latestCode, signIn } from '../support/login.ts';

test.use({ viewport: { width: 375, height: 812 } });

test('a visitor sees the login card on 我的, signs in with the code from /dev/sms and comes back', async ({
  page,
  context,
}) => {
  await page.goto('/profile');
  await expect(page.getByTestId('profile-login-card')).toBeVisible();
  await page.screenshot({ path: shot('accounts-profile-visitor'), fullPage: true });
  await page.getByRole('link', { name: '登录 / 注册' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);

  const phone = freshPhone();
  // wrong format: the spec's message, nothing sent
  await page.getByPlaceholder('请输入手机号').fill('1234');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('请填写正确格式的手机号');

  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /\d+s后重新获取/ })).toBeDisabled();
  await page.screenshot({ path: shot('accounts-login'), fullPage: true });

  // the code, as a developer reads it from the sandbox page
  const sms = await context.newPage();
  await sms.setViewportSize({ width: 375, height: 812 });
  await sms.goto(`/dev/sms?phone=${phone}`);
  const code = (await sms.getByTestId('sms-code').first().textContent())!.trim();
  expect(code).toMatch(/^\d{6}$/);
  await sms.screenshot({ path: shot('accounts-dev-sms'), fullPage: true });
  await sms.close();

  await page.getByPlaceholder('请输入验证码').fill(code);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText('请先阅读并同意《用户服务协议》和《隐私政策》');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '登录', exact: true }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-phone')).toHaveText(`${phone.slice(0, 3)}****${phone.slice(7)}`);
  await expect(page.getByTestId('profile-counts')).toContainText('0订阅');
  await expect(page.getByTestId('profile-vip')).toContainText('开通会员');
  await page.screenshot({ path: shot('accounts-profile-user'), fullPage: true });

  // a signed-in visitor of /login goes straight on
  await page.goto('/login?redirect=%2Faboutus');
  await expect(page).toHaveURL(/\/aboutus$/);
});

test('a wrong code says so and signs nobody in; a foreign redirect is not followed', async ({ page }) => {
  const phone = freshPhone();
  await page.goto('/login?redirect=https%3A%2F%2Fevil.example%2F');
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /\d+s后重新获取/ })).toBeVisible();
  const code = await latestCode(page, phone);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.getByPlaceholder('请输入验证码').fill(wrong);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText('验证码错误，还可尝试4次');
  expect((await page.request.get('/rabbit/v1/app/login/check')).status()).toBe(200);
  expect(
    ((await (await page.request.get('/rabbit/v1/app/login/check')).json()) as { body: { user: unknown } }).body.user,
  ).toBeNull();
  // the right code then signs in, and the foreign redirect is replaced by 我的
  await page.getByPlaceholder('请输入验证码').fill(code);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('个人信息: avatar and nickname are saved, a bad nickname is refused, logout shows the login card', async ({
  page,
}) => {
  await page.goto('/aboutus');
  await signIn(page);
  await page.goto('/profile/info');
  await page.getByRole('button', { name: /^头像/ }).click();
  await page.getByRole('button', { name: '头像：园' }).click();
  // the row (not the picker's buttons, named 头像：…) shows the saved avatar, and the picker closes
  await expect(page.getByRole('button', { name: '头像', exact: true }).locator('[data-avatar="garden"]')).toBeVisible();
  await expect(page.getByRole('region', { name: '选择头像' })).toHaveCount(0);

  await page.getByRole('button', { name: /^昵称/ }).click();
  await page.locator('input[name="nickname"]').fill('加我13812345678');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert')).toHaveText('昵称不能包含手机号');
  await page.locator('input[name="nickname"]').fill('看房小王');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('info-nickname')).toHaveText('看房小王');
  await page.screenshot({ path: shot('accounts-profile-info'), fullPage: true });

  await page.goto('/profile');
  await expect(page.getByTestId('profile-head')).toContainText('看房小王');

  await page.goto('/profile/info');
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-login-card')).toBeVisible();
  expect((await page.request.get('/rabbit/v1/app/login/userinfo')).status()).toBe(401);
});

test('login-only pages send a visitor to login and back', async ({ page }) => {
  await page.goto('/profile/info');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Finfo$/);
});

test('注销账号 needs the confirmation words, then erases the account', async ({ page }) => {
  await page.goto('/aboutus');
  const phone = await signIn(page);
  await page.goto('/profile/info');
  await page.getByRole('button', { name: '注销账号' }).click();
  await page.getByPlaceholder('请输入“确认注销”').fill('注销');
  await page.getByRole('button', { name: '确认注销' }).click();
  await expect(page.getByRole('alert')).toHaveText('请输入“确认注销”以确认注销');
  await page.screenshot({ path: shot('accounts-delete'), fullPage: true });
  await page.getByPlaceholder('请输入“确认注销”').fill('确认注销');
  await page.getByRole('button', { name: '确认注销' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-login-card')).toBeVisible();
  // the outbox of that phone is gone with the rest
  const res = await page.request.get(`/rabbit/v1/dev/sms-outbox?phone=${phone}`);
  expect(((await res.json()) as { body: { list: unknown[] } }).body.list).toEqual([]);
});

test('关于我们 shows the data sources, the agreements and the version', async ({ page }) => {
  await page.goto('/aboutus');
  await expect(page.getByRole('region', { name: '数据来源与方法' })).toContainText('国家统计局');
  await expect(page.getByRole('region', { name: '用户服务协议' })).toBeVisible();
  await expect(page.getByRole('region', { name: '隐私政策' })).toBeVisible();
  await expect(page.getByTestId('app-version')).toContainText(/版本 \d+\.\d+\.\d+/);
  await page.screenshot({ path: shot('accounts-aboutus'), fullPage: true });
});

test('inside the native app, login offers the app’s own guest login back to the page', async ({ page, context }) => {
  const url = new URL(test.info().project.use.baseURL!);
  await context.addCookies([{ name: 'currentVersion', value: '12.9.0', domain: url.hostname, path: '/' }]);
  await page.goto('/login?redirect=%2F605%2Fhouse-detail%2F12');
  await expect(page.getByRole('link', { name: '使用APP账号一键登录' })).toHaveAttribute(
    'href',
    'fangjiatong://login/guest?redirect=%2F605%2Fhouse-detail%2F12',
  );
});

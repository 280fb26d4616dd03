// The staff area /ops (issue 11): a visitor is sent to login, a signed-in user without a role gets the 403 error
// page, a demo ops user (seeded outside production) sees the overview, grants a role on /ops/staff and finds it on
// /ops/audit; the new support user sees the list but not the audit log. Every answer is noindex and no-store.
// Screenshots at 375×812 and 1280×800.
import { expect, test, type APIResponse } from '@playwright/test';
import { shot } from '../support/screenshots.ts';
import { freshPhone, opsCookies, signIn } from '../support/login.ts';

function expectStaffHeaders(response: Pick<APIResponse, 'headers'> | null) {
  expect(response).not.toBeNull();
  expect(response!.headers()['x-robots-tag']).toBe('noindex');
  expect(response!.headers()['cache-control']).toBe('no-store');
}

test.describe('/ops', () => {
  test('a visitor is sent to login and back', async ({ page, request }) => {
    for (const path of ['/ops', '/ops/staff', '/ops/audit?page=2']) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers()['location']).toBe(`/login?redirect=${encodeURIComponent(path)}`);
      expectStaffHeaders(res);
    }
    await page.goto('/ops/staff');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/ops/staff');
  });

  test('a signed-in user without a staff role gets the 403 page, noindex', async ({ page }) => {
    await signIn(page, freshPhone());
    const response = await page.goto('/ops');
    expect(response?.status()).toBe(403);
    expectStaffHeaders(response);
    await expect(page.getByTestId('error-status')).toHaveText('403');
    await expect(page.getByTestId('error-message')).toHaveText('无权访问：仅限工作人员');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // the API says the same
    const api = await page.request.get('/rabbit/v1/ops/staff');
    expect(api.status()).toBe(403);
    expect(((await api.json()) as { errMsg: string }).errMsg).toBe('无权访问：仅限工作人员');
    await page.screenshot({ path: shot('ops-403'), fullPage: true });
  });

  test('the demo ops user grants a role on /ops/staff and finds it on /ops/audit; the new support user sees the list and the support desk only', async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    await page.context().addCookies(opsCookies());
    const overview = await page.goto('/ops');
    expect(overview?.status()).toBe(200);
    expectStaffHeaders(overview);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('heading', { name: '概览', level: 1 })).toBeVisible();
    await expect(page.getByTestId('ops-me-mobile')).toHaveText('138****0001');
    await expect(page.locator('.ops-facts .ops-chip[data-role="ops"]')).toBeVisible();
    // no phone tab bar in the staff area
    await expect(page.locator('.tab-bar')).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: '控制台' });
    await expect(nav.getByRole('link')).toHaveText([
      '概览',
      '工作人员',
      '审计日志',
      '数据导入',
      '兑换码',
      '线索',
      '订单',
      '提现审核',
      '内容审核',
      '渠道漏斗',
    ]);
    await page.screenshot({ path: shot('ops-home-375'), fullPage: true });

    const phone = freshPhone();
    await nav.getByRole('link', { name: '工作人员' }).click();
    await expect(page.getByRole('heading', { name: '工作人员', level: 1 })).toBeVisible();
    await expect(page.locator('tr[data-phone="13800000002"] .ops-chip[data-role="support"]')).toBeVisible();
    const form = page.getByRole('region', { name: '授予或撤销角色' });
    await form.getByLabel('手机号').fill('12345');
    await form.getByRole('button', { name: '授予' }).click();
    await expect(form.getByRole('alert')).toHaveText('请填写正确格式的手机号');
    await form.getByLabel('手机号').fill(phone);
    await form.getByLabel('角色').selectOption('support');
    await form.getByRole('button', { name: '授予' }).click();
    const row = page.locator(`tr[data-phone="${phone}"]`);
    await expect(row.locator('.ops-chip[data-role="support"]')).toBeVisible();
    await expect(row).toContainText('138****0001');
    await page.screenshot({ path: shot('ops-staff-375'), fullPage: true });

    const audit = await page.goto('/ops/audit?action=staff.grant');
    expectStaffHeaders(audit);
    const first = page.getByTestId('ops-audit-table').locator('tbody tr').first();
    await expect(first).toContainText('授予角色');
    await expect(first).toContainText('138****0001');
    await expect(first).toContainText(`"phone":"${phone.slice(0, 3)}****${phone.slice(7)}"`);
    await expect(first).toContainText('"role":"support"');
    await page.screenshot({ path: shot('ops-audit-375'), fullPage: true });
    // bad filters are dropped, never an error
    for (const query of [
      'page=2147483648',
      'actorId=0x10',
      'action=%00',
      'page=0&actorId=-1&action=' + 'x'.repeat(500),
    ]) {
      const res = await page.goto(`/ops/audit?${query}`);
      expect(res?.status(), query).toBe(200);
      await expect(page.getByTestId('ops-audit-table')).toBeVisible();
    }

    // the new member of staff: the list, without the form; the audit log is for ops only
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL! });
    const supportPage = await other.newPage();
    await signIn(supportPage, phone);
    await supportPage.goto('/ops/staff');
    await expect(supportPage.getByTestId('ops-staff-table')).toBeVisible();
    await expect(supportPage.getByRole('region', { name: '授予或撤销角色' })).toHaveCount(0);
    await expect(supportPage.getByRole('button', { name: /撤销/ })).toHaveCount(0);
    await expect(supportPage.getByRole('navigation', { name: '控制台' }).getByRole('link')).toHaveText([
      '概览',
      '工作人员',
      '在线客服',
    ]);
    const refused = await supportPage.goto('/ops/audit');
    expect(refused?.status()).toBe(403);
    await expect(supportPage.getByTestId('error-message')).toHaveText('无权访问：审计日志仅限运营');
    await other.close();

    // revoking it again, from its row
    await page.goto('/ops/staff');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `撤销 ${phone} 的客服角色` }).click();
    await expect(page.locator(`tr[data-phone="${phone}"]`)).toHaveCount(0);
    await page.goto('/ops/audit');
    await expect(page.getByTestId('ops-audit-table').locator('tbody tr').first()).toContainText('撤销角色');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: shot('ops-audit-1280') });
  });
});

test.describe('/ops on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

  test('is a wide layout with the consoles in a side nav', async ({ page }) => {
    await signIn(page, '13800000004');
    await page.goto('/ops/staff');
    const nav = page.getByRole('navigation', { name: '控制台' });
    const main = page.locator('.ops-main');
    const navBox = (await nav.boundingBox())!;
    const mainBox = (await main.boundingBox())!;
    // side by side, the page wider than the phone column
    expect(navBox.x + navBox.width).toBeLessThanOrEqual(mainBox.x + 1);
    expect(navBox.height).toBeGreaterThan(300);
    expect(mainBox.width).toBeGreaterThan(900);
    await page.screenshot({ path: shot('ops-staff-1280') });
    await page.goto('/ops');
    await page.screenshot({ path: shot('ops-home-1280') });
  });
});

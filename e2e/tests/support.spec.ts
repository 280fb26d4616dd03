// 客服中心 /{city}/support (PAGES.md §3.12): a signed-in user sees the account summary (from support/user-summary),
// the contact items (在线客服 → /im with the city's support peer, 复制微信 with its toast, 电话 as a tel: link) and the
// FAQ; a visitor is sent to login and back; in the app below 12.6.0 the consultation item is the WeChat copy.
import { expect, test, type Page } from '@playwright/test';
import { shot } from '../support/screenshots.ts';
import { signIn } from '../support/login.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const androidApp = (version: string) => `${ANDROID_CHROME} FangJiaTong/${version}`;

/** The headless browser has no clipboard to read back: record what the page writes to it. */
async function recordClipboard(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          (window as unknown as { copiedText?: string }).copiedText = text;
        },
      },
    });
  });
}

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`/rabbit/v1/${path}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { body: T }).body;
}

test('a signed-in user sees the summary, the contact items and the FAQ', async ({ page }) => {
  await recordClipboard(page);
  await signIn(page);
  const summary = await api<{ userId: number; regDate: string }>(page, 'support/user-summary');
  const contacts = await api<{ peerid: string; wechatNo: string; phone: string }>(page, 'config/city-peer?cityId=605');

  await page.goto('/605/support');
  await expect(page.getByTestId('title-bar-title')).toHaveText('客服中心');
  const card = page.getByTestId('support-summary');
  await expect(card.getByText('用户ID', { exact: true })).toBeVisible();
  await expect(card).toContainText(String(summary.userId));
  const regDate = new Date(summary.regDate).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' });
  await expect(card.locator('.support-summary__cell', { hasText: '注册' })).toContainText(regDate);
  // a new user has bought nothing and never was a member
  await expect(card.locator('.support-summary__cell', { hasText: '最近购买' }).locator('dd')).toHaveText('--');
  await expect(card.locator('.support-summary__cell', { hasText: '会员到期' }).locator('dd')).toHaveText('--');

  // in the browser with the switch on: 在线客服 opens the chat with the city's support peer
  const chat = page.getByTestId('support-chat');
  await expect(chat).toBeVisible();
  await expect(chat).toHaveAttribute(
    'href',
    `/im?userid=${contacts.peerid}&username=${encodeURIComponent('在线客服')}`,
  );
  const phone = page.getByTestId('support-phone');
  await expect(phone).toHaveAttribute('href', `tel:${contacts.phone}`);
  await expect(phone).toContainText(contacts.phone);

  const faq = page.getByTestId('support-faq');
  for (const group of ['会员', '成交价与数据', '支付与退款', '经纪人联系']) {
    await expect(faq.getByRole('heading', { level: 3, name: group })).toBeVisible();
  }
  const question = faq.getByText('不想再接到经纪人的电话怎么办？');
  const answer = faq.getByText(/点击「不再联系我」/);
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();
  await expect(faq.getByText(/24小时之内/)).toBeHidden();
  await page.screenshot({ path: shot('support-signed-in'), fullPage: true });

  await page.getByTestId('support-wechat').click();
  await expect(page.getByText('微信号已复制', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { copiedText?: string }).copiedText)).toBe(contacts.wechatNo);
  await page.screenshot({ path: shot('support-wechat-copied') });

  await chat.click();
  await expect(page).toHaveURL(/\/im\?userid=support&username=/);
});

test('after buying a month card the summary shows the purchase and the membership end', async ({ page }) => {
  await signIn(page);
  // cookie-authenticated POSTs must name the server's origin (CSRF check)
  const origin = { origin: new URL(test.info().project.use.baseURL!).origin };
  const bought = await page.request.post('/rabbit/v1/memberCard/buyMember', {
    headers: origin,
    data: { cardCode: 'VIP_MONTH' },
  });
  expect(bought.status(), await bought.text()).toBe(200);
  const orderNo = ((await bought.json()) as { body: { order: { orderNo: string } } }).body.order.orderNo;
  const unified = await page.request.post('/rabbit/v1/customer/pay/unifiedorder', {
    headers: origin,
    data: { orderNo, platform: 1 },
  });
  expect(unified.status(), await unified.text()).toBe(200);
  const cashier = new URL(((await unified.json()) as { body: { action: { url: string } } }).body.action.url);
  expect((await page.request.get(cashier.pathname + cashier.search)).status()).toBe(200);
  await page.request.post(`/__sandbox/alipay/cashier/${orderNo}/pay`, { maxRedirects: 0 });
  const summary = await api<{ lastBuyDate: string; vipExpireDate: string }>(page, 'support/user-summary');
  expect(summary.lastBuyDate).not.toBeNull();

  await page.goto('/605/support');
  const day = (iso: string) => new Date(iso).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' });
  const card = page.getByTestId('support-summary');
  await expect(card.locator('.support-summary__cell', { hasText: '最近购买' }).locator('dd')).toHaveText(
    day(summary.lastBuyDate),
  );
  await expect(card.locator('.support-summary__cell', { hasText: '会员到期' }).locator('dd')).toHaveText(
    day(summary.vipExpireDate),
  );
  await card.screenshot({ path: shot('support-summary-member') });
});

test('failures: the summary toasts Network Error. and shows --; 在线客服 without a peer toasts 客服系统异常。', async ({
  page,
}) => {
  await signIn(page);
  await page.route('**/rabbit/v1/support/user-summary', (route) => route.abort('failed'));
  await page.route('**/rabbit/v1/config/city-peer?**', (route) => route.abort('failed'));
  await page.goto('/605/support');
  await expect(page.getByText('Network Error.').first()).toBeVisible();
  const card = page.getByTestId('support-summary');
  await expect(card.locator('.support-summary__cell', { hasText: '用户ID' }).locator('dd')).toHaveText('--');
  await expect(card.getByRole('button', { name: '重新加载' })).toBeVisible();
  // no contacts: no WeChat or phone item, and the chat says the support system is unavailable
  await expect(page.getByTestId('support-wechat')).toHaveCount(0);
  await expect(page.getByTestId('support-phone')).toHaveCount(0);
  await page.getByTestId('support-chat').click();
  await expect(page.getByText('客服系统异常。')).toBeVisible();
  await page.screenshot({ path: shot('support-failures') });

  // 重新加载 once the API answers again
  await page.unroute('**/rabbit/v1/support/user-summary');
  await card.getByRole('button', { name: '重新加载' }).click();
  await expect(card.getByRole('button', { name: '重新加载' })).toHaveCount(0);
  await expect(card.locator('.support-summary__cell', { hasText: '用户ID' }).locator('dd')).toHaveText(/^\d+$/);
});

test('a visitor is sent to login and comes back to the support centre', async ({ page }) => {
  await page.goto('/605/support');
  await expect(page).toHaveURL(/\/login\?redirect=%2F605%2Fsupport$/);
  await signIn(page);
  await page.goto('/login?redirect=%2F605%2Fsupport');
  await expect(page).toHaveURL(/\/605\/support$/);
  await expect(page.getByTestId('support-summary')).toBeVisible();
});

test.describe('in the app', () => {
  test('below 12.6.0 the consultation item is the WeChat copy with an upgrade hint', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: androidApp('12.5.9'),
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/605/support');
    await expect(page.getByTestId('support-wechat')).toBeVisible();
    await expect(page.getByTestId('support-chat')).toHaveCount(0);
    await expect(page.getByTestId('support-upgrade').getByRole('link', { name: '升级APP' })).toHaveAttribute(
      'href',
      '/upgrade?minVersion=12.6.0',
    );
    await page.screenshot({ path: shot('support-app-12.5.9'), fullPage: true });
    await context.close();
  });

  test('from 12.6.0 it is the in-app support chat; with a source title it needs 12.9.0', async ({ browser }) => {
    for (const [version, query, chat] of [
      ['12.6.0', '', true],
      ['12.8.9', '?sourceTitle=%E5%B0%8F%E5%8C%BA%E8%AF%A6%E6%83%85', false],
      ['12.9.0', '?sourceTitle=%E5%B0%8F%E5%8C%BA%E8%AF%A6%E6%83%85', true],
    ] as const) {
      const context = await browser.newContext({ userAgent: androidApp(version), locale: 'zh-CN' });
      const page = await context.newPage();
      await signIn(page);
      await page.goto(`/605/support${query}`);
      await expect(page.getByTestId('support-wechat')).toBeVisible();
      await expect(page.getByTestId('support-chat'), version).toHaveCount(chat ? 1 : 0);
      await context.close();
    }
  });
});

// 在线咨询 /im (issue 15, PAGES.md §3.12) at 375×812 against the real chat server: a signed-in user goes from
// 客服中心 to the chat, sends a message (acknowledged once stored: it gets its sequence number), the FAQ bot answers
// it, 转人工 hands the conversation to a person, the user goes offline (the
// banner; a message written meanwhile waits as 发送中), comes back (it is sent and stored), and after a reload sees
// the conversation again, in order. A visitor is sent to login first.
import { expect, test } from '@playwright/test';
import { shot } from '../support/screenshots.ts';
import { signIn } from '../support/login.ts';

test('a user chats with support, goes offline and back, and finds the conversation after a reload', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto('/605/support');
  await page.getByTestId('support-chat').click();
  await expect(page).toHaveURL(/\/im\?userid=support/);
  const input = page.getByLabel('输入消息');
  await expect(input).toBeEnabled();

  // a message is shown as sent once the server stored it (it then has its sequence number)
  await input.fill('你好，想问一下成交价的数据来源');
  await page.getByLabel('发送消息').click();
  const first = page.getByTestId('chat-message').filter({ hasText: '想问一下成交价的数据来源' });
  await expect(first).toHaveAttribute('data-seq', /^[1-9]\d*$/);
  const firstSeq = Number(await first.getAttribute('data-seq'));
  // the FAQ bot answers from the support FAQ, offering a person
  await expect(page.getByTestId('chat-status')).toHaveText('智能助手为你服务');
  await expect(page.getByTestId('chat-message').filter({ hasText: '国家统计局' })).toBeVisible();
  await page.screenshot({ path: shot('chat-bot') });
  // 转人工: the conversation waits for a person, the bot says so and is silent from then on
  await page.getByTestId('chat-handoff').click();
  await expect(page.getByTestId('chat-notice').filter({ hasText: '正在为您转接人工客服' })).toBeVisible();
  await expect(page.getByTestId('chat-status')).toHaveText('正在为你转接人工客服，请稍候');
  await expect(page.getByTestId('chat-handoff')).toHaveCount(0);

  // offline: the banner, and what is written meanwhile waits
  await context.setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  // the app's offline banner says so (the chat's own banner is for a lost connection while online)
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('chat-offline')).toHaveCount(0);
  await input.fill('断网时写的第二条');
  await page.getByLabel('发送消息').click();
  await expect(page.getByTestId('chat-pending').filter({ hasText: '断网时写的第二条' })).toBeVisible();
  await page.screenshot({ path: shot('chat-offline') });

  // back online: it is sent and stored after the first
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const second = page.getByTestId('chat-message').filter({ hasText: '断网时写的第二条' });
  await expect(second).toHaveAttribute('data-seq', /^[1-9]\d*$/, { timeout: 20_000 });
  expect(Number(await second.getAttribute('data-seq'))).toBeGreaterThan(firstSeq);
  await expect(page.getByTestId('chat-offline')).toHaveCount(0);
  await expect(page.getByTestId('chat-pending')).toHaveCount(0);
  await page.screenshot({ path: shot('chat-sent') });

  // a reload: the history, in order, each message once
  await page.reload();
  await expect(second).toBeVisible();
  const texts = await page.getByTestId('chat-message').allInnerTexts();
  const a = texts.findIndex((t) => t.includes('想问一下成交价的数据来源'));
  const b = texts.findIndex((t) => t.includes('断网时写的第二条'));
  expect(a).toBeGreaterThanOrEqual(0);
  expect(b).toBeGreaterThan(a);
  expect(texts.filter((t) => t.includes('断网时写的第二条'))).toHaveLength(1);
});

test('a visitor opening the chat is asked to log in first and comes back to it', async ({ page }) => {
  await page.goto('/im?userid=support&username=在线客服');
  await expect(page).toHaveURL(/\/login/);
  expect(new URL(page.url()).search).toContain(encodeURIComponent('/im?userid=support'));
});

test('a user whose WebSocket is blocked chats over the HTTP fallback', async ({ page }) => {
  test.setTimeout(90_000);
  // a proxy that ends every chat socket at once: it opens and closes without a frame
  let socketsTried = 0;
  await page.routeWebSocket('**/ws/im', (ws) => {
    socketsTried += 1;
    ws.close();
  });
  // what the fallback's polls answered
  const polled: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/rabbit/v1/im/poll')) void response.text().then((text) => polled.push(text));
  });
  await signIn(page);
  await page.goto('/605/support');
  await page.getByTestId('support-chat').click();
  await expect(page).toHaveURL(/\/im\?userid=support/);
  const input = page.getByLabel('输入消息');
  await expect(input).toBeEnabled();

  // written while the socket still fails: it waits, then goes over POST im/frames once the fallback is in use
  await input.fill('WebSocket 不通时发的消息');
  await page.getByLabel('发送消息').click();
  const sent = page.getByTestId('chat-message').filter({ hasText: 'WebSocket 不通时发的消息' });
  await expect(sent).toHaveAttribute('data-seq', /^[1-9]\d*$/, { timeout: 20_000 });
  // the FAQ bot's answer arrives by the long poll
  await input.fill('成交价的数据来源是哪里');
  await page.getByLabel('发送消息').click();
  await expect(page.getByTestId('chat-message').filter({ hasText: '国家统计局' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('chat-offline')).toHaveCount(0);
  await expect(page.getByTestId('chat-pending')).toHaveCount(0);
  expect(socketsTried).toBeGreaterThanOrEqual(3);
  // the bot's answer came by the long poll
  await expect.poll(() => polled.some((text) => text.includes('国家统计局'))).toBe(true);
  await page.screenshot({ path: shot('chat-fallback') });

  // each message once, in order
  const texts = await page.getByTestId('chat-message').allInnerTexts();
  expect(texts.filter((t) => t.includes('WebSocket 不通时发的消息'))).toHaveLength(1);
  const question = texts.findIndex((t) => t.includes('成交价的数据来源是哪里'));
  const answer = texts.findIndex((t) => t.includes('国家统计局'));
  expect(question).toBeGreaterThan(texts.findIndex((t) => t.includes('WebSocket 不通时发的消息')));
  expect(answer).toBeGreaterThan(question);
});

// spec §4: chat message info (here: the estate the user came from, offered as a card) needs the app from 12.8.0
test.describe('message info in the app', () => {
  const ANDROID_APP = (version: string) =>
    `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 FangJiaTong/${version}`;

  test('from an estate’s agent list, 12.8.0 offers the estate as a card that opens it; 12.7.9 and the browser do not', async ({
    browser,
    page,
  }) => {
    test.setTimeout(90_000);
    const hot = (await (await page.request.get('/rabbit/v1/search/hot?cityId=605')).json()) as {
      body: { list: { kind: string; id: number }[] };
    };
    const estateId = hot.body.list.find((h) => h.kind === 'estate')!.id;
    for (const [version, offered] of [
      ['12.8.0', true],
      ['12.7.9', false],
      [null, false],
    ] as const) {
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        locale: 'zh-CN',
        ...(version ? { userAgent: ANDROID_APP(version) } : {}),
      });
      const app = await context.newPage();
      await signIn(app);
      await app.goto(`/605/house-detail/${estateId}/agent-list`);
      await app.locator('.agent-card').first().getByRole('link', { name: '在线咨询' }).click();
      await expect(app).toHaveURL(/\/im\?userid=agent-\d+.*houseId=/);
      await expect(app.getByLabel('输入消息')).toBeEnabled();
      if (!offered) {
        await expect(app.getByTestId('chat-about')).toHaveCount(0);
        await context.close();
        continue;
      }
      await app.getByTestId('chat-about').getByRole('button', { name: '发送小区' }).click();
      const card = app.getByTestId('chat-estate');
      await expect(card).toHaveAttribute('href', `/605/house-detail/${estateId}`);
      await expect(app.getByTestId('chat-about')).toHaveCount(0);
      await app.screenshot({ path: shot('chat-estate-card') });
      await card.click();
      await expect(app).toHaveURL(new RegExp(`/605/house-detail/${estateId}$`));
      await context.close();
    }
  });
});

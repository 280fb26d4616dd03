// The support desk end to end (issue 15's acceptance) at 375×812, two browsers against the real chat server: a user
// opens /605/support, starts a chat, the FAQ bot answers, 转人工; the demo support member (second context) sees the
// conversation in the console's queue with its wait, claims it (the user is told), and both sides exchange text (a
// canned reply) and an image; the user goes offline, support writes meanwhile, and back online the user sees it
// all, in order; support sees the user's summary and closes the conversation with a reason (the user is told). An
// agent answers its own agent conversation in the same console, and a phone number it writes reaches the user masked.
import { expect, test, type Page } from '@playwright/test';
import { shot } from '../support/screenshots.ts';
import { signIn } from '../support/login.ts';

const DEMO_SUPPORT_PHONE = '13800000002';
// the second demo agent (ops-leads.spec signs the first one in)
const DEMO_AGENT_PHONE = '13800000006';
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN' };
/** A 64×48 PNG (a red and white check). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAWklEQVR42u3XsQ0AIAgEQCZyAfdfhTV0AaloNB6hpOCqz0fOcdxVzG33AQAAAADQArzyaHUPAAAAANADSGIAAAAAfUASAwAAAOgDkhgAAABAH5DEAAAAAN8BNos2yXiZgo91AAAAAElFTkSuQmCC',
  'base64',
);

async function send(page: Page, text: string) {
  await page.getByLabel('输入消息').fill(text);
  await page.getByLabel('发送消息').click();
  await expect(page.getByTestId('chat-message').filter({ hasText: text })).toHaveAttribute('data-seq', /^[1-9]\d*$/);
}

async function sendImage(page: Page) {
  const before = await page.locator('[data-testid="chat-message"] img').count();
  await page.getByTestId('chat-image-input').setInputFiles({ name: 'check.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('[data-testid="chat-message"] img')).toHaveCount(before + 1, { timeout: 15_000 });
}

test('a user asks the bot, 转人工, support claims it in the console and they talk; offline and back, in order', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // the user: 客服中心 → 在线客服 → the bot answers → 转人工
  const userPhone = await signIn(page);
  await page.goto('/605/support');
  await page.getByTestId('support-chat').click();
  await expect(page).toHaveURL(/\/im\?userid=support/);
  await send(page, '会员可以退款吗');
  await expect(page.getByTestId('chat-status')).toHaveText('智能助手为你服务');
  await expect(page.getByTestId('chat-message').filter({ hasText: '转人工' }).last()).toBeVisible();
  await page.getByTestId('chat-handoff').click();
  await expect(page.getByTestId('chat-notice').filter({ hasText: '正在为您转接人工客服' })).toBeVisible();

  // support: the queue shows the conversation with its wait; open it and claim it
  const desk = await (await browser.newContext(PHONE)).newPage();
  await desk.goto('/helper');
  await signIn(desk, DEMO_SUPPORT_PHONE);
  await desk.goto('/ops/support');
  await expect(desk.getByTestId('desk-link')).toHaveText('已连接');
  const item = desk.getByTestId('desk-item').filter({ hasText: '正在为您转接人工客服' }).first();
  await expect(item).toBeVisible();
  await expect(item).toContainText('已等待');
  await desk.screenshot({ path: shot('ops-support-queue') });
  await item.click();
  await expect(desk.getByTestId('chat-message').filter({ hasText: '会员可以退款吗' })).toBeVisible();
  await expect(desk.getByTestId('chat-status')).toHaveText('用户正在等待人工接入');
  await desk.getByTestId('desk-claim').click();
  await expect(page.getByTestId('chat-notice').filter({ hasText: '客服小房已接入' })).toBeVisible();
  await expect(page.getByTestId('chat-status')).toHaveText('客服小房为你服务');

  // a canned reply goes into the input; support sends it, the user sees it on the left
  await desk.getByTestId('chat-canned').getByRole('listitem').filter({ hasText: '原路退回' }).click();
  await expect(desk.getByLabel('输入消息')).toHaveValue(/原路退回/);
  await desk.getByLabel('发送消息').click();
  const reply = page.getByTestId('chat-message').filter({ hasText: '原路退回' });
  await expect(reply).toBeVisible();
  await expect(reply).not.toHaveClass(/chat__row--mine/);
  await send(page, '好的，我发一张截图给你');
  await sendImage(page);
  await expect(desk.locator('[data-testid="chat-message"] img')).toHaveCount(1);
  await expect(desk.getByTestId('chat-message').filter({ hasText: '我发一张截图给你' })).not.toHaveClass(
    /chat__row--mine/,
  );
  await sendImage(desk);
  await expect(page.locator('[data-testid="chat-message"] img')).toHaveCount(2);

  // the user's summary beside the conversation (behind 用户资料 on a phone)
  await desk.getByRole('button', { name: '用户资料' }).click();
  await expect(desk.getByTestId('desk-summary')).toContainText(`${userPhone.slice(0, 3)}****${userPhone.slice(-4)}`);
  await expect(desk.getByTestId('desk-vip')).toHaveText('未开通会员');
  await desk.screenshot({ path: shot('ops-support-summary'), fullPage: true });
  await desk.getByRole('button', { name: '用户资料' }).click();

  // the user goes offline; support writes two messages meanwhile
  await page.context().setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await send(desk, '第一条：退款已经为您提交');
  await send(desk, '第二条：预计1–3个工作日到账');
  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const first = page.getByTestId('chat-message').filter({ hasText: '第一条：退款已经为您提交' });
  const second = page.getByTestId('chat-message').filter({ hasText: '第二条：预计1–3个工作日到账' });
  await expect(second).toBeVisible({ timeout: 20_000 });
  expect(Number(await second.getAttribute('data-seq'))).toBe(Number(await first.getAttribute('data-seq')) + 1);
  const texts = await page.getByTestId('chat-message').allInnerTexts();
  expect(texts.findIndex((t) => t.includes('第一条'))).toBeLessThan(texts.findIndex((t) => t.includes('第二条')));
  expect(texts.filter((t) => t.includes('第二条'))).toHaveLength(1);
  await page.screenshot({ path: shot('ops-support-user') });
  await desk.screenshot({ path: shot('ops-support-chat') });

  // support closes it with a reason; the user is told and may start again
  await desk.getByTestId('desk-close').click();
  await desk.getByTestId('desk-close-tag').selectOption('resolved');
  await desk.getByTestId('desk-close-confirm').click();
  await expect(page.getByTestId('chat-closed')).toHaveText('本次咨询已结束');
  await expect(page.getByTestId('chat-status')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '重新咨询' })).toBeVisible();
  await expect(desk.getByTestId('chat-closed')).toHaveText('会话已结束');
  await desk.screenshot({ path: shot('ops-support-closed') });

  // on a desk: the closed list, the conversation and the summary side by side
  const wide = await browser.newContext({
    viewport: { width: 1366, height: 860 },
    storageState: await desk.context().storageState(),
  });
  const deskPage = await wide.newPage();
  await deskPage.goto(`/ops/support?tab=closed&c=${new URL(desk.url()).searchParams.get('c')}`);
  await expect(deskPage.getByTestId('desk-item').first()).toBeVisible();
  await expect(deskPage.getByTestId('chat-message').filter({ hasText: '第二条' })).toBeVisible();
  await expect(deskPage.getByTestId('desk-summary')).toContainText('没有订单');
  await deskPage.screenshot({ path: shot('ops-support-desktop') });
  await wide.close();
  await desk.context().close();
});

test('an agent answers its own conversation in the same console; its phone number reaches the user masked', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const desk = await (await browser.newContext(PHONE)).newPage();
  await desk.goto('/helper');
  await signIn(desk, DEMO_AGENT_PHONE);
  const me = (await (await desk.request.get('/rabbit/v1/im/staff/desk')).json()) as {
    body: { agentId: number; support: boolean };
  };
  expect(me.body.support).toBe(false);

  await signIn(page);
  await page.goto(`/im?userid=agent-${me.body.agentId}`);
  await send(page, '这个小区现在还有三居室吗');
  await expect(page.getByTestId('chat-status')).toHaveText(/会尽快回复你$/);

  await desk.goto('/ops/support');
  const item = desk.getByTestId('desk-item').filter({ hasText: '还有三居室吗' });
  await expect(item).toContainText('经纪人咨询');
  await item.click();
  // an agent sees no user summary (orders are support's business)
  await expect(desk.getByRole('button', { name: '用户资料' })).toHaveCount(0);
  await desk.getByTestId('desk-claim').click();
  await expect(page.getByTestId('chat-notice').filter({ hasText: '已接入，很高兴为您服务' })).toBeVisible();
  await desk.getByLabel('输入消息').fill('有的，方便的话打我电话 13912345678 详聊');
  await desk.getByLabel('发送消息').click();
  await expect(page.getByTestId('chat-message').filter({ hasText: '139****5678' })).toBeVisible();
  await expect(page.getByTestId('chat-message').filter({ hasText: '13912345678' })).toHaveCount(0);
  await page.screenshot({ path: shot('ops-support-agent-user') });
  await desk.screenshot({ path: shot('ops-support-agent') });
  await desk.context().close();
});

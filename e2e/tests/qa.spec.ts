// 问答 (issue 17, PAGES.md §3.8) at 375×812: a fresh user asks a question with an image on an estate the demo 达人
// answers for → it is on the estate's Q&A → the 达人 (13800000007, signed in once) finds it in /ask/super and answers
// → the asker has the notice in the message centre and sees the answer with its 达人 badge on the detail. And user
// text stays text: a question and an answer made of <script>, <img onerror> and javascript: render inert and
// literally, with no dialog ever opened. Plus the city's list, 暂无权限, 问题已删除 and the no-id redirects.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signIn, signInToPost } from '../support/login.ts';
import { shot } from '../support/screenshots.ts';
import { smallTapTargets } from '../support/tap-targets.ts';

const DEMO_SUPERIOR_PHONE = '13800000007';

test.describe.configure({ mode: 'serial' });

let darenState: Awaited<ReturnType<BrowserContext['storageState']>>;
let estateId = 0;
let estateName = '';

async function hydrated(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
}

const origin = () => new URL(test.info().project.use.baseURL!).origin;

/** Fails the test if any alert/confirm/prompt opens (user text must never run). */
function noDialogs(page: Page) {
  const opened: string[] = [];
  page.on('dialog', (d) => {
    opened.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return opened;
}

async function asDaren(browser: Browser) {
  const context = await browser.newContext({ storageState: darenState });
  return { context, page: await context.newPage() };
}

test.beforeAll(async ({ browser }) => {
  // one sign-in for the whole file: the demo phone gets one code a minute
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/aboutus');
  await signIn(page, DEMO_SUPERIOR_PHONE);
  // the demo 达人 may post at once
  const aged = await page.request.post('/rabbit/v1/dev/community/age-account', { headers: { origin: origin() } });
  expect(aged.status(), await aged.text()).toBe(200);
  const res = await page.request.get('/rabbit/v1/question-answer/super');
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { body: { estates: { id: number; name: string; cityId: number }[] } };
  const estate = body.body.estates.find((e) => e.cityId === 605);
  expect(estate, 'the demo 达人 answers for the first plate’s estates').toBeTruthy();
  estateId = estate!.id;
  estateName = estate!.name;
  darenState = await context.storageState();
  await context.close();
});

test('ask with an image → the estate’s Q&A → the 达人 answers from the queue → the asker is told', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const dialogs = noDialogs(page);
  await page.goto('/aboutus');
  await signInToPost(page);
  const title = `${estateName}的物业费贵不贵？${Date.now() % 10000}`;

  await hydrated(page, `/605/qa-list/${estateId}/ask-qa`);
  const form = page.getByTestId('qa-ask-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('estate-picked')).toContainText(estateName);
  await page.getByTestId('qa-title').fill(title);
  await expect(form).toContainText(`${title.length}/50`);
  await page.getByTestId('qa-body').fill('准备买这里，想了解物业费和服务。\n第二行补充说明。');
  // an image: a screenshot of the page is a real PNG
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 160, height: 120 } });
  await page.getByTestId('qa-image-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('qa-thumb')).toHaveCount(1);
  await page.getByTestId('qa-topic-property').click();
  await page.screenshot({ path: shot('qa-ask-composer'), fullPage: true });
  await page.getByTestId('qa-submit').click();

  await expect(page).toHaveURL(/\/qa-detail\/\d+$/);
  const questionId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByTestId('qa-question-title')).toHaveText(title);
  await expect(page.getByTestId('qa-question')).toContainText('第二行补充说明');
  await expect(page.getByTestId('qa-question').locator('img')).toHaveCount(1);
  await page.screenshot({ path: shot('qa-detail-asked'), fullPage: true });

  // on the estate's Q&A (最新)
  await hydrated(page, `/605/qa-list/${estateId}?tab=new`);
  await expect(page.getByTestId('qa-estate-header')).toContainText(estateName);
  await expect(page.getByTestId('qa-card').first()).toContainText(title);
  await page.screenshot({ path: shot('qa-estate-list') });

  // the 达人's queue, and the answer
  const daren = await asDaren(browser);
  const darenDialogs = noDialogs(daren.page);
  await hydrated(daren.page, '/ask/super');
  const queue = daren.page.getByTestId('qa-super-queue');
  await expect(queue).toBeVisible();
  const routed = daren.page.getByTestId('qa-routed').filter({ hasText: title });
  await expect(routed).toContainText('待你回答');
  await daren.page.screenshot({ path: shot('qa-super-queue') });
  await routed.getByTestId('qa-routed-answer').click();
  await expect(daren.page).toHaveURL(new RegExp(`/ask/v2/${questionId}$`));
  await daren.page.getByTestId('qa-answer-body').fill('物业费按小区标准收取，服务还不错，保安24小时值班。');
  await daren.page.screenshot({ path: shot('qa-write-answer') });
  await daren.page.getByTestId('qa-answer-submit').click();
  await expect(daren.page).toHaveURL(new RegExp(`/qa-detail/${questionId}$`));
  await expect(daren.page.getByTestId('qa-answer').first()).toContainText('保安24小时值班');
  await hydrated(daren.page, '/ask/super');
  await expect(daren.page.getByTestId('qa-routed').filter({ hasText: title })).toContainText('已回答');
  expect(darenDialogs).toEqual([]);
  await daren.context.close();

  // the asker: the notice, then the answer with its badge
  await hydrated(page, '/profile/message');
  const notice = page.getByTestId('message').filter({ hasText: '你的问题有了新回答' }).first();
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(title);
  await page.screenshot({ path: shot('qa-message-centre') });
  await notice.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/qa-detail/${questionId}$`));
  const answer = page.getByTestId('qa-answer').first();
  await expect(answer).toContainText('保安24小时值班');
  await expect(answer.getByTestId('qa-super-badge')).toHaveText('达人');
  // like it (idempotent on the server), follow the question
  await answer.getByTestId('qa-like').click();
  await expect(answer.getByTestId('qa-like')).toHaveText('已赞 1');
  await page.getByTestId('qa-follow').click();
  await expect(page.getByTestId('qa-follow')).toHaveText('已关注');
  await page.screenshot({ path: shot('qa-detail-answered'), fullPage: true });

  // 我的问答 lists it
  await hydrated(page, '/ask/list');
  await expect(page.getByTestId('qa-card').first()).toContainText(title);
  expect(dialogs).toEqual([]);
});

test('user text renders inert: <script>, <img onerror>, javascript: show literally and never run', async ({ page }) => {
  const dialogs = noDialogs(page);
  await page.goto('/aboutus');
  await signInToPost(page);
  const title = '<script>alert(1)</script>';
  const body = '<img src=x onerror=alert(1)>\njavascript:alert(1)';
  const asked = await page.request.post('/rabbit/v1/question-answer/ask', {
    data: { cityId: 605, estateId, topic: 'other', title, body },
    headers: { origin: origin() },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const { id } = ((await asked.json()) as { body: { id: number } }).body;
  const answered = await page.request.post('/rabbit/v1/question-answer/answer', {
    data: { questionId: id, body: '<img src=x onerror=alert(2)> [x](javascript:alert(3)) javascript:alert(4)' },
    headers: { origin: origin() },
  });
  expect(answered.status(), await answered.text()).toBe(200);

  await hydrated(page, `/qa-detail/${id}`);
  await expect(page.getByTestId('qa-question-title')).toHaveText(title);
  const text = page.getByTestId('qa-question-body');
  await expect(text).toContainText('<img src=x onerror=alert(1)>');
  await expect(text).toContainText('javascript:alert(1)');
  await expect(page.getByTestId('qa-answer').first()).toContainText('<img src=x onerror=alert(2)>');
  // nothing became markup: no img with src x, no script from the text, no javascript: link
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  // no script element made of the text (the page's own data script carries it as an escaped string)
  expect(await page.locator('script').evaluateAll((s) => s.some((n) => n.textContent?.trim() === 'alert(1)'))).toBe(
    false,
  );
  const html = await (await page.request.get(`/qa-detail/${id}`)).text();
  expect(html).not.toContain('<script>alert(1)</script>');
  expect(html).not.toContain('<img src=x onerror');
  await page.screenshot({ path: shot('qa-xss-detail'), fullPage: true });

  // the same on the lists
  await hydrated(page, `/605/qa-list/${estateId}?tab=new`);
  await expect(page.getByTestId('qa-card').first()).toContainText(title);
  await hydrated(page, '/605/questions?tab=new');
  await expect(page.getByTestId('qa-card').first()).toContainText(title);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await page.screenshot({ path: shot('qa-xss-list') });
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
});

test('the city’s questions: tabs and topics; a visitor asking goes to login', async ({ page }) => {
  await hydrated(page, '/605/questions');
  await expect(page.getByTestId('qa-card').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: '热门' })).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: shot('qa-questions') });
  expect(await smallTapTargets(page)).toEqual([]);
  // a seeded question's detail: targets too
  await page.getByTestId('qa-card').first().getByRole('link').first().click();
  await expect(page.getByTestId('qa-detail')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  expect(await smallTapTargets(page)).toEqual([]);
  await page.screenshot({ path: shot('qa-detail-seeded'), fullPage: true });
  await page.goBack();
  await page.getByTestId('qa-tab-unanswered').click();
  await expect(page).toHaveURL(/tab=unanswered/);
  await page.getByRole('link', { name: '学区教育' }).click();
  await expect(page).toHaveURL(/topic=school/);
  await page.getByTestId('qa-ask').click();
  await expect(page).toHaveURL(/\/login\?redirect=%2F605%2Fask-qa$/);
});

test('no label → 暂无权限; a deleted question → 问题已删除; no id → the questions', async ({ page }) => {
  await page.goto('/aboutus');
  await signInToPost(page);
  await hydrated(page, '/ask/super');
  await expect(page.getByTestId('qa-super-forbidden')).toContainText('暂无权限');
  await page.screenshot({ path: shot('qa-super-forbidden') });

  const asked = await page.request.post('/rabbit/v1/question-answer/ask', {
    data: { cityId: 605, topic: 'policy', title: '这个问题马上会被删除' },
    headers: { origin: origin() },
  });
  const { id } = ((await asked.json()) as { body: { id: number } }).body;
  const removed = await page.request.post('/rabbit/v1/question-answer/delete', {
    data: { targetType: 'question', id },
    headers: { origin: origin() },
  });
  expect(removed.status()).toBe(200);
  await hydrated(page, `/qa-detail/${id}`);
  await expect(page.getByTestId('qa-deleted')).toContainText('问题已删除');
  await page.screenshot({ path: shot('qa-deleted') });

  await page.goto('/qa-detail');
  await expect(page).toHaveURL(/\/605\/questions$/);
  await page.goto('/ask/v2');
  await expect(page).toHaveURL(/\/605\/questions$/);
});

// 达人推荐 (issue 14, PAGES.md §3.11 /{city}/pubBySuperior/{id?}) at 375×812: a visitor sees the demo 达人's picks
// and opens the deal-price modal from 咨询; a signed-in user without the label gets 暂无权限 on /605/pubBySuperior;
// the demo 达人 (13800000007, signed in once through the SMS sandbox) adds a pick through 添加推荐 and deletes it,
// and finds 我的推荐 on 我的; a user follows and unfollows the 达人.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEAL_PRICE_MODAL_TITLE } from '../../packages/domain/src/api/leads.ts';
import { signIn } from '../support/login.ts';
import { shot } from '../support/screenshots.ts';

const DEMO_SUPERIOR_PHONE = '13800000007';
const DEMO_SUPERIOR_NAME = '杭州买房达人';

test.describe.configure({ mode: 'serial' });

let darenState: Awaited<ReturnType<BrowserContext['storageState']>>;
let darenId: number;

async function hydrated(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
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
  const check = await page.request.get('/rabbit/v1/app/login/check');
  darenId = ((await check.json()) as { body: { user: { id: number } } }).body.user.id;
  darenState = await context.storageState();
  await context.close();
});

test('a visitor sees the demo 达人’s picks and asks about one through 咨询', async ({ page }) => {
  await hydrated(page, `/605/pubBySuperior/${darenId}`);
  const card = page.getByTestId('superior-card');
  await expect(card).toContainText(DEMO_SUPERIOR_NAME);
  await expect(page.getByTestId('superior-label')).toHaveText('达人');
  const picks = page.getByTestId('superior-pick');
  await expect(picks.first()).toBeVisible();
  expect(await picks.count()).toBeGreaterThan(0);
  await expect(picks.first()).toContainText('达人说');
  await expect(picks.first()).toContainText(/\d{4}-\d{2}-\d{2} 推荐/);
  await page.screenshot({ path: shot('superior-visitor') });

  await picks.first().getByRole('button', { name: '咨询' }).click();
  const modal = page.getByRole('dialog', { name: DEAL_PRICE_MODAL_TITLE });
  await expect(modal).toBeVisible();
  await page.screenshot({ path: shot('superior-consult-modal') });
  await modal.getByRole('button', { name: /关闭/ }).first().click();
  await expect(modal).toBeHidden();

  await page.getByRole('tab', { name: '新房' }).click();
  await expect(page).toHaveURL(/\?tab=new$/);
  const project = page.getByTestId('superior-pick').first();
  await expect(project.getByRole('link', { name: '查看楼盘' })).toHaveAttribute('href', /^\/605\/loupan\/\d+$/);
  await page.screenshot({ path: shot('superior-visitor-new') });
});

test('an unknown 达人 is a 404; my page sends a visitor to login', async ({ page }) => {
  const res = await page.goto('/605/pubBySuperior/2000000000');
  expect(res?.status()).toBe(404);
  await page.goto('/605/pubBySuperior');
  await expect(page).toHaveURL(/\/login\?redirect=%2F605%2FpubBySuperior$/);
});

test('a signed-in user without the label sees 暂无权限 with a way back', async ({ page }) => {
  await page.goto('/aboutus');
  await signIn(page);
  await hydrated(page, '/605/pubBySuperior');
  const forbidden = page.getByTestId('superior-forbidden');
  await expect(forbidden).toContainText('暂无权限');
  await expect(forbidden.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/605');
  await page.screenshot({ path: shot('superior-forbidden') });
  // and 我的 has no 我的推荐
  await hydrated(page, '/profile');
  await expect(page.getByTestId('profile-head')).toBeVisible();
  await expect(page.getByRole('link', { name: '我的推荐' })).toHaveCount(0);
});

test('the demo 达人 adds a pick through 添加推荐 and deletes it', async ({ browser }) => {
  const { context, page } = await asDaren(browser);
  await hydrated(page, '/profile');
  await page.getByRole('link', { name: '我的推荐' }).click();
  await expect(page).toHaveURL(/\/605\/pubBySuperior$/);
  await expect(page.getByTestId('superior-card')).toContainText(DEMO_SUPERIOR_NAME);
  const picks = page.getByTestId('superior-pick');
  await expect(picks.first()).toBeVisible();
  const before = await picks.count();

  // an estate of 热门搜索 the 达人 has not picked
  const hot = (await (await page.request.get('/rabbit/v1/search/hot?cityId=605')).json()) as {
    body: { list: { kind: string; id: number; name: string }[] };
  };
  const shown = await picks.locator('.estate-card__name').allTextContents();
  const estate = hot.body.list.find((h) => h.kind === 'estate' && !shown.includes(h.name))!;
  const reason = `端到端测试的推荐理由 ${Date.now()}`;

  await page.getByTestId('superior-card').getByRole('button', { name: '添加推荐' }).click();
  const sheet = page.getByTestId('superior-add-sheet');
  await expect(sheet).toBeVisible();
  await sheet.getByLabel('搜索小区或楼盘').fill(estate.name);
  await sheet
    .getByRole('button', { name: new RegExp(`^${estate.name}`) })
    .first()
    .click();
  await sheet.getByRole('textbox').last().fill(reason);
  await page.screenshot({ path: shot('superior-add-sheet') });
  await sheet.getByRole('button', { name: '提交推荐' }).click();
  await expect(page.getByText('已添加推荐')).toBeVisible();
  await expect(sheet).toBeHidden();
  const added = picks.filter({ hasText: reason });
  await expect(added).toHaveCount(1);
  await expect(picks.first()).toContainText(reason);
  await expect(picks).toHaveCount(before + 1);
  await page.screenshot({ path: shot('superior-mine') });

  await added.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('已删除推荐')).toBeVisible();
  await expect(added).toHaveCount(0);
  await expect(picks).toHaveCount(before);
  await context.close();
});

test('a user follows the 达人 and unfollows', async ({ page }) => {
  await page.goto('/aboutus');
  await signIn(page);
  await hydrated(page, `/605/pubBySuperior/${darenId}`);
  const follow = page.getByTestId('superior-follow');
  await expect(follow).toHaveAttribute('data-follow', 'off');
  await expect(follow).toHaveText('+ 关注');
  const card = page.getByTestId('superior-card');
  const followers = Number((await card.textContent())!.match(/粉丝 (\d+)/)![1]);
  await follow.click();
  await expect(follow).toHaveText('已关注');
  await expect(card).toContainText(`粉丝 ${followers + 1}`);
  await expect(page.getByText('关注成功')).toBeVisible();
  await page.screenshot({ path: shot('superior-followed') });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(page.getByTestId('superior-follow')).toHaveAttribute('data-follow', 'on');
  await page.getByTestId('superior-follow').click();
  await expect(page.getByTestId('superior-follow')).toHaveText('+ 关注');
  await expect(page.getByText('已取消关注')).toBeVisible();
});

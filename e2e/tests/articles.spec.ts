// 文章 (issue 17) at 375×812: /{city}/home-list/more-article with its 政策/行情/攻略 tabs, an article page (sanitised
// body, estates named, related articles, read counted, no dialog ever fired), and following a column signed in.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from '../support/login.ts';
import { shot } from '../support/screenshots.ts';

interface Card {
  id: number;
  title: string;
  column: string;
  readCount: number;
  figure: { value: number | null; change: number | null } | null;
}

async function list(request: APIRequestContext, type: string): Promise<{ total: number; list: Card[] }> {
  const res = await request.post('/rabbit/v1/content/list', { data: { cityId: 605, type } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { body: { total: number; list: Card[] } }).body;
}

/** Fails the test if the page ever opens an alert/confirm/prompt (an article's HTML must be inert). */
function noDialogs(page: Page) {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.dismiss();
  });
  return () => expect(seen, 'no dialog may fire on an article page').toEqual([]);
}

test.describe('/{city}/home-list/more-article 文章', () => {
  test('tabs 政策/行情/攻略 list the column’s articles; a card opens the article', async ({ page, request }) => {
    const checkDialogs = noDialogs(page);
    const policy = await list(request, 'policy');
    await page.goto('/605/home-list/more-article');
    const tabs = page.getByRole('navigation', { name: '专栏' });
    await expect(tabs.getByRole('link', { name: '政策' })).toHaveAttribute('aria-current', 'page');
    const cards = page.getByTestId('article-card');
    await expect(cards).toHaveCount(Math.min(policy.total, 20));
    await expect(cards.first()).toContainText(policy.list[0]!.title);
    await page.screenshot({ path: shot('articles-policy'), fullPage: true });

    await tabs.getByRole('link', { name: '行情' }).click();
    await expect(page).toHaveURL(/\?tab=market$/);
    const market = await list(request, 'market');
    await expect(cards.first()).toContainText(market.list[0]!.title);
    await expect(cards.first().locator('.article-card__figure')).toBeVisible();
    await page.screenshot({ path: shot('articles-market'), fullPage: false });

    await tabs.getByRole('link', { name: '攻略' }).click();
    await expect(page).toHaveURL(/\?tab=guide$/);
    const guide = await list(request, 'guide');
    await expect(cards.first()).toContainText(guide.list[0]!.title);

    await cards.first().click();
    await expect(page).toHaveURL(new RegExp(`/605/article/${guide.list[0]!.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: guide.list[0]!.title })).toBeVisible();
    checkDialogs();
  });

  test('an article page shows the body, estates, related articles and counts the read', async ({ page, request }) => {
    const checkDialogs = noDialogs(page);
    const [writeUp] = (await list(request, 'market')).list;
    await page.goto(`/605/article/${writeUp!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: writeUp!.title })).toBeVisible();
    const body = page.getByTestId('article-body');
    await expect(body.locator('table').first()).toBeVisible();
    await expect(body.locator('script, iframe, svg, [onerror], [onload]')).toHaveCount(0);
    await expect(page.getByTestId('article-reads')).toHaveText(/阅读\d+/);
    const reads = Number((await page.getByTestId('article-reads').textContent())!.replace(/\D/g, ''));
    expect(reads).toBeGreaterThan(writeUp!.readCount);
    await expect(page.getByTestId('article-estate').first()).toBeVisible();
    await expect(page.getByRole('region', { name: '相关文章' }).getByTestId('article-card').first()).toBeVisible();
    await page.screenshot({ path: shot('article-market'), fullPage: true });
    await page.screenshot({ path: shot('article-market-top') });
    await page.getByRole('region', { name: '文中小区' }).screenshot({ path: shot('article-market-estates') });

    const [guide] = (await list(request, 'guide')).list;
    await page.goto(`/605/article/${guide!.id}`);
    await expect(page.getByTestId('article-body').locator('h2').first()).toBeVisible();
    await page.screenshot({ path: shot('article-guide'), fullPage: false });

    // an unknown article is the 404 page
    const res = await page.goto('/605/article/99999999');
    expect(res?.status()).toBe(404);
    checkDialogs();
  });

  test('a signed-in user follows a column and finds it under 关注专栏', async ({ page, request }) => {
    await signIn(page);
    await page.goto('/605/home-list/more-article?tab=market');
    const follow = page.getByTestId('column-follow');
    await expect(follow).toHaveAttribute('data-follow', 'off');
    await follow.click();
    await expect(follow).toHaveAttribute('data-follow', 'on');
    await expect(follow).toHaveText('已关注');
    await page.screenshot({ path: shot('articles-followed'), fullPage: false });

    const res = await page.request.get('/rabbit/v1/user/getArticleFollowList');
    const followed = ((await res.json()) as { body: { list: { targetId: number; name: string }[] } }).body.list;
    expect(followed).toEqual([expect.objectContaining({ targetId: 2, name: '月度行情' })]);

    // the article page's bar shows the same state, and unfollows
    const [writeUp] = (await list(request, 'market')).list;
    await page.goto(`/605/article/${writeUp!.id}`);
    const barFollow = page.getByTestId('article-follow');
    await expect(barFollow).toHaveAttribute('data-follow', 'on');
    await barFollow.click();
    await expect(barFollow).toHaveAttribute('data-follow', 'off');
  });

  test('a visitor’s 关注 goes to login', async ({ page }) => {
    await page.goto('/605/home-list/more-article?tab=guide');
    await page.getByTestId('column-follow').click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test('the city home links its 资讯 block to the articles', async ({ page }) => {
    await page.goto('/605');
    const block = page.getByTestId('home-articles');
    await expect(block.getByTestId('article-card')).toHaveCount(3);
    await block.screenshot({ path: shot('home-articles') });
    await block.getByRole('link', { name: '更多文章' }).click();
    await expect(page).toHaveURL(/\/605\/home-list\/more-article\?tab=market$/);
  });
});

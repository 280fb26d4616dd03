// /{city}/search (PAGES.md §3.1) on the small seed (605 杭州). Names come from the running server's own
// 热门搜索, so the spec follows whatever the generator produces.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pinyin } from 'pinyin-pro';
import { shot } from '../support/screenshots.ts';

interface Hot {
  kind: 'estate' | 'plate' | 'project';
  id: number;
  name: string;
  avgPrice: number | null;
}

const PLACEHOLDER = '输入小区、板块或新房，支持拼音';

async function hotEstates(request: APIRequestContext): Promise<Hot[]> {
  const response = await request.get('/rabbit/v1/search/hot?cityId=605');
  expect(response.status()).toBe(200);
  const json = (await response.json()) as { resultCode: number; body: { list: Hot[] } };
  expect(json.resultCode).toBe(0);
  expect(json.body.list.length).toBeGreaterThan(0);
  return json.body.list;
}

/** The first estate of 热门搜索 whose name is all 汉字 (its initials are then unambiguous). */
async function sampleEstate(request: APIRequestContext): Promise<Hot> {
  const list = await hotEstates(request);
  return list.find((h) => /^\p{Script=Han}{3,}$/u.test(h.name)) ?? list[0]!;
}

const initialsOf = (name: string) =>
  pinyin(name, { pattern: 'first', toneType: 'none', type: 'array' }).join('').toLowerCase();

async function openSearch(page: Page) {
  await page.goto('/605/search');
  // Typing before hydration would be lost: the page marks itself interactive.
  await expect(page.getByTestId('search-page')).toHaveAttribute('data-hydrated', '');
  return page.getByPlaceholder(PLACEHOLDER);
}

test.describe('搜索 /{city}/search', () => {
  test('renders 热门搜索 on the server, ranked, with 均价', async ({ page, request }) => {
    const hot = await hotEstates(request);
    const html = await (await request.get('/605/search')).text();
    expect(html).toContain('<title>搜索 - 房价通</title>');
    expect(html).toContain('热门搜索');
    expect(html).toContain(hot[0]!.name);

    await openSearch(page);
    const section = page.getByTestId('search-hot');
    await expect(section.getByRole('heading', { name: '热门搜索' })).toBeVisible();
    await expect(section.getByRole('listitem')).toHaveCount(hot.length);
    const first = section.getByRole('link').first();
    await expect(first).toContainText(hot[0]!.name);
    await expect(first).toHaveAttribute('href', `/605/house-detail/${hot[0]!.id}`);
    if (hot[0]!.avgPrice !== null) await expect(first).toContainText('元/㎡');
    // No history yet on a fresh phone.
    await expect(page.getByTestId('search-history')).toHaveCount(0);
    await page.screenshot({ path: shot('search-initial') });
  });

  test('initials bring grouped suggestions with 均价, one request per pause of typing', async ({ page, request }) => {
    const estate = await sampleEstate(request);
    const kw = initialsOf(estate.name);
    const input = await openSearch(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/rabbit/v1/search/suggest')) asked.push(new URL(r.url()).searchParams.get('kw') ?? '');
    });
    await input.pressSequentially(kw, { delay: 40 });
    const suggestions = page.getByTestId('search-suggestions');
    const estates = suggestions.getByRole('region', { name: '小区' });
    await expect(estates.getByRole('heading', { name: '小区' })).toBeVisible();
    const row = estates.getByRole('link').filter({ hasText: estate.name });
    await expect(row.first()).toBeVisible();
    await expect(row.first()).toContainText(estate.avgPrice === null ? '--' : '元/㎡');
    await expect(row.first()).toContainText('挂牌均价');
    // Debounced: fewer requests than keystrokes, the last one for the whole keyword.
    expect(asked.length).toBeLessThan(kw.length);
    expect(asked.at(-1)).toBe(kw);
    await page.screenshot({ path: shot('search-suggestions') });
  });

  test('汉字 and mixed input find the same estate', async ({ page, request }) => {
    const estate = await sampleEstate(request);
    const input = await openSearch(page);
    const row = page.getByTestId('search-suggestions').getByRole('link').filter({ hasText: estate.name });
    await input.fill(estate.name.slice(0, 2));
    await expect(row.first()).toBeVisible();
    // Cleared, the page shows 热门搜索 again; then 西x: the first character as 汉字, the second as its initial.
    await input.fill('');
    await expect(page.getByTestId('search-hot')).toBeVisible();
    await expect(page.getByTestId('search-suggestions')).toHaveCount(0);
    await input.fill(`${estate.name.slice(0, 1)}${initialsOf(estate.name.slice(1, 2))}`);
    await expect(row.first()).toBeVisible();
  });

  test('a suggestion opens its page and is remembered in 搜索历史, which 清空 forgets', async ({ page, request }) => {
    const estate = await sampleEstate(request);
    const input = await openSearch(page);
    await input.fill(estate.name);
    await page.getByTestId('search-suggestions').getByRole('link').filter({ hasText: estate.name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/605/house-detail/${estate.id}$`));

    await openSearch(page);
    const history = page.getByTestId('search-history');
    await expect(history.getByRole('heading', { name: '搜索历史' })).toBeVisible();
    await expect(history.getByRole('link', { name: estate.name })).toHaveAttribute(
      'href',
      `/605/house-detail/${estate.id}`,
    );
    await page.screenshot({ path: shot('search-history') });
    await history.getByRole('button', { name: '清空' }).click();
    await expect(page.getByTestId('search-history')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('search-page')).toHaveAttribute('data-hydrated', '');
    await expect(page.getByTestId('search-history')).toHaveCount(0);
  });

  test('submitting goes to 搜索结果 with the keyword and keeps it in history', async ({ page }) => {
    const input = await openSearch(page);
    await input.fill('西湖');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/605\/search\/result\?kw=%E8%A5%BF%E6%B9%96$/);
    await expect(page.getByRole('heading', { name: '搜索结果' })).toBeVisible();
    await openSearch(page);
    await expect(page.getByTestId('search-history').getByRole('link', { name: '西湖' })).toHaveAttribute(
      'href',
      '/605/search/result?kw=%E8%A5%BF%E6%B9%96',
    );
  });

  test('no match says so and offers a valuation', async ({ page }) => {
    const input = await openSearch(page);
    await input.fill('qqqqzzzz');
    const empty = page.getByTestId('search-no-match');
    await expect(empty).toContainText('没有找到“qqqqzzzz”');
    await expect(empty).toContainText('换个小区、板块或新房的名称或拼音试试');
    await expect(empty.getByRole('link', { name: '去估价' })).toHaveAttribute('href', '/estimate?cityId=605');
    await page.screenshot({ path: shot('search-no-match') });
  });

  test('a skeleton shows while suggestions load', async ({ page }) => {
    const input = await openSearch(page);
    await page.route('**/rabbit/v1/search/suggest**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await input.fill('xi');
    await expect(page.getByTestId('search-skeleton')).toBeVisible();
    await page.screenshot({ path: shot('search-loading') });
    await expect(page.getByTestId('search-suggestions')).toBeVisible({ timeout: 5000 });
    await expect(page.getByTestId('search-skeleton')).toHaveCount(0);
    // "xi" is the start of many names: more than one group, each headed, capped with a link to all results.
    await expect(page.getByTestId('search-suggestions').getByRole('heading', { name: '小区' })).toBeVisible();
    await page.screenshot({ path: shot('search-suggestions-groups'), fullPage: true });
  });

  test('an unknown city is a 404 page; the API answers a 404 envelope', async ({ request }) => {
    expect((await request.get('/99999/search')).status()).toBe(404);
    const api = await request.get('/rabbit/v1/search/suggest?cityId=99999&kw=xi');
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ resultCode: 404, errMsg: '城市不存在', body: null });
    const bad = await request.get('/rabbit/v1/search/suggest?cityId=605');
    expect(bad.status()).toBe(400);
    expect((await bad.json()).errMsg).toBe('请输入搜索关键词');
  });
});

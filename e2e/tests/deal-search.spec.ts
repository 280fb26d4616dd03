import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface SearchBody {
  total: number;
  dealTotal: number;
  list: {
    estateId: number;
    estateName: string;
    dealCount: number;
    dealAvg: number | null;
    deals: { id: number; rooms: number; totalPrice: number | null }[];
  }[];
}

const searchOf = async (request: APIRequestContext, query: string): Promise<SearchBody> => {
  const res = await request.get(`/rabbit/v1/deal/search?cityId=605${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { body: SearchBody }).body;
};

test.describe('/{city}/deal-search 查成交', () => {
  test('the city’s deals grouped by estate, as the API groups them', async ({ page, request }) => {
    const api = await searchOf(request, '');
    await page.goto('/605/deal-search');
    await expect(page.getByRole('heading', { name: '杭州查成交' })).toBeVisible();
    await expect(page.getByText(`共${api.total}个小区 · ${api.dealTotal}套成交`)).toBeVisible();
    const groups = page.getByRole('list', { name: '成交小区' }).locator(':scope > li');
    await expect(groups).toHaveCount(20);
    const top = api.list[0]!;
    const first = groups.first();
    await expect(first).toContainText(top.estateName);
    await expect(first).toContainText(`成交${top.dealCount}套`);
    await expect(first).toContainText(`${top.dealAvg!.toLocaleString('en-US')}元/㎡`);
    await expect(first.getByRole('list', { name: `${top.estateName}成交` }).getByRole('article')).toHaveCount(
      top.deals.length,
    );
    await expect(first).toContainText(`${Math.round(top.deals[0]!.totalPrice! / 10_000)}万`);
    await page.screenshot({ path: shot('deal-search') });
    await page.mouse.wheel(0, 40_000);
    await expect(groups).toHaveCount(40, { timeout: 10_000 });
  });

  test('filters by 户型 and 时间 and searches an estate by keyword', async ({ page, request }) => {
    await page.goto('/605/deal-search');
    await page.locator('.adm-dropdown-item').filter({ hasText: '户型' }).click();
    await page.getByRole('button', { name: '三室' }).click();
    await expect(page).toHaveURL(/roomType=3/);
    await page.locator('.adm-dropdown-item').filter({ hasText: '时间' }).click();
    await page.getByRole('button', { name: '近6个月' }).click();
    await expect(page).toHaveURL(/period=6/);
    const api = await searchOf(request, '&roomType=3&period=6');
    await expect(page.getByText(`共${api.total}个小区 · ${api.dealTotal}套成交`)).toBeVisible();
    const titles = await page.locator('.deal-row__title').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((t) => t.startsWith('3室'))).toBe(true);

    const name = api.list[0]!.estateName;
    await page.getByRole('searchbox', { name: '小区关键词' }).fill(name);
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/kw=/);
    await expect(page).toHaveURL(/roomType=3/);
    const byName = await searchOf(request, `&roomType=3&period=6&kw=${encodeURIComponent(name)}`);
    await expect(page.getByText(`共${byName.total}个小区`)).toBeVisible();
    await expect(page.getByRole('list', { name: '成交小区' }).locator(':scope > li').first()).toContainText(name);
    await page.screenshot({ path: shot('deal-search-filtered') });
  });

  test('no match says so with a way out; an unknown city is a 404', async ({ page, request }) => {
    await page.goto('/605/deal-search?kw=zzzzzz');
    await expect(page.getByText('暂无符合条件的成交')).toBeVisible();
    await page.getByRole('link', { name: '清除筛选条件' }).click();
    await expect(page.getByRole('list', { name: '成交小区' })).toBeVisible();
    expect((await request.get('/99999/deal-search')).status()).toBe(404);
  });
});

import { expect, test } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

test.describe('/{city}/search/result 搜索结果', () => {
  test('lists the estates a keyword matches, and the rentals in them on the 租房 tab', async ({ page, request }) => {
    const hot = (await (await request.get('/rabbit/v1/search/hot?cityId=605')).json()) as { body: { list: { name: string }[] } };
    const name = hot.body.list[0]!.name;
    const kw = name.slice(0, 2);
    await page.goto(`/605/search/result?kw=${encodeURIComponent(kw)}`);
    await expect(page).toHaveTitle(`“${kw}”的搜索结果 - 房价通`);
    const estates = page.getByRole('list', { name: '小区' }).getByRole('link');
    await expect(estates.first()).toBeVisible();
    await expect(page.getByText(/找到\d+个小区/)).toBeVisible();
    for (const text of await estates.locator('.estate-card__name').allTextContents()) expect(text).toContain(kw.slice(0, 1));
    await page.screenshot({ path: shot('search-result') });

    await page.getByRole('tab', { name: '租房' }).click();
    await expect(page).toHaveURL(/tab=rent/);
    await expect(page.getByText(/找到\d+套在租房源|换个关键词试试/)).toBeVisible();
  });

  test('a keyword without matches suggests another one', async ({ page }) => {
    await page.goto('/605/search/result?kw=qqqzzz');
    await expect(page.getByText('没有找到相关结果，换个关键词试试')).toBeVisible();
    await page.getByRole('link', { name: '重新搜索', exact: true }).click();
    await expect(page).toHaveURL(/\/605\/search$/);
  });

  test('no keyword goes back to the search page', async ({ page }) => {
    await page.goto('/605/search/result');
    await expect(page).toHaveURL(/\/605\/search$/);
  });
});

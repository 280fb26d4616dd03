import { expect, test } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

test.describe('/{city}/search/result 搜索结果', () => {
  test('lists the estates a keyword matches, and the rentals in them on the 租房 tab', async ({ page, request }) => {
    const hot = (await (await request.get('/rabbit/v1/search/hot?cityId=605')).json()) as {
      body: { list: { name: string }[] };
    };
    const name = hot.body.list[0]!.name;
    const kw = name.slice(0, 2);
    await page.goto(`/605/search/result?kw=${encodeURIComponent(kw)}`);
    await expect(page).toHaveTitle(`“${kw}”的搜索结果 - 房价通`);
    const estates = page.getByRole('list', { name: '小区' }).getByRole('link');
    await expect(estates.first()).toBeVisible();
    await expect(page.getByText(/找到\d+个小区/)).toBeVisible();
    for (const text of await estates.locator('.estate-card__name').allTextContents())
      expect(text).toContain(kw.slice(0, 1));
    await page.screenshot({ path: shot('search-result') });

    await page.getByRole('tab', { name: '租房' }).click();
    await expect(page).toHaveURL(/tab=rent/);
    await expect(page.getByText(/找到\d+套在租房源|换个关键词试试/)).toBeVisible();
  });

  test('二手房 and 新房 tabs list what the API finds for the keyword, with their filters', async ({
    page,
    request,
  }) => {
    const hot = (await (await request.get('/rabbit/v1/search/hot?cityId=605')).json()) as {
      body: { list: { kind: string; name: string }[] };
    };
    const name = hot.body.list.find((h) => h.kind === 'estate')!.name;
    const api = (await (
      await request.get(`/rabbit/v1/house/listing/search?cityId=605&kw=${encodeURIComponent(name)}`)
    ).json()) as { body: { total: number; list: { estateName: string }[] } };
    await page.goto(`/605/search/result?kw=${encodeURIComponent(name)}&tab=resale`);
    await expect(page.getByRole('tab', { name: '二手房' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(`找到${api.body.total}套在售二手房`)).toBeVisible();
    const cards = page.getByRole('list', { name: '二手房' }).getByRole('listitem');
    await expect(cards).toHaveCount(Math.min(20, api.body.total));
    await expect(cards.first()).toContainText(api.body.list[0]!.estateName);
    await expect(cards.first()).toContainText('万');
    await expect(page.getByText('户型', { exact: true })).toBeVisible();
    await page.screenshot({ path: shot('search-result-resale') });

    const projects = (await (
      await request.get('/rabbit/v1/new-house/find-house-base-es?cityId=605&size=1')
    ).json()) as {
      body: { list: { name: string }[] };
    };
    const project = projects.body.list[0]!.name;
    await page.goto(`/605/search/result?kw=${encodeURIComponent(project)}&tab=new`);
    await expect(page.getByText(/找到\d+个新房楼盘/)).toBeVisible();
    await expect(page.getByRole('list', { name: '新房' }).getByRole('listitem').first()).toContainText(project);
    await page.screenshot({ path: shot('search-result-new') });
    // switching tab drops the other tab's filters and keeps the keyword
    await page.getByRole('tab', { name: '小区' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?kw=${encodeURIComponent(project)}$`));
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

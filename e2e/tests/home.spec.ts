import { expect, test } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface Overview {
  cityName: string;
  month: string;
  listingAvg: number;
  dealAvg: number;
  premium: number;
}

test.describe('city home /{city} and /', () => {
  test('shows the city price card with the API’s figures, the entries, hot estates and districts', async ({
    page,
    request,
  }) => {
    const api = (await (await request.get('/rabbit/v1/market/city-overview?cityId=605')).json()) as { body: Overview };
    const overview = api.body;
    await page.goto('/605');
    await expect(page).toHaveTitle('杭州房价 - 房价通 - 超好用的查房价神器');
    const card = page.getByRole('region', { name: '城市房价' });
    await expect(card).toContainText('杭州二手房价');
    const [year, month] = overview.month.split('-');
    await expect(card).toContainText(`${year}年${Number(month)}月`);
    await expect(card).toContainText(`${overview.listingAvg.toLocaleString('en-US')}元/㎡`);
    await expect(card).toContainText(`${overview.dealAvg.toLocaleString('en-US')}元/㎡`);
    await expect(card).toContainText(/环比\s*(持平|上涨[\d.]+%↑|下跌[\d.]+%↓)/);
    await expect(card.getByRole('img', { name: '近12个月挂牌均价走势' })).toBeVisible();
    await expect(card).toContainText(overview.premium.toFixed(2));

    const entries = page.getByRole('navigation', { name: '功能入口' });
    await expect(entries.getByRole('link')).toHaveCount(12);
    // 帮我找房 and 捡漏 (PAGES.md §3.3) are one tap from the home page
    await expect(entries.getByRole('link', { name: '帮我找房' })).toHaveAttribute('href', '/605/find-house');
    await expect(entries.getByRole('link', { name: '捡漏' })).toHaveAttribute('href', '/605/find-house-365');
    const hot = page.getByRole('region', { name: '热门小区' });
    await expect(hot.getByRole('link')).toHaveCount(6); // five estates and 查看更多
    const districts = page.getByRole('region', { name: '各区房价' });
    await expect(districts.getByRole('row')).not.toHaveCount(1);
    await page.screenshot({ path: shot('home-605'), fullPage: true });
  });

  test('房东溢价系数 ⓘ opens the price guide; 我知道了 closes it', async ({ page }) => {
    await page.goto('/605');
    await page.getByRole('button', { name: '房东溢价系数说明' }).click();
    await expect(page.getByTestId('price-guide')).toContainText('本月挂牌价÷上月成交价');
    await page.screenshot({ path: shot('price-guide') });
    await page.getByRole('button', { name: '我知道了' }).click();
    await expect(page.getByTestId('price-guide')).toHaveCount(0);
  });

  test('the city switcher returns to the home page of the chosen city', async ({ page }) => {
    await page.goto('/605');
    await page.getByRole('link', { name: /当前城市杭州/ }).click();
    await expect(page).toHaveURL(/\/citylist\?redirect=/);
    await page.getByRole('region', { name: '热门城市' }).getByRole('button', { name: '上海' }).click();
    await expect(page).toHaveURL(/\/201$/);
    await expect(page.locator('main.city-home')).toContainText('上海');
  });

  test('a city without data yet says so instead of showing zeros', async ({ page }) => {
    await page.goto('/1101');
    await expect(page.getByText('长沙的房价数据正在整理中')).toBeVisible();
    await expect(page.getByRole('region', { name: '城市房价' })).toHaveCount(0);
  });

  test('/ uses the cityId query, then the stored city, then 605, with a canonical /{city} link', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('main.city-home')).toContainText('杭州二手房价');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/605$/);
    await page.goto('/?cityId=201');
    await expect(page.locator('main.city-home')).toContainText('上海');
    await page.evaluate(() => localStorage.setItem('cityId', '101'));
    await page.goto('/');
    await expect(page).toHaveURL(/\/\?cityId=101$/);
    await expect(page.locator('main.city-home')).toContainText('北京');
  });

  test('the search box leads to the search page', async ({ page }) => {
    await page.goto('/605');
    await page.getByRole('link', { name: '输入小区名或拼音查房价' }).click();
    await expect(page).toHaveURL(/\/605\/search$/);
  });

  test('地图 beside the search box opens the city’s map search', async ({ page }) => {
    await page.goto('/605');
    await page.getByRole('link', { name: '地图找房' }).click();
    await expect(page).toHaveURL(/\/605\/map$/);
    await expect(page.getByRole('heading', { name: '地图找房' })).toBeVisible();
  });
});

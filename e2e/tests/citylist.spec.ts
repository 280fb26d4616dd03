import { expect, test } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

test.describe('/citylist 选择城市', () => {
  test('shows hot cities and the A–Z list of every served city', async ({ page }) => {
    await page.goto('/citylist');
    await expect(page).toHaveTitle('选择城市 - 房价通');
    const hot = page.getByRole('region', { name: '热门城市' });
    await expect(hot.getByRole('button', { name: '杭州' })).toBeVisible();
    await expect(hot.getByRole('button', { name: '北京' })).toBeVisible();
    await expect(page.getByRole('button', { name: '长沙' })).toHaveCount(1);
    await expect(page.locator('.adm-index-bar-sidebar')).toContainText('X');
    await page.screenshot({ path: shot('citylist') });
  });

  test('searches by 汉字, pinyin and initials, with an empty state', async ({ page }) => {
    await page.goto('/citylist');
    const input = page.getByPlaceholder('输入城市名或拼音');
    await input.fill('hz');
    await expect(page.getByRole('list', { name: '搜索结果' }).getByRole('button')).toHaveText(['杭州hangzhou']);
    await input.fill('重');
    await expect(page.getByRole('list', { name: '搜索结果' })).toContainText('重庆');
    await input.fill('xiamen');
    await expect(page.getByRole('list', { name: '搜索结果' })).toContainText('厦门');
    await input.fill('lasa');
    await expect(page.getByText('暂未开通该城市，换个城市试试')).toBeVisible();
  });

  test('picking a city switches it, remembers it and returns to the page under the new city', async ({ page }) => {
    await page.goto('/605');
    await page.evaluate(() => localStorage.setItem('cityDistrictlist', '[1]'));
    await page.goto('/citylist?redirect=/605/search');
    await page.getByRole('region', { name: '热门城市' }).getByRole('button', { name: '北京' }).click();
    await expect(page).toHaveURL(/\/101\/search$/);
    expect(await page.evaluate(() => localStorage.getItem('cityId'))).toBe('101');
    expect(await page.evaluate(() => localStorage.getItem('cityDistrictlist'))).toBeNull();

    await page.goto('/citylist');
    await expect(page.getByRole('region', { name: '最近访问' }).getByRole('button', { name: '北京' })).toBeVisible();
  });

  // Issue 10 defect 3: the picker built '//evil.example/x' from the first of these and left the site.
  for (const redirect of ['/.//evil.example/x', '//evil.example', '/\\evil.example', 'https://evil.example/x']) {
    test(`a redirect off the site (${redirect}) returns to the new city's home instead`, async ({ page }) => {
      await page.goto(`/citylist?redirect=${encodeURIComponent(redirect)}`);
      await page.getByRole('region', { name: '热门城市' }).getByRole('button', { name: '北京' }).click();
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/101$/);
    });
  }

  test('定位 finds the nearest served city', async ({ browser, baseURL }) => {
    const ctx = await browser.newContext({
      viewport: { width: 375, height: 812 },
      geolocation: { longitude: 120.16, latitude: 30.28 },
      permissions: ['geolocation'],
    });
    const page = await ctx.newPage();
    await page.goto(`${baseURL}/citylist`);
    const locate = page.getByRole('region', { name: '定位城市' });
    await locate.getByRole('button', { name: '点击定位' }).click();
    await expect(locate.getByRole('button', { name: '杭州' })).toBeVisible();
    await ctx.close();
  });

  test('when location is denied there is no 定位 row', async ({ browser, baseURL }) => {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 812 }, permissions: [] });
    const page = await ctx.newPage();
    await page.goto(`${baseURL}/citylist`);
    await page.getByRole('region', { name: '定位城市' }).getByRole('button', { name: '点击定位' }).click();
    await expect(page.getByRole('region', { name: '定位城市' })).toHaveCount(0);
    await ctx.close();
  });
});

import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface Scene {
  code: string;
  name: string;
  intro: string;
  caveat: string;
  presets: { key: string; value: string; name: string; label: string }[];
  count: number;
}

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/rabbit/v1/${path}`);
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { body: T }).body;
}

const scenes = async (request: APIRequestContext) =>
  (await api<{ cityName: string; scenes: Scene[] }>(request, 'config/scene-list?cityId=605')).scenes;

const listingTotal = async (request: APIRequestContext, query: string) =>
  (await api<{ total: number }>(request, `house/listing/search?cityId=605&size=1&${query}`)).total;

const wan = (yuan: number) => `${Math.round(yuan / 10_000)}万`;

test.describe('/{city}/scene 场景找房', () => {
  test('lands on 地铁房 with the API’s scenes, intro, presets and listings', async ({ page, request }) => {
    const all = await scenes(request);
    const metro = all[0]!;
    expect(metro.code).toBe('metro');
    const first = await api<{ list: { totalPrice: number; estateName: string }[] }>(
      request,
      'house/listing/search?cityId=605&metroDistance=1000',
    );
    await page.goto('/605/scene');
    await expect(page).toHaveTitle('杭州地铁房 - 房价通');
    const tabs = page.getByRole('tablist', { name: '找房场景' }).getByRole('tab');
    await expect(tabs).toHaveText(all.map((s) => `${s.name}${s.count}套`));
    await expect(page.getByRole('tab', { name: '地铁房' })).toHaveAttribute('aria-selected', 'true');
    const intro = page.getByRole('region', { name: '杭州地铁房' });
    await expect(intro).toContainText(`在售${metro.count}套`);
    await expect(intro).toContainText(metro.intro);
    await expect(intro).toContainText(metro.caveat);
    await expect(intro).toContainText('预设条件：地铁距离 1公里内');
    await expect(page.locator('.adm-dropdown-item').first()).toHaveText('1公里内');
    await expect(page.getByText(`共${metro.count}套在售二手房`)).toBeVisible();
    const cards = page.getByRole('list', { name: '在售二手房' }).getByRole('link');
    await expect(cards).toHaveCount(Math.min(20, metro.count));
    await expect(cards.first()).toContainText(first.list[0]!.estateName);
    await expect(cards.first()).toContainText(wan(first.list[0]!.totalPrice));
    await expect(cards.first()).toContainText('近地铁');
    // no 新房 block outside 低总价
    await expect(page.getByRole('region', { name: '同价位新房' })).toHaveCount(0);
    await page.screenshot({ path: shot('scene-metro') });
    await cards.first().click();
    await expect(page).toHaveURL(/\/605\/property\/\d+$/);
  });

  test('the tabs switch scene; 低总价 adds the new houses of its band', async ({ page, request }) => {
    const all = await scenes(request);
    const byCode = Object.fromEntries(all.map((s) => [s.code, s]));
    await page.goto('/605/scene?scene=metro');
    await page.getByRole('tab', { name: '学区房' }).click();
    await expect(page).toHaveURL(/\?scene=school$/);
    await expect(page).toHaveTitle('杭州学区房 - 房价通');
    await expect(page.getByText(`共${byCode.school!.count}套在售二手房`)).toBeVisible();
    const cards = page.getByRole('list', { name: '在售二手房' }).getByRole('link');
    await expect(cards.first()).toContainText('学区房');
    await expect(page.getByRole('region', { name: '杭州学区房' })).toContainText('预设条件：特色 学区房');
    await page.screenshot({ path: shot('scene-school') });

    await page.getByRole('tab', { name: '低总价' }).click();
    await expect(page).toHaveURL(/\?scene=lowTotal$/);
    const band = byCode.lowTotal!.presets[0]!;
    expect(band.key).toBe('price');
    await expect(page.getByText(`共${byCode.lowTotal!.count}套在售二手房`)).toBeVisible();
    await expect(page.getByRole('region', { name: '杭州低总价' })).toContainText(`预设条件：总价 ${band.label}`);
    const projects = await api<{ total: number; list: { name: string }[] }>(
      request,
      `new-house/find-house-base-es?cityId=605&price=${band.value}&sort=totalPrice_asc&size=5`,
    );
    const block = page.getByRole('region', { name: '同价位新房' });
    if (projects.total > 0) {
      await expect(block).toContainText(`总价${band.label}`);
      await expect(block.getByRole('list', { name: '同价位新房' }).getByRole('listitem')).toHaveCount(
        projects.list.length,
      );
      await expect(block.getByRole('listitem').first()).toContainText(projects.list[0]!.name);
      await expect(block.getByRole('link', { name: `查看全部${projects.total}个新房楼盘` })).toHaveAttribute(
        'href',
        `/605/house-new?price=${band.value}&sort=totalPrice_asc`,
      );
    } else {
      await expect(block).toHaveCount(0);
    }
    const prices = await cards.locator('.listing-card__price strong').allTextContents();
    const maxWan = Number(band.value.split('-')[1]);
    for (const p of prices) expect(Number(p.replace('万', ''))).toBeLessThanOrEqual(maxWan);
    await page.screenshot({ path: shot('scene-low-total') });

    await page.getByRole('tab', { name: '次新房' }).click();
    await expect(page).toHaveURL(/\?scene=subNew$/);
    await expect(page.getByText(`共${byCode.subNew!.count}套在售二手房`)).toBeVisible();
    await expect(cards.first()).toContainText('次新房');
    await expect(page.getByRole('region', { name: '同价位新房' })).toHaveCount(0);
  });

  test('a preset can be changed and cleared, and the results follow', async ({ page, request }) => {
    await page.goto('/605/scene?scene=metro');
    await page.locator('.adm-dropdown-item').filter({ hasText: '1公里内' }).click();
    await expect(page.getByRole('list', { name: '地铁' })).toBeVisible();
    await page.screenshot({ path: shot('scene-filter-open') });
    await page.getByRole('button', { name: '500米内' }).click();
    await expect(page).toHaveURL(/scene=metro&metroDistance=500$/);
    const near = await listingTotal(request, 'metroDistance=500');
    await expect(page.getByText(`共${near}套在售二手房（已按你的条件筛选）`)).toBeVisible();

    await page.locator('.adm-dropdown-item').filter({ hasText: '户型' }).click();
    await page.getByRole('button', { name: '二室' }).click();
    await expect(page).toHaveURL(/metroDistance=500&roomType=2$/);
    const twoRooms = await listingTotal(request, 'metroDistance=500&roomType=2');
    await expect(page.getByText(`共${twoRooms}套在售二手房`)).toBeVisible();
    await expect(page.getByRole('list', { name: '在售二手房' }).getByRole('link').first()).toContainText('2室');

    // 不限 on the scene's own filter lifts the preset
    await page.locator('.adm-dropdown-item').filter({ hasText: '500米内' }).click();
    await page.getByRole('list', { name: '地铁' }).getByRole('button', { name: '不限' }).click();
    await expect(page).toHaveURL(/metroDistance=&roomType=2$/);
    await expect(page.getByText(`共${await listingTotal(request, 'roomType=2')}套在售二手房`)).toBeVisible();
  });

  test('scrolling to the end loads the next 20', async ({ page, request }) => {
    const metro = (await scenes(request))[0]!;
    test.skip(metro.count <= 20, 'one page only');
    await page.goto('/605/scene?scene=metro');
    const cards = page.getByRole('list', { name: '在售二手房' }).getByRole('link');
    await expect(cards).toHaveCount(20);
    await page.mouse.wheel(0, 20_000);
    await expect(cards).toHaveCount(Math.min(40, metro.count), { timeout: 10_000 });
  });

  test('no match says so and offers to clear the filters or try another scene', async ({ page, request }) => {
    const all = await scenes(request);
    await page.goto('/605/scene?scene=lowTotal&roomType=5&area=0-50');
    await expect(page.getByText('没有符合条件的房源')).toBeVisible();
    await expect(page.getByText('放宽筛选条件试试，或者换个场景看看')).toBeVisible();
    const others = page.getByRole('list', { name: '其他场景' }).getByRole('link');
    await expect(others).toHaveText(
      all.filter((s) => s.code !== 'lowTotal' && s.count > 0).map((s) => `${s.name} · ${s.count}套`),
    );
    await page.getByRole('link', { name: '清除筛选条件' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('scene-empty') });
    await page.getByRole('link', { name: '清除筛选条件' }).click();
    await expect(page).toHaveURL(/\?scene=lowTotal$/);
    await expect(page.getByText(`共${all.find((s) => s.code === 'lowTotal')!.count}套在售二手房`)).toBeVisible();
    await others.first().waitFor({ state: 'detached' });
  });

  test('a city without listings shows every scene empty, without a dead end link', async ({ page, request }) => {
    const beijing = await api<{ cityName: string; scenes: Scene[] }>(request, 'config/scene-list?cityId=101');
    expect(beijing.scenes.every((s) => s.count === 0)).toBe(true);
    await page.goto('/101/scene?scene=school');
    await expect(page.getByText('没有符合条件的房源')).toBeVisible();
    await expect(page.getByText(`${beijing.cityName}暂时没有在售的学区房，换个场景看看`)).toBeVisible();
    await expect(page.getByRole('link', { name: '清除筛选条件' })).toHaveCount(0);
  });

  test('an unknown scene shows the first one', async ({ page }) => {
    await page.goto('/605/scene?scene=villa');
    await expect(page.getByRole('tab', { name: '地铁房' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveTitle('杭州地铁房 - 房价通');
  });

  test('an unknown city is a 404', async ({ page }) => {
    for (const url of ['/99999/scene', '/abc/scene?scene=metro']) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByText('This page could not be found')).toBeVisible();
    }
  });

  test('the city home links each scene', async ({ page }) => {
    await page.goto('/605');
    const entries = page.getByRole('navigation', { name: '场景找房' }).getByRole('link');
    await expect(entries).toHaveCount(4);
    await expect(entries).toHaveText(['地铁房1公里内有地铁', '学区房就近入学', '低总价首付压力小', '次新房楼龄10年内']);
    await page.screenshot({ path: shot('scene-home-entries') });
    await entries.filter({ hasText: '次新房' }).click();
    await expect(page).toHaveURL(/\/605\/scene\?scene=subNew$/);
    await expect(page.getByRole('tab', { name: '次新房' })).toHaveAttribute('aria-selected', 'true');
  });
});

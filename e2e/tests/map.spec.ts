// /{city}/map 地图找房 on city 605: district bubbles drawn on the server-rendered district map with the API's
// 挂牌均价 and 小区数, drill-down district → plate → estates → house-detail, filters, empty state and 404s.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface Bubbles {
  month: string;
  level: string;
  parent: { id: number; name: string; districtId: number; districtName: string } | null;
  outlines: { id: number }[];
  list: { id: number; name: string; listingAvg: number | null; estateCount: number }[];
}

const bubblesOf = async (request: APIRequestContext, query: string): Promise<Bubbles> => {
  const res = await request.get(`/rabbit/v1/map/bubbles?cityId=605${query}`);
  expect(res.status(), query).toBe(200);
  return ((await res.json()) as { body: Bubbles }).body;
};
const wan = (v: number | null) => (v === null ? '--' : `${(Math.round(v / 1000) / 10).toFixed(1)}万`);

test.describe('/{city}/map 地图找房', () => {
  test('paints the district map with bubbles before any script runs', async ({ browser, request }) => {
    const districts = await bubblesOf(request, '');
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto('/605/map');
    await expect(page.getByRole('heading', { name: '地图找房' })).toBeVisible();
    const map = page.getByTestId('plate-map');
    await expect(map.locator('svg path')).toHaveCount(districts.outlines.length);
    await expect(map.getByRole('link')).toHaveCount(districts.list.length);
    await context.close();
  });

  test('drills from a district to its plates and a plate’s estates, with the API’s figures', async ({
    page,
    request,
  }) => {
    const districts = await bubblesOf(request, '');
    await page.goto('/605/map');
    await expect(page).toHaveTitle(/杭州地图找房/);
    await expect(page.getByText(/挂牌均价（元\/㎡）· 点区县查看下一级/)).toBeVisible();
    const district = [...districts.list].sort((a, b) => b.estateCount - a.estateCount)[0]!;
    const bubble = page.locator(`[data-bubble-id="${district.id}"]`);
    await expect(bubble).toContainText(district.name);
    await expect(bubble).toContainText(wan(district.listingAvg));
    await expect(bubble).toContainText(`${district.estateCount}个小区`);
    const row = page.getByRole('region', { name: '区县列表' }).getByRole('link', { name: new RegExp(district.name) });
    await expect(row).toContainText(district.listingAvg!.toLocaleString('en-US'));
    await page.screenshot({ path: shot('map-city'), fullPage: true });

    await bubble.click();
    await expect(page).toHaveURL(new RegExp(`/605/map\\?districtId=${district.id}$`));
    const plates = await bubblesOf(request, `&level=plate&parentId=${district.id}`);
    await expect(page.getByRole('navigation', { name: '当前区域' })).toContainText(district.name);
    await expect(page.getByTestId('plate-map').getByRole('link')).toHaveCount(plates.list.length);
    const plate = [...plates.list].sort((a, b) => b.estateCount - a.estateCount)[0]!;
    const plateBubble = page.locator(`[data-bubble-id="${plate.id}"]`);
    await expect(plateBubble).toContainText(plate.name);
    await expect(plateBubble).toContainText(wan(plate.listingAvg));
    // The plate's figure on the map is the one of plate/list.
    const list = await request.get(`/rabbit/v1/plate/list?cityId=605&districtId=${district.id}`);
    const listed = ((await list.json()) as { body: { list: { id: number; listingAvg: number | null }[] } }).body.list;
    expect(listed.find((p) => p.id === plate.id)!.listingAvg).toBe(plate.listingAvg);
    await page.screenshot({ path: shot('map-district'), fullPage: true });

    await plateBubble.click();
    await expect(page).toHaveURL(new RegExp(`/605/map\\?plateId=${plate.id}$`));
    const estates = await bubblesOf(request, `&level=estate&parentId=${plate.id}`);
    await expect(page.getByTestId('plate-map').getByRole('link')).toHaveCount(estates.list.length);
    const cards = page.getByRole('region', { name: '小区列表' }).getByRole('listitem');
    await expect(page.getByText(`${plate.name}共${estates.list.length}个小区`)).toBeVisible();
    await expect(cards.first()).toBeVisible();
    await page.screenshot({ path: shot('map-plate'), fullPage: true });

    const estate = estates.list[0]!;
    await page.locator(`[data-bubble-id="${estate.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/605/house-detail/${estate.id}$`));
  });

  test('filters narrow the estates counted, keep the averages, and an empty plate says so', async ({
    page,
    request,
  }) => {
    const all = await bubblesOf(request, '');
    const young = await bubblesOf(request, '&homeAge=0-5');
    await page.goto('/605/map?homeAge=0-5');
    const district = young.list[0]!;
    const bubble = page.locator(`[data-bubble-id="${district.id}"]`);
    await expect(bubble).toContainText(`${district.estateCount}个小区`);
    expect(district.listingAvg).toBe(all.list.find((d) => d.id === district.id)!.listingAvg);
    await expect(bubble).toContainText(wan(district.listingAvg));

    const plates = await bubblesOf(request, `&level=plate&parentId=${district.id}`);
    await page.goto(`/605/map?plateId=${plates.list[0]!.id}&singlePrice=1-2`);
    await expect(page.getByText('该区域暂无小区数据')).toBeVisible();
    await page.screenshot({ path: shot('map-empty'), fullPage: true });
    await page.getByRole('link', { name: '清除筛选条件' }).click();
    await expect(page).toHaveURL(new RegExp(`/605/map\\?plateId=${plates.list[0]!.id}$`));
    await expect(page.getByTestId('plate-map').getByRole('link').first()).toBeVisible();
  });

  test('an unknown or malformed area is a 404', async ({ request }) => {
    for (const url of [
      '/605/map?districtId=999999',
      '/605/map?plateId=abc',
      '/605/map?plateId=99999999999',
      '/99999/map',
    ]) {
      const res = await request.get(url);
      expect(res.status(), url).toBe(404);
    }
  });
});

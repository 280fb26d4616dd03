// 板块列表, 板块详情, 板块小区榜, 区域找房 and 区域小区 (PAGES.md §3.1, §3.4) on city 605: Chinese copy, the API's
// figures on the page, the empty state and 404s; a full-page screenshot of each.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface PlateRow {
  id: number;
  name: string;
  districtId: number;
  districtName: string;
  listingAvg: number | null;
  listingMom: number | null;
  onSaleCount: number;
}
interface PlateList {
  month: string;
  districts: { id: number; name: string }[];
  list: PlateRow[];
}
interface PlateDetail {
  id: number;
  name: string;
  districtId: number;
  districtName: string;
  listingAvg: number | null;
  listingMom: number | null;
  listingYoy: number | null;
  dealAvg: number | null;
  supply: { listingCount: number; newListings: number; dealCount: number };
  topEstates: { id: number; name: string }[];
  estateCount: number;
}
interface EstateList {
  total: number;
  list: { id: number; name: string; listingAvg: number | null }[];
}

const api = async <T>(request: APIRequestContext, path: string): Promise<T> => {
  const res = await request.get(`/rabbit/v1/${path}`);
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { body: T }).body;
};
const money = (v: number | null) => (v === null ? '--' : v.toLocaleString('en-US'));
/** The rate filter of spec §5, one decimal. */
const rateText = (v: number | null) => {
  if (v === null) return '--';
  const r = Math.round(Math.abs(v) * 10) / 10;
  if (r === 0) return '持平';
  return v > 0 ? `上涨${r.toFixed(1)}%↑` : `下跌${r.toFixed(1)}%↓`;
};
const monthTitle = (m: string) => `${m.slice(0, 4)}年${Number(m.slice(5))}月`;

/** The plate with the most listings on sale. */
async function busyPlate(request: APIRequestContext) {
  const plates = await api<PlateList>(request, 'plate/list?cityId=605&sort=onSale_desc');
  return { plates, plate: plates.list[0]! };
}

test.describe('/plate/list 板块列表', () => {
  test('lists the plates by district with the API’s 挂牌均价 and 在售', async ({ page, request }) => {
    const plates = await api<PlateList>(request, 'plate/list?cityId=605');
    await page.goto('/plate/list?cityId=605');
    await expect(page.getByRole('heading', { name: '杭州板块房价' })).toBeVisible();
    await expect(page.getByText(`${monthTitle(plates.month)}数据`)).toBeVisible();
    const rows = page.getByRole('list', { name: '板块' }).getByRole('link');
    await expect(rows).toHaveCount(plates.list.length);
    const first = plates.list[0]!;
    await expect(rows.first()).toContainText(first.name);
    await expect(rows.first()).toContainText(money(first.listingAvg));
    await expect(rows.first()).toContainText(`${first.onSaleCount}套`);
    await page.screenshot({ path: shot('plate-list'), fullPage: true });

    const district = plates.districts[1]!;
    await page.getByRole('navigation', { name: '区县' }).getByRole('link', { name: district.name }).click();
    await expect(page).toHaveURL(new RegExp(`districtId=${district.id}`));
    const inDistrict = plates.list.filter((p) => p.districtId === district.id);
    await expect(rows).toHaveCount(inDistrict.length);

    await page.getByLabel('排序').selectOption('avgPrice_desc');
    await expect(page).toHaveURL(/sort=avgPrice_desc/);
    const sorted = await api<PlateList>(request, `plate/list?cityId=605&districtId=${district.id}&sort=avgPrice_desc`);
    await expect(rows.first()).toContainText(sorted.list[0]!.name);
    await rows.first().click();
    await expect(page).toHaveURL(new RegExp(`/605/plate-detail/${sorted.list[0]!.id}$`));
  });
});

test.describe('/{city}/plate-detail/{plateId} 板块详情', () => {
  test('shows the plate’s figures as plate/list and plate/detail give them', async ({ page, request }) => {
    const { plate } = await busyPlate(request);
    const detail = await api<PlateDetail>(request, `plate/detail?plateId=${plate.id}`);
    expect(detail.listingAvg).toBe(plate.listingAvg);
    await page.goto(`/605/plate-detail/${plate.id}`);
    await expect(page.getByRole('heading', { level: 1, name: plate.name })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`${plate.name}板块房价`));
    const price = page.getByTestId('plate-price');
    await expect(price).toContainText('挂牌均价');
    await expect(price).toContainText(money(detail.listingAvg));
    await expect(price).toContainText(money(detail.dealAvg));
    await expect(price).toContainText(
      `挂牌均价${money(detail.listingAvg)}元/㎡环比 ${rateText(detail.listingMom)}同比 ${rateText(detail.listingYoy)}`,
    );
    await expect(page.getByTestId('plate-trend')).toContainText(/近12个月挂牌均价/);
    await expect(page.getByTestId('plate-trend').locator('svg').first()).toBeVisible();
    const supply = page.getByTestId('plate-supply');
    await expect(supply).toContainText(`挂牌量${detail.supply.listingCount}套`);
    await expect(supply).toContainText(`本月新增${detail.supply.newListings}套`);
    await expect(supply).toContainText(`本月成交${detail.supply.dealCount}套`);
    await expect(page.getByTestId('plate-distribution')).toContainText('在售房源分布');
    const top = page.getByTestId('plate-top-estates');
    await expect(top.getByRole('listitem')).toHaveCount(detail.topEstates.length);
    await expect(top.getByRole('listitem').first()).toContainText(detail.topEstates[0]!.name);
    await expect(page.getByTestId('plate-bar').getByRole('link', { name: '查看板块小区' })).toBeVisible();
    await expect(page.getByTestId('plate-bar')).toContainText('订阅');
    await page.screenshot({ path: shot('plate-detail'), fullPage: true });

    await page.getByRole('tab', { name: '近36个月' }).click();
    await expect(page.getByTestId('plate-trend')).toContainText(/近36个月挂牌均价/);

    await top.getByRole('link', { name: `全部${detail.estateCount}个小区 ›` }).click();
    await expect(page).toHaveURL(new RegExp(`/605/plate-detail/${plate.id}/list$`));
  });

  test('an unknown or malformed plate id, or another city’s plate, is a 404', async ({ request }) => {
    const { plate } = await busyPlate(request);
    for (const url of ['/605/plate-detail/999999999', '/605/plate-detail/abc', `/1/plate-detail/${plate.id}`]) {
      const res = await request.get(url);
      expect(res.status(), url).toBe(404);
      expect(await res.text()).toContain('This page could not be found');
    }
    expect((await request.get('/605/plate-detail/999999999/list')).status()).toBe(404);
    for (const url of ['/plate/list?cityId=7', '/findArea?cityId=7', '/findArea/list?cityId=7']) {
      expect((await request.get(url)).status(), url).toBe(404);
    }
  });
});

test.describe('/{city}/plate-detail/{plateId}/list 板块小区榜', () => {
  test('lists the plate’s estates as estate/list does, sorted by 涨幅', async ({ page, request }) => {
    const { plate } = await busyPlate(request);
    const estates = await api<EstateList>(request, `estate/list?cityId=605&plateId=${plate.id}&smartOrder=rise_desc`);
    await page.goto(`/605/plate-detail/${plate.id}/list?smartOrder=rise_desc`);
    await expect(page.getByRole('heading', { name: `${plate.name}板块小区榜` })).toBeVisible();
    await expect(page.getByText(`共${estates.total}个小区`)).toBeVisible();
    const cards = page.getByRole('list', { name: '小区' }).getByRole('listitem');
    await expect(cards.first()).toContainText(estates.list[0]!.name);
    await expect(cards.first()).toContainText(money(estates.list[0]!.listingAvg));
    await page.screenshot({ path: shot('plate-detail-list'), fullPage: true });
  });
});

test.describe('/findArea 区域找房 → /findArea/list 区域小区', () => {
  test('browses districts then plates with areaList’s prices and opens the plate’s estates', async ({
    page,
    request,
  }) => {
    const areas = await api<{
      list: {
        id: number;
        name: string;
        listingAvg: number | null;
        children: { id: number; name: string; type: string; listingAvg: number | null }[];
      }[];
    }>(request, 'app/house/areaList?cityId=605&withUnlimitedPlateOption=1');
    await page.goto('/findArea?cityId=605');
    await expect(page.getByRole('heading', { name: '杭州区域找房' })).toBeVisible();
    const districts = page.getByRole('tablist', { name: '区县' }).getByRole('tab');
    await expect(districts).toHaveCount(areas.list.length);
    const district = areas.list[1]!;
    await expect(districts.nth(1)).toContainText(district.name);
    await expect(districts.nth(1)).toContainText(money(district.listingAvg));
    await districts.nth(1).click();
    await expect(districts.nth(1)).toHaveAttribute('aria-selected', 'true');
    const plates = page.getByRole('list', { name: `${district.name}板块` }).getByRole('link');
    await expect(plates).toHaveCount(district.children.length);
    await expect(plates.first()).toHaveText(`${district.name}不限`);
    const plate = district.children.find((c) => c.type === 'plate')!;
    await expect(plates.nth(1)).toContainText(plate.name);
    await expect(plates.nth(1)).toContainText(money(plate.listingAvg));
    await page.screenshot({ path: shot('find-area'), fullPage: true });

    await plates.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/findArea/list\\?cityId=605&plateId=${plate.id}$`));
    const estates = await api<EstateList>(request, `estate/list?cityId=605&plateId=${plate.id}`);
    await expect(page.getByRole('heading', { name: new RegExp(`^${plate.name}小区`) })).toBeVisible();
    await expect(page.getByText(`共${estates.total}个小区`)).toBeVisible();
    await expect(page.getByRole('list', { name: '小区' }).getByRole('listitem').first()).toContainText(
      estates.list[0]!.name,
    );
    await page.screenshot({ path: shot('find-area-list'), fullPage: true });
  });

  test('an empty region says so and offers the way out; an unknown region is a 404', async ({ page, request }) => {
    const { plate } = await busyPlate(request);
    await page.goto(`/findArea/list?cityId=605&plateId=${plate.id}&singlePrice=1-2`);
    const empty = page.getByTestId('estate-list-empty');
    await expect(empty).toContainText('该区域暂无小区数据');
    await expect(empty.getByRole('link', { name: '清除筛选条件' })).toBeVisible();
    await page.screenshot({ path: shot('find-area-list-empty'), fullPage: true });
    await empty.getByRole('link', { name: '清除筛选条件' }).click();
    await expect(page).not.toHaveURL(/singlePrice/);
    await expect(page.getByRole('list', { name: '小区' }).getByRole('listitem').first()).toBeVisible();
    expect((await request.get('/findArea/list?cityId=605&plateId=999999999')).status()).toBe(404);
    expect((await request.get('/findArea/list?cityId=605&districtId=abc')).status()).toBe(404);
  });
});

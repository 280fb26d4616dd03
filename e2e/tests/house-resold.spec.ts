import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface ListingSearch {
  total: number;
  list: { id: number; estateId: number; totalPrice: number; unitPrice: number; rooms: number }[];
  summary: { name: string; estateId: number | null; onSaleCount: number; newCount30d: number; cutCount30d: number };
}

async function search(request: APIRequestContext, query: string): Promise<ListingSearch> {
  const res = await request.get(`/rabbit/v1/house/listing/search?${query}`);
  return ((await res.json()) as { body: ListingSearch }).body;
}

async function busiestEstate(request: APIRequestContext): Promise<number> {
  const { list } = await search(request, 'cityId=605&size=20&order=unitPrice_desc');
  const counts = new Map<number, number>();
  for (const l of list) counts.set(l.estateId, (counts.get(l.estateId) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

const wan = (yuan: number) => `${Math.round(yuan / 10_000)}万`;
const perSqm = (yuan: number) => `${yuan.toLocaleString('en-US')}元/㎡`;

test.describe('/{city}/house-resold 在售二手房', () => {
  test('an estate’s header, chart and listings agree with the API', async ({ page, request }) => {
    const estateId = await busiestEstate(request);
    const api = await search(request, `cityId=605&houseId=${estateId}`);
    await page.goto(`/605/house-resold/${estateId}`);
    await expect(page.getByRole('heading', { name: api.summary.name })).toBeVisible();
    const header = page.locator('.resold-header');
    await expect(header).toContainText('挂牌均价');
    await expect(header).toContainText(`在售${api.summary.onSaleCount}套`);
    await expect(header).toContainText(`近30天新增${api.summary.newCount30d}套`);
    await expect(header).toContainText(`近30天降价${api.summary.cutCount30d}套`);
    await expect(page.getByRole('img', { name: '近12个月挂牌套数与挂牌均价' })).toBeVisible();
    await expect(page.getByText(`共${api.total}套在售房源`)).toBeVisible();
    const first = page.getByRole('list', { name: '在售房源' }).getByRole('link').first();
    await expect(first).toContainText(wan(api.list[0]!.totalPrice));
    await expect(first).toContainText(perSqm(api.list[0]!.unitPrice));
    await expect(first).toContainText(/\d室\d厅 · [\d.]+㎡/);
    await expect(first).toContainText(/近7天带看\d+次/);
    await page.screenshot({ path: shot('house-resold-estate'), fullPage: true });
    await page.getByRole('link', { name: '导出报告' }).click();
    await expect(page).toHaveURL(new RegExp(`/605/house-resold/${estateId}/export`));
  });

  test('the city list filters with the drop-down bars and sorts', async ({ page, request }) => {
    await page.goto('/605/house-resold');
    await expect(page.getByRole('heading', { name: '杭州二手房' })).toBeVisible();
    await page.locator('.adm-dropdown-item').filter({ hasText: '户型' }).click();
    await page.getByRole('button', { name: '二室' }).click();
    await expect(page).toHaveURL(/roomType=2/);
    await page.locator('.adm-dropdown-item').filter({ hasText: '装修' }).click();
    await page.getByRole('button', { name: '精装' }).click();
    await expect(page).toHaveURL(/decoration=/);
    await page.locator('.adm-dropdown-item').filter({ hasText: '排序' }).click();
    await page.getByRole('button', { name: '总价从低到高' }).click();
    await expect(page).toHaveURL(/order=totalPrice_asc/);
    const api = await search(
      request,
      `cityId=605&roomType=2&decoration=${encodeURIComponent('精装')}&order=totalPrice_asc`,
    );
    await expect(page.getByText(`共${api.total}套在售房源`)).toBeVisible();
    const cards = page.getByRole('list', { name: '在售房源' }).getByRole('link');
    await expect(cards.first()).toContainText('2室');
    await expect(cards.first()).toContainText(wan(api.list[0]!.totalPrice));
    await page.screenshot({ path: shot('house-resold-city') });
  });

  test('scrolling to the end loads the next 20', async ({ page }) => {
    await page.goto('/605/house-resold');
    const cards = page.getByRole('list', { name: '在售房源' }).getByRole('link');
    await expect(cards).toHaveCount(20);
    await page.mouse.wheel(0, 20_000);
    await expect(cards).toHaveCount(40, { timeout: 10_000 });
  });

  test('no match offers 订阅上新 of the estate (city-wide: clear the filters)', async ({ page, request }) => {
    const estateId = await busiestEstate(request);
    await page.goto(`/605/house-resold/${estateId}?roomType=1&area=200-&elevator=0&orientation=北`);
    await expect(page.getByText('暂无符合条件的在售房源')).toBeVisible();
    await expect(page.getByRole('button', { name: '订阅上新' })).toHaveAttribute('aria-pressed', 'false');
    await page.goto('/605/house-resold?roomType=1&area=200-&elevator=0&orientation=北');
    await expect(page.getByText('暂无符合条件的在售房源')).toBeVisible();
    await expect(page.getByRole('link', { name: '清除筛选条件' })).toBeVisible();
    await page.screenshot({ path: shot('house-resold-empty') });
  });

  test('an unknown estate is a 404', async ({ request }) => {
    expect((await request.get('/605/house-resold/999999999')).status()).toBe(404);
    expect((await request.get('/605/house-resold/abc')).status()).toBe(404);
  });
});

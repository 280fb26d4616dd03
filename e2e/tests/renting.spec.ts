import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface RentBody {
  total: number;
  list: { estateId: number; monthlyRent: number; rentType: string }[];
}

async function busiestRentalEstate(request: APIRequestContext): Promise<number> {
  const res = await request.get('/rabbit/v1/estate/rent/list?cityId=605&size=50');
  const { body } = (await res.json()) as { body: RentBody };
  const counts = new Map<number, number>();
  for (const r of body.list) counts.set(r.estateId, (counts.get(r.estateId) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

test.describe('/{city}/renting 租房', () => {
  test('an estate’s rent level and its rentals', async ({ page, request }) => {
    const estateId = await busiestRentalEstate(request);
    const api = (await (await request.get(`/rabbit/v1/estate/rent/list?cityId=605&houseId=${estateId}`)).json()) as {
      body: RentBody & { summary: { estateName: string; onRentCount: number } };
    };
    await page.goto(`/605/renting/${estateId}`);
    const header = page.getByRole('region', { name: '租金水平' });
    await expect(header.getByRole('heading', { name: api.body.summary.estateName })).toBeVisible();
    await expect(header).toContainText('租金均价');
    await expect(header).toContainText('元/月');
    await expect(header).toContainText(/租售比\s*(1:\d+|--)/);
    await expect(header).toContainText(`在租${api.body.summary.onRentCount}套`);
    await expect(page.getByText(`共${api.body.total}套在租房源`)).toBeVisible();
    await expect(page.getByRole('list', { name: '在租房源' }).getByRole('article').first()).toContainText(
      /(整租|合租)·\d室\d厅·\d+㎡/,
    );
    await page.screenshot({ path: shot('renting-estate'), fullPage: true });
  });

  test('the city rental search filters with the drop-down bar and keeps the filters in the URL', async ({ page }) => {
    await page.goto('/605/renting');
    await expect(page.getByRole('heading', { name: '杭州租房' })).toBeVisible();
    await page.locator('.adm-dropdown-item').filter({ hasText: '方式' }).click();
    await page.getByRole('button', { name: '合租' }).click();
    await expect(page).toHaveURL(/rental=shared/);
    const cards = page.getByRole('list', { name: '在租房源' }).getByRole('article');
    await expect(cards.first()).toContainText('合租·');
    await page.screenshot({ path: shot('renting-city') });
  });

  test('scrolling to the end loads the next 20', async ({ page }) => {
    await page.goto('/605/renting');
    const cards = page.getByRole('list', { name: '在租房源' }).getByRole('article');
    await expect(cards).toHaveCount(20);
    await page.mouse.wheel(0, 20_000);
    await expect(cards).toHaveCount(40, { timeout: 10_000 });
  });

  test('no match shows the empty state with a way out', async ({ page }) => {
    await page.goto('/605/renting?roomType=5&rental=shared&metroDistance=500');
    await expect(page.getByText('暂无在租房源')).toBeVisible();
    await page.getByRole('link', { name: '清除筛选条件' }).click();
    await expect(page.getByRole('list', { name: '在租房源' })).toBeVisible();
  });

  test('an unknown estate is a 404', async ({ request }) => {
    expect((await request.get('/605/renting/999999999')).status()).toBe(404);
    expect((await request.get('/605/renting/abc')).status()).toBe(404);
  });
});

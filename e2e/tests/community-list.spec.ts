import { expect, test } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface ListBody {
  scope: { name: string };
  total: number;
  list: { id: number; name: string; listingAvg: number | null; plateName: string | null }[];
}

test.describe('/{city}/community-list 小区列表', () => {
  test('lists the city’s estates with prices, 20 a page, and loads more on scroll', async ({ page, request }) => {
    const api = (await (await request.get('/rabbit/v1/estate/list?cityId=605')).json()) as { body: ListBody };
    await page.goto('/605/community-list');
    await expect(page.getByRole('heading', { name: '杭州小区' })).toBeVisible();
    await expect(page.getByText(`共${api.body.total}个小区`)).toBeVisible();
    const cards = page.getByRole('list', { name: '小区' }).getByRole('link');
    await expect(cards).toHaveCount(20);
    const first = api.body.list[0]!;
    await expect(cards.first()).toContainText(first.name);
    await expect(cards.first()).toContainText(`${first.listingAvg!.toLocaleString('en-US')}元/㎡`);
    await expect(cards.first()).toContainText(/在售\d+套/);
    await page.screenshot({ path: shot('community-list') });
    await page.mouse.wheel(0, 20_000);
    await expect(cards).toHaveCount(40, { timeout: 10_000 });
  });

  test('a plate id lists that plate, and the sort changes the order', async ({ page, request }) => {
    const api = (await (await request.get('/rabbit/v1/rank/list?cityId=605&rank=deal&type=plate&size=1')).json()) as {
      body: { list: { id: number; name: string }[] };
    };
    const plate = api.body.list[0]!;
    await page.goto(`/605/community-list/${plate.id}`);
    await expect(page.getByRole('heading', { name: `${plate.name}小区` })).toBeVisible();
    await page.locator('.adm-dropdown-item').filter({ hasText: '排序' }).click();
    await page.getByRole('button', { name: '均价从高到低' }).click();
    await expect(page).toHaveURL(/smartOrder=avgPrice_desc/);
    const prices = await page.locator('.estate-card__price b').allTextContents();
    const numbers = prices.map((p) => Number(p.replace(/,/g, '')) || 0);
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);
  });

  test('unknown ids are a 404', async ({ request }) => {
    expect((await request.get('/605/community-list/123')).status()).toBe(404);
    expect((await request.get('/605/community-list/abc')).status()).toBe(404);
  });
});

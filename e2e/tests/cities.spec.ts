// Every city's pages on the sample dataset (all 16 cities, a few dozen estates each; project all-cities):
// for each city, the home page, search, an estate (detail, agents, listings, a listing, deals, a deal,
// rentals, the estate list) and the city-wide deal pages render real data in Chinese, with the city's name
// and the estate's figures from the API, and never the error page.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface City {
  id: number;
  name: string;
}

async function api<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(`/rabbit/v1/${url}`);
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { body: T }).body;
}

/** Opens a page, expects a 200 and no error page, and returns it. */
async function open(page: Page, path: string): Promise<Page> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.getByRole('img', { name: /页面(走丢了|出错了)/ })).toHaveCount(0);
  return page;
}

test.describe.configure({ mode: 'parallel' });

// The city list is fixed by the dataset (spec: the 16 cities of the NBS file).
const CITY_IDS = [101, 102, 201, 301, 605, 606, 701, 801, 901, 1001, 1101, 1201, 1202, 1301, 1401, 1501];

for (const cityId of CITY_IDS) {
  test(`city ${cityId}: home, search and an estate's pages`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const { list: cities } = await api<{ list: City[] }>(request, 'config/city-list');
    const city = cities.find((c) => c.id === cityId)!;
    expect(city, `city ${cityId} in config/city-list`).toBeTruthy();

    // home: the city's name and its price card
    await open(page, `/${cityId}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(city.name);
    await expect(page.getByText('挂牌均价').first()).toBeVisible();

    // an active estate of the city: the hottest one with listings and deals
    const hot = await api<{ list: { id: number; name: string }[] }>(
      request,
      `rank/list?cityId=${cityId}&rank=hot&size=10`,
    );
    expect(hot.list.length).toBeGreaterThan(0);
    let estate: { id: number; name: string; listingAvg: number | null; onSaleCount: number } | null = null;
    for (const item of hot.list) {
      const basic = await api<{ id: number; name: string; listingAvg: number | null; onSaleCount: number }>(
        request,
        `house/basic-info?houseId=${item.id}`,
      );
      if (basic.onSaleCount > 0 && basic.listingAvg !== null) {
        estate = basic;
        break;
      }
    }
    expect(estate, `an estate with listings in ${city.name}`).not.toBeNull();
    const { id, name, listingAvg } = estate!;

    await open(page, `/${cityId}/search/result?kw=${encodeURIComponent(name)}`);
    await expect(page.getByText(name).first()).toBeVisible();

    await open(page, `/${cityId}/house-detail/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    await expect(page.locator('main')).toContainText(listingAvg!.toLocaleString('en-US'));
    if (cityId === 101 || cityId === 1301) await page.screenshot({ path: shot(`city-${cityId}-house-detail`) });

    await open(page, `/${cityId}/house-detail/${id}/agent-list`);
    await expect(page.locator('main')).toContainText('经纪人');

    const listings = await api<{ list: { id: number }[] }>(request, `house/listing/list?houseId=${id}&page=1&size=5`);
    await open(page, `/${cityId}/house-resold/${id}`);
    await expect(page.locator('main')).toContainText(name);
    expect(listings.list.length).toBeGreaterThan(0);
    await open(page, `/${cityId}/property/${listings.list[0]!.id}`);
    await expect(page.locator('main')).toContainText(name);
    await expect(page.locator('main')).toContainText('万');

    const deals = await api<{ list: { id: number }[] }>(request, `house/deal/list?houseId=${id}&page=1&size=5`);
    await open(page, `/${cityId}/deal-history/${id}`);
    await expect(page.locator('main')).toContainText('成交');
    if (deals.list.length > 0) {
      await open(page, `/${cityId}/deal-history/${id}/detail?dealId=${deals.list[0]!.id}`);
      await expect(page.locator('main')).toContainText('成交');
    }

    await open(page, `/${cityId}/renting/${id}`);
    await expect(page.locator('main')).toContainText('租');
  });

  test(`city ${cityId}: city-wide lists`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const { list: cities } = await api<{ list: City[] }>(request, 'config/city-list');
    const city = cities.find((c) => c.id === cityId)!;
    await open(page, `/${cityId}/community-list`);
    await expect(page.locator('main')).toContainText('小区');
    await open(page, `/${cityId}/deal-search`);
    await expect(page.locator('main')).toContainText('成交');
    await open(page, `/deal-rank?cityId=${cityId}`);
    await expect(page.getByRole('heading', { name: `${city.name}成交排行` })).toBeVisible();
    await open(page, `/${cityId}/house-resold`);
    await expect(page.locator('main')).toContainText('二手房');
  });
}

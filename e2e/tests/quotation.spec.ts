// 行情 (PAGES.md §3.1): the monthly board and a district's / plate's 36-month detail, checked against the API.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface Row {
  id: number;
  name: string;
  listingAvg: number | null;
  dealAvg: number | null;
  listingMom: number | null;
  listingCount: number;
  dealCount: number;
  premium: number | null;
}
interface Board {
  month: string;
  months: string[];
  city: Row;
  list: Row[];
}
interface Detail {
  name: string;
  month: string;
  parent: { id: number; name: string } | null;
  series: (Omit<Row, 'id' | 'name'> & { month: string })[];
  subLevel: 'plate' | 'estate';
  subAreas: Row[];
}

const api = async <T>(request: APIRequestContext, path: string): Promise<T> => {
  const res = await request.get(`/rabbit/v1/${path}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { body: T }).body;
};

const money = (v: number | null) => (v === null ? '--' : v.toLocaleString('en-US'));
const monthTitle = (m: string) => `${m.slice(0, 4)}年${Number(m.slice(5))}月`;

test.describe('/quotation 行情', () => {
  test('shows the city and each district for the newest month, as market/quotation does', async ({ page, request }) => {
    const board = await api<Board>(request, 'market/quotation?cityId=605');
    await page.goto('/quotation?cityId=605');
    await expect(page.getByRole('heading', { name: '杭州房价行情' })).toBeVisible();
    await expect(page.getByLabel('统计月份')).toHaveValue(board.month);
    await expect(page.getByText(`${monthTitle(board.month)}全市挂牌均价`)).toContainText(
      `${money(board.city.listingAvg)}元/㎡`,
    );
    const table = page.getByRole('table', { name: '各区行情' });
    const cityRow = table.getByRole('row').filter({ hasText: '全市' });
    await expect(cityRow).toContainText(money(board.city.dealAvg));
    await expect(cityRow).toContainText(board.city.premium!.toFixed(2));
    const rows = page.getByTestId('quotation-row');
    await expect(rows).toHaveCount(board.list.length);
    const first = board.list[0]!;
    await expect(rows.first()).toContainText(first.name);
    await expect(rows.first()).toContainText(money(first.listingAvg));
    await expect(rows.first()).toContainText(String(first.listingCount));
    await page.screenshot({ path: shot('quotation'), fullPage: true });

    // ⓘ explains the premium coefficient.
    await table.getByRole('button', { name: '房东溢价系数说明' }).click();
    await expect(page.getByTestId('price-guide')).toContainText('房东溢价系数');
    await page.getByRole('button', { name: '我知道了' }).click();
    await expect(page.getByTestId('price-guide')).toBeHidden();
  });

  test('sorts by 挂牌均价 and opens a district', async ({ page, request }) => {
    const board = await api<Board>(request, 'market/quotation?cityId=605');
    const dearest = [...board.list].sort((a, b) => (b.listingAvg ?? -1) - (a.listingAvg ?? -1))[0]!;
    const cheapest = [...board.list]
      .filter((d) => d.listingAvg !== null)
      .sort((a, b) => a.listingAvg! - b.listingAvg!)[0]!;
    await page.goto('/quotation?cityId=605');
    await page
      .getByRole('columnheader', { name: /挂牌均价/ })
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(/sort=listingAvg&order=desc/);
    await expect(page.getByTestId('quotation-row').first()).toContainText(dearest.name);
    await page
      .getByRole('columnheader', { name: /挂牌均价/ })
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(/order=asc/);
    await expect(page.getByTestId('quotation-row').first()).toContainText(cheapest.name);
    await page.getByTestId('quotation-row').first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/quotation/detail\\?level=district&id=${cheapest.id}`));
    await expect(page.getByRole('heading', { name: `${cheapest.name}房价行情` })).toBeVisible();
  });

  test('shows an earlier month from the picker', async ({ page, request }) => {
    const { months } = await api<Board>(request, 'market/quotation?cityId=605');
    const earlier = months[5]!;
    const then = await api<Board>(request, `market/quotation?cityId=605&month=${earlier}`);
    await page.goto('/quotation?cityId=605');
    await page.getByLabel('统计月份').selectOption(earlier);
    await expect(page).toHaveURL(new RegExp(`month=${earlier}`));
    await expect(page.getByTestId('quotation-row').first()).toContainText(money(then.list[0]!.listingAvg));
  });
});

test.describe('/quotation/detail 行情详情', () => {
  test('charts a district over 36 months with its monthly table and plates', async ({ page, request }) => {
    const board = await api<Board>(request, 'market/quotation?cityId=605');
    const district = board.list.find((d) => d.listingAvg !== null)!;
    const detail = await api<Detail>(request, `market/quotation/detail?level=district&id=${district.id}`);
    await page.goto(`/quotation/detail?level=district&id=${district.id}&cityId=605`);
    await expect(page.getByRole('heading', { name: `${district.name}房价行情` })).toBeVisible();
    const latest = detail.series.at(-1)!;
    await expect(page.getByText(`${monthTitle(detail.month)}挂牌均价`).locator('..')).toContainText(
      `${money(latest.listingAvg)}元/㎡`,
    );
    await expect(
      page.getByRole('img', { name: /近36个月挂牌均价、成交均价与房东溢价系数/ }).locator('svg'),
    ).toBeVisible();
    await expect(page.getByText(/近36个月挂牌均价(上涨|下跌|持平)/)).toBeVisible();
    const months = page.getByRole('table', { name: '月度明细' }).locator('tbody tr');
    await expect(months).toHaveCount(12);
    await expect(months.first()).toContainText(detail.month.replace('-', '.'));
    await expect(months.first()).toContainText(money(latest.dealAvg));
    await page.getByRole('button', { name: '展开全部36个月' }).click();
    await expect(months).toHaveCount(36);
    await expect(months.last()).toContainText(detail.series[0]!.month.replace('-', '.'));
    const plates = page.getByRole('list', { name: '板块行情' }).getByRole('listitem');
    await expect(plates).toHaveCount(detail.subAreas.length);
    await page.screenshot({ path: shot('quotation-detail'), fullPage: true });

    const plate = detail.subAreas[0]!;
    await plates.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`level=plate&id=${plate.id}`));
    await expect(page.getByRole('heading', { name: `${plate.name}房价行情` })).toBeVisible();
    await expect(page.getByRole('link', { name: district.name })).toBeVisible();
    await expect(page.getByRole('list', { name: '小区行情' }).getByRole('listitem').first()).toBeVisible();
    await page.screenshot({ path: shot('quotation-detail-plate'), fullPage: true });
  });

  test('answers 404 for an unknown or malformed area', async ({ page }) => {
    for (const url of ['/quotation/detail?level=district&id=999999999', '/quotation/detail?level=city&id=605']) {
      const res = await page.goto(url);
      expect(res?.status()).toBe(404);
    }
  });
});

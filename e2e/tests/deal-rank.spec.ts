import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface RankBody {
  month: string;
  months: string[];
  list: { rank: number; id: number; name: string; parentName: string | null; value: number; dealCount: number }[];
}

const rankOf = async (request: APIRequestContext, query: string): Promise<RankBody> => {
  const res = await request.get(`/rabbit/v1/rank/deal?cityId=605&${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { body: RankBody }).body;
};

const monthTitle = (m: string) => `${m.slice(0, 4)}年${Number(m.slice(5))}月`;

test.describe('/deal-rank 成交排行', () => {
  test('ranks estates by 成交量 in the newest published month, as the API does', async ({ page, request }) => {
    const api = await rankOf(request, 'metric=count&level=estate');
    await page.goto('/deal-rank?cityId=605');
    await expect(page.getByRole('heading', { name: '杭州成交排行' })).toBeVisible();
    await expect(page.getByLabel('统计月份')).toHaveValue(api.month);
    await expect(page.getByLabel('统计月份').locator('option:checked')).toHaveText(monthTitle(api.month));
    await expect(
      page.getByRole('navigation', { name: '排行指标' }).getByRole('link', { name: '成交量' }),
    ).toHaveAttribute('aria-current', 'page');
    const rows = page.getByRole('list', { name: '排行' }).getByRole('listitem');
    await expect(rows).toHaveCount(api.list.length);
    const top = api.list[0]!;
    await expect(rows.first()).toContainText(top.name);
    await expect(rows.first()).toContainText(`${top.value}套`);
    await expect(rows.first()).toContainText(/环比(持平|上涨[\d.]+%↑|下跌[\d.]+%↓|--)/);
    await page.screenshot({ path: shot('deal-rank'), fullPage: true });
    await rows.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/605/deal-history/${top.id}$`));
  });

  test('switches to 成交均价 of plates and to another month', async ({ page, request }) => {
    await page.goto('/deal-rank?cityId=605');
    await page.getByRole('navigation', { name: '排行指标' }).getByRole('link', { name: '成交均价' }).click();
    // The second switch's link carries the first one's choice only once that navigation has finished.
    await expect(page).toHaveURL(/metric=avg/);
    await page.getByRole('navigation', { name: '排行范围' }).getByRole('link', { name: '板块' }).click();
    await expect(page).toHaveURL(/metric=avg/);
    await expect(page).toHaveURL(/level=plate/);
    const plates = await rankOf(request, 'metric=avg&level=plate');
    const first = page.getByRole('list', { name: '排行' }).getByRole('listitem').first();
    await expect(first).toContainText(plates.list[0]!.name);
    await expect(first).toContainText(`${plates.list[0]!.value.toLocaleString('en-US')}元/㎡`);

    const earlier = plates.months[2]!;
    await page.getByLabel('统计月份').selectOption(earlier);
    await expect(page).toHaveURL(new RegExp(`month=${earlier}`));
    const then = await rankOf(request, `metric=avg&level=plate&month=${earlier}`);
    await expect(first).toContainText(then.list[0]!.name);
    await page.screenshot({ path: shot('deal-rank-plate-avg') });
  });

  test('成交周期 of districts runs from the quickest', async ({ page, request }) => {
    const api = await rankOf(request, 'metric=cycle&level=district');
    await page.goto('/deal-rank?cityId=605&metric=cycle&level=district');
    const first = page.getByRole('list', { name: '排行' }).getByRole('listitem').first();
    await expect(first).toContainText(`${api.list[0]!.name}`);
    await expect(first).toContainText(`${api.list[0]!.value}天`);
    await expect(page.getByText('成交周期由短到长排列')).toBeVisible();
  });

  test('an unknown city is a 404; a month not published shows the newest', async ({ page, request }) => {
    expect((await request.get('/deal-rank?cityId=7')).status()).toBe(404);
    const api = await rankOf(request, '');
    await page.goto('/deal-rank?cityId=605&month=2099-01');
    await expect(page.getByLabel('统计月份')).toHaveValue(api.month);
  });
});

import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface Project {
  id: number;
  name: string;
  country: string;
  foreignCity: string;
  tenure: string;
  rateToCny: number;
  rateDate: string;
  totalMin: number;
  cnyTotalMin: number;
  rentalYield: number;
  downPaymentPct: number;
  paymentSchedule?: { stage: string; pct: number }[];
  taxes?: { name: string }[];
}

const get = async <T>(request: APIRequestContext, url: string): Promise<T> => {
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { body: T }).body;
};

/** The page's ≈¥ in whole 万 (spec §5 formatMoney 'thousand'). */
const wan = (yuan: number) => `${Math.round(yuan / 10_000)}万`;

test.describe('/605/overseas-detail 海外房产', () => {
  test('shows the project with local price, ≈¥ at the reference rate, tenure, yield and down payment', async ({
    page,
    request,
  }) => {
    const { list } = await get<{ list: Project[] }>(request, '/rabbit/v1/overseas/list?cityId=605');
    const p = await get<Project>(request, `/rabbit/v1/overseas/detail?id=${list[0]!.id}`);
    expect(p.cnyTotalMin).toBe(Math.round(p.totalMin * p.rateToCny));
    await page.goto(`/605/overseas-detail/${p.id}`);
    await expect(page.getByRole('heading', { name: p.name })).toBeVisible();
    await expect(page.getByText(`${p.country} · ${p.foreignCity}`)).toBeVisible();
    await expect(page.getByTestId('overseas-cny')).toContainText(`≈¥${wan(p.cnyTotalMin)}`);
    await expect(page.getByText(`（${p.rateDate}）`).first()).toBeVisible();
    await expect(page.getByText(p.tenure).first()).toBeVisible();
    await expect(page.getByTestId('overseas-yield')).toHaveText(`${p.rentalYield.toFixed(1)}%`);
    await expect(page.getByTestId('overseas-down')).toHaveText(`${p.downPaymentPct}%`);
    await expect(page.getByRole('link', { name: '咨询顾问' })).toHaveAttribute('href', /\/login\?redirect=/);
    await page.screenshot({ path: shot('overseas-detail'), fullPage: true });
  });

  test('海外详情 lists payment schedule and taxes; without an id the city list; unknown → 404', async ({
    page,
    request,
  }) => {
    const { list } = await get<{ list: Project[] }>(request, '/rabbit/v1/overseas/list?cityId=605');
    const p = await get<Project>(request, `/rabbit/v1/overseas/detail?id=${list[0]!.id}&full=1`);
    await page.goto(`/605/overseas-detail/${p.id}/detail`);
    await expect(page.getByRole('heading', { name: '付款计划' })).toBeVisible();
    for (const s of p.paymentSchedule!) await expect(page.getByText(s.stage, { exact: true })).toBeVisible();
    await expect(page.getByText(p.taxes![0]!.name, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: '产权规则' })).toBeVisible();
    await page.screenshot({ path: shot('overseas-detail-detail'), fullPage: true });

    await page.goto('/605/overseas-detail/detail');
    await expect(page.getByRole('heading', { name: '杭州海外房产' })).toBeVisible();
    await expect(page.getByText(`共 ${list.length} 个项目`)).toBeVisible();
    await page.screenshot({ path: shot('overseas-list'), fullPage: true });

    const missing = await page.goto('/605/overseas-detail/999999999');
    expect(missing?.status()).toBe(404);
  });
});

// The report pages (PAGES.md §3.4) on city 605: district and city monthly reports (and their A4 print), the
// week reports, the one-page estate report with its certificate, the estate week and report verification.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { printA4 } from '../support/print.ts';
import { shot } from '../support/screenshots.ts';

const api = async <T>(request: APIRequestContext, path: string): Promise<T> => {
  const res = await request.get(`/rabbit/v1/${path}`);
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { body: T }).body;
};

const money = (v: number) => v.toLocaleString('en-US');
const monthTitle = (m: string) => `${m.slice(0, 4)}年${Number(m.slice(5))}月`;

interface Figures {
  listingAvg: number | null;
  dealAvg: number | null;
  dealCount: number;
}
interface AreaReport {
  districtId: number;
  districtName: string;
  districts: { id: number; name: string }[];
  month: string;
  months: string[];
  figures: Figures;
  plates: { id: number; name: string; listingAvg: number | null }[];
}
interface CityReport {
  month: string;
  months: string[];
  figures: Figures;
  districts: { id: number; name: string; listingAvg: number | null }[];
}
interface WeekFigures {
  newListingCount: number;
  priceCutCount: number;
  dealCount: number;
}
interface WeeklyReport {
  week: { start: string; end: string };
  weeks: { start: string; end: string }[];
  figures: WeekFigures;
  target: { id: number; name: string; districtId: number | null };
  areas: { id: number; name: string; dealCount: number; newListingCount: number }[];
  hotEstates: { id: number; name: string }[];
  listingAvg: number | null;
}

test.describe('区域报告 /605/area-report', () => {
  test('opens on the first district with the API’s figures, switches district and month, and prints A4', async ({
    page,
    request,
  }) => {
    const report = await api<AreaReport>(request, 'report/area?cityId=605');
    const areaList = await api<{ list: { id: number; listingAvg: number | null }[] }>(
      request,
      'app/house/areaList?cityId=605',
    );
    // The report's district average is the one the area list (home page, findArea) shows.
    expect(report.figures.listingAvg).toBe(areaList.list.find((d) => d.id === report.districtId)!.listingAvg);

    await page.goto('/605/area-report');
    await expect(
      page.getByRole('heading', { name: `${report.districtName}${monthTitle(report.month)}区域报告` }),
    ).toBeVisible();
    await expect(page.getByTestId('report-listing-avg')).toHaveText(`${money(report.figures.listingAvg!)}元/㎡`);
    await expect(page.getByTestId('report-deal-count')).toHaveText(`${report.figures.dealCount}套`);
    await expect(page.getByText('本月小结')).toBeVisible();
    await expect(page.getByRole('heading', { name: '板块行情' })).toBeVisible();
    const rows = page.getByTestId('report-area-row');
    await expect(rows).toHaveCount(report.plates.length);
    await expect(rows.first()).toContainText(report.plates[0]!.name);
    await expect(page.getByRole('img', { name: '近12个月均价走势' })).toBeVisible();
    await page.screenshot({ path: shot('area-report'), fullPage: true });

    const text = await page.locator('main').innerText();
    expect(text).toContain('成交价格段');
    expect(text).toContain('数据来源');
    await printA4(page, 'area-report', '打印/保存PDF');

    const other = report.districts[1]!;
    await page.getByLabel('切换区县').selectOption(String(other.id));
    await expect(page).toHaveURL(new RegExp(`districtId=${other.id}`));
    const otherReport = await api<AreaReport>(request, `report/area?cityId=605&districtId=${other.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(other.name);
    await expect(page.getByTestId('report-listing-avg')).toHaveText(
      otherReport.figures.listingAvg === null ? '--' : `${money(otherReport.figures.listingAvg)}元/㎡`,
    );
    const earlier = report.months[2]!;
    await page.getByLabel('统计月份').selectOption(earlier);
    await expect(page).toHaveURL(new RegExp(`month=${earlier}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(monthTitle(earlier));
  });

  test('answers 404 for an unknown district', async ({ page }) => {
    const res = await page.goto('/605/area-report?districtId=999999999');
    expect(res?.status()).toBe(404);
  });
});

test.describe('城市报告 /605/city-report', () => {
  test('shows the newest published month with districts, and prints A4', async ({ page, request }) => {
    const report = await api<CityReport>(request, 'report/city?cityId=605');
    const overview = await api<{ listingAvg: number; month: string }>(request, 'market/city-overview?cityId=605');
    expect(report.figures.listingAvg).toBe(overview.listingAvg);

    await page.goto('/605/city-report');
    await expect(page.getByRole('heading', { name: `杭州${monthTitle(report.month)}城市报告` })).toBeVisible();
    await expect(page.getByLabel('统计月份')).toHaveValue(report.month);
    await expect(page.getByTestId('report-listing-avg')).toHaveText(`${money(report.figures.listingAvg!)}元/㎡`);
    await expect(page.getByTestId('report-deal-count')).toHaveText(`${report.figures.dealCount}套`);
    await expect(page.getByTestId('report-area-row')).toHaveCount(report.districts.length);
    await expect(page.getByRole('heading', { name: '价格指数' })).toBeVisible();
    await expect(page.getByTestId('report-indices').getByText('来源：房价通')).toBeVisible();
    await page.screenshot({ path: shot('city-report'), fullPage: true });
    expect(await page.locator('main').innerText()).toContain('各区行情');
    await printA4(page, 'city-report', '打印/保存PDF');

    // A month that is not published yet falls back to the newest one.
    await page.goto('/605/city-report?month=2099-01');
    await expect(page.getByLabel('统计月份')).toHaveValue(report.month);
    // A district row leads to its area report.
    await page.goto('/605/city-report');
    const first = report.districts[0]!;
    await page.getByTestId('report-area-row').first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/605/area-report\\?districtId=${first.id}`));
  });
});

test.describe('周报 /605/week-report', () => {
  test('counts the city week like the API and drills into a district and a plate', async ({ page, request }) => {
    const week = await api<WeeklyReport>(request, 'report/weekly?cityId=605');
    await page.goto('/605/week-report');
    await expect(page.getByRole('heading', { name: '杭州城市周报' })).toBeVisible();
    await expect(page.getByTestId('week-new-listings')).toHaveText(`${week.figures.newListingCount}套`);
    await expect(page.getByTestId('week-price-cuts')).toHaveText(`${week.figures.priceCutCount}次`);
    await expect(page.getByTestId('week-deals')).toHaveText(`${week.figures.dealCount}套`);
    await expect(page.getByTestId('week-listing-avg')).toHaveText(`${money(week.listingAvg!)}元/㎡`);
    await expect(page.getByTestId('week-area-row')).toHaveCount(week.areas.length);
    await page.screenshot({ path: shot('week-report'), fullPage: true });

    const district = week.areas.find((a) => a.dealCount + a.newListingCount > 0)!;
    await page.getByTestId('week-area-row').filter({ hasText: district.name }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`districtId=${district.id}`));
    await expect(page.getByRole('heading', { name: `${district.name}区县周报` })).toBeVisible();
    await expect(page.getByTestId('week-deals')).toHaveText(`${district.dealCount}套`);

    const districtWeek = await api<WeeklyReport>(request, `report/weekly?cityId=605&districtId=${district.id}`);
    const plate = districtWeek.areas.find((a) => a.dealCount + a.newListingCount > 0)!;
    await page.getByTestId('week-area-row').filter({ hasText: plate.name }).getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/605/week-report/${district.id}/${plate.id}`));
    const plateWeek = await api<WeeklyReport>(
      request,
      `report/weekly?cityId=605&districtId=${district.id}&plateId=${plate.id}`,
    );
    await expect(page.getByRole('heading', { name: `${plate.name}板块周报` })).toBeVisible();
    await expect(page.getByTestId('week-new-listings')).toHaveText(`${plateWeek.figures.newListingCount}套`);
    await expect(page.getByTestId('week-hot-row')).toHaveCount(plateWeek.hotEstates.length);
    await expect(page.getByRole('heading', { name: '本周热门小区' })).toBeVisible();
    await page.screenshot({ path: shot('week-report-plate'), fullPage: true });

    // The archive: an older week.
    const older = week.weeks[3]!;
    await page.goto('/605/week-report');
    await page.getByLabel('选择周').selectOption(older.start);
    await expect(page).toHaveURL(new RegExp(`week=${older.start}`));
    const then = await api<WeeklyReport>(request, `report/weekly?cityId=605&week=${older.start}`);
    await expect(page.getByTestId('week-deals')).toHaveText(`${then.figures.dealCount}套`);
  });

  test('answers 404 for an unknown plate', async ({ page }) => {
    expect((await page.goto('/605/week-report/999999999'))?.status()).toBe(404);
  });
});

test.describe('小区报告、小区周报与报告验真', () => {
  test('the estate report ranks the estate in its plate and carries a verifiable certificate', async ({
    page,
    request,
  }) => {
    const hot = await api<{ list: { id: number; name: string }[] }>(
      request,
      'rank/list?cityId=605&rank=hot&type=estate&size=1',
    );
    const estate = hot.list[0]!;
    const basic = await api<{ listingAvg: number | null; plateName: string }>(
      request,
      `house/basic-info?houseId=${estate.id}`,
    );
    await page.goto(`/605/house-report?estateId=${estate.id}`);
    await expect(page.getByRole('heading', { name: `${estate.name}小区报告` })).toBeVisible();
    await expect(page.getByTestId('house-listing-avg')).toHaveText(
      basic.listingAvg === null ? '--' : `${money(basic.listingAvg)}元/㎡`,
    );
    await expect(page.getByTestId('house-rank-text')).toContainText(`在${basic.plateName}`);
    await expect(page.getByRole('heading', { name: '风险提示' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '户型分析' })).toBeVisible();
    const id = (await page.getByTestId('certificate-id').innerText()).trim();
    expect(id).toMatch(/^FJT[2-9A-HJ-NP-Z]{11}$/);
    const cert = await api<{ estateId: number }>(request, `report/certificate?id=${id}`);
    expect(cert.estateId).toBe(estate.id);
    await page.screenshot({ path: shot('house-report'), fullPage: true });
    await printA4(page, 'house-report', '保存图片/PDF');

    await page.getByRole('link', { name: `/report/certificate/${id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/report/certificate/${id}$`));
    await expect(page.getByText('真实有效').first()).toBeVisible();
    await expect(page.getByTestId('certificate')).toContainText(estate.name);
    await page.screenshot({ path: shot('report-certificate'), fullPage: true });

    await page.goto('/605/house-report');
    await expect(page.getByText('还没有选择小区')).toBeVisible();
    await expect(page.getByRole('link', { name: '搜索小区' })).toHaveAttribute('href', '/605/search');
    expect((await page.goto('/605/house-report?estateId=999999999'))?.status()).toBe(404);

    const missing = await page.goto('/report/certificate/FJT22222222222');
    expect(missing?.status()).toBe(404);
    await expect(page.getByText('证书不存在或已失效')).toBeVisible();
    await page.screenshot({ path: shot('report-certificate-missing') });
  });

  test('the estate week shows the public summary and the login-to-subscribe call to action', async ({
    page,
    request,
  }) => {
    const hot = await api<{ list: { id: number; name: string }[] }>(
      request,
      'rank/list?cityId=605&rank=hot&type=estate&size=1',
    );
    const estate = hot.list[0]!;
    const week = await api<{ figures: WeekFigures; week: { start: string } }>(
      request,
      `report/estate-weekly?estateId=${estate.id}`,
    );
    await page.goto(`/605/house-report-weekly?estateId=${estate.id}`);
    await expect(page.getByRole('heading', { name: `${estate.name}小区周报` })).toBeVisible();
    await expect(page.getByTestId('week-new-listings')).toHaveText(`${week.figures.newListingCount}套`);
    await expect(page.getByTestId('week-deals')).toHaveText(`${week.figures.dealCount}套`);
    const cta = page.getByTestId('subscribe-cta').getByRole('link', { name: '登录后订阅' });
    await expect(cta).toHaveAttribute('href', /^\/login\?redirect=/);
    await page.screenshot({ path: shot('house-report-weekly'), fullPage: true });
    expect((await page.goto('/605/house-report-weekly?estateId=999999999'))?.status()).toBe(404);
  });
});

// 新房 pages (PAGES.md §3.5, manager §3.11) at 375×812: search, dossier, printable report, opening calendar,
// upcoming ranking, 置业顾问 and the monthly report — Chinese copy asserted against the API's numbers.
import { writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { printA4 } from '../support/print.ts';
import { shot } from '../support/screenshots.ts';

interface Card {
  id: number;
  name: string;
  saleStatus: string;
  avgPrice: number | null;
  districtName: string;
}

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/rabbit/v1/${path}`);
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { body: T }).body;
}

const yuan = (v: number) => `${v.toLocaleString('en-US')}元/㎡`;
const monthTitle = (m: string) => `${m.slice(0, 4)}年${Number(m.slice(5))}月`;

async function pricedProject(request: APIRequestContext): Promise<Card> {
  const { list } = await api<{ list: Card[] }>(request, 'new-house/find-house-base-es?cityId=605&status=selling');
  return list.find((p) => p.avgPrice !== null)!;
}

test.describe('/{city}/house-new 新房', () => {
  test('lists the city’s projects as the API does and filters by 销售状态', async ({ page, request }) => {
    const all = await api<{ total: number; list: Card[] }>(request, 'new-house/find-house-base-es?cityId=605');
    await page.goto('/605/house-new');
    await expect(page.getByRole('heading', { level: 1, name: '杭州新房' })).toBeVisible();
    await expect(page.getByText(`共${all.total}个楼盘`)).toBeVisible();
    const cards = page.getByRole('list', { name: '新房楼盘' }).getByRole('listitem');
    await expect(cards).toHaveCount(Math.min(all.total, 20));
    const first = all.list[0]!;
    await expect(cards.first()).toContainText(first.name);
    if (first.avgPrice !== null) await expect(cards.first()).toContainText(yuan(first.avgPrice));
    await expect(cards.first()).toContainText('更新价格');
    await page.screenshot({ path: shot('house-new'), fullPage: true });

    const selling = await api<{ total: number }>(request, 'new-house/find-house-base-es?cityId=605&status=selling');
    await page.getByText('销售状态', { exact: true }).click();
    await page.getByRole('list', { name: '销售状态' }).getByRole('button', { name: '在售' }).click();
    await expect(page).toHaveURL(/status=selling/);
    await expect(page.getByText(`共${selling.total}个楼盘`)).toBeVisible();
    await expect(cards.first().locator('.nh-status')).toHaveText('在售');
    await cards.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/605\/loupan\/\d+$/);
  });

  test('with an estate id lists the projects near it, nearest first', async ({ page, request }) => {
    const project = (
      await api<{ list: (Card & { plateId: number })[] }>(request, 'new-house/find-house-base-es?cityId=605')
    ).list[0]!;
    const estates = await api<{ list: { id: number; name: string }[] }>(
      request,
      `estate/list?cityId=605&plateId=${project.plateId}&size=1`,
    );
    const estate = estates.list[0]!;
    const near = await api<{ total: number; list: (Card & { distanceM: number })[] }>(
      request,
      `new-house/find-house-base-es?cityId=605&estateId=${estate.id}`,
    );
    await page.goto(`/605/house-new/${estate.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `${estate.name}附近新房` })).toBeVisible();
    await expect(page.getByText(`共${near.total}个楼盘`)).toBeVisible();
    if (near.list[0]) {
      const first = page.getByRole('list', { name: '新房楼盘' }).getByRole('listitem').first();
      await expect(first).toContainText(near.list[0].name);
      await expect(first).toContainText('距');
    }
    await page.screenshot({ path: shot('house-new-near'), fullPage: true });
  });

  test('an impossible filter shows the empty state with a next step', async ({ page }) => {
    await page.goto('/605/house-new?singlePrice=1-2');
    await expect(page.getByText('暂无符合条件的新房楼盘')).toBeVisible();
    await expect(page.getByRole('link', { name: '清除筛选条件' })).toBeVisible();
    await expect(page.getByRole('link', { name: '查看开盘日历' })).toBeVisible();
  });
});

test.describe('/{city}/loupan 楼盘详情', () => {
  test('shows price, permits, unit types and 置业顾问 from the API', async ({ page, request }) => {
    const project = await pricedProject(request);
    const detail = await api<{
      project: { name: string; avgPrice: number; presalePermits: { no: string }[]; priceStale: boolean };
      unitTypes: unknown[];
      nearbyResale: { plateName: string; listingAvg: number | null };
    }>(request, `new-house/detail?houseId=${project.id}`);
    const managers = await api<{ list: { name: string }[] }>(request, `new-house/managers?houseId=${project.id}`);
    await page.goto(`/605/loupan/${project.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(detail.project.name);
    const price = page.getByRole('region', { name: '价格' });
    await expect(price).toContainText(`参考均价${yuan(detail.project.avgPrice)}`);
    await expect(price).toContainText('价格更新时间');
    for (const permit of detail.project.presalePermits)
      await expect(page.getByRole('list', { name: '预售许可证' })).toContainText(permit.no);
    await expect(page.getByRole('region', { name: '户型' })).toContainText(`户型（${detail.unitTypes.length}）`);
    await expect(page.getByRole('region', { name: '一房一价' }).getByRole('row')).toHaveCount(
      detail.unitTypes.length + 1,
    );
    const resale = page.getByRole('region', { name: '周边二手房对比' });
    await expect(resale).toContainText(`${detail.nearbyResale.plateName}板块二手挂牌均价`);
    if (detail.nearbyResale.listingAvg !== null)
      await expect(resale).toContainText(yuan(detail.nearbyResale.listingAvg));
    const list = page.getByRole('list', { name: '置业顾问' }).getByRole('listitem');
    await expect(list).toHaveCount(managers.list.length);
    await expect(list.first()).toContainText(managers.list[0]!.name);
    await expect(page.getByRole('link', { name: '获取优惠' })).toBeVisible();
    await page.screenshot({ path: shot('loupan'), fullPage: true });
  });

  test('no id goes to the search; an unknown id is a 404', async ({ page, request }) => {
    await page.goto('/605/loupan');
    await expect(page).toHaveURL(/\/605\/house-new$/);
    expect((await request.get('/605/loupan/999999999')).status()).toBe(404);
    expect((await request.get('/605/loupan/999999999/export')).status()).toBe(404);
  });
});

test.describe('/{city}/loupan/{houseId}/export 楼盘报告', () => {
  test('the report prints to an A4 PDF', async ({ page, request }, testInfo) => {
    const project = await pricedProject(request);
    await page.goto(`/605/loupan/${project.id}/export`);
    await expect(page.getByRole('heading', { level: 1, name: project.name })).toBeVisible();
    await expect(page.getByRole('region', { name: '价格概况' })).toContainText(yuan(project.avgPrice!));
    await expect(page.getByRole('region', { name: '户型价格表' })).toContainText('参考总价');
    await expect(page.getByRole('region', { name: '与板块二手房对比' })).toContainText('板块二手挂牌均价');
    await page.screenshot({ path: shot('loupan-export'), fullPage: true });
    const pdf = await printA4(page, 'loupan-export', '打印/保存为PDF', 2);
    writeFileSync(testInfo.outputPath('loupan-export.pdf'), pdf);
  });
});

test.describe('/{city}/calendar 开盘日历', () => {
  interface Calendar {
    month: string;
    months: { month: string; count: number }[];
    events: { projectName: string; type: string; avgPrice: number | null }[];
  }

  test('shows the newest month’s events with dots and the day list; type chips filter', async ({ page, request }) => {
    const cal = await api<Calendar>(request, 'new-house/calendar?cityId=605');
    const busiest = [...cal.months].sort((a, b) => b.count - a.count)[0]!;
    const month = await api<Calendar>(request, `new-house/calendar?cityId=605&month=${busiest.month}`);
    await page.goto(`/605/calendar?month=${busiest.month}`);
    await expect(page.getByRole('heading', { level: 1, name: '杭州开盘日历' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '月份' })).toContainText(monthTitle(busiest.month));
    await expect(page.getByRole('navigation', { name: '类型' })).toContainText(`全部 ${busiest.count}`);
    const items = page.locator('.nh-event');
    await expect(items).toHaveCount(month.events.length);
    await expect(items.first()).toContainText(month.events[0]!.projectName);
    await expect(page.locator('.nh-cal__day--busy').first()).toBeVisible();
    await page.screenshot({ path: shot('calendar'), fullPage: true });

    const type = month.events[0]!.type;
    const label = { opening: '开盘', permit: '拿证', lottery: '摇号', delivery: '交房' }[type]!;
    await page
      .getByRole('navigation', { name: '类型' })
      .getByRole('link', { name: new RegExp(label) })
      .click();
    await expect(page).toHaveURL(new RegExp(`type=${type}`));
    await expect(items).toHaveCount(month.events.filter((e) => e.type === type).length);
  });

  test('an empty month says 本月暂无开盘 and offers the next step', async ({ page }) => {
    await page.goto('/605/calendar?month=2001-01');
    await expect(page.getByText('本月暂无开盘')).toBeVisible();
    await expect(page.getByRole('link', { name: '订阅开盘提醒' })).toBeVisible();
    await page.screenshot({ path: shot('calendar-empty'), fullPage: true });
  });
});

test.describe('/{city}/rank/upcoming 待开盘榜', () => {
  test('ranks 待售 projects by 摇号登记人数 as the API does', async ({ page, request }) => {
    const rank = await api<{ list: (Card & { heat: number | null; rank: number })[] }>(
      request,
      'rank/upcoming?cityId=605&size=50',
    );
    await page.goto('/605/rank/upcoming');
    await expect(page.getByRole('heading', { level: 1, name: '杭州待开盘榜' })).toBeVisible();
    const rows = page.getByRole('list', { name: '待开盘榜' }).locator(':scope > li');
    await expect(rows).toHaveCount(rank.list.length);
    const top = rank.list[0]!;
    await expect(rows.first()).toContainText(top.name);
    await expect(rows.first()).toContainText(top.heat !== null ? `${top.heat}人登记` : '暂未登记');
    await page.screenshot({ path: shot('rank-upcoming'), fullPage: true });
  });
});

test.describe('/{city}/manager/{id} 置业顾问', () => {
  test('shows the manager’s figures and projects', async ({ page, request }) => {
    const project = await pricedProject(request);
    const { list } = await api<{ list: { id: number; name: string; responseRate: number }[] }>(
      request,
      `new-house/managers?houseId=${project.id}`,
    );
    const manager = list[0]!;
    await page.goto(`/605/manager/${manager.id}`);
    await expect(page.getByRole('heading', { level: 1, name: manager.name })).toBeVisible();
    await expect(page.getByRole('region', { name: '服务数据' })).toContainText(
      `${Math.round(manager.responseRate * 100)}%`,
    );
    await expect(page.getByRole('region', { name: '负责楼盘' })).toContainText(project.name);
    await expect(page.getByRole('link', { name: '在线咨询' })).toBeVisible();
    await page.screenshot({ path: shot('manager'), fullPage: true });
    expect((await request.get('/605/manager/999999999')).status()).toBe(404);
  });
});

test.describe('/{city}/manager 置业顾问列表', () => {
  test('without an id lists the city’s consultants, best rated first', async ({ page, request }) => {
    const managers = await api<{ total: number; list: { name: string }[] }>(
      request,
      'new-house/manager/list?cityId=605',
    );
    await page.goto('/605/manager');
    await expect(page.getByRole('heading', { level: 1, name: '杭州置业顾问' })).toBeVisible();
    await expect(page.getByText(`共${managers.total}位`)).toBeVisible();
    const rows = page.getByRole('list', { name: '置业顾问' }).getByRole('listitem');
    await expect(rows.first()).toContainText(managers.list[0]!.name);
    await expect(rows).toHaveCount(managers.list.length);
    await page.screenshot({ path: shot('manager-list'), fullPage: true });
  });
});

test.describe('/{city}/house-report-new 新房报告', () => {
  test('reports the newest month’s supply, stock and district prices as the API does', async ({ page, request }) => {
    const report = await api<{
      month: string;
      months: string[];
      supply: { permitUnits: number; permitCount: number };
      stock: { sellingCount: number };
      districts: { districtName: string; avgPrice: number }[];
    }>(request, 'report/new-house?cityId=605');
    await page.goto('/605/house-report-new');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`杭州${monthTitle(report.month)}新房报告`);
    const supply = page.getByRole('region', { name: '供应' });
    await expect(supply).toContainText(`新增预售证${report.supply.permitCount}张`);
    await expect(supply).toContainText(`预售房源${report.supply.permitUnits}套`);
    await expect(page.getByRole('list', { name: '近12个月预售房源' }).getByRole('listitem')).toHaveCount(12);
    await expect(page.getByRole('region', { name: '存量与去化' })).toContainText(
      `在售楼盘${report.stock.sellingCount}个`,
    );
    const rows = page.getByRole('region', { name: '各区参考均价' }).getByRole('row');
    await expect(rows).toHaveCount(report.districts.length + 1);
    if (report.districts[0]) await expect(rows.nth(1)).toContainText(`${report.districts[0].districtName}`);
    await page.screenshot({ path: shot('house-report-new'), fullPage: true });
    await printA4(page, 'house-report-new', '打印/保存PDF');

    await page.getByLabel('报告月份').selectOption(report.months[1]!);
    await expect(page).toHaveURL(new RegExp(`month=${report.months[1]}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(monthTitle(report.months[1]!));
  });
});

// Rankings and lists (PAGES.md §3.4, §3.1, §3.5): 排行榜, 热门小区, 本周好房, 捡漏 and 帮我找房, checked
// against the API's numbers.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface RankBody {
  month: string;
  list: {
    rank: number;
    id: number;
    name: string;
    listingAvg: number | null;
    listingMom: number | null;
    value: number | null;
  }[];
}
interface Listing {
  id: number;
  estateName: string;
  totalPrice: number;
  belowPct: number;
  daysListed: number;
}
interface Project {
  id: number;
  name: string;
}
interface WeekBody {
  projects: Project[];
  upcoming: Project[];
  list: Listing[];
  total: number;
}
interface BargainBody {
  list: Listing[];
  total: number;
}
interface PlateBody {
  list: { id: number; name: string; listingAvg: number | null; listingsInBudget: number; districtId: number }[];
  minBudget: number | null;
}
interface DistrictBody {
  list: { id: number; name: string; fittingPlates: number }[];
}

const api = async <T>(request: APIRequestContext, path: string): Promise<T> => {
  const res = await request.get(`/rabbit/v1/${path}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { body: T }).body;
};

const rateText = (v: number | null) => {
  if (v === null) return '--';
  const r = Math.round(v * 10) / 10;
  if (r === 0) return '持平';
  return r > 0 ? `上涨${r.toFixed(1)}%↑` : `下跌${Math.abs(r).toFixed(1)}%↓`;
};

test.describe('/{city}/rank 排行榜', () => {
  test('defaults to the estates’ 热度榜, as rank/list does', async ({ page, request }) => {
    const ranking = await api<RankBody>(request, 'rank/list?cityId=605&rank=hot&type=estate&size=50');
    await page.goto('/605/rank');
    await expect(page.getByRole('heading', { name: '杭州小区热度榜' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '榜单' }).getByRole('link', { name: '热度' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const rows = page.getByTestId('rank-row');
    await expect(rows).toHaveCount(ranking.list.length);
    const top = ranking.list[0]!;
    await expect(rows.first()).toContainText(top.name);
    await expect(rows.first()).toContainText(`热度${top.value}`);
    await expect(rows.first()).toContainText(`环比${rateText(top.listingMom)}`);
    await expect(page.getByText('热度为在售房源近7天浏览次数之和')).toBeVisible();
    await page.screenshot({ path: shot('rank-hot') });
    await rows.first().click();
    await expect(page).toHaveURL(new RegExp(`/605/house-detail/${top.id}$`));
  });

  test('switches to the plates’ 涨幅榜, to 季 and to one district', async ({ page, request }) => {
    await page.goto('/605/rank');
    await page.getByRole('navigation', { name: '榜单' }).getByRole('link', { name: '涨幅' }).click();
    // the type links are drawn for the current list: wait for 涨幅 before choosing 板块
    await expect(page).toHaveURL(/\/605\/rank\/rise\/estate$/);
    await page.getByRole('navigation', { name: '排行对象' }).getByRole('link', { name: '板块' }).click();
    await expect(page).toHaveURL(/\/605\/rank\/rise\/plate$/);
    await expect(page.getByRole('heading', { name: '杭州板块涨幅榜' })).toBeVisible();
    const rise = await api<RankBody>(request, 'rank/list?cityId=605&rank=rise&type=plate&size=50');
    const first = page.getByTestId('rank-row').first();
    await expect(first).toContainText(rise.list[0]!.name);
    await expect(first).toContainText(rateText(rise.list[0]!.value));

    await page.getByRole('navigation', { name: '统计周期' }).getByRole('link', { name: '季' }).click();
    await expect(page).toHaveURL(/period=quarter/);
    const quarter = await api<RankBody>(request, 'rank/list?cityId=605&rank=rise&type=plate&size=50&period=quarter');
    await expect(first).toContainText(quarter.list[0]!.name);
    await expect(first).toContainText(rateText(quarter.list[0]!.value));

    const districts = await api<RankBody>(request, 'rank/list?cityId=605&rank=price&type=district&size=50');
    const district = districts.list[0]!;
    await page.getByLabel('区县').selectOption(String(district.id));
    await expect(page).toHaveURL(new RegExp(`districtId=${district.id}`));
    const inDistrict = await api<RankBody>(
      request,
      `rank/list?cityId=605&rank=rise&type=plate&size=50&period=quarter&districtId=${district.id}`,
    );
    await expect(page.getByRole('heading', { name: `${district.name}板块涨幅榜` })).toBeVisible();
    await expect(page.getByTestId('rank-row')).toHaveCount(inDistrict.list.length);
    await page.screenshot({ path: shot('rank-rise-plate'), fullPage: true });
  });

  test('shows districts by 均价 and answers 404 for an unknown ranking or district', async ({ page, request }) => {
    const price = await api<RankBody>(request, 'rank/list?cityId=605&rank=price&type=district&size=50');
    await page.goto('/605/rank/price/district');
    await expect(page.getByTestId('rank-row').first()).toContainText(
      `${price.list[0]!.listingAvg!.toLocaleString('en-US')}元/㎡`,
    );
    expect((await page.goto('/605/rank/best/estate'))?.status()).toBe(404);
    expect((await page.goto('/605/rank/hot/room'))?.status()).toBe(404);
    // A district the city does not have is unknown (it used to show an empty ranking).
    expect((await page.goto('/605/rank/rise/plate?districtId=999999'))?.status()).toBe(404);
  });
});

test.describe('/{city}/hot-community 热门小区', () => {
  test('lists the 50 hottest estates', async ({ page, request }) => {
    const hot = await api<RankBody>(request, 'rank/list?cityId=605&rank=hot&type=estate&size=50');
    await page.goto('/605/hot-community');
    await expect(page.getByRole('heading', { name: '杭州热门小区' })).toBeVisible();
    await expect(page.getByTestId('rank-row')).toHaveCount(Math.min(50, hot.list.length));
    await expect(page.getByTestId('rank-row').nth(4)).toContainText(hot.list[4]!.name);
    await page.screenshot({ path: shot('hot-community') });
  });
});

test.describe('/{city}/home-list/week-house 本周好房', () => {
  test('shows this week’s and the next openings, and the week’s listings below the estate average', async ({
    page,
    request,
  }) => {
    const fresh = await api<WeekBody>(request, 'home/week-house?cityId=605&tab=new');
    await page.goto('/605/home-list/week-house');
    await expect(page.getByRole('heading', { name: '杭州本周好房' })).toBeVisible();
    await expect(page.getByTestId('project-card')).toHaveCount(fresh.projects.length + fresh.upcoming.length);
    if (fresh.projects.length === 0) await expect(page.getByText('本周暂无新盘开盘')).toBeVisible();
    if (fresh.upcoming.length > 0) {
      await expect(page.getByRole('heading', { name: '即将开盘' })).toBeVisible();
      await expect(page.getByRole('region', { name: '即将开盘' })).toContainText(fresh.upcoming[0]!.name);
    }
    await page.screenshot({ path: shot('week-house-new'), fullPage: true });

    const resale = await api<WeekBody>(request, 'home/week-house?cityId=605&tab=resale');
    await page.getByRole('navigation', { name: '房源类型' }).getByRole('link', { name: '二手' }).click();
    await expect(page).toHaveURL(/tab=resale/);
    await expect(page.getByText(`低于小区挂牌均价的二手房共${resale.total}套`)).toBeVisible();
    const first = page.getByTestId('finder-card').first();
    await expect(first).toContainText(resale.list[0]!.estateName);
    await expect(first).toContainText(`低于小区均价${resale.list[0]!.belowPct.toFixed(1)}%`);
    await page.screenshot({ path: shot('week-house-resale'), fullPage: true });
  });
});

test.describe('/{city}/find-house-365 捡漏', () => {
  test('lists listings below their estate’s 365-day deal average, and filters', async ({ page, request }) => {
    const bargains = await api<BargainBody>(request, 'house/bargain/list?cityId=605');
    await page.goto('/605/find-house-365');
    await expect(page.getByRole('heading', { name: '杭州捡漏房源' })).toBeVisible();
    await expect(page.getByText(`共${bargains.total}套捡漏房源`)).toBeVisible();
    const first = page.getByTestId('finder-card').first();
    const top = bargains.list[0]!;
    await expect(first).toContainText(top.estateName);
    await expect(first).toContainText(`低于成交均价${top.belowPct.toFixed(1)}%`);
    await expect(first).toContainText(top.daysListed === 0 ? '今日挂牌' : `挂牌${top.daysListed}天`);
    await page.screenshot({ path: shot('find-house-365') });

    await page.getByText('户型', { exact: true }).click();
    await page.getByRole('button', { name: '二室' }).click();
    await expect(page).toHaveURL(/roomType=2/);
    const twoRooms = await api<BargainBody>(request, 'house/bargain/list?cityId=605&roomType=2');
    await expect(page.getByText(`共${twoRooms.total}套捡漏房源`)).toBeVisible();
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/605/property/${twoRooms.list[0]!.id}$`));
  });
});

test.describe('/{city}/find-house 帮我找房', () => {
  test('starts from a budget, then shows districts and the plates that fit', async ({ page, request }) => {
    await page.goto('/605/find-house');
    await expect(page.getByRole('heading', { name: '杭州帮我找房' })).toBeVisible();
    await expect(page.getByText('选一个预算，马上看到买得起的区域和板块')).toBeVisible();
    await page.getByRole('link', { name: '300万' }).click();
    await expect(page).toHaveURL(/budget=300/);
    const plates = await api<PlateBody>(request, 'new-house/find-plate-12-5-2?cityId=605&budget=300');
    const districts = await api<DistrictBody>(request, 'new-house/get-district-of-find-plate?cityId=605&budget=300');
    await expect(page.getByRole('heading', { name: `300万能买的板块 ${plates.list.length}个` })).toBeVisible();
    const rows = page.getByTestId('plate-fit');
    await expect(rows).toHaveCount(plates.list.length);
    await expect(rows.first()).toContainText(plates.list[0]!.name);
    await expect(rows.first()).toContainText(`预算内在售${plates.list[0]!.listingsInBudget}套`);
    const top = districts.list[0]!;
    const chip = page.getByRole('region', { name: '第二步：区域' }).getByRole('link', { name: new RegExp(top.name) });
    await expect(chip).toContainText(`${top.fittingPlates}个板块`);
    await page.screenshot({ path: shot('find-house'), fullPage: true });

    await chip.click();
    await expect(page).toHaveURL(new RegExp(`districtIds=${top.id}`));
    await expect(rows).toHaveCount(top.fittingPlates);
  });

  test('suggests a bigger budget when nothing fits', async ({ page, request }) => {
    const none = await api<PlateBody>(request, 'new-house/find-plate-12-5-2?cityId=605&budget=20');
    await page.goto('/605/find-house?budget=20');
    await expect(page.getByRole('heading', { name: '20万暂时没有合适的板块' })).toBeVisible();
    await page.getByRole('link', { name: `把预算提高到${none.minBudget}万试试` }).click();
    await expect(page).toHaveURL(new RegExp(`budget=${none.minBudget}`));
    await expect(page.getByTestId('plate-fit').first()).toBeVisible();
    await page.screenshot({ path: shot('find-house-more-budget') });
  });
});

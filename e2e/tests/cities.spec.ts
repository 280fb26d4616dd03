// Every city's pages on the sample dataset (all 16 cities, a few dozen estates each; project all-cities):
// for each city, the home page, search, an estate (detail, agents, listings, a listing, deals, a deal,
// rentals, the estate list), the city-wide deal pages, 场景找房 and 看房视频 render real data in Chinese, with
// the city's name and the estate's figures from the API, and never the error page.
// The market views (issue "Market views") are walked the same way with ids taken from the API for the city: the
// busiest plate and its district, the hottest estate, a priced new-house project, its 置业顾问, an overseas
// project, the certificate the estate report issues, and the newest month. The plate's 挂牌均价 and MoM are the
// plate/list figures on every page that shows them (plate page, map, rankings, reports, 行情, 帮我找房), and no
// page logs an error (a failed hydration shows up there).
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

async function post<T>(request: APIRequestContext, url: string, data: object): Promise<T> {
  const response = await request.post(`/rabbit/v1/${url}`, { data });
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { body: T }).body;
}

/** The error page's picture (role img, named 页面走丢了 or 页面出错了), found by CSS: a role query costs more per page. */
const ERROR_PICTURE = ['页面走丢了', '页面出错了'].map((name) => `[role="img"][aria-label="${name}"]`).join(', ');

/** Opens a page, expects a 200 and no error page, and returns it. */
async function open(page: Page, path: string): Promise<Page> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.locator(ERROR_PICTURE)).toHaveCount(0);
  return page;
}

async function cityOf(request: APIRequestContext, cityId: number): Promise<City> {
  const { list } = await api<{ list: City[] }>(request, 'config/city-list');
  const city = list.find((c) => c.id === cityId);
  expect(city, `city ${cityId} in config/city-list`).toBeTruthy();
  return city!;
}

/** Uncaught exceptions and console errors (React reports a failed hydration there), with the page they came from. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  return errors;
}

// Display filters of spec §5, written out here so a wrong figure cannot hide behind a shared formatter.
const money = (v: number | null) => (v === null ? '--' : v.toLocaleString('en-US'));
const yuan = (v: number | null) => (v === null ? '--' : `${money(v)}元/㎡`);
const wan = (v: number | null) => (v === null ? '--' : `${(Math.round(v / 1000) / 10).toFixed(1)}万`);
const monthTitle = (m: string) => `${m.slice(0, 4)}年${Number(m.slice(5))}月`;
/** 上涨1.2%↑ / 下跌0.3%↓ / 持平, one decimal, halves away from zero. */
const rateText = (v: number | null) => {
  if (v === null) return '--';
  const r = Number(`${Math.round(Number(`${Math.abs(v)}e1`))}e-1`);
  if (r === 0) return '持平';
  return v > 0 ? `上涨${r.toFixed(1)}%↑` : `下跌${r.toFixed(1)}%↓`;
};

interface Figure {
  listingAvg: number | null;
  listingMom: number | null;
}
interface PlateRow extends Figure {
  id: number;
  name: string;
  districtId: number;
  districtName: string;
  onSaleCount: number;
}
interface PlateList {
  month: string;
  list: PlateRow[];
}
interface AreaList {
  list: (Figure & { id: number; name: string })[];
}
interface RankList {
  month: string;
  list: (Figure & { id: number; name: string; value: number | null })[];
}
interface EstateList {
  total: number;
  list: (Figure & { id: number; name: string })[];
}
interface BasicInfo extends Figure {
  id: number;
  name: string;
  onSaleCount: number;
}

/** The city's busiest plate (most listings on sale) with a 挂牌均价, from plate/list. */
async function busiestPlate(request: APIRequestContext, cityId: number) {
  const plates = await api<PlateList>(request, `plate/list?cityId=${cityId}&sort=onSale_desc`);
  const plate = plates.list.find((p) => p.listingAvg !== null && p.onSaleCount > 0);
  expect(plate, `a plate with listings in city ${cityId}`).toBeTruthy();
  return { month: plates.month, plate: plate! };
}

/**
 * Busy estates of the city that have a 挂牌均价 (rank/list 成交榜: 热度榜 holds only estates on its minimum sample,
 * too few in the sample dataset's smaller cities), as house/basic-info gives them.
 */
async function hotEstates(request: APIRequestContext, cityId: number, count: number): Promise<BasicInfo[]> {
  const hot = await api<RankList>(request, `rank/list?cityId=${cityId}&rank=deal&size=20`);
  const found: BasicInfo[] = [];
  for (const item of hot.list) {
    const basic = await api<BasicInfo>(request, `house/basic-info?houseId=${item.id}`);
    if (basic.listingAvg !== null && !found.some((f) => f.listingAvg === basic.listingAvg)) found.push(basic);
    if (found.length === count) break;
  }
  expect(found.length, `${count} estates with a 挂牌均价 in city ${cityId}`).toBe(count);
  return found;
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

    // 场景找房: each scene's count as config/scene-list gives it
    const { scenes } = await api<{ scenes: { code: string; name: string; count: number }[] }>(
      request,
      `config/scene-list?cityId=${cityId}`,
    );
    for (const scene of [scenes[0]!, scenes[2]!]) {
      await open(page, `/${cityId}/scene?scene=${scene.code}`);
      // A city without a metro line near its estates has no 地铁房: the page says so and offers the others.
      if (scene.count === 0) await expect(page.getByText(`${city.name}暂时没有在售的${scene.name}`)).toBeVisible();
      else await expect(page.getByText(`共${scene.count}套在售二手房`)).toBeVisible();
    }

    // 看房视频: the city's feed, and its most played video plays its first scene
    const videos = await post<{ total: number; list: { id: number; title: string }[] }>(request, 'content/list', {
      cityId,
      type: 'video',
    });
    await open(page, `/${cityId}/house-video`);
    await expect(page.getByRole('heading', { level: 1, name: `${city.name}看房视频` })).toBeVisible();
    await expect(page.getByText(`共${videos.total}个视频`)).toBeVisible();
    expect(videos.total, `videos in city ${cityId}`).toBeGreaterThan(0);
    const first = await api<{ scenes: { caption: string }[] }>(
      request,
      `content/video/detail?id=${videos.list[0]!.id}`,
    );
    await page.getByRole('button', { name: `播放：${videos.list[0]!.title}` }).click();
    await expect(page.getByText(first.scenes[0]!.caption)).toBeVisible();
  });

  test(`city ${cityId}: plates, map, rankings and 行情`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const errors = collectErrors(page);
    const [city, { month, plate }] = await Promise.all([cityOf(request, cityId), busiestPlate(request, cityId)]);
    const [detail, estates, areas, mapCity, mapPlates, rankPrice, hot, board, quotation] = await Promise.all([
      api<Figure & { listingYoy: number | null; supply: { listingCount: number } }>(
        request,
        `plate/detail?plateId=${plate.id}`,
      ),
      api<EstateList>(request, `estate/list?cityId=${cityId}&plateId=${plate.id}`),
      api<AreaList>(request, `app/house/areaList?cityId=${cityId}`),
      api<{ list: (Figure & { id: number; name: string })[] }>(request, `map/bubbles?cityId=${cityId}`),
      api<{ list: (Figure & { id: number })[] }>(
        request,
        `map/bubbles?cityId=${cityId}&level=plate&parentId=${plate.districtId}`,
      ),
      // 成交榜 holds every plate with a series row (均价榜 only those on its minimum sample, MIN_LISTING_SAMPLE)
      api<RankList>(request, `rank/list?cityId=${cityId}&rank=deal&type=plate&districtId=${plate.districtId}&size=50`),
      api<RankList>(request, `rank/list?cityId=${cityId}&rank=hot&type=estate&size=50`),
      api<{ month: string; list: (Figure & { id: number; name: string })[] }>(
        request,
        `market/quotation?cityId=${cityId}`,
      ),
      api<{ month: string; series: (Figure & { month: string })[] }>(
        request,
        `market/quotation/detail?level=plate&id=${plate.id}`,
      ),
    ]);
    // The API's own agreement for the newest month, before the pages show it.
    expect([rankPrice.month, board.month, quotation.month]).toEqual([month, month, month]);
    for (const other of [
      detail,
      mapPlates.list.find((b) => b.id === plate.id)!,
      rankPrice.list.find((r) => r.id === plate.id)!,
      quotation.series.at(-1)!,
    ]) {
      expect({ listingAvg: other.listingAvg, listingMom: other.listingMom }).toEqual({
        listingAvg: plate.listingAvg,
        listingMom: plate.listingMom,
      });
    }
    expect(detail.supply.listingCount).toBe(plate.onSaleCount);
    const districtIndex = areas.list.findIndex((d) => d.id === plate.districtId);
    const district = areas.list[districtIndex]!;
    const price = yuan(plate.listingAvg);
    const mom = rateText(plate.listingMom);

    await open(page, `/plate/list?cityId=${cityId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${city.name}板块房价`);
    await expect(page.getByText(`${monthTitle(month)}数据`)).toBeVisible();
    const plateRow = page.locator(`a[href="/${cityId}/plate-detail/${plate.id}"]`);
    await expect(plateRow).toContainText(plate.name);
    await expect(plateRow).toContainText(money(plate.listingAvg));
    await expect(plateRow).toContainText(`${plate.onSaleCount}套`);

    await open(page, `/${cityId}/plate-detail/${plate.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(plate.name);
    await expect(page.getByTestId('plate-price')).toContainText(
      `挂牌均价${price}环比 ${mom}同比 ${rateText(detail.listingYoy)}`,
    );
    await expect(page.getByTestId('plate-supply')).toContainText(`挂牌量${plate.onSaleCount}套`);
    if (cityId === 1401) await page.screenshot({ path: shot(`city-${cityId}-plate-detail`), fullPage: true });

    await open(page, `/${cityId}/plate-detail/${plate.id}/list`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${plate.name}板块小区榜`);
    await expect(page.getByText(`共${estates.total}个小区`)).toBeVisible();
    const estateCards = page.getByRole('list', { name: '小区' }).getByRole('listitem');
    await expect(estateCards.first()).toContainText(estates.list[0]!.name);
    await expect(estateCards.first()).toContainText(money(estates.list[0]!.listingAvg));

    await open(page, `/findArea?cityId=${cityId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${city.name}区域找房`);
    const districtTab = page.getByRole('tablist', { name: '区县' }).getByRole('tab').nth(districtIndex);
    await expect(districtTab).toContainText(district.name);
    await expect(districtTab).toContainText(money(district.listingAvg));

    await open(page, `/findArea/list?cityId=${cityId}&plateId=${plate.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`${plate.name}小区`);
    await expect(page.getByText(`共${estates.total}个小区`)).toBeVisible();

    await open(page, `/${cityId}/map`);
    await expect(page).toHaveTitle(new RegExp(`${city.name}地图找房`));
    await expect(page.getByRole('navigation', { name: '当前区域' })).toContainText(city.name);
    const mapDistrict = mapCity.list.find((d) => d.id === plate.districtId)!;
    await expect(page.locator(`[data-bubble-id="${district.id}"]`)).toContainText(wan(mapDistrict.listingAvg));
    expect(mapDistrict.listingAvg).toBe(district.listingAvg);
    // Every district's bubble is readable: none covers another (重庆's 38 districts once stacked up).
    await expect(page.locator('[data-bubble-id]')).toHaveCount(mapCity.list.length);
    const overlapping = await page.locator('[data-bubble-id]').evaluateAll((links) => {
      const boxes = links.map((l) => ({ name: l.getAttribute('aria-label'), r: l.getBoundingClientRect() }));
      return boxes.flatMap((a, i) =>
        boxes
          .slice(i + 1)
          .filter((b) => a.r.left < b.r.right && b.r.left < a.r.right && a.r.top < b.r.bottom && b.r.top < a.r.bottom)
          .map((b) => `${a.name} / ${b.name}`),
      );
    });
    expect(overlapping).toEqual([]);

    if (cityId === 1301) await page.screenshot({ path: shot(`city-${cityId}-map`), fullPage: true });

    await open(page, `/${cityId}/map?districtId=${plate.districtId}`);
    await expect(page.locator(`[data-bubble-id="${plate.id}"]`)).toContainText(wan(plate.listingAvg));
    const mapRow = page
      .getByRole('region', { name: '板块列表' })
      .getByRole('link')
      .nth(mapPlates.list.findIndex((b) => b.id === plate.id));
    await expect(mapRow).toContainText(plate.name);
    await expect(mapRow).toContainText(`${money(plate.listingAvg)}${mom}`);

    await open(page, `/${cityId}/rank/deal/plate?districtId=${plate.districtId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${district.name}板块成交榜`);
    const rankIndex = rankPrice.list.findIndex((r) => r.id === plate.id);
    const rankRow = page.getByTestId('rank-row').nth(rankIndex);
    await expect(rankRow).toContainText(plate.name);
    await expect(rankRow).toContainText(`${rankPrice.list[rankIndex]!.value}套环比${mom}`);

    await open(page, `/${cityId}/rank`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${city.name}小区热度榜`);
    await expect(page.getByTestId('rank-row').first()).toContainText(hot.list[0]!.name);
    await expect(page.getByTestId('rank-row').first()).toContainText(`热度${hot.list[0]!.value}`);

    await open(page, `/${cityId}/hot-community`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${city.name}热门小区`);
    await expect(page.getByTestId('rank-row')).toHaveCount(hot.list.length);
    await expect(page.getByTestId('rank-row').last()).toContainText(hot.list.at(-1)!.name);

    await open(page, `/quotation?cityId=${cityId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${city.name}房价行情`);
    const boardRow = page.getByTestId('quotation-row').nth(board.list.findIndex((d) => d.id === district.id));
    await expect(boardRow).toContainText(district.name);
    await expect(boardRow).toContainText(money(district.listingAvg));
    await expect(boardRow).toContainText(rateText(district.listingMom));

    await open(page, `/quotation/detail?cityId=${cityId}&level=plate&id=${plate.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${plate.name}房价行情`);
    await expect(page.locator('main')).toContainText(city.name);
    await expect(page.getByText(`${monthTitle(month)}挂牌均价`).locator('..')).toContainText(price);
    await expect(page.locator('main')).toContainText(`环比${mom}`);
    expect(errors).toEqual([]);
  });

  test(`city ${cityId}: reports and the certificate`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const errors = collectErrors(page);
    const [city, { month, plate }, [estate]] = await Promise.all([
      cityOf(request, cityId),
      busiestPlate(request, cityId),
      hotEstates(request, cityId, 1),
    ]);
    interface WeekFigures {
      newListingCount: number;
      priceCutCount: number;
      dealCount: number;
    }
    const [area, cityReport, overview, week, plateWeek, estateWeek] = await Promise.all([
      api<{
        month: string;
        districtName: string;
        figures: Figure;
        plates: (Figure & { id: number; name: string })[];
      }>(request, `report/area?cityId=${cityId}&districtId=${plate.districtId}`),
      api<{ month: string; figures: Figure }>(request, `report/city?cityId=${cityId}`),
      api<{ month: string; listingAvg: number | null }>(request, `market/city-overview?cityId=${cityId}`),
      api<{ figures: WeekFigures; listingAvg: number | null }>(request, `report/weekly?cityId=${cityId}`),
      api<{ figures: WeekFigures } & Figure>(
        request,
        `report/weekly?cityId=${cityId}&districtId=${plate.districtId}&plateId=${plate.id}`,
      ),
      api<{ figures: WeekFigures }>(request, `report/estate-weekly?estateId=${estate!.id}`),
    ]);
    expect([area.month, cityReport.month, overview.month]).toEqual([month, month, month]);
    expect(cityReport.figures.listingAvg).toBe(overview.listingAvg);
    expect(week.listingAvg).toBe(overview.listingAvg);
    expect({ listingAvg: plateWeek.listingAvg, listingMom: plateWeek.listingMom }).toEqual({
      listingAvg: plate.listingAvg,
      listingMom: plate.listingMom,
    });

    await open(page, `/${cityId}/area-report?districtId=${plate.districtId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${area.districtName}${monthTitle(month)}区域报告`,
    );
    await expect(page.getByTestId('report-listing-avg')).toHaveText(yuan(area.figures.listingAvg));
    const plateRow = page.getByTestId('report-area-row').nth(area.plates.findIndex((p) => p.id === plate.id));
    await expect(plateRow).toContainText(plate.name);
    await expect(plateRow).toContainText(`${yuan(plate.listingAvg)}${rateText(plate.listingMom)}`);

    await open(page, `/${cityId}/city-report`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${city.name}${monthTitle(month)}城市报告`);
    await expect(page.getByTestId('report-listing-avg')).toHaveText(yuan(overview.listingAvg));
    if (cityId === 201) await page.screenshot({ path: shot(`city-${cityId}-city-report`), fullPage: true });

    await open(page, `/${cityId}/week-report`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${city.name}城市周报`);
    await expect(page.getByTestId('week-new-listings')).toHaveText(`${week.figures.newListingCount}套`);
    await expect(page.getByTestId('week-deals')).toHaveText(`${week.figures.dealCount}套`);
    await expect(page.getByTestId('week-listing-avg')).toHaveText(yuan(week.listingAvg));

    await open(page, `/${cityId}/week-report/${plate.districtId}/${plate.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${plate.name}板块周报`);
    await expect(page.getByTestId('week-price-cuts')).toHaveText(`${plateWeek.figures.priceCutCount}次`);
    await expect(page.getByTestId('week-listing-avg')).toHaveText(yuan(plate.listingAvg));
    await expect(page.getByTestId('week-month')).toContainText(`环比 ${rateText(plate.listingMom)}`);

    // The estate report issues (or reuses) the certificate its QR code leads to.
    await open(page, `/${cityId}/house-report?estateId=${estate!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${estate!.name}小区报告`);
    await expect(page.getByTestId('house-listing-avg')).toHaveText(yuan(estate!.listingAvg));
    const certificateId = (await page.getByTestId('certificate-id').innerText()).trim();
    expect(certificateId).toMatch(/^FJT[2-9A-HJ-NP-Z]{11}$/);
    const certificate = await api<{ estateId: number; cityId: number }>(
      request,
      `report/certificate?id=${certificateId}`,
    );
    expect(certificate).toMatchObject({ estateId: estate!.id, cityId });

    await open(page, `/report/certificate/${certificateId}`);
    await expect(page.getByText('真实有效').first()).toBeVisible();
    await expect(page.getByTestId('certificate')).toContainText(estate!.name);
    await expect(page.getByTestId('certificate-id')).toHaveText(certificateId);

    await open(page, `/${cityId}/house-report-weekly?estateId=${estate!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${estate!.name}小区周报`);
    await expect(page.getByTestId('week-new-listings')).toHaveText(`${estateWeek.figures.newListingCount}套`);
    await expect(page.getByTestId('week-deals')).toHaveText(`${estateWeek.figures.dealCount}套`);
    expect(errors).toEqual([]);
  });

  test(`city ${cityId}: new houses, finders, 小区PK and overseas`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const errors = collectErrors(page);
    const [city, { month, plate }, pair] = await Promise.all([
      cityOf(request, cityId),
      busiestPlate(request, cityId),
      hotEstates(request, cityId, 2),
    ]);
    interface Project {
      id: number;
      name: string;
      avgPrice: number | null;
    }
    const [projects, calendar, upcoming, newReport, bargains, weekHouse, overseas] = await Promise.all([
      api<{ total: number; list: Project[] }>(request, `new-house/find-house-base-es?cityId=${cityId}`),
      api<{ month: string; events: { projectName: string }[] }>(request, `new-house/calendar?cityId=${cityId}`),
      api<{ list: (Project & { heat: number | null })[] }>(request, `rank/upcoming?cityId=${cityId}&size=50`),
      api<{ month: string; supply: { permitCount: number; permitUnits: number } }>(
        request,
        `report/new-house?cityId=${cityId}`,
      ),
      api<{ total: number; list: { estateName: string; belowPct: number }[] }>(
        request,
        `house/bargain/list?cityId=${cityId}`,
      ),
      api<{ projects: Project[]; upcoming: Project[] }>(request, `home/week-house?cityId=${cityId}`),
      api<{ list: { id: number }[] }>(request, `overseas/list?cityId=${cityId}`),
    ]);
    const project = projects.list.find((p) => p.avgPrice !== null);
    expect(project, `a priced new-house project in city ${cityId}`).toBeTruthy();
    const [managers, overseasProject] = await Promise.all([
      api<{ list: { id: number; name: string }[] }>(request, `new-house/managers?houseId=${project!.id}`),
      api<{ id: number; name: string; cnyTotalMin: number; rentalYield: number }>(
        request,
        `overseas/detail?id=${overseas.list[0]!.id}`,
      ),
    ]);
    // A budget some plate fits: 300万, or the smallest that reaches one.
    let fit = await api<{
      list: (Figure & { id: number; name: string; listingsInBudget: number })[];
      minBudget: number | null;
    }>(request, `new-house/find-plate-12-5-2?cityId=${cityId}&budget=300`);
    let budget = 300;
    if (fit.list.length === 0) {
      budget = fit.minBudget!;
      fit = await api(request, `new-house/find-plate-12-5-2?cityId=${cityId}&budget=${budget}`);
    }
    expect(newReport.month).toBe(month);

    await open(page, `/${cityId}/house-new`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${city.name}新房`);
    await expect(page.getByText(`共${projects.total}个楼盘`)).toBeVisible();
    const cards = page.getByRole('list', { name: '新房楼盘' }).getByRole('listitem');
    await expect(cards.first()).toContainText(projects.list[0]!.name);
    if (projects.list[0]!.avgPrice !== null)
      await expect(cards.first()).toContainText(yuan(projects.list[0]!.avgPrice));

    await open(page, `/${cityId}/loupan/${project!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(project!.name);
    await expect(page.getByRole('region', { name: '价格' })).toContainText(`参考均价${yuan(project!.avgPrice)}`);
    await expect(page.getByRole('list', { name: '置业顾问' }).getByRole('listitem')).toHaveCount(managers.list.length);

    await open(page, `/${cityId}/loupan/${project!.id}/export`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(project!.name);
    await expect(page.getByRole('region', { name: '价格概况' })).toContainText(yuan(project!.avgPrice));

    const manager = managers.list[0]!;
    await open(page, `/${cityId}/manager/${manager.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(manager.name);
    await expect(page.getByRole('region', { name: '负责楼盘' })).toContainText(project!.name);

    await open(page, `/${cityId}/calendar`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${city.name}开盘日历`);
    await expect(page.getByRole('navigation', { name: '月份' })).toContainText(monthTitle(calendar.month));
    await expect(page.locator('.nh-event')).toHaveCount(calendar.events.length);
    if (calendar.events[0])
      await expect(page.locator('.nh-event').first()).toContainText(calendar.events[0].projectName);

    await open(page, `/${cityId}/rank/upcoming`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${city.name}待开盘榜`);
    const upcomingRows = page.getByRole('list', { name: '待开盘榜' }).locator(':scope > li');
    await expect(upcomingRows).toHaveCount(upcoming.list.length);
    await expect(upcomingRows.first()).toContainText(upcoming.list[0]!.name);

    await open(page, `/${cityId}/house-report-new`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`${city.name}${monthTitle(month)}新房报告`);
    const supply = page.getByRole('region', { name: '供应' });
    await expect(supply).toContainText(`新增预售证${newReport.supply.permitCount}张`);
    await expect(supply).toContainText(`预售房源${newReport.supply.permitUnits}套`);

    await open(page, `/${cityId}/find-house?budget=${budget}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${city.name}帮我找房`);
    await expect(page.getByRole('heading', { name: `${budget}万能买的板块 ${fit.list.length}个` })).toBeVisible();
    const fitRow = page.getByTestId('plate-fit').first();
    await expect(fitRow).toContainText(fit.list[0]!.name);
    await expect(fitRow).toContainText(`预算内在售${fit.list[0]!.listingsInBudget}套`);
    await expect(fitRow).toContainText(
      `${money(fit.list[0]!.listingAvg)}元/㎡环比${rateText(fit.list[0]!.listingMom)}`,
    );
    const fitPlate = fit.list.find((p) => p.id === plate.id);
    if (fitPlate) expect(fitPlate.listingAvg).toBe(plate.listingAvg);

    await open(page, `/${cityId}/find-house-365`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${city.name}捡漏房源`);
    await expect(page.getByText(`共${bargains.total}套捡漏房源`)).toBeVisible();
    const bargain = page.getByTestId('finder-card').first();
    await expect(bargain).toContainText(bargains.list[0]!.estateName);
    await expect(bargain).toContainText(`低于成交均价${bargains.list[0]!.belowPct.toFixed(1)}%`);

    await open(page, `/${cityId}/home-list/week-house`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${city.name}本周好房`);
    await expect(page.getByTestId('project-card')).toHaveCount(weekHouse.projects.length + weekHouse.upcoming.length);
    await expect(page.getByTestId('project-card').first()).toContainText(
      [...weekHouse.projects, ...weekHouse.upcoming][0]!.name,
    );

    const [a, b] = pair as [BasicInfo, BasicInfo];
    await open(page, `/${cityId}/community-pk?a=${a.id}&b=${b.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('小区PK');
    await expect(page.getByTestId('pk-side-a')).toContainText(a.name);
    await expect(page.getByTestId('pk-side-b')).toContainText(b.name);
    const pkCell = (key: 'a' | 'b') =>
      page.locator(`[data-testid="pk-rows"] tr[data-row="listingAvg"] .pk-table__cell--${key}`);
    await expect(pkCell('a')).toHaveText(yuan(a.listingAvg));
    await expect(pkCell('b')).toHaveText(yuan(b.listingAvg));

    // The harness shows the city's own estates (its first two with a 挂牌均价 on estate/list).
    const listed = await api<EstateList>(request, `estate/list?cityId=${cityId}&size=20`);
    const first = listed.list.find((e) => e.listingAvg !== null)!;
    await open(page, `/test-community-pk?cityId=${cityId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('小区PK测试');
    await expect(page.getByTestId('pk-case')).toHaveCount(6);
    await expect(page.getByTestId('pk-case').first().getByTestId('pk-side-a')).toContainText(first.name);

    await open(page, `/${cityId}/overseas-detail/${overseasProject.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overseasProject.name);
    await expect(page.getByTestId('overseas-cny')).toContainText(
      `≈¥${Math.round(overseasProject.cnyTotalMin / 10_000)}万`,
    );
    await expect(page.getByTestId('overseas-yield')).toHaveText(`${overseasProject.rentalYield.toFixed(1)}%`);
    // The project is sold through the city's own office.
    await expect(page.locator('main')).toContainText(`顾问（${city.name}）`);
    if (cityId === 1202) await page.screenshot({ path: shot(`city-${cityId}-overseas`), fullPage: true });

    await open(page, `/${cityId}/overseas-detail/${overseasProject.id}/detail`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(overseasProject.name);
    await expect(page.getByRole('heading', { name: '付款计划' })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

// /{city}/community-pk?a&b 小区PK and its harness /test-community-pk (PAGES.md §3.7, §3.15) on the small seed
// (605 杭州). The two estates come from the running server's 热门搜索; every figure on the page is checked
// against the estate endpoints it comes from (house/basic-info, house/detail, house/deal/overview,
// estate/rent/list, house/header-chart-plate).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface Envelope<T> {
  resultCode: number;
  errMsg: string;
  body: T;
}

interface BasicInfo {
  id: number;
  name: string;
  plateName: string;
  districtName: string;
  listingAvg: number | null;
  listingMom: number | null;
  dealAvg: number | null;
  buildYear: number | null;
  onSaleCount: number;
}

interface Facts {
  buildYear: number | null;
  propertyFee: number | null;
  plotRatio: number | null;
  greeningRate: number | null;
  householdCount: number | null;
}

interface Side {
  basic: BasicInfo;
  facts: Facts;
  dealCount12: number;
  rentAvg: number | null;
}

async function api<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(`/rabbit/v1/${url}`);
  expect(response.status(), url).toBe(200);
  const json = (await response.json()) as Envelope<T>;
  expect(json.resultCode).toBe(0);
  return json.body;
}

async function side(request: APIRequestContext, id: number): Promise<Side> {
  const [basic, facts, overview, rent] = await Promise.all([
    api<BasicInfo>(request, `house/basic-info?houseId=${id}`),
    api<Facts>(request, `house/detail?houseId=${id}`),
    api<{ dealCount12: number }>(request, `house/deal/overview?houseId=${id}`),
    api<{ summary: { rentAvg: number | null } | null }>(request, `estate/rent/list?cityId=605&houseId=${id}&size=1`),
  ]);
  return { basic, facts, dealCount12: overview.dealCount12, rentAvg: rent.summary?.rentAvg ?? null };
}

/** Two hot estates of 杭州 with a 挂牌均价 and different prices (so the price row has a winner). */
async function samplePair(request: APIRequestContext): Promise<[Side, Side]> {
  const hot = await api<{ list: { kind: string; id: number }[] }>(request, 'search/hot?cityId=605');
  const found: BasicInfo[] = [];
  for (const item of hot.list.filter((h) => h.kind === 'estate')) {
    const basic = await api<BasicInfo>(request, `house/basic-info?houseId=${item.id}`);
    if (basic.listingAvg === null || found.some((f) => f.listingAvg === basic.listingAvg)) continue;
    found.push(basic);
    if (found.length === 2) return [await side(request, found[0]!.id), await side(request, found[1]!.id)];
  }
  throw new Error('no two estates with a 挂牌均价 in 热门搜索');
}

const unitPrice = (v: number) => `${v.toLocaleString('en-US')}元/㎡`;
const cell = (page: Page, row: string, sideKey: 'a' | 'b') =>
  page.locator(`[data-testid="pk-rows"] tr[data-row="${row}"] .pk-table__cell--${sideKey}`);

/** Clicks before hydration would be lost: the view marks itself interactive. */
async function interactive(page: Page) {
  await expect(page.getByTestId('community-pk').first()).toHaveAttribute('data-hydrated', '');
}

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('小区PK /{city}/community-pk', () => {
  test('compares two estates row by row with the API figures and an overlaid trend', async ({ page, request }) => {
    const [a, b] = await samplePair(request);
    const path = `/605/community-pk?a=${a.basic.id}&b=${b.basic.id}`;
    // The headless browser has no clipboard to read back: record what the page writes to it.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: {
          writeText: async (text: string) => {
            (window as unknown as { copiedText?: string }).copiedText = text;
          },
        },
      });
    });

    // Server-rendered: both names and the trend SVG are in the HTML.
    const html = await (await request.get(path)).text();
    expect(html).toContain(`<title>${a.basic.name}和${b.basic.name}哪个好 - 小区PK - 房价通</title>`);
    expect(html).toMatch(/<svg[^>]+viewBox/);

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: '小区PK' })).toBeVisible();
    for (const [key, s] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const card = page.getByTestId(`pk-side-${key}`);
      await expect(card.getByRole('link', { name: s.basic.name })).toHaveAttribute(
        'href',
        `/605/house-detail/${s.basic.id}`,
      );
      await expect(card).toContainText(`${s.basic.districtName} · ${s.basic.plateName}`);
      await expect(card).toContainText(/胜出\d+项/);
      await expect(card.getByRole('button', { name: '更换' })).toBeVisible();

      await expect(cell(page, 'listingAvg', key)).toHaveText(unitPrice(s.basic.listingAvg!));
      await expect(cell(page, 'dealAvg', key)).toHaveText(s.basic.dealAvg === null ? '--' : unitPrice(s.basic.dealAvg));
      await expect(cell(page, 'listingMom', key)).toHaveText(/^(持平|上涨\d+\.\d%↑|下跌\d+\.\d%↓|--)$/);
      const built = s.facts.buildYear ?? s.basic.buildYear;
      await expect(cell(page, 'buildYear', key)).toHaveText(built === null ? '--' : `${built}年`);
      await expect(cell(page, 'propertyFee', key)).toHaveText(
        s.facts.propertyFee === null ? '--' : `${s.facts.propertyFee.toFixed(2)}元/㎡·月`,
      );
      await expect(cell(page, 'greeningRate', key)).toHaveText(
        s.facts.greeningRate === null ? '--' : `${Math.round(s.facts.greeningRate * 100)}%`,
      );
      await expect(cell(page, 'householdCount', key)).toHaveText(
        s.facts.householdCount === null ? '--' : `${s.facts.householdCount}户`,
      );
      await expect(cell(page, 'onSaleCount', key)).toHaveText(`${s.basic.onSaleCount}套`);
      await expect(cell(page, 'dealCount12', key)).toHaveText(`${s.dealCount12}套`);
      await expect(cell(page, 'rentAvg', key)).toHaveText(
        s.rentAvg === null ? '--' : `${s.rentAvg.toFixed(1)}元/㎡·月`,
      );
    }
    // The cheaper estate wins 挂牌均价; the newer one wins 建成年代 (unless a tie).
    const cheaper = a.basic.listingAvg! < b.basic.listingAvg! ? 'a' : 'b';
    await expect(cell(page, 'listingAvg', cheaper)).toHaveClass(/is-better/);
    await expect(cell(page, 'listingAvg', cheaper === 'a' ? 'b' : 'a')).not.toHaveClass(/is-better/);
    const rows = page.getByTestId('pk-rows');
    for (const label of [
      '挂牌均价',
      '环比',
      '建成年代',
      '物业费',
      '容积率',
      '绿化率',
      '户数',
      '在售',
      '近12月成交',
      '租金',
      '地铁',
    ])
      await expect(rows.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
    await expect(rows).toContainText('高亮为更优一方');

    const trend = page.getByTestId('pk-trend');
    await expect(trend.getByRole('heading', { name: '近12个月挂牌均价走势' })).toBeVisible();
    await expect(trend.locator('figcaption')).toHaveText(/^近12个月/);
    await expect(trend.locator('svg')).toHaveCount(1);
    await noOverflow(page);
    await page.screenshot({ path: shot('community-pk'), fullPage: true });

    // 交换 puts B on the left.
    await interactive(page);
    await page.getByTestId('pk-swap').click();
    await expect(page).toHaveURL(`/605/community-pk?a=${b.basic.id}&b=${a.basic.id}`);
    await expect(page.getByTestId('pk-side-a')).toContainText(b.basic.name);
    await expect(cell(page, 'listingAvg', 'a')).toHaveText(unitPrice(b.basic.listingAvg!));

    // 分享 copies the link of this comparison.
    await interactive(page);
    await page.getByTestId('pk-share').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { copiedText?: string }).copiedText))
      .toMatch(new RegExp(`/605/community-pk\\?a=${b.basic.id}&b=${a.basic.id}$`));
  });

  test('an empty side is a picker; typing finds estates through search/suggest', async ({ page, request }) => {
    const [a, b] = await samplePair(request);
    await page.goto(`/605/community-pk?a=${a.basic.id}`);
    const sideB = page.getByTestId('pk-side-b');
    await expect(sideB.getByRole('button', { name: /选择小区/ })).toBeVisible();
    await expect(cell(page, 'listingAvg', 'a')).toHaveText(unitPrice(a.basic.listingAvg!));
    await expect(cell(page, 'listingAvg', 'b')).toHaveText('--');
    await expect(page.getByTestId('pk-rows')).toContainText('再选一个小区');
    await page.screenshot({ path: shot('community-pk-one-side'), fullPage: true });

    await interactive(page);
    await sideB.getByRole('button', { name: /选择小区/ }).click();
    const picker = page.getByTestId('pk-picker');
    await expect(picker.getByRole('heading', { name: '选择小区（B）' })).toBeVisible();
    await expect(picker).toContainText('热门小区');
    const suggest = page.waitForResponse((r) => r.url().includes('/rabbit/v1/search/suggest'));
    await picker.getByRole('searchbox').fill(b.basic.name);
    await suggest;
    const item = picker.getByRole('button', { name: new RegExp(b.basic.name) }).first();
    await expect(item).toBeVisible();
    await page.screenshot({ path: shot('community-pk-picker') });
    await item.click();
    await expect(page).toHaveURL(`/605/community-pk?a=${a.basic.id}&b=${b.basic.id}`);
    await expect(page.getByTestId('pk-side-b')).toContainText(b.basic.name);
  });

  test('unknown ids: 小区不存在 on that side, the picker state when both are unknown', async ({ page, request }) => {
    const [a] = await samplePair(request);
    await page.goto(`/605/community-pk?a=${a.basic.id}&b=999999999`);
    await expect(page.getByTestId('pk-side-b')).toContainText('小区不存在');
    await expect(page.getByTestId('pk-side-b').getByRole('button', { name: '重新选择' })).toBeVisible();
    await expect(page.getByTestId('pk-side-a')).toContainText(a.basic.name);
    await expect(cell(page, 'listingAvg', 'a')).toHaveText(unitPrice(a.basic.listingAvg!));

    await page.goto('/605/community-pk?a=999999999&b=abc');
    await expect(page.getByText('所选小区不存在，请重新选择')).toBeVisible();
    await expect(page.getByTestId('pk-empty')).toContainText('选择两个小区');
    await expect(page.getByTestId('pk-rows')).toHaveCount(0);
    await expect(page.getByTestId('pk-swap')).toHaveCount(0);

    await page.goto('/605/community-pk');
    await expect(page.getByTestId('pk-side-a').getByRole('button', { name: /选择小区/ })).toBeVisible();
    await expect(page.getByTestId('pk-side-b').getByRole('button', { name: /选择小区/ })).toBeVisible();
    await interactive(page);
    await page.getByTestId('pk-empty').getByRole('button', { name: '选择小区' }).click();
    await expect(page.getByTestId('pk-picker').getByRole('heading', { name: '选择小区（A）' })).toBeVisible();
    await page.screenshot({ path: shot('community-pk-empty') });

    const unknownCity = await request.get('/999999/community-pk');
    expect(unknownCity.status()).toBe(404);
  });
});

test.describe('小区PK测试 /test-community-pk', () => {
  test('renders the fixture cases without breaking the 375 px column', async ({ page, request }) => {
    const html = await (await request.get('/test-community-pk')).text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');

    await page.goto('/test-community-pk');
    await expect(page.getByRole('heading', { level: 1, name: '小区PK测试' })).toBeVisible();
    const cases = page.getByTestId('pk-case');
    await expect(cases).toHaveCount(6);
    await expect(cases.nth(0).getByTestId('pk-trend').locator('svg')).toHaveCount(1);
    // '--' case: every B figure is missing and nothing is highlighted.
    const blank = cases.nth(1);
    await expect(blank.locator('.pk-table__cell--b')).toHaveText(Array(12).fill('--'));
    await expect(blank.locator('.is-better')).toHaveCount(0);
    await expect(cases.nth(2).getByTestId('pk-side-b')).toContainText('选择小区');
    await expect(cases.nth(3).getByTestId('pk-side-b')).toContainText('小区不存在');
    await expect(cases.nth(5).getByTestId('pk-empty')).toBeVisible();

    // Long names wrap within their cards (two lines at most) and nothing is wider than the phone.
    const longName = cases.nth(4).getByTestId('pk-side-a').locator('.pk-side__name');
    await expect(longName).toContainText('紫金港路与文一西路交叉口');
    const box = await longName.boundingBox();
    const card = await cases.nth(4).getByTestId('pk-side-a').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(card!.x + card!.width);
    expect(box!.height).toBeLessThan(50);
    await noOverflow(page);
    await cases.nth(1).screenshot({ path: shot('test-community-pk-missing-fields') });
    await cases.nth(3).screenshot({ path: shot('test-community-pk-unknown-side') });
    await cases.nth(4).screenshot({ path: shot('test-community-pk-long-names') });
    await page.screenshot({ path: shot('test-community-pk'), fullPage: true });
    // The harness takes its city from ?cityId like every route without {city}; an unknown one is a 404.
    expect((await request.get('/test-community-pk?cityId=7')).status()).toBe(404);
  });
});

// Issue 10 "an app, not a set of pages" on the small seed (605 杭州): drawn visuals instead of missing photos
// (floor plans per unit type and per listing, an estate site plan), the building list that grows with
// 展开全部 instead of scrolling inside a box, the estate page's way on (小区报告, 加入对比, 成交, 在售),
// and the scroll hint of wide tables. The estate comes from the running server's API, not from a fixed id.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface Envelope<T> {
  resultCode: number;
  body: T;
}

async function api<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(`/rabbit/v1/${url}`);
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as Envelope<T>).body;
}

interface RoomTypes {
  list: {
    rooms: number;
    onSaleCount: number;
    layout: { rooms: number; halls: number; baths: number; area: number } | null;
  }[];
}

/** A hot estate with more than 10 buildings (so 展开全部 shows) and drawn unit types. */
async function sampleEstate(request: APIRequestContext) {
  const hot = await api<{ list: { kind: string; id: number }[] }>(request, 'search/hot?cityId=605');
  for (const item of hot.list.filter((h) => h.kind === 'estate')) {
    const buildings = await api<{ list: { id: number; name: string }[] }>(
      request,
      `house/buildingAnalysis?houseId=${item.id}`,
    );
    const roomTypes = await api<RoomTypes>(request, `house/roomTypeAnalysis?houseId=${item.id}`);
    if (buildings.list.length > 10 && roomTypes.list.some((r) => r.layout))
      return { id: item.id, buildings: buildings.list, roomTypes };
  }
  throw new Error('no hot estate with more than 10 buildings');
}

test.describe('小区详情: drawn floor plans, site plan, building list, links', () => {
  test('户型分析 draws one floor plan per unit type, rendered on the server', async ({ page, request }) => {
    const estate = await sampleEstate(request);
    const drawn = estate.roomTypes.list.filter((r) => r.layout);
    const html = await (await request.get(`/605/house-detail/${estate.id}`)).text();
    // in the server's HTML: an SVG per unit type, labelled rooms, and no caption about missing photos
    expect(html.match(/data-testid="floor-plan"/g)).toHaveLength(drawn.length);
    expect(html).toContain('>卧室</text>');
    expect(html).not.toMatch(/暂无图片|暂无照片/);

    await page.goto(`/605/house-detail/${estate.id}`);
    const section = page.getByTestId('estate-room-types');
    const cards = section.getByTestId('estate-unit-types').locator('li');
    await expect(cards).toHaveCount(drawn.length);
    const first = drawn[0]!;
    const l = first.layout!;
    await expect(cards.first().getByRole('img')).toHaveAttribute(
      'aria-label',
      `${l.rooms}室${l.halls ? `${l.halls}厅` : ''}${l.baths}卫 约${Math.round(l.area)}㎡户型示意图`,
    );
    if (first.onSaleCount > 0)
      await expect(cards.first().getByRole('link')).toHaveAttribute(
        'href',
        `/605/house-resold/${estate.id}?rooms=${first.rooms}`,
      );
    await expect(section).toContainText('户型图为示意');
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: shot('estate-room-types') });
  });

  test('楼栋分析: a site plan of every building and 10 rows that 展开全部 grows, not a scroll box', async ({
    page,
    request,
  }) => {
    const estate = await sampleEstate(request);
    await page.goto(`/605/house-detail/${estate.id}`);
    const section = page.getByTestId('estate-buildings');
    await expect(section.getByTestId('site-plan').locator('.site-plan__building')).toHaveCount(estate.buildings.length);
    await expect(section.getByTestId('site-plan').getByRole('img')).toHaveAttribute(
      'aria-label',
      `楼栋分布示意图，共${estate.buildings.length}栋`,
    );
    const rows = section.locator('.estate-building');
    await expect(rows).toHaveCount(10);
    // the list is as tall as its rows: nothing scrolls inside it
    const list = section.locator('.estate-buildings');
    expect(await list.evaluate((el) => [getComputedStyle(el).overflowY, el.scrollHeight - el.clientHeight])).toEqual([
      'visible',
      0,
    ]);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: shot('estate-buildings') });

    const expand = section.getByRole('button', { name: `展开全部${estate.buildings.length}栋` });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expand.click();
    await expect(rows).toHaveCount(estate.buildings.length);
    await expect(rows.last()).toContainText(estate.buildings.at(-1)!.name);
    await section.getByRole('button', { name: '收起' }).click();
    await expect(rows).toHaveCount(10);
  });

  test('links to 小区报告, 加入对比, its deals and its listings', async ({ page, request }) => {
    const estate = await sampleEstate(request);
    await page.goto(`/605/house-detail/${estate.id}`);
    const nav = page.getByTestId('estate-shortcuts');
    const expected: [string, string][] = [
      ['小区报告', `/605/house-report?estateId=${estate.id}`],
      ['加入对比', `/605/community-pk?a=${estate.id}`],
      ['成交记录', `/605/deal-history/${estate.id}`],
      ['在售房源', `/605/house-resold/${estate.id}`],
    ];
    for (const [name, href] of expected) await expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    await page.screenshot({ path: shot('estate-shortcuts') });
    // 加入对比 opens the PK with this estate on side A
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await nav.getByRole('link', { name: '加入对比' }).click();
    await expect(page).toHaveURL(new RegExp(`/605/community-pk\\?a=${estate.id}$`));
    await expect(page.getByTestId('pk-side-a')).toContainText(name);
    for (const [, href] of expected) expect((await request.get(href)).status(), href).toBe(200);
  });
});

test.describe('listings: a drawn floor plan instead of a photo', () => {
  test('each listing card and the property page draw the unit from its rooms, halls, baths and area', async ({
    page,
    request,
  }) => {
    const estate = await sampleEstate(request);
    await page.goto(`/605/house-resold/${estate.id}`);
    const cards = page.locator('a.listing-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.locator('a.listing-card [data-testid="floor-plan"]')).toHaveCount(await cards.count());
    // the card's plan is the unit of its title: '3室2厅 · 101.04㎡ · 东'
    const card = cards.first();
    const title = (await card.locator('.listing-card__title').textContent())!;
    const [, rooms, halls, area] = /^(\d+)室(?:(\d+)厅)? · ([\d.]+)㎡/.exec(title)!;
    const label = await card.getByTestId('floor-plan').getByRole('img').getAttribute('aria-label');
    expect(label).toMatch(
      new RegExp(`^${rooms}室${halls ? `${halls}厅` : ''}(\\d)卫 约${Math.round(Number(area))}㎡户型示意图$`),
    );
    const baths = Number(/(\d)卫/.exec(label!)![1]);
    await card.screenshot({ path: shot('listing-card-floor-plan') });
    const id = (await card.getAttribute('href'))!.split('/').at(-1)!;
    const l = { id, rooms: Number(rooms), baths };

    await page.goto(`/605/property/${l.id}`);
    const plan = page.getByRole('region', { name: '户型图' });
    await expect(plan.getByTestId('floor-plan').locator('.floor-plan__room--bedroom')).toHaveCount(
      Math.min(Math.max(l.rooms, 1), 6),
    );
    await expect(plan.locator('.floor-plan__room--bath')).toHaveCount(Math.min(Math.max(l.baths, 1), 3));
    await expect(plan).toContainText('示意图');
    // the same listing draws the same plan in the server's HTML and after hydration
    const ssr = await (await request.get(`/605/property/${l.id}`)).text();
    const hydrated = await plan.locator('svg').evaluate((svg) => svg.querySelector('rect')!.getAttribute('width'));
    expect(ssr).toContain(`width="${hydrated}"`);
    await plan.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('property-floor-plan') });
  });
});

test.describe('wide tables', () => {
  test('a table wider than the phone shows 左右滑动查看 and edge shadows until scrolled to its end', async ({
    page,
  }) => {
    await page.goto('/quotation?cityId=605');
    const table = page.getByRole('region', { name: '各区行情（可左右滑动）' });
    const box = table.locator('xpath=..');
    const hint = box.getByTestId('wide-table-hint');
    await expect(hint).toBeVisible();
    await expect(hint).toHaveText('左右滑动查看 →');
    expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await table.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('radial-gradient');
    await box.screenshot({ path: shot('wide-table-hint') });
    await table.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(hint).toBeHidden();
  });
});

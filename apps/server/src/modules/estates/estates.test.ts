// The estate detail endpoints (PAGES.md §3.2) on a real database with a few fixture rows: valid input,
// missing/invalid input (400, Chinese errMsg), unknown estate (404); the figures agree with the rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { schema } from '@fjt/db';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { handleExec, refreshEstateStats } from '@fjt/dataset';
import { buildApp } from '../../app.ts';

let database: TestDatabase;
let app: FastifyInstance;

const ESTATE = 101;
const NEIGHBOUR = 102;
const FAR = 103;
const PLATE = 330106001;
const DISTRICT = 330106;

const listingBase = {
  cityId: 605,
  districtId: DISTRICT,
  plateId: PLATE,
  estateId: ESTATE,
  halls: 1,
  baths: 1,
  orientation: '南',
  totalFloors: 18,
  decoration: '精装',
  hasElevator: true,
  yearsHeld: '满五',
  onlyHome: true,
  ownership: '商品房',
  mortgaged: false,
};

const dealBase = {
  cityId: 605,
  districtId: DISTRICT,
  plateId: PLATE,
  estateId: ESTATE,
  halls: 1,
  source: 'agency',
};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.insert(schema.city).values([
    { id: 605, name: '杭州', pinyin: 'hangzhou', adcode: '330100', province: '浙江省', isHot: true },
    { id: 606, name: '宁波', pinyin: 'ningbo', adcode: '330200', province: '浙江省' },
  ]);
  await db.insert(schema.district).values({
    id: DISTRICT,
    cityId: 605,
    name: '西湖区',
    adcode: '330106',
    ring: 'core',
    centerLng: 120.13,
    centerLat: 30.26,
  });
  await db
    .insert(schema.plate)
    .values({ id: PLATE, cityId: 605, districtId: DISTRICT, name: '文新', lng: 120.11, lat: 30.29 });
  await db.insert(schema.metroStation).values({
    id: 1,
    cityId: 605,
    lineId: 2,
    name: '文新',
    seq: 1,
    lng: 120.11,
    lat: 30.29,
  });
  const estate = (id: number, name: string, lng: number, lat: number) => ({
    id,
    cityId: 605,
    districtId: DISTRICT,
    plateId: PLATE,
    name,
    lng,
    lat,
    buildYear: 2008,
    buildingType: '板楼',
    tenureYears: 70,
    buildingCount: 2,
    householdCount: 320,
    plotRatio: 2.2,
    greeningRate: 0.35,
    propertyFee: 2.5,
    propertyCompany: '绿城物业',
    developer: '绿城集团',
    parkingRatio: 0.8,
    nearestStationId: 1,
    stationDistanceM: 450,
    tags: ['近地铁', '次新房'],
  });
  await db
    .insert(schema.estate)
    .values([
      estate(ESTATE, '文新花园', 120.1, 30.28),
      estate(NEIGHBOUR, '文新北苑', 120.103, 30.282),
      estate(FAR, '蒋村花园', 120.15, 30.3),
    ]);
  await db.insert(schema.building).values([
    {
      id: 1,
      estateId: ESTATE,
      name: '1幢',
      floors: 18,
      elevators: 2,
      householdsPerFloor: 4,
      hasElevator: true,
      householdCount: 144,
      layouts: [
        { rooms: 2, halls: 1, baths: 1, area: 89 },
        { rooms: 3, halls: 2, baths: 2, area: 120 },
      ],
    },
    {
      id: 2,
      estateId: ESTATE,
      name: '2幢',
      floors: 6,
      elevators: 0,
      householdsPerFloor: 2,
      hasElevator: false,
      householdCount: 12,
      layouts: [{ rooms: 2, halls: 1, baths: 1, area: 75 }],
    },
  ]);
  // On sale now: unit prices 50,000 / 40,000 / 45,000 → 挂牌均价 45,000.
  await db.insert(schema.listing).values([
    {
      ...listingBase,
      id: 1,
      buildingId: 1,
      rooms: 2,
      area: 90,
      floor: 3,
      totalPrice: 4_500_000,
      unitPrice: 50_000,
      initialTotalPrice: 4_700_000,
      initialUnitPrice: 52_222,
      listedAt: '2026-06-20',
      status: 'on_sale',
      agentId: 1,
      priceChangeCount: 1,
    },
    {
      ...listingBase,
      id: 2,
      buildingId: 1,
      rooms: 3,
      area: 120,
      floor: 15,
      totalPrice: 4_800_000,
      unitPrice: 40_000,
      initialTotalPrice: 4_800_000,
      initialUnitPrice: 40_000,
      listedAt: '2026-03-01',
      status: 'on_sale',
    },
    {
      ...listingBase,
      id: 3,
      buildingId: 2,
      rooms: 2,
      area: 40,
      floor: 2,
      totalPrice: 1_800_000,
      unitPrice: 45_000,
      initialTotalPrice: 1_800_000,
      initialUnitPrice: 45_000,
      listedAt: '2026-05-10',
      status: 'on_sale',
    },
    {
      ...listingBase,
      id: 4,
      rooms: 2,
      area: 89,
      floor: 5,
      totalPrice: 4_000_000,
      unitPrice: 44_944,
      initialTotalPrice: 4_000_000,
      initialUnitPrice: 44_944,
      listedAt: '2025-10-01',
      status: 'sold',
      endedAt: '2026-06-05',
    },
    {
      ...listingBase,
      id: 5,
      estateId: NEIGHBOUR,
      rooms: 1,
      area: 50,
      floor: 3,
      totalPrice: 2_000_000,
      unitPrice: 40_000,
      initialTotalPrice: 2_000_000,
      initialUnitPrice: 40_000,
      listedAt: '2026-04-01',
      status: 'on_sale',
    },
  ]);
  await db.insert(schema.listingPriceChange).values({
    listingId: 1,
    seq: 1,
    changedAt: '2026-06-25',
    oldTotalPrice: 4_700_000,
    newTotalPrice: 4_500_000,
    newUnitPrice: 50_000,
  });
  // June deals: 44,000 and 42,000 → 成交均价 43,000; May: 40,000.
  await db.insert(schema.deal).values([
    {
      ...dealBase,
      id: 1,
      buildingId: 1,
      listingId: 4,
      dealDate: '2026-06-05',
      totalPrice: 3_916_000,
      unitPrice: 44_000,
      rooms: 2,
      area: 89,
      floor: 5,
      totalFloors: 18,
      orientation: '南',
      listTotalPrice: 4_000_000,
      bargainPct: 2.1,
      cycleDays: 247,
      agentId: 1,
    },
    {
      ...dealBase,
      id: 2,
      buildingId: 1,
      dealDate: '2026-06-18',
      totalPrice: 5_040_000,
      unitPrice: 42_000,
      rooms: 3,
      area: 120,
      source: 'netsign',
    },
    {
      ...dealBase,
      id: 3,
      buildingId: 2,
      dealDate: '2026-05-02',
      totalPrice: 3_000_000,
      unitPrice: 40_000,
      rooms: 2,
      area: 75,
      agentId: 1,
    },
    { ...dealBase, id: 4, dealDate: '2024-01-02', totalPrice: 2_800_000, unitPrice: 35_000, rooms: 2, area: 80 },
  ]);
  await db.insert(schema.rental).values({
    id: 1,
    cityId: 605,
    districtId: DISTRICT,
    plateId: PLATE,
    estateId: ESTATE,
    rentType: 'whole',
    rooms: 2,
    halls: 1,
    area: 89,
    orientation: '南',
    floor: 6,
    totalFloors: 18,
    decoration: '精装',
    monthlyRent: 6500,
    rentPerSqm: 73,
    paymentMethod: '押一付三',
    listedAt: '2026-06-01',
    status: 'on_rent',
  });
  await db.insert(schema.agent).values([
    {
      id: 1,
      cityId: 605,
      name: '王磊',
      company: '链家',
      store: '链家文新店',
      years: 6,
      rating: 4.8,
      showingCount: 300,
      dealCount: 40,
      wechatNo: 'fjt_wl',
    },
    {
      id: 2,
      cityId: 605,
      name: '李娜',
      company: '我爱我家',
      store: '我爱我家文新店',
      years: 3,
      rating: 4.5,
      showingCount: 120,
      dealCount: 10,
    },
  ]);
  await db.insert(schema.agentEstate).values([
    { agentId: 1, estateId: ESTATE },
    { agentId: 2, estateId: ESTATE },
  ]);
  const series = (
    level: string,
    targetId: number,
    month: string,
    v: Partial<typeof schema.priceSeries.$inferInsert>,
  ) => ({
    level,
    targetId,
    cityId: 605,
    month,
    ...v,
  });
  await db.insert(schema.priceSeries).values([
    series('city', 605, '2026-05-01', { listingAvg: 30_000, dealAvg: 29_000 }),
    series('city', 605, '2026-06-01', { listingAvg: 30_300, dealAvg: 29_500 }),
    series('estate', ESTATE, '2025-07-01', { listingAvg: 42_000, listingCount: 2 }),
    series('estate', ESTATE, '2026-05-01', { listingAvg: 44_000, listingCount: 3, dealAvg: 40_000, dealCount: 1 }),
    series('estate', ESTATE, '2026-06-01', {
      listingAvg: 45_000,
      listingCount: 3,
      dealAvg: 43_000,
      dealCount: 2,
      premium: 1.125,
    }),
    series('estate', NEIGHBOUR, '2026-06-01', { listingAvg: 40_000, listingCount: 1 }),
    series('plate', PLATE, '2025-07-01', { listingAvg: 40_000 }),
    series('plate', PLATE, '2026-06-01', { listingAvg: 41_000 }),
    series('district', DISTRICT, '2026-06-01', { listingAvg: 38_000 }),
  ]);
  // what a data load does after writing rows: the estate pages' figures (estate_stats)
  await refreshEstateStats(handleExec(database), 605);
  app = await buildApp({ env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false }, database });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

type Json = { resultCode: number; errMsg: string; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

async function get(url: string): Promise<{ status: number; json: Json }> {
  const res = await app.inject(`/rabbit/v1/${url}`);
  return { status: res.statusCode, json: res.json() as Json };
}

async function expectBadRequest(url: string, message: RegExp) {
  const { status, json } = await get(url);
  expect(status, url).toBe(400);
  expect(json.resultCode).not.toBe(0);
  expect(json.errMsg).toMatch(/[\u4e00-\u9fa5]/);
  expect(json.errMsg).toMatch(message);
}

async function expectUnknownEstate(url: string) {
  const { status, json } = await get(url);
  expect(status, url).toBe(404);
  expect(json).toMatchObject({ resultCode: 404, errMsg: '小区不存在', body: null });
}

/** Endpoints taking houseId alone (+ optional extras). */
const BY_HOUSE_ID = [
  'house/basic-info',
  'house/basic-info/quotations',
  'house/detail',
  'house/general',
  'house/header-chart-plate',
  'house/roomTypeAnalysis',
  'house/totalPriceAnalysis',
  'house/buildingAnalysis',
  'house/listing-analysis',
  'house/analysisDataSource',
  'consultation/around/list',
  'house/deal/list',
  'house/listing/list',
];

describe('input validation and unknown estates', () => {
  it.each(BY_HOUSE_ID)('%s: 400 without or with a malformed houseId, 404 for an unknown one', async (path) => {
    await expectBadRequest(path, /houseId 不能为空/);
    await expectBadRequest(`${path}?houseId=abc`, /houseId 格式不正确/);
    await expectBadRequest(`${path}?houseId=-3`, /houseId 格式不正确/);
    await expectBadRequest(`${path}?houseId=1.5`, /houseId 格式不正确/);
    await expectUnknownEstate(`${path}?houseId=999999`);
  });

  it('list drill-downs validate their filter', async () => {
    await expectBadRequest(`house/roomTypeAnalysisList?houseId=${ESTATE}`, /rooms/);
    await expectBadRequest(`house/roomTypeAnalysisList?houseId=${ESTATE}&rooms=9`, /rooms 只能是 1 到 5/);
    await expectUnknownEstate('house/roomTypeAnalysisList?houseId=999999&rooms=2');
    await expectBadRequest(`house/totalPriceAnalysisList?houseId=${ESTATE}&band=0`, /band 只能是 1 到 6/);
    await expectUnknownEstate('house/totalPriceAnalysisList?houseId=999999&band=2');
  });

  it('pages are 20 rows at most', async () => {
    await expectBadRequest(`house/deal/list?houseId=${ESTATE}&size=21`, /size 最多为 20/);
    await expectBadRequest(`house/listing/list?houseId=${ESTATE}&page=0`, /page 至少为 1/);
  });

  it('trend windows are 12 or 36 months', async () => {
    await expectBadRequest(`house/header-chart-plate?houseId=${ESTATE}&months=24`, /months 只能是 12 或 36/);
    await expectBadRequest(`house/basic-info/quotations?houseId=${ESTATE}&months=x`, /months 只能是 12 或 36/);
  });
});

describe('house/basic-info', () => {
  it('gives the latest month’s averages, MoM, premium and counts — equal to the rows’ aggregates', async () => {
    const { status, json } = await get(`house/basic-info?houseId=${ESTATE}`);
    expect(status).toBe(200);
    expect(json.body).toMatchObject({
      id: ESTATE,
      cityId: 605,
      name: '文新花园',
      districtName: '西湖区',
      plateName: '文新',
      tags: ['近地铁', '次新房'],
      month: '2026-06',
      listingAvg: 45_000,
      listingMom: 2.27,
      dealAvg: 43_000,
      dealMonth: '2026-06',
      dealMom: 7.5,
      premium: 1.125,
      onSaleCount: 3,
      onRentCount: 1,
    });
    // The same figures from the rows the page lists.
    const listings = (await get(`house/listing/list?houseId=${ESTATE}`)).json.body.list as { unitPrice: number }[];
    expect(listings).toHaveLength(json.body.onSaleCount);
    expect(Math.round(listings.reduce((s, l) => s + l.unitPrice, 0) / listings.length)).toBe(json.body.listingAvg);
    const deals = (await get(`house/deal/list?houseId=${ESTATE}`)).json.body.list as {
      dealDate: string;
      unitPrice: number;
    }[];
    const june = deals.filter((d) => d.dealDate.startsWith('2026-06'));
    expect(Math.round(june.reduce((s, d) => s + d.unitPrice, 0) / june.length)).toBe(json.body.dealAvg);
  });

  it('has null averages (not zero) for an estate without series rows', async () => {
    const { json } = await get(`house/basic-info?houseId=${FAR}`);
    expect(json.body).toMatchObject({
      listingAvg: null,
      listingMom: null,
      dealAvg: null,
      premium: null,
      onSaleCount: 0,
    });
  });
});

describe('house/basic-info/quotations and house/header-chart-plate', () => {
  it('lists every month of the window, oldest first', async () => {
    const { json } = await get(`house/basic-info/quotations?houseId=${ESTATE}`);
    expect(json.body.months).toBe(12);
    expect(json.body.list).toHaveLength(12);
    expect(json.body.list[0]).toMatchObject({ month: '2025-07', listingAvg: 42_000, dealAvg: null, dealCount: 0 });
    expect(json.body.list[11]).toMatchObject({ month: '2026-06', listingAvg: 45_000, dealAvg: 43_000, dealCount: 2 });
    const long = await get(`house/basic-info/quotations?houseId=${ESTATE}&months=36`);
    expect(long.json.body.list).toHaveLength(36);
    expect(long.json.body.list[0].month).toBe('2023-07');
  });

  it('draws the estate against its plate and district with each one’s change', async () => {
    const { json } = await get(`house/header-chart-plate?houseId=${ESTATE}`);
    expect(json.body.months).toHaveLength(12);
    const [estate, plate, district] = json.body.series;
    expect(estate).toMatchObject({ level: 'estate', name: '文新花园', change: 7.14 });
    expect(estate.values.at(-1)).toBe(45_000);
    expect(plate).toMatchObject({ level: 'plate', name: '文新', change: 2.5 });
    expect(district).toMatchObject({ level: 'district', name: '西湖区', change: null });
  });
});

describe('house/detail and house/general', () => {
  it('gives the facts', async () => {
    const { json } = await get(`house/detail?houseId=${ESTATE}`);
    expect(json.body).toMatchObject({
      buildYear: 2008,
      plotRatio: 2.2,
      greeningRate: 0.35,
      propertyFee: 2.5,
      buildingCount: 2,
      householdCount: 320,
      developer: '绿城集团',
      propertyCompany: '绿城物业',
      parkingRatio: 0.8,
      nearestStation: '文新',
      stationDistanceM: 450,
    });
  });

  it('sums the estate up in one line with spec §5 figures', async () => {
    const { json } = await get(`house/general?houseId=${ESTATE}`);
    expect(json.body.summary).toBe(
      '文新花园位于西湖区文新，2008年建成，共2栋320户；2026年6月挂牌均价45,000元/㎡，环比上涨2.3%，在售3套、在租1套。',
    );
  });
});

describe('analyses', () => {
  it('house/roomTypeAnalysis groups on-sale listings and the last 12 months of deals by rooms', async () => {
    const { json } = await get(`house/roomTypeAnalysis?houseId=${ESTATE}`);
    expect(json.body).toMatchObject({ onSaleCount: 3, dealCount: 3 });
    expect(json.body.list).toEqual([
      {
        rooms: 2,
        label: '2室',
        onSaleCount: 2,
        listingAvg: 47_500,
        avgTotalPrice: 3_150_000,
        minArea: 40,
        maxArea: 90,
        dealCount: 2,
        dealAvg: 42_000,
        // 1幢's 89㎡ (144 households over two 户型) outweighs 2幢's 75㎡ (12 households)
        layout: { rooms: 2, halls: 1, baths: 1, area: 89 },
      },
      {
        rooms: 3,
        label: '3室',
        onSaleCount: 1,
        listingAvg: 40_000,
        avgTotalPrice: 4_800_000,
        minArea: 120,
        maxArea: 120,
        dealCount: 1,
        dealAvg: 42_000,
        layout: { rooms: 3, halls: 2, baths: 2, area: 120 },
      },
    ]);
    const list = await get(`house/roomTypeAnalysisList?houseId=${ESTATE}&rooms=2`);
    expect(list.json.body.total).toBe(2);
    expect(list.json.body.list.map((l: { id: number }) => l.id)).toEqual([1, 3]);
  });

  it('house/totalPriceAnalysis counts by 总价段', async () => {
    const { json } = await get(`house/totalPriceAnalysis?houseId=${ESTATE}`);
    expect(json.body).toMatchObject({ onSaleCount: 3, dealCount: 3, avgTotalPrice: 3_700_000 });
    expect(
      json.body.list.map((b: { label: string; onSaleCount: number; dealCount: number }) => [
        b.label,
        b.onSaleCount,
        b.dealCount,
      ]),
    ).toEqual([
      ['200万以下', 1, 0],
      ['200-300万', 0, 0],
      ['300-500万', 2, 2],
      ['500-800万', 0, 1],
      ['800-1200万', 0, 0],
      ['1200万以上', 0, 0],
    ]);
    const list = await get(`house/totalPriceAnalysisList?houseId=${ESTATE}&band=3`);
    expect(list.json.body.list.map((l: { id: number }) => l.id)).toEqual([1, 2]);
  });

  it('house/buildingAnalysis describes each building', async () => {
    const { json } = await get(`house/buildingAnalysis?houseId=${ESTATE}`);
    expect(json.body.list).toEqual([
      {
        id: 1,
        name: '1幢',
        floors: 18,
        elevatorRatio: '2梯4户',
        hasElevator: true,
        householdCount: 144,
        layouts: ['2室1厅 89㎡', '3室2厅 120㎡'],
        onSaleCount: 2,
        listingAvg: 45_000,
        dealCount: 2,
        dealAvg: 43_000,
      },
      {
        id: 2,
        name: '2幢',
        floors: 6,
        elevatorRatio: '无电梯·每层2户',
        hasElevator: false,
        householdCount: 12,
        layouts: ['2室1厅 75㎡'],
        onSaleCount: 1,
        listingAvg: 45_000,
        dealCount: 1,
        dealAvg: 40_000,
      },
    ]);
  });

  it('house/listing-analysis gives the supply of the last 30 days', async () => {
    const { json } = await get(`house/listing-analysis?houseId=${ESTATE}`);
    expect(json.body).toEqual({
      onSaleCount: 3,
      newCount30d: 1,
      cutCount30d: 1,
      medianDaysListed: 51,
      avgBargainPct: 2.1,
      avgCycleDays: 247,
      asOf: '2026-06-30',
    });
  });

  it('house/analysisDataSource counts what the figures come from', async () => {
    const { json } = await get(`house/analysisDataSource?houseId=${ESTATE}`);
    expect(json.body).toMatchObject({
      asOf: '2026-06-30',
      listingCount: 4,
      dealCount: 4,
      agencyDealCount: 3,
      netsignDealCount: 1,
      rentalCount: 1,
    });
    expect(json.body.notes.join('')).toContain('房东溢价系数');
  });
});

describe('lists', () => {
  it('house/deal/list: newest first, paged, every row shown (not masked)', async () => {
    const { json } = await get(`house/deal/list?houseId=${ESTATE}&size=3`);
    expect(json.body).toMatchObject({ total: 4, page: 1, size: 3 });
    expect(json.body.list.map((d: { id: number }) => d.id)).toEqual([2, 1, 3]);
    expect(json.body.list[1]).toEqual({
      id: 1,
      dealDate: '2026-06-05',
      rooms: 2,
      halls: 1,
      area: 89,
      floor: 5,
      totalFloors: 18,
      orientation: '南',
      totalPrice: 3_916_000,
      unitPrice: 44_000,
      listTotalPrice: 4_000_000,
      bargainPct: 2.1,
      cycleDays: 247,
      source: '中介',
      masked: false,
    });
    expect(json.body.list[0].source).toBe('网签');
    const second = await get(`house/deal/list?houseId=${ESTATE}&size=3&page=2`);
    expect(second.json.body.list.map((d: { id: number }) => d.id)).toEqual([4]);
  });

  it('house/listing/list: on-sale only, newest first, 20 per page by default', async () => {
    const { json } = await get(`house/listing/list?houseId=${ESTATE}`);
    expect(json.body).toMatchObject({ total: 3, page: 1, size: 20 });
    expect(json.body.list.map((l: { id: number }) => l.id)).toEqual([1, 3, 2]);
    expect(json.body.list[0]).toMatchObject({
      listedAt: '2026-06-20',
      totalPrice: 4_500_000,
      initialTotalPrice: 4_700_000,
      area: 90,
    });
  });
});

describe('consultation/around/list and estate-dispatch/estate-recommend', () => {
  it('lists the nearest estates first, with distance and 挂牌均价', async () => {
    const { json } = await get(`consultation/around/list?houseId=${ESTATE}`);
    expect(json.body.list.map((e: { id: number }) => e.id)).toEqual([NEIGHBOUR, FAR]);
    expect(json.body.list[0]).toMatchObject({
      name: '文新北苑',
      plateName: '文新',
      listingAvg: 40_000,
      onSaleCount: 1,
    });
    expect(json.body.list[0].distanceM).toBeGreaterThan(300);
    expect(json.body.list[0].distanceM).toBeLessThan(450);
    const one = await get(`consultation/around/list?houseId=${ESTATE}&size=1`);
    expect(one.json.body.list).toHaveLength(1);
  });

  it('recommends nearby estates with something on sale (spec §7 part two)', async () => {
    const { status, json } = await get(`estate-dispatch/estate-recommend?type=2&estateId=${ESTATE}`);
    expect(status).toBe(200);
    expect(json.body.estateList).toEqual([
      {
        id: NEIGHBOUR,
        cityId: 605,
        houseName: '文新北苑',
        picList: [],
        roomCount: 1,
        livingRoomCount: 1,
        area: 50,
        avgPrice: 40_000,
        totalPriceMillion: 200,
      },
    ]);
  });

  it('validates type and estateId', async () => {
    await expectBadRequest(`estate-dispatch/estate-recommend?estateId=${ESTATE}`, /type/);
    await expectBadRequest(`estate-dispatch/estate-recommend?type=3&estateId=${ESTATE}`, /type 只能是 2/);
    await expectBadRequest('estate-dispatch/estate-recommend?type=2', /estateId 不能为空/);
    await expectUnknownEstate('estate-dispatch/estate-recommend?type=2&estateId=999999');
  });
});

describe('POST house/agent/get', () => {
  const post = async (payload: unknown) => {
    const res = await app.inject({ method: 'POST', url: '/rabbit/v1/house/agent/get', payload: payload as object });
    return { status: res.statusCode, json: res.json() as Json };
  };

  it('answers customHouse, consultationTransformation and the estate’s agents (spec §7 part two)', async () => {
    const { status, json } = await post({ type: 8, cityId: 605, houseId: ESTATE });
    expect(status).toBe(200);
    expect(json.body.customHouse).toEqual({
      mainTitle: '帮我找房',
      subtitle: '文新的经纪人为您推荐文新花园及周边房源',
      appUrl: `fangjiatong://house/detail?cityId=605&estateId=${ESTATE}`,
      h5Url: `/605/house-detail/${ESTATE}/agent-list`,
    });
    expect(json.body.consultationTransformation).toMatchObject({
      mainTitle: '咨询小区经纪人',
      subtitle: '2位经纪人熟悉文新花园',
      h5Url: `/605/house-detail/${ESTATE}/agent-list`,
      wechatNo: 'fjt_wl',
    });
    expect(
      json.body.agents.map((a: { name: string; estateListingCount: number; estateDealCount: number }) => [
        a.name,
        a.estateListingCount,
        a.estateDealCount,
      ]),
    ).toEqual([
      ['王磊', 1, 2],
      ['李娜', 0, 0],
    ]);
    // Only virtual numbers are ever used (spec §6): no phone leaves the server.
    expect(JSON.stringify(json.body)).not.toMatch(/virtualPhone|1\d{10}/);
  });

  it('accepts string numbers from a form post', async () => {
    const { status } = await post({ type: '8', cityId: '605', houseId: String(ESTATE) });
    expect(status).toBe(200);
  });

  it('rejects a wrong type or missing ids, and an estate of another city', async () => {
    for (const [payload, message] of [
      [{ type: 2, cityId: 605, houseId: ESTATE }, /type 只能是 8/],
      [{ type: 8, houseId: ESTATE }, /cityId/],
      [{ type: 8, cityId: 605 }, /houseId 不能为空/],
      [{ type: 8, cityId: 605, houseId: 'x' }, /houseId 格式不正确/],
    ] as const) {
      const { status, json } = await post(payload);
      expect(status).toBe(400);
      expect(json.errMsg).toMatch(message);
      expect(json.errMsg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const elsewhere = await post({ type: 8, cityId: 606, houseId: ESTATE });
    expect(elsewhere.status).toBe(404);
    const unknown = await post({ type: 8, cityId: 605, houseId: 999999 });
    expect(unknown.json.errMsg).toBe('小区不存在');
  });
});

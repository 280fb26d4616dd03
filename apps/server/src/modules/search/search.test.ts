// search/suggest and search/hot on a real database with a few fixture rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { schema } from '@fjt/db';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import type { SearchHotBody, SearchSuggestBody } from '@fjt/domain';
import { buildApp } from '../../app.ts';

let database: TestDatabase;
let app: FastifyInstance;

const XIHU = 330106;
const WENXIN = 330106001;
const JIANGCUN = 330106002;

function listingRow(id: number, estateId: number, status: string, unitPrice: number) {
  return {
    id,
    cityId: 605,
    districtId: XIHU,
    plateId: estateId === 2 ? JIANGCUN : WENXIN,
    estateId,
    rooms: 2,
    halls: 1,
    baths: 1,
    area: 90,
    orientation: '南',
    floor: 5,
    totalFloors: 18,
    decoration: '精装',
    hasElevator: true,
    totalPrice: unitPrice * 90,
    unitPrice,
    initialTotalPrice: unitPrice * 90,
    initialUnitPrice: unitPrice,
    listedAt: '2026-03-01',
    status,
    endedAt: status === 'on_sale' ? null : '2026-05-01',
    yearsHeld: '满五',
    onlyHome: true,
    ownership: '商品房',
    mortgaged: false,
  };
}

function dealRow(id: number, estateId: number, dealDate: string) {
  return {
    id,
    cityId: 605,
    districtId: XIHU,
    plateId: estateId === 2 ? JIANGCUN : WENXIN,
    estateId,
    dealDate,
    totalPrice: 4_000_000,
    unitPrice: 44_000,
    rooms: 2,
    halls: 1,
    area: 90,
    source: 'agency',
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.insert(schema.city).values([
    { id: 605, name: '杭州', pinyin: 'hangzhou', adcode: '330100', province: '浙江省', isHot: true },
    { id: 606, name: '宁波', pinyin: 'ningbo', adcode: '330200', province: '浙江省' },
  ]);
  await db
    .insert(schema.district)
    .values([
      { id: XIHU, cityId: 605, name: '西湖区', adcode: '330106', ring: 'core', centerLng: 120.13, centerLat: 30.26 },
    ]);
  await db.insert(schema.plate).values([
    { id: WENXIN, cityId: 605, districtId: XIHU, name: '文新', lng: 120.11, lat: 30.29 },
    { id: JIANGCUN, cityId: 605, districtId: XIHU, name: '蒋村', lng: 120.08, lat: 30.28 },
  ]);
  const estate = (id: number, name: string, plateId: number, alias: string | null = null) => ({
    id,
    cityId: 605,
    districtId: XIHU,
    plateId,
    name,
    alias,
    lng: 120.1,
    lat: 30.28,
  });
  await db
    .insert(schema.estate)
    .values([
      estate(1, '西溪湿地花园', WENXIN),
      estate(2, '金地西溪风华', JIANGCUN, '蒋村西溪'),
      estate(3, '文新小区', WENXIN),
      estate(4, '长安公寓', WENXIN),
    ]);
  await db.insert(schema.newHouseProject).values([
    {
      id: 1,
      cityId: 605,
      districtId: XIHU,
      plateId: JIANGCUN,
      name: '西溪云庐',
      lng: 120.08,
      lat: 30.28,
      saleStatus: '在售',
      avgPrice: 61_000,
    },
  ]);
  const series = (level: string, targetId: number, month: string, listingAvg: number | null) => ({
    level,
    targetId,
    cityId: 605,
    month,
    listingAvg,
    listingCount: listingAvg === null ? 0 : 1,
  });
  await db.insert(schema.priceSeries).values([
    series('city', 605, '2026-05-01', 40_000),
    series('city', 605, '2026-06-01', 41_000),
    series('estate', 1, '2026-05-01', 45_000),
    series('estate', 1, '2026-06-01', 46_000),
    series('estate', 2, '2026-05-01', 52_000),
    series('estate', 2, '2026-06-01', null),
    // Older than 12 months of data: too old to show as the current price.
    series('estate', 3, '2025-01-01', 30_000),
    series('plate', WENXIN, '2026-06-01', 43_000),
  ]);
  await db
    .insert(schema.listing)
    .values([
      listingRow(1, 1, 'on_sale', 46_000),
      listingRow(2, 1, 'on_sale', 46_000),
      listingRow(3, 2, 'on_sale', 52_000),
      listingRow(4, 3, 'sold', 30_000),
    ]);
  await db.insert(schema.deal).values([
    dealRow(1, 2, '2026-06-20'),
    dealRow(2, 2, '2026-05-02'),
    dealRow(3, 2, '2026-04-01'),
    dealRow(4, 1, '2026-06-01'),
    // More than 90 days before the latest deal: not recent.
    dealRow(5, 3, '2025-12-01'),
    dealRow(6, 3, '2025-12-02'),
    dealRow(7, 3, '2025-12-03'),
    dealRow(8, 3, '2025-12-04'),
    dealRow(9, 3, '2025-12-05'),
  ]);
  app = await buildApp({ env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false, API_DOCS: true }, database });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.destroy();
});

async function get<T>(url: string) {
  const res = await app.inject(url);
  return { status: res.statusCode, json: res.json() as { resultCode: number; errMsg: string; body: T } };
}

const suggest = (query: string) => get<SearchSuggestBody>(`/rabbit/v1/search/suggest?${query}`);

describe('GET search/suggest', () => {
  it('groups 小区, 板块 and 新房 with 均价 and where each one is', async () => {
    const { status, json } = await suggest(`cityId=605&kw=${encodeURIComponent('西溪')}`);
    expect(status).toBe(200);
    expect(json.resultCode).toBe(0);
    expect(json.body.kw).toBe('西溪');
    expect(json.body.groups.map((g) => [g.kind, g.title, g.total])).toEqual([
      ['estate', '小区', 2],
      ['project', '新房', 1],
    ]);
    const [estates, projects] = json.body.groups;
    expect(estates?.list[0]).toEqual({
      kind: 'estate',
      id: 1,
      name: '西溪湿地花园',
      matchedAlias: null,
      highlight: [0, 2],
      region: '西湖区 · 文新',
      avgPrice: 46_000,
      avgPriceLabel: '挂牌均价',
      onSaleCount: 2,
      saleStatus: null,
    });
    // The latest month without listings falls back to the month before.
    expect(estates?.list[1]).toMatchObject({ id: 2, avgPrice: 52_000, highlight: [2, 4], onSaleCount: 1 });
    expect(projects?.list[0]).toMatchObject({
      kind: 'project',
      id: 1,
      name: '西溪云庐',
      avgPrice: 61_000,
      avgPriceLabel: '参考均价',
      saleStatus: '在售',
      onSaleCount: null,
    });
  });

  it('matches full pinyin, initials and mixed input alike', async () => {
    for (const kw of ['xixi', 'xx', '西x', 'XiXi']) {
      const { json } = await suggest(`cityId=605&kw=${encodeURIComponent(kw)}`);
      const estates = json.body.groups.find((g) => g.kind === 'estate');
      expect(
        estates?.list.map((e) => e.id),
        kw,
      ).toEqual(expect.arrayContaining([1, 2]));
    }
  });

  it('finds plates, with their 区县 and 均价', async () => {
    const { json } = await suggest('cityId=605&kw=wenxin');
    const plates = json.body.groups.find((g) => g.kind === 'plate');
    expect(plates?.list).toEqual([
      expect.objectContaining({ id: WENXIN, name: '文新', region: '西湖区', avgPrice: 43_000 }),
    ]);
    // 均价 older than 12 months of data shows as unknown.
    const estates = json.body.groups.find((g) => g.kind === 'estate');
    expect(estates?.list[0]).toMatchObject({ id: 3, avgPrice: null });
  });

  it('handles polyphones: changan finds 长安, and an alias is named when it matched', async () => {
    const changan = await suggest('cityId=605&kw=changan');
    expect(changan.json.body.groups[0]?.list.map((e) => e.name)).toEqual(['长安公寓']);
    const alias = await suggest(`cityId=605&kw=${encodeURIComponent('蒋村西')}`);
    expect(alias.json.body.groups[0]?.list[0]).toMatchObject({ id: 2, matchedAlias: '蒋村西溪', highlight: null });
  });

  it('size caps each group while total counts every match', async () => {
    const { json } = await suggest('cityId=605&kw=x&size=1');
    const estates = json.body.groups.find((g) => g.kind === 'estate');
    expect(estates?.list).toHaveLength(1);
    expect(estates?.total).toBe(3);
  });

  it('no match is an empty list, not an error', async () => {
    const { status, json } = await suggest(`cityId=605&kw=${encodeURIComponent('北京')}`);
    expect(status).toBe(200);
    expect(json.body.groups).toEqual([]);
  });

  it.each([
    ['cityId=605', '请输入搜索关键词'],
    ['cityId=605&kw=', '请输入搜索关键词'],
    ['cityId=605&kw=%20%20', '请输入搜索关键词'],
    [`cityId=605&kw=${'西'.repeat(31)}`, '搜索关键词不能超过30个字'],
    ['kw=xixi', '请选择城市（cityId 须为正整数）'],
    ['cityId=abc&kw=xixi', '请选择城市（cityId 须为正整数）'],
    ['cityId=-1&kw=xixi', '请选择城市（cityId 须为正整数）'],
    ['cityId=605&kw=xixi&size=0', 'size 须为1到20之间的整数'],
    ['cityId=605&kw=xixi&size=100', 'size 须为1到20之间的整数'],
  ])('%s → 400 with a Chinese errMsg', async (query, message) => {
    const { status, json } = await suggest(query);
    expect(status).toBe(400);
    expect(json.resultCode).not.toBe(0);
    expect(json.errMsg).toContain(message);
    expect(json.body).toBeNull();
  });

  it('an unknown city is a 404 envelope', async () => {
    const { status, json } = await suggest('cityId=99999&kw=xixi');
    expect(status).toBe(404);
    expect(json).toEqual({ resultCode: 404, errMsg: '城市不存在', body: null });
  });

  it('a city without data answers empty groups', async () => {
    const { status, json } = await suggest('cityId=606&kw=xixi');
    expect(status).toBe(200);
    expect(json.body.groups).toEqual([]);
  });
});

describe('GET search/hot', () => {
  it('lists the estates with the most deals in the last 90 days of data, then the most on sale', async () => {
    const { status, json } = await get<SearchHotBody>('/rabbit/v1/search/hot?cityId=605');
    expect(status).toBe(200);
    expect(json.resultCode).toBe(0);
    expect(json.body.list).toEqual([
      { kind: 'estate', id: 2, name: '金地西溪风华', avgPrice: 52_000, recentDeals: 3 },
      { kind: 'estate', id: 1, name: '西溪湿地花园', avgPrice: 46_000, recentDeals: 1 },
    ]);
    // 文新小区 has five deals, all older than 90 days, and nothing on sale: not hot.
  });

  it('missing or invalid cityId → 400; unknown city → 404', async () => {
    for (const query of ['', '?cityId=', '?cityId=abc']) {
      const { status, json } = await get(`/rabbit/v1/search/hot${query}`);
      expect(status).toBe(400);
      expect(json.errMsg).toBe('请选择城市（cityId 须为正整数）');
    }
    const { status, json } = await get('/rabbit/v1/search/hot?cityId=99999');
    expect(status).toBe(404);
    expect(json.errMsg).toBe('城市不存在');
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await app.inject('/rabbit/v1/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/rabbit/v1/search/suggest', '/rabbit/v1/search/hot']),
    );
  });
});

import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface Detail {
  listing: {
    id: number;
    cityId: number;
    totalPrice: number;
    unitPrice: number;
    views7d: number;
    views30d: number;
    onSale: boolean;
  };
  estate: { id: number; name: string };
  priceChanges: unknown[];
  deals: { id: number }[];
  similar: { id: number }[];
  agent: { name: string; company: string } | null;
}

async function detail(request: APIRequestContext, id: number): Promise<Detail> {
  const res = await request.get(`/rabbit/v1/house/listing/detail?propertyId=${id}`);
  return ((await res.json()) as { body: Detail }).body;
}

/** An on-sale listing whose price changed, for the fullest page (the first listing when none did). */
async function cutListingId(request: APIRequestContext): Promise<number> {
  let first: number | null = null;
  for (let page = 1; page <= 5; page += 1) {
    const res = await request.get(`/rabbit/v1/house/listing/search?cityId=605&page=${page}`);
    const { body } = (await res.json()) as { body: { list: { id: number; priceChangeCount: number }[] } };
    first ??= body.list[0]!.id;
    const cut = body.list.find((l) => l.priceChangeCount > 0);
    if (cut) return cut.id;
  }
  return first!;
}

const wan = (yuan: number) => `${Math.round(yuan / 10_000)}万`;

test.describe('/{city}/property 房源详情', () => {
  test('one listing with its price, facts, history, estate, deals, similar listings and agent', async ({
    page,
    request,
  }) => {
    const id = await cutListingId(request);
    const api = await detail(request, id);
    await page.goto(`/605/property/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(api.estate.name);
    const head = page.locator('.property-head');
    await expect(head).toContainText(wan(api.listing.totalPrice));
    await expect(head).toContainText(`${api.listing.unitPrice.toLocaleString('en-US')}元/㎡`);
    await expect(head).toContainText('较小区挂牌均价');
    const facts = page.getByRole('region', { name: '房源信息' });
    for (const label of ['户型', '建筑面积', '朝向', '楼层', '装修', '房本年限', '抵押', '上次交易']) {
      await expect(facts).toContainText(label);
    }
    await expect(page.getByRole('region', { name: '带看' })).toContainText(`近7天带看${api.listing.views7d}次`);
    await expect(page.getByRole('region', { name: '带看' })).toContainText(`近30天带看${api.listing.views30d}次`);
    if (api.priceChanges.length > 0)
      await expect(page.getByRole('region', { name: '调价记录' })).toContainText('首次挂牌');
    await expect(page.getByRole('region', { name: '所在小区' }).getByRole('link')).toHaveAttribute(
      'href',
      `/605/house-detail/${api.estate.id}`,
    );
    await expect(page.getByRole('list', { name: '本小区成交' }).getByRole('listitem')).toHaveCount(api.deals.length);
    if (api.similar.length > 0) {
      await expect(page.getByRole('list', { name: '相似房源' }).getByRole('link')).toHaveCount(api.similar.length);
    }
    if (api.agent) {
      const agent = page.getByRole('region', { name: '经纪人' });
      await expect(agent).toContainText(api.agent.name);
      await expect(agent).toContainText(api.agent.company);
      await expect(agent.getByRole('button', { name: '咨询' })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: '获取成交价' })).toBeVisible();
    await expect(page.getByRole('button', { name: '分享' })).toBeVisible();
    await page.screenshot({ path: shot('property'), fullPage: true });
  });

  test('a sold listing says it is gone and offers similar listings', async ({ page, request }) => {
    // Sold listings leave the search; walk ids below the first on-sale one until one is not on sale.
    const first = await cutListingId(request);
    let gone: number | null = null;
    for (let id = 1; id < first + 2000 && gone === null; id += 1) {
      const res = await request.get(`/rabbit/v1/house/listing/detail?propertyId=${id}`);
      if (res.status() !== 200) continue;
      const body = ((await res.json()) as { body: Detail }).body;
      if (!body.listing.onSale && body.listing.cityId === 605) gone = id;
    }
    expect(gone).not.toBeNull();
    await page.goto(`/605/property/${gone}`);
    await expect(page.getByText('该房源已下架')).toBeVisible();
    await expect(page.getByRole('region', { name: '相似房源' })).toBeVisible();
    await page.screenshot({ path: shot('property-gone') });
  });

  test('an unknown listing is a 404', async ({ request }) => {
    expect((await request.get('/605/property/999999999')).status()).toBe(404);
    expect((await request.get('/605/property/abc')).status()).toBe(404);
  });
});

import { writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface ListingSearch {
  total: number;
  list: { estateId: number; totalPrice: number }[];
  summary: { name: string; onSaleCount: number; months: { month: string; listingCount: number; dealCount: number }[] };
}

async function search(request: APIRequestContext, query: string): Promise<ListingSearch> {
  const res = await request.get(`/rabbit/v1/house/listing/search?${query}`);
  return ((await res.json()) as { body: ListingSearch }).body;
}

test.describe('/{city}/house-resold/{houseId}/export 在售报告', () => {
  test('the report shows the estate’s figures and prints to an A4 PDF', async ({ page, request }, testInfo) => {
    const estateId = (await search(request, 'cityId=605&size=1')).list[0]!.estateId;
    const api = await search(request, `cityId=605&houseId=${estateId}&order=listedAt_desc`);
    await page.goto(`/605/house-resold/${estateId}/export`);
    await expect(page.getByRole('heading', { level: 1, name: api.summary.name })).toBeVisible();
    await expect(page.getByRole('region', { name: '价格概况' })).toContainText(`在售${api.summary.onSaleCount}套`);
    const table = page.getByRole('region', { name: '近12个月挂牌与成交' }).getByRole('row');
    await expect(table).toHaveCount(13);
    const last = api.summary.months.at(-1)!;
    await expect(table.last()).toContainText(`${Number(last.month.slice(5))}月`);
    await expect(page.getByRole('region', { name: '在售房源' })).toContainText(`${api.total}套`);
    await expect(page.getByRole('region', { name: '数据来源' })).toContainText('挂牌均价');
    await expect(page.getByRole('region', { name: '在售房源' })).not.toContainText('经纪人');
    await expect(page.getByRole('button', { name: '打印/保存为PDF' })).toBeVisible();
    await page.screenshot({ path: shot('house-resold-export'), fullPage: true });
    await page.getByRole('region', { name: '在售房源' }).screenshot({ path: shot('house-resold-export-listings') });

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: '打印/保存为PDF' })).toBeHidden();
    await page.screenshot({ path: shot('house-resold-export-print'), fullPage: true });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    writeFileSync(testInfo.outputPath('house-resold-export.pdf'), pdf); // kept with the run's results
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(30_000);
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(2);
  });

  test('an unknown estate is a 404', async ({ request }) => {
    expect((await request.get('/605/house-resold/999999999/export')).status()).toBe(404);
  });
});

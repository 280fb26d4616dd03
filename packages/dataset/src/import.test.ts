// CSV importer: a bad row imports nothing and is named; the same file twice changes nothing the second
// time; the affected series are recomputed from the rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { ImportError, importCsv } from './import.ts';
import { seedDatabase } from './seed.ts';
import { aggregateFromRows } from './series.ts';

let t: TestDatabase;
let plate = '';
let district = '';

beforeAll(async () => {
  t = await createTestDatabase('small');
  await seedDatabase(t, { scale: 'small', progress: false });
  const [p] = await t.sql.query<{ plate: string; district: string }>(
    `SELECT p.name AS plate, d.name AS district FROM plate p JOIN district d ON d.id = p.district_id WHERE d.ring = 'core' ORDER BY p.id LIMIT 1`,
  );
  plate = p!.plate;
  district = p!.district;
});
afterAll(async () => {
  await t.destroy();
});

/** A fingerprint of everything the importer may write. */
async function snapshot(): Promise<string> {
  const tables = ['estate', 'listing', 'listing_price_change', 'deal', 'rental', 'price_series', 'import_run'];
  const parts: string[] = [];
  for (const table of tables) {
    const [r] = await t.sql.query<{ n: number; h: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${table}" x`,
    );
    parts.push(`${table}:${r!.n}:${r!.h}`);
  }
  return parts.join(' ');
}

const estatesCsv = () =>
  [
    'external_id,city_id,district,plate,name,lng,lat,build_year,household_count,tags',
    `op-e1,605,${district},${plate},导入测试花园,120.16,30.27,2008,640,近地铁|学区房`,
    `op-e2,605,${district},${plate},"导入测试家园, 二期",120.17,30.28,2015,900,`,
  ].join('\n');

describe('CSV import', () => {
  it('imports nothing from a file with one bad row and names the row, the column and the reason', async () => {
    const before = await snapshot();
    const bad = `${estatesCsv()}\nop-e3,605,${district},${plate},坏数据小区,120.18,abc,2010,500,\n`;
    const error = await importCsv(t, 'estates', bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    const errors = (error as ImportError).errors;
    expect(errors).toEqual([{ line: 4, column: 'lat', value: 'abc', zh: '不是有效数字', en: 'not a valid number' }]);
    expect(await snapshot()).toBe(before);
  });

  it('reports unknown references and cross-field errors with line numbers', async () => {
    const csv = [
      'external_id,estate_external_id,deal_date,total_price,area,rooms,halls,floor,total_floors',
      'op-d1,no-such-estate,2026-05-03,300,88,2,1,3,6',
      'op-d2,op-e1,2026-02-30,300,88,2,1,9,6',
    ].join('\n');
    const errors = await importCsv(t, 'deals', csv).catch((e: unknown) => (e as ImportError).errors);
    expect(errors).toEqual([
      {
        line: 3,
        column: 'deal_date',
        value: '2026-02-30',
        zh: '日期格式应为 YYYY-MM-DD',
        en: 'date must be a valid YYYY-MM-DD',
      },
      { line: 3, column: 'floor', value: '9', zh: '楼层高于总层数', en: 'floor is above total_floors' },
    ]);
  });

  it('imports a good file, and the same file again changes nothing', async () => {
    const first = await importCsv(t, 'estates', estatesCsv());
    expect(first).toMatchObject({ inserted: 2, updated: 0, unchanged: 0 });
    const after = await snapshot();
    const second = await importCsv(t, 'estates', estatesCsv());
    expect(second).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    expect(await snapshot()).toBe(after);
  });

  it('imports deals, listings and rentals, recomputes the series, and is idempotent', async () => {
    const deals = [
      'external_id,estate_external_id,deal_date,total_price,area,rooms,halls,list_total_price,floor,total_floors,orientation,cycle_days,source',
      'op-d1,op-e1,2026-05-03,305.5,88.5,2,1,320,3,6,南,64,agency',
      'op-d2,op-e1,2026-06-11,298,86,2,1,,5,6,南北,,netsign',
    ].join('\n');
    const listings = [
      'external_id,estate_external_id,rooms,halls,baths,area,orientation,floor,total_floors,decoration,total_price,initial_total_price,price_changed_at,listed_at,status,ended_at',
      'op-l1,op-e1,3,2,2,118,南北,12,18,精装,520,560,2026-04-20,2026-02-10,on_sale,',
      'op-l2,op-e1,2,1,1,86,南,5,6,简装,300,,,2026-01-05,sold,2026-05-03',
    ].join('\n');
    const rentals = [
      'external_id,estate_external_id,rent_type,rooms,halls,area,orientation,floor,total_floors,decoration,monthly_rent,listed_at,status,ended_at',
      'op-r1,op-e1,whole,2,1,86,南,5,6,精装,5200,2026-06-01,on_rent,',
    ].join('\n');
    expect(await importCsv(t, 'deals', deals)).toMatchObject({ inserted: 2 });
    expect(await importCsv(t, 'listings', listings)).toMatchObject({ inserted: 2 });
    expect(await importCsv(t, 'rentals', rentals)).toMatchObject({ inserted: 1 });

    const [estate] = await t.sql.query<{ id: number; plate_id: number; district_id: number }>(
      `SELECT id, plate_id, district_id FROM estate WHERE external_id = 'op-e1'`,
    );
    const stored = await t.sql.query<{
      month: string;
      deal_avg: number;
      deal_count: number;
      listing_count: number;
      listing_avg: number;
      rent_avg: number;
    }>(
      `SELECT to_char(month, 'YYYY-MM') AS month, deal_avg, deal_count, listing_count, listing_avg, rent_avg FROM price_series
       WHERE level = 'estate' AND target_id = $1 ORDER BY month`,
      [estate!.id],
    );
    expect(stored.find((r) => r.month === '2026-05')).toMatchObject({
      deal_count: 1,
      deal_avg: Math.round(3_055_000 / 88.5),
    });
    // l1 at its cut price (since 2026-04-20); l2 sold 2026-05-03, so on sale only at the end of Jan–Apr
    expect(stored.find((r) => r.month === '2026-04')).toMatchObject({
      listing_count: 2,
      listing_avg: Math.round((Math.round(5_200_000 / 118) + Math.round(3_000_000 / 86)) / 2),
    });
    expect(stored.find((r) => r.month === '2026-06')).toMatchObject({ listing_count: 1, rent_avg: 60.5 });
    for (const [level, id] of [
      ['estate', estate!.id],
      ['plate', estate!.plate_id],
      ['district', estate!.district_id],
      ['city', 605],
    ] as const) {
      const expected = await aggregateFromRows(t, level, [id]);
      const rows = await t.sql.query<{ month: string; deal_count: number; listing_count: number }>(
        `SELECT to_char(month, 'YYYY-MM-DD') AS month, deal_count, listing_count FROM price_series WHERE level = $1 AND target_id = $2 ORDER BY month`,
        [level, id],
      );
      expect(rows.map((r) => [r.month, r.deal_count, r.listing_count])).toEqual(
        expected.map((e) => [e.month, e.dealCount, e.listingCount]),
      );
    }

    const after = await snapshot();
    expect(await importCsv(t, 'deals', deals)).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    expect(await importCsv(t, 'listings', listings)).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    expect(await importCsv(t, 'rentals', rentals)).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect(await snapshot()).toBe(after);
  });

  it('updates a changed row by external id', async () => {
    const changed = [
      'external_id,estate_external_id,deal_date,total_price,area,rooms,halls',
      'op-d2,op-e1,2026-06-11,288,86,2,1',
    ].join('\n');
    expect(await importCsv(t, 'deals', changed)).toMatchObject({ inserted: 0, updated: 1 });
    const [d] = await t.sql.query<{ total_price: number; unit_price: number }>(
      `SELECT total_price, unit_price FROM deal WHERE external_id = 'op-d2'`,
    );
    expect(d).toEqual({ total_price: 2_880_000, unit_price: Math.round(2_880_000 / 86) });
  });
});

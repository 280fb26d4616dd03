import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { city } from './schema/index.ts';
import { migrate } from './migrate.ts';
import { preparedQuery } from './prepared.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

describe('database layer', () => {
  it('applies every migration once and is idempotent on a second run', async () => {
    const again = await migrate(t.sql, { schema: t.schema });
    expect(again.applied).toEqual([]);
  });

  it('reads and writes through Drizzle on the configured driver', async () => {
    await t.db.insert(city).values({ id: 605, name: '杭州', pinyin: 'hangzhou', adcode: '330100', province: '浙江省' });
    const rows = await t.db.select().from(city).where(eq(city.id, 605));
    expect(rows).toEqual([
      { id: 605, name: '杭州', pinyin: 'hangzhou', adcode: '330100', province: '浙江省', isHot: false, sortOrder: 0 },
    ]);
  });

  it('rolls back a failed write completely (no half state)', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(city).values({ id: 1, name: '北京', pinyin: 'beijing', adcode: '110100', province: '北京市' });
        await tx.insert(city).values({ id: 2, name: '重复', pinyin: 'x', adcode: '110100', province: 'x' });
      }),
    ).rejects.toThrow();
    expect(await t.db.select().from(city).where(eq(city.id, 1))).toEqual([]);
  });

  it('has the pg_trgm extension available for substring search', async () => {
    if (t.driver === 'pglite') await t.sql.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const [row] = await t.sql.query<{ s: number }>(`SELECT similarity('西溪诚园', '西溪') AS s`);
    expect(row?.s).toBeGreaterThan(0);
  });

  it('a prepared lookup asked for by many callers at once is prepared once, and answers them all', async () => {
    await t.db.insert(city).values({ id: 330, name: '宁波', pinyin: 'ningbo', adcode: '330200', province: '浙江省' });
    const byId = preparedQuery<{ name: string }>(
      t.db,
      'fjt_test_city_name',
      ['int'],
      'SELECT name FROM city WHERE id = $1',
    );
    // the first calls arrive together, as a page's loaders do on a fresh start (a second PREPARE would fail)
    const answers = await Promise.all(Array.from({ length: 5 }, () => byId([330])));
    expect(answers).toEqual(Array.from({ length: 5 }, () => [{ name: '宁波' }]));
    expect(await byId([9999])).toEqual([]);
  });
});

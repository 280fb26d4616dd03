// The small dataset (杭州 only) seeded into a fresh database: determinism, consistency of the series with
// their rows, calibration, and the page states the small scale must contain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestDealDay, monthEndDay } from '@fjt/domain';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { BulkLoader } from './bulk.ts';
import { CITIES } from './cities.ts';
import { nbsTwelveMonthChange, secondHandPath } from './nbs.ts';
import { calibrationReport } from './report.ts';
import { generateCity, newIdCounters } from './generate.ts';
import { DEFAULT_SEED, generateInto, seedDatabase } from './seed.ts';
import { aggregateFromRows, LEVEL_MONTHS, type Level } from './series.ts';
import { MONTHS, WINDOW } from './time.ts';

const HANGZHOU = 605;
let t: TestDatabase;
let seededHash = '';

beforeAll(async () => {
  t = await createTestDatabase();
  const result = await seedDatabase(t, { scale: 'small', progress: false });
  seededHash = result.contentHash ?? '';
});
afterAll(async () => {
  await t.destroy();
});

async function hashOf(seed: number): Promise<string> {
  const loader = new BulkLoader(null);
  await generateInto(loader, 'small', seed);
  return loader.digest();
}

describe('determinism', () => {
  it('gives the same content hash for the same seed, and a different one for another seed', async () => {
    const a = await hashOf(DEFAULT_SEED);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).toBe(seededHash);
    expect(await hashOf(DEFAULT_SEED)).toBe(a);
    expect(await hashOf(DEFAULT_SEED + 1)).not.toBe(a);
  });

  it('records the hash and reuses the seed on the next start', async () => {
    const rows = await t.sql.query<{ scale: string; content_hash: string }>(
      `SELECT scale, content_hash FROM seed_run WHERE dataset = 'market'`,
    );
    expect(rows).toEqual([{ scale: 'small', content_hash: seededHash }]);
    // and the community's parts, once each (issue 17)
    const parts = await t.sql.query<{ dataset: string }>(
      `SELECT dataset FROM seed_run WHERE dataset LIKE 'community:%' ORDER BY dataset`,
    );
    expect(parts.map((p) => p.dataset)).toEqual([
      'community:notes',
      'community:qa',
      'community:residents',
      'community:reviews',
    ]);
    expect(await seedDatabase(t, { scale: 'small', progress: false })).toEqual({ skipped: true });
  });
});

describe('consistency: series equal the aggregates of their rows', () => {
  const sample = async (level: Level, n: number): Promise<number[]> => {
    const table = level === 'city' ? 'city' : level;
    const ids = await t.sql.query<{ id: number }>(
      level === 'city'
        ? `SELECT id FROM city WHERE id = ${HANGZHOU}`
        : `SELECT id FROM ${table} WHERE city_id = ${HANGZHOU} ORDER BY id`,
    );
    const all = ids.map((r) => r.id);
    // an even spread over the ids, always including the first and the last
    const step = Math.max(1, Math.floor(all.length / n));
    return [...new Set([...all.filter((_, i) => i % step === 0).slice(0, n), all[all.length - 1]!])];
  };

  for (const [level, n] of [
    ['city', 1],
    ['district', 4],
    ['plate', 6],
    ['estate', 12],
  ] as const) {
    it(`${level}`, async () => {
      const ids = await sample(level, n);
      expect(ids.length).toBeGreaterThan(0);
      const expected = await aggregateFromRows(t, level, ids);
      const stored = await t.sql.query<Record<string, unknown>>(
        `SELECT target_id AS "targetId", to_char(month, 'YYYY-MM-DD') AS month, listing_avg AS "listingAvg",
                listing_count AS "listingCount", deal_avg AS "dealAvg", deal_count AS "dealCount",
                rent_avg AS "rentAvg", rent_count AS "rentCount", premium
         FROM price_series WHERE level = $1 AND target_id = ANY($2::int[]) ORDER BY target_id, month`,
        [level, ids],
      );
      expect(stored.length).toBe(expected.length);
      expect(stored.length).toBeGreaterThan(0);
      stored.forEach((s, i) => {
        const e = expected[i]! as Record<string, unknown>;
        for (const key of ['targetId', 'month', 'listingAvg', 'listingCount', 'dealAvg', 'dealCount', 'rentCount']) {
          expect(s[key], `${level} ${String(s.targetId)} ${String(s.month)} ${key}`).toEqual(e[key]);
        }
        for (const [key, tol] of [
          ['rentAvg', 1e-9],
          ['premium', 0.00011],
        ] as const) {
          if (e[key] === null) expect(s[key]).toBeNull();
          else
            expect(Math.abs(Number(s[key]) - Number(e[key])), `${level} ${String(s.month)} ${key}`).toBeLessThanOrEqual(
              tol,
            );
        }
      });
    });
  }

  it('keeps 60 months for the city and 36 for estates', async () => {
    const rows = await t.sql.query<{ level: string; months: number }>(
      `SELECT level, count(DISTINCT month)::int AS months FROM price_series GROUP BY level ORDER BY level`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.level, r.months]))).toEqual({
      city: LEVEL_MONTHS.city,
      district: LEVEL_MONTHS.district,
      plate: LEVEL_MONTHS.plate,
      estate: LEVEL_MONTHS.estate,
    });
  });
});

function expectRatiosInBands(ratios: Record<string, [number, number]>, coreMax: number): void {
  expect(ratios.core![0]).toBeGreaterThanOrEqual(1.5);
  expect(ratios.core![1]).toBeLessThanOrEqual(coreMax);
  for (const ring of ['outer', 'county']) {
    if (!ratios[ring]) continue;
    // (0.45 in the spec; the last 12 months hold 11½ months of deals, DEAL_DELAY_DAYS, so the mix moves a little)
    expect(ratios[ring][0], ring).toBeGreaterThanOrEqual(0.43);
    expect(ratios[ring][1], ring).toBeLessThanOrEqual(0.7);
  }
}

describe('district price ratios at full scale', () => {
  // 合肥 has no outer districts, 重庆 many counties, 北京 is tier 1: the mixes the calibration must absorb.
  it.each([
    ['合肥', 1.8],
    ['重庆', 1.8],
    ['北京', 2.2],
  ])('%s: each district’s last-12-month deal average ÷ the city’s lies in its ring’s band', (name, coreMax) => {
    const city = CITIES.find((c) => c.name === name)!;
    const data = generateCity('full', CITIES, city, DEFAULT_SEED, newIdCounters());
    const from = MONTHS[WINDOW - 12]!;
    const sums = new Map<number, [number, number]>();
    let total = 0;
    let count = 0;
    for (const d of data.deals) {
      if (d.dealDate < from) continue;
      const s = sums.get(d.districtId) ?? [0, 0];
      s[0] += d.unitPrice;
      s[1] += 1;
      sums.set(d.districtId, s);
      total += d.unitPrice;
      count += 1;
    }
    const ratios: Record<string, [number, number]> = {};
    for (const district of data.districts) {
      const s = sums.get(district.id);
      if (!s) continue;
      const r = s[0] / s[1] / (total / count);
      const cur = ratios[district.ring];
      ratios[district.ring] = cur ? [Math.min(cur[0], r), Math.max(cur[1], r)] : [r, r];
    }
    expectRatiosInBands(ratios, coreMax);
  });
});

describe('calibration (small scale, 杭州)', () => {
  it('puts the latest listing average within ±10% of the target and deals 3–8% under listings', async () => {
    const report = await calibrationReport(t);
    const hz = report.cities.find((c) => c.cityId === HANGZHOU)!;
    const target = CITIES.find((c) => c.id === HANGZHOU)!.targetPrice;
    expect(hz.targetListingAvg).toBe(target);
    expect(Math.abs(hz.latestListingAvg! / target - 1)).toBeLessThanOrEqual(0.1);
    expect(hz.meanBargainPct!).toBeGreaterThanOrEqual(3);
    expect(hz.meanBargainPct!).toBeLessThanOrEqual(8);
    expect(hz.premium!).toBeGreaterThan(1);
    expect(hz.premium!).toBeLessThan(1.25);
    // seasonality: February ×0.6 and March ×1.25 (before market swings)
    expect(hz.februaryVolumeRatio!).toBeLessThan(0.8);
    expect(hz.marchVolumeRatio!).toBeGreaterThan(1.05);
    // district spreads (../shared/data/README.md): central 1.5–1.8× outside tier 1, outer and counties 0.45–0.7×
    expectRatiosInBands(hz.districtRatios, 1.8);
  });

  it('follows the NBS second-hand index over the last 12 months', async () => {
    const report = await calibrationReport(t);
    const hz = report.cities.find((c) => c.cityId === HANGZHOU)!;
    expect(Math.abs(hz.nbsSecondHandChange12mPct - nbsTwelveMonthChange('330100'))).toBeLessThanOrEqual(0.05);
    // deal averages move with the index, give or take the mix of homes sold (the newest month's average rests on
    // its first half only: deals reach the data DEAL_DELAY_DAYS late)
    expect(Math.abs(hz.dealAvgChange12mPct! - hz.nbsSecondHandChange12mPct)).toBeLessThan(7);
  });

  it('chains the month-on-month index into a path that ends at 1', () => {
    const path = secondHandPath('330100', MONTHS);
    expect(path).toHaveLength(WINDOW);
    expect(path[WINDOW - 1]).toBe(1);
  });
});

describe('page states present at the small scale', () => {
  it('has every listing, rental, deal source and project status', async () => {
    const q = async (sqlText: string) => (await t.sql.query<{ v: string }>(sqlText)).map((r) => r.v).sort();
    expect(await q(`SELECT DISTINCT status AS v FROM listing`)).toEqual(['delisted', 'on_sale', 'sold']);
    expect(await q(`SELECT DISTINCT status AS v FROM rental`)).toEqual(['off', 'on_rent', 'rented']);
    expect(await q(`SELECT DISTINCT rent_type AS v FROM rental`)).toEqual(['shared', 'whole']);
    expect(await q(`SELECT DISTINCT source AS v FROM deal`)).toEqual(['agency', 'netsign']);
    expect(await q(`SELECT DISTINCT sale_status AS v FROM new_house_project`)).toEqual(['售罄', '在售', '待售'].sort());
    const [lottery] = await t.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_house_project WHERE lottery IS NOT NULL`,
    );
    expect(lottery!.n).toBeGreaterThan(0);
    const [upcoming] = await t.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_house_project WHERE opening_date > '2026-06-30'`,
    );
    expect(upcoming!.n).toBeGreaterThan(0);
  });

  it('has quiet estates (no deal in the last 12 months, nothing on sale) and busy ones', async () => {
    const [quiet] = await t.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM estate e WHERE NOT EXISTS (SELECT 1 FROM deal d WHERE d.estate_id = e.id AND d.deal_date >= '2025-07-01')
         AND NOT EXISTS (SELECT 1 FROM listing l WHERE l.estate_id = e.id AND l.status = 'on_sale')`,
    );
    expect(quiet!.n).toBeGreaterThan(0);
    const [busy] = await t.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT estate_id FROM listing WHERE status = 'on_sale' GROUP BY 1 HAVING count(*) >= 8) b`,
    );
    expect(busy!.n).toBeGreaterThan(0);
  });

  it('links sold listings to their deals, with price-change history and agents', async () => {
    const [row] = await t.sql.query<{ sold: number; linked: number; changes: number; agents: number }>(
      `SELECT (SELECT count(*)::int FROM listing WHERE status = 'sold') AS sold,
              (SELECT count(*)::int FROM deal d JOIN listing l ON l.id = d.listing_id WHERE d.deal_date = l.ended_at AND d.list_total_price = l.total_price) AS linked,
              (SELECT count(*)::int FROM listing l WHERE l.price_change_count = (SELECT count(*) FROM listing_price_change c WHERE c.listing_id = l.id)) AS changes,
              (SELECT count(*)::int FROM estate e WHERE EXISTS (SELECT 1 FROM agent_estate a WHERE a.estate_id = e.id)) AS agents`,
    );
    // A sale of the last DEAL_DELAY_DAYS days has its listing off the market but its deal not yet published.
    const [pending] = await t.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM listing l WHERE l.status = 'sold' AND l.ended_at > $1::date
         AND NOT EXISTS (SELECT 1 FROM deal d WHERE d.listing_id = l.id)`,
      [latestDealDay(monthEndDay(MONTHS[WINDOW - 1]!))],
    );
    expect(row!.linked + pending!.n).toBe(row!.sold);
    const [all] = await t.sql.query<{ n: number; e: number }>(
      `SELECT (SELECT count(*)::int FROM listing) AS n, (SELECT count(*)::int FROM estate) AS e`,
    );
    expect(row!.changes).toBe(all!.n);
    expect(row!.agents).toBe(all!.e);
  });

  it('places every estate inside its district and near its plate', async () => {
    const rows = await t.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM estate e JOIN plate p ON p.id = e.plate_id WHERE p.district_id <> e.district_id`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});

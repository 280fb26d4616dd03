// The backtest on the seeded small dataset (what CI runs; the full-dataset run is committed in
// bench/results/valuation.json): the report has every published metric, and shuffled dates do worse.
import { describe, expect, it } from 'vitest';
import { seededApp } from '../../testing.ts';
import { renderMarkdown, runBacktest } from './backtest.ts';
import { loadAllCityDeals } from './repo.ts';

const seeded = seededApp();

describe('valuation backtest (small dataset)', () => {
  it('reports every metric, stays above the noise floor and passes the leakage test', async () => {
    const cities = await loadAllCityDeals(seeded.database.db);
    const report = runBacktest(cities, { resamples: 20 });
    const m = report.overall;
    expect(m.n).toBeGreaterThan(1000);
    expect(m.hitRate).toBeGreaterThan(0.95);
    for (const key of [
      'mdape',
      'within5',
      'within10',
      'within20',
      'over20',
      'rangeCoverage80',
      'medianRangeWidth',
    ] as const)
      expect(m[key]).toEqual(expect.any(Number));
    expect(m.mdapeCi95[0]).toBeLessThanOrEqual(m.mdape!);
    expect(m.mdapeCi95[1]).toBeGreaterThanOrEqual(m.mdape!);
    expect(m.baselines.rawMdape).toEqual(expect.any(Number));
    expect(m.baselines.timeAdjustedMdape).toEqual(expect.any(Number));
    expect(Object.keys(report.byCity)).toHaveLength(cities.length);
    expect(Object.keys(report.byDensity).length).toBeGreaterThan(2);
    expect(Object.keys(report.byConfidence).length).toBeGreaterThan(1);
    expect(report.noiseFloor.belowFloor).toBe(false);
    expect(report.leakage.holds).toBe(true);
    expect(m.rangeCoverage80).toBeGreaterThan(0.7);
    expect(m.rangeCoverage80).toBeLessThan(0.9);
    expect(renderMarkdown(report, 'small')).toContain('Noise floor');
  });
});

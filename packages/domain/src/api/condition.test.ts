import { describe, expect, it } from 'vitest';
import { CONDITION_KEYS, bandsFromQuantiles, buildComplexCondition } from './condition.ts';

describe('config/getComplexCondition (spec §3 filter groups)', () => {
  it('has every group of spec §3 in order, each with options', () => {
    const body = buildComplexCondition({
      totalPrice: [1_800_000, 2_600_000, 3_400_000, 5_000_000],
      unitPrice: [18_000, 26_000, 33_000, 45_000],
    });
    expect(body.version).toBe(1);
    expect(body.groups.map((g) => g.key)).toEqual([...CONDITION_KEYS]);
    expect(body.groups).toHaveLength(17);
    for (const group of body.groups) expect(group.options.length).toBeGreaterThan(0);
  });

  it('derives 总价 bands in 万 from the city’s own listing prices', () => {
    const body = buildComplexCondition({ totalPrice: [1_800_000, 2_600_000, 3_400_000, 5_000_000], unitPrice: [] });
    const price = body.groups.find((g) => g.key === 'price')!;
    expect(price.options).toEqual([
      { value: '0-200', label: '200万以下' },
      { value: '200-250', label: '200-250万' },
      { value: '250-350', label: '250-350万' },
      { value: '350-500', label: '350-500万' },
      { value: '500-', label: '500万以上' },
    ]);
  });

  it('uses wider steps in dearer markets and collapses duplicate edges', () => {
    const bands = bandsFromQuantiles([30_000, 30_400, 61_000], 5_000, (lo, hi) => `${lo}-${hi ?? ''}`);
    expect(bands.map((b) => b.value)).toEqual(['0-30000', '30000-60000', '60000-']);
  });

  it('gives no money bands for a city without listings', () => {
    const body = buildComplexCondition({ totalPrice: [], unitPrice: [] });
    expect(body.groups.find((g) => g.key === 'price')!.options).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { daysBetween, labelledDays } from './FunnelChart.tsx';

describe('the funnel chart day axis', () => {
  it('labels at most 5 days, evenly spaced, always the newest', () => {
    expect(labelledDays(14)).toEqual([1, 4, 7, 10, 13]);
    expect(labelledDays(3)).toEqual([0, 1, 2]);
    expect(labelledDays(1)).toEqual([0]);
    expect(labelledDays(0)).toEqual([]);
    for (const n of [7, 14, 30, 31, 60, 92]) {
      const labels = labelledDays(n);
      expect(labels.length, String(n)).toBeLessThanOrEqual(5);
      expect(labels.at(-1)).toBe(n - 1);
      const gaps = new Set(labels.slice(1).map((v, i) => v - labels[i]!));
      expect(gaps.size, String(n)).toBeLessThanOrEqual(1);
    }
  });

  it('lists every day of the range', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

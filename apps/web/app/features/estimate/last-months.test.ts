import { describe, expect, it } from 'vitest';
import type { HeaderChartBody } from '@fjt/domain';
import { lastMonths } from './last-months.ts';

const body: HeaderChartBody = {
  months: ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08'],
  series: [
    { level: 'estate', id: 1, name: '某小区', values: [1, 2, 100, null, 105, 110, null, 120], change: 11900 },
    { level: 'plate', id: 2, name: '某板块', values: [1, 1, 1, 1, 1, 1, 1, 1], change: 0 },
    { level: 'district', id: 3, name: '某区', values: [1, 1, 1, 1, 1, 1, 1, 1], change: 0 },
  ],
};

describe('lastMonths', () => {
  it('keeps the last months of the estate and its plate, the change over those months only', () => {
    const tail = lastMonths(body, 6);
    expect(tail.months).toEqual(['2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08']);
    expect(tail.series.map((s) => s.level)).toEqual(['estate', 'plate']);
    expect(tail.series[0]!.values).toEqual([100, null, 105, 110, null, 120]);
    expect(tail.series[0]!.change).toBeCloseTo(20);
    expect(tail.series[1]!.change).toBeNull();
  });

  it('has no change with fewer than two months of values, and keeps short series whole', () => {
    const sparse: HeaderChartBody = {
      months: ['2026-07', '2026-08'],
      series: [{ level: 'estate', id: 1, name: '某小区', values: [null, 120], change: null }],
    };
    const tail = lastMonths(sparse, 6);
    expect(tail.months).toEqual(['2026-07', '2026-08']);
    expect(tail.series[0]!.change).toBeNull();
  });
});

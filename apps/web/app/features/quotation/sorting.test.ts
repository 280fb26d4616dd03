import { describe, expect, it } from 'vitest';
import type { QuotationRow } from '@fjt/domain';
import { parseSort, sortRows } from './sorting.ts';

const row = (id: number, listingAvg: number | null): QuotationRow => ({
  level: 'district',
  id,
  name: `区${id}`,
  listingAvg,
  dealAvg: null,
  listingMom: null,
  dealMom: null,
  listingCount: 0,
  dealCount: 0,
  premium: null,
});

describe('行情 board sorting', () => {
  const rows = [row(1, 20_000), row(2, null), row(3, 40_000), row(4, 30_000)];

  it('keeps the usual order without a column', () => {
    expect(sortRows(rows, null, 'desc').map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('sorts both ways with missing values last', () => {
    expect(sortRows(rows, 'listingAvg', 'desc').map((r) => r.id)).toEqual([3, 4, 1, 2]);
    expect(sortRows(rows, 'listingAvg', 'asc').map((r) => r.id)).toEqual([1, 4, 3, 2]);
  });

  it('ignores an unknown column from a link and defaults to descending', () => {
    expect(parseSort('name', 'sideways')).toEqual({ sort: null, order: 'desc' });
    expect(parseSort('premium', 'asc')).toEqual({ sort: 'premium', order: 'asc' });
  });
});

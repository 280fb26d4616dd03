// The board's sortable columns; the choice lives in the URL (?sort&order) so a sorted board can be shared.
import type { QuotationRow } from '@fjt/domain';

export const QUOTATION_SORTS = ['listingAvg', 'dealAvg', 'listingMom', 'listingCount', 'dealCount', 'premium'] as const;
export type QuotationSort = (typeof QUOTATION_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

export function parseSort(sort: string | null, order: string | null): { sort: QuotationSort | null; order: SortOrder } {
  const key = QUOTATION_SORTS.find((s) => s === sort) ?? null;
  return { sort: key, order: order === 'asc' ? 'asc' : 'desc' };
}

/** Rows sorted on a column; missing values always last. Without a column: the districts' usual order. */
export function sortRows(rows: QuotationRow[], sort: QuotationSort | null, order: SortOrder): QuotationRow[] {
  if (!sort) return rows;
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[sort];
    const y = b[sort];
    if (x === null) return y === null ? 0 : 1;
    if (y === null) return -1;
    return (x - y) * sign;
  });
}

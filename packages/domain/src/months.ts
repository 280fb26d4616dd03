// Month arithmetic on 'YYYY-MM' strings, the unit of every price series (UTC, no time zones involved).

/** 'YYYY-MM' shifted by n months (negative goes back). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The `count` months ending with `latest`, oldest first. */
export function monthWindow(latest: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(latest, i - count + 1));
}

/** First day of the month before, for a date column: '2026-06-01' → '2026-05-01'. */
export function previousMonthStart(monthStart: string): string {
  return `${addMonths(monthStart.slice(0, 7), -1)}-01`;
}

/** Last day of a 'YYYY-MM' month, 'YYYY-MM-DD': '2026-02' → '2026-02-28'. */
export function monthEndDay(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** A month as titles write it (DESIGN.md): '2026-06' → '2026年6月'. */
export function monthTitle(month: string): string {
  return `${Number(month.slice(0, 4))}年${Number(month.slice(5, 7))}月`;
}

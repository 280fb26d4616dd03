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

/** Years a month or day of the data can lie in: input outside them is an error, never a query (year 0000). */
export const PLAUSIBLE_YEARS = { min: 2000, max: 2100 } as const;

/** A 'YYYY-MM' whose year is within PLAUSIBLE_YEARS. */
export function isPlausibleMonth(text: string): boolean {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  return year >= PLAUSIBLE_YEARS.min && year <= PLAUSIBLE_YEARS.max;
}

/** A 'YYYY-MM-DD' that exists (no 02-30) in a plausible month. */
export function isPlausibleDay(text: string): boolean {
  const match = /^(\d{4}-\d{2})-(\d{2})$/.exec(text);
  if (!match || !isPlausibleMonth(match[1]!)) return false;
  const day = Number(match[2]);
  return day >= 1 && day <= Number(monthEndDay(match[1]!).slice(8));
}

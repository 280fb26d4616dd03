// The dataset's calendar: the 60 months ending with the newest NBS month, as day numbers (days since
// 1970-01-01, UTC) for cheap arithmetic, and 'YYYY-MM-DD' strings for rows.
import { LAST_MONTH, monthsEnding } from './nbs.ts';

export const WINDOW = 60;
/** 'YYYY-MM', oldest first. */
export const MONTHS: readonly string[] = monthsEnding(LAST_MONTH, WINDOW);
const [y0, m0] = MONTHS[0]!.split('-').map(Number) as [number, number];
const FIRST = y0 * 12 + (m0 - 1);

const DAY = 86_400_000;
export function dayOf(date: string): number {
  return Math.floor(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY);
}

const strings = new Map<number, string>();
export function dayString(day: number): string {
  let s = strings.get(day);
  if (!s) {
    s = new Date(day * DAY).toISOString().slice(0, 10);
    strings.set(day, s);
  }
  return s;
}

const starts = MONTHS.map((m) => dayOf(`${m}-01`));
const ends = MONTHS.map((_, i) => {
  const idx = FIRST + i + 1;
  return Math.floor(Date.UTC(Math.floor(idx / 12), idx % 12, 1) / DAY) - 1;
});
export const monthStartDay = (m: number): number => starts[m]!;
/** Last day of month m. */
export const monthEnd = (m: number): number => ends[m]!;
/** 'YYYY-MM-01' of month m. */
export const monthDate = (m: number): string => `${MONTHS[m]!}-01`;

/** Index of the month a 'YYYY-MM-DD' date falls in, or -1 outside the window. */
export function monthIndex(date: string): number {
  const i = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 - FIRST;
  return i >= 0 && i < WINDOW ? i : -1;
}

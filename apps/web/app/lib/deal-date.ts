// A deal's date as rows show it: in full, or — masked for a non-member, the server sends only 'YYYY-MM' — the
// month with the day hidden ('06月**日'), like '**万' for the price (PAGES.md §0 VIP mask).
import { formatDate } from '@fjt/domain';

const MONTH_ONLY = /^(\d{4})-(\d{2})$/;

export function dealDateText(date: string, now: number): string {
  const month = MONTH_ONLY.exec(date);
  if (!month) return formatDate(date, new Date(now));
  // the year in China, as formatDate counts it
  const thisYear = new Date(now + 8 * 3_600_000).getUTCFullYear();
  return `${Number(month[1]) < thisYear ? `${month[1]}年` : ''}${month[2]}月**日`;
}

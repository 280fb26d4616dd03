// Display helpers of the new-house pages, on top of lib/display (spec §5 money filters).
import { MISSING_VALUE, formatMoney } from '@fjt/domain';

/** 总价段 元 → '82-179万', one end alone when equal, '--' when unknown. */
export function totalRange(min: number | null, max: number | null): string {
  if (min === null && max === null) return MISSING_VALUE;
  const lo = formatMoney(min ?? max, 'thousand');
  const hi = formatMoney(max ?? min, 'thousand');
  return lo === hi ? `${lo}万` : `${lo}-${hi}万`;
}

/** 户型面积 → '57-127㎡'. */
export function areaRange(min: number | null, max: number | null): string {
  if (min === null || max === null) return MISSING_VALUE;
  const lo = Math.round(min);
  const hi = Math.round(max);
  return lo === hi ? `${lo}㎡` : `${lo}-${hi}㎡`;
}

/** Room counts → '2/3/4室' (5 = 五室及以上, shown as 5+). */
export function roomsText(rooms: number[]): string {
  if (rooms.length === 0) return MISSING_VALUE;
  return `${rooms.map((r) => (r >= 5 ? '5+' : String(r))).join('/')}室`;
}

/** 'YYYY-MM-DD' → '2026年7月20日'. */
export function dayTitle(day: string | null): string {
  if (!day) return MISSING_VALUE;
  const [y, m, d] = day.split('-');
  return `${y}年${Number(m)}月${Number(d)}日`;
}

/** 'YYYY-MM-DD' → '7月20日', with the year when it is not this year (China time): '2027年3月1日'. */
export function shortDay(day: string | null, now = Date.now()): string {
  if (!day) return MISSING_VALUE;
  const thisYear = new Date(now + 8 * 3600_000).getUTCFullYear();
  const [y, m, d] = day.split('-');
  return `${Number(y) === thisYear ? '' : `${y}年`}${Number(m)}月${Number(d)}日`;
}

/** The badge class of a 销售状态: 在售 brand, 待售 orange, 售罄 grey. */
export function statusClass(status: string): string {
  return status === '在售'
    ? 'nh-status nh-status--selling'
    : status === '待售'
      ? 'nh-status nh-status--upcoming'
      : 'nh-status';
}

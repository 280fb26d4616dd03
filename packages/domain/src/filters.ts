// Display filters of spec §5: money, rate, date, phone mask, text overflow, and the mobile check of the order modal.

export const MISSING_VALUE = '--';
export const MOBILE_FORMAT_ERROR = '请填写正确格式的手机号';

const MONEY_DIVISORS = { thousand: 10_000, million: 100_000_000 } as const;

function isPresentNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * toFixed rounds the binary value (1.005 → '1.00'); shifting by the decimal exponent first rounds
 * the number as written, and halves go away from zero for both signs.
 */
export function roundTo(value: number, digits: number): number {
  const magnitude = Math.abs(value);
  // Exponent notation ('1e-7') cannot take a second exponent; such values are far from any half.
  if (String(magnitude).includes('e')) return Math.sign(value) * (Math.round(magnitude * 10 ** digits) / 10 ** digits);
  const shifted = Math.round(Number(`${magnitude}e${digits}`));
  return Math.sign(value) * Number(`${shifted}e-${digits}`);
}

function fixed(value: number, digits: number): string {
  const text = roundTo(value, digits).toFixed(digits);
  // -0.4 rounds to -0; showing '-0' would suggest a loss that is not there.
  return /^-0(?:\.0*)?$/.test(text) ? text.slice(1) : text;
}

function groupThousands(text: string): string {
  const [integer = '', fraction] = text.split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** 'thousand' shows 万 (÷10,000), 'million' shows 亿 (÷100,000,000); without a unit, 29350 → '29,350'. */
export function formatMoney(value: number | null | undefined, unit?: 'thousand' | 'million', digits = 0): string {
  if (!isPresentNumber(value)) return MISSING_VALUE;
  if (unit) return fixed(value / MONEY_DIVISORS[unit], digits);
  return groupThousands(fixed(value, digits));
}

export type RateTrend = 'up' | 'down' | 'flat';

/** value is already a percent (1.2 means 1.2%). A change that rounds to zero at `digits` is shown as 持平. */
export function formatRate(value: number | null | undefined, digits = 1): { text: string; trend: RateTrend } {
  if (!isPresentNumber(value)) return { text: MISSING_VALUE, trend: 'flat' };
  const rounded = roundTo(value, digits);
  if (rounded === 0) return { text: '持平', trend: 'flat' };
  const magnitude = Math.abs(rounded).toFixed(digits);
  return rounded > 0 ? { text: `上涨${magnitude}%↑`, trend: 'up' } : { text: `下跌${magnitude}%↓`, trend: 'down' };
}

// All dates are Beijing time (UTC+8, no daylight saving). Using the runtime's zone would make a
// server in UTC and a phone in China render different days and break hydration.
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;
const LOCAL_DATE_TIME = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Accepts a Date, epoch milliseconds, or a string. 'YYYY-MM-DD[ HH:mm[:ss]]' strings are read as
 * Beijing time by hand: iOS Safari returns Invalid Date for the space-separated form.
 */
export function toDate(value: Date | string | number): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  const m = LOCAL_DATE_TIME.exec(value.trim());
  if (m) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
    const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    return new Date(utc - CHINA_OFFSET_MS);
  }
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : new Date(parsed);
}

function chinaCalendar(date: Date): { year: number; month: number; day: number; weekday: number } {
  const shifted = new Date(date.getTime() + CHINA_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
  };
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** '今天' for today; else 'MM月DD日 周X', with 'YYYY年' in front only for an earlier year. */
export function formatDate(date: Date | string | number, now: Date): string {
  const parsed = toDate(date);
  if (!parsed) return MISSING_VALUE;
  const d = chinaCalendar(parsed);
  const today = chinaCalendar(now);
  if (d.year === today.year && d.month === today.month && d.day === today.day) return '今天';
  const year = d.year < today.year ? `${d.year}年` : '';
  return `${year}${pad2(d.month)}月${pad2(d.day)}日 ${WEEKDAYS[d.weekday] ?? ''}`;
}

/** 13812345678 → 138****5678. */
export function maskPhone(phone: string | number | null | undefined): string {
  const text = phone === null || phone === undefined ? '' : String(phone).trim();
  if (!text) return MISSING_VALUE;
  return `${text.slice(0, 3)}****${text.slice(7)}`;
}

/** Counts characters, not UTF-16 units, so an emoji is never cut in half. */
export function ellipsis(text: string | null | undefined, max = 10): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

export function isValidMobile(s: unknown): boolean {
  return typeof s === 'string' && /^1[3-9]\d{9}$/.test(s);
}

/** 低/中/高楼层 as listing sites show it: the bottom, middle and top third of the building. */
export function floorLevel(floor: number, totalFloors: number): string {
  if (!totalFloors || totalFloors <= 0) return '--';
  const ratio = floor / totalFloors;
  const level = ratio <= 1 / 3 ? '低楼层' : ratio <= 2 / 3 ? '中楼层' : '高楼层';
  return `${level}/共${totalFloors}层`;
}

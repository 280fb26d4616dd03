// Display helpers shared by the price pages, all on top of the spec §5 filters (formatMoney, formatRate).
import { MISSING_VALUE, formatMoney, formatRate, roundTo } from '@fjt/domain';

/** '29,350元/㎡', or '--'. */
export function unitPrice(value: number | null | undefined): string {
  const text = formatMoney(value);
  return text === MISSING_VALUE ? text : `${text}元/㎡`;
}

/** 总价 元 → '356万', or '--'. */
export function totalPrice(value: number | null | undefined): string {
  const text = formatMoney(value, 'thousand');
  return text === MISSING_VALUE ? text : `${text}万`;
}

/** Rate text and its class: red up, green down, grey flat (DESIGN.md). */
export function rate(value: number | null | undefined): { text: string; className: string } {
  const { text, trend } = formatRate(value);
  return { text, className: `trend-${trend}` };
}

/** '89.5㎡'. */
export function area(value: number | null | undefined): string {
  return value === null || value === undefined ? MISSING_VALUE : `${roundTo(value, 2)}㎡`;
}

/** 2026-06 → '2026年6月' (the shared month title of @fjt/domain). */
export { monthTitle } from '@fjt/domain';

/** A fixed number of decimals, rounded as written (1.45 → '1.5'; toFixed alone gives '1.4'). */
export function decimal(value: number, digits: number): string {
  return roundTo(value, digits).toFixed(digits);
}

/** 450 → '450米', 1450 → '1.5公里'. */
export function distance(metres: number): string {
  return metres < 1000 ? `${metres}米` : `${decimal(metres / 1000, 1)}公里`;
}

/** 议价空间 '3.2%', or '--'. */
export function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? MISSING_VALUE : `${roundTo(value, 1).toFixed(1)}%`;
}

/** 成交周期 '86天', or '--'. */
export function days(value: number | null | undefined): string {
  return value === null || value === undefined ? MISSING_VALUE : `${value}天`;
}

/** A day as a user in China reads it (Asia/Shanghai), e.g. a membership's or a permit's end: '2027/2/25'. */
export function chinaDate(iso: string): string {
  return new Date(iso).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' });
}

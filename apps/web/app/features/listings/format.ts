// Display helpers of the listing pages, on top of the spec §5 filters (formatMoney, formatRate).
import { MISSING_VALUE, formatMoney, formatRate, roundTo } from '@fjt/domain';

/** '29,350元/㎡', or '--'. */
export function unitPriceText(value: number | null | undefined): string {
  const text = formatMoney(value);
  return text === MISSING_VALUE ? text : `${text}元/㎡`;
}

/** 总价 元 → '356万', or '--'. */
export function totalPriceText(value: number | null | undefined): string {
  const text = formatMoney(value, 'thousand');
  return text === MISSING_VALUE ? text : `${text}万`;
}

/** '89.5㎡'. */
export function areaText(value: number | null | undefined): string {
  return value === null || value === undefined ? MISSING_VALUE : `${roundTo(value, 2)}㎡`;
}

/** Rate text and its class: red up, green down, grey flat (DESIGN.md). */
export function rateText(value: number | null | undefined): { text: string; className: string } {
  const { text, trend } = formatRate(value);
  return { text, className: `trend-${trend}` };
}

/** 2026-06 → '2026年6月'. */
export function monthText(month: string): string {
  const [y, m] = month.split('-');
  return `${y}年${Number(m)}月`;
}

// Money as the loan pages show it: 元 with two decimals and thousands separators, or 万 with at most two decimals.
import { fenToYuanText } from '@fjt/domain';

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** 530727 → '5,307.27' */
export function yuanOfFen(fen: number): string {
  const [whole, frac] = fenToYuanText(fen).split('.');
  return `${group(whole!)}.${frac}`;
}

/** 91061512 → '91.06' (万元) */
export function wanOfFen(fen: number): string {
  return String(Number((Math.round(fen / 10_000) / 100).toFixed(2)));
}

/** 1234567 (元) → '123.46' (万元) */
export function wanOfYuan(yuan: number): string {
  return wanOfFen(Math.round(yuan * 100));
}

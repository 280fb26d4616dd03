// Local-currency money and its ≈¥ conversion with the project's reference rate (spec §5 formatMoney).
import { formatMoney } from '@fjt/domain';
import { totalPrice } from '../../lib/display.ts';

const CURRENCY_NAMES: Record<string, string> = {
  THB: '泰铢',
  MYR: '马币',
  JPY: '日元',
  AED: '迪拉姆',
  GBP: '英镑',
  AUD: '澳元',
  SGD: '新元',
};

export const currencyName = (code: string) => CURRENCY_NAMES[code] ?? code;

/** '1,234万泰铢' (local amounts ≥ 10,000 shown in 万). */
export function localMoney(value: number, currency: string): string {
  return value >= 10_000
    ? `${formatMoney(value, 'thousand')}万${currencyName(currency)}`
    : `${formatMoney(value)}${currencyName(currency)}`;
}

/** '≈¥356万'. */
export const cnyMoney = (yuan: number) => `≈¥${totalPrice(yuan)}`;

/** Price per ㎡ in full: '15,230英镑/㎡'. */
export const localUnitPrice = (value: number, currency: string) => `${formatMoney(value)}${currencyName(currency)}/㎡`;

// 风险提示 of the one-page estate report (PAGES.md §3.4 house-report): plain-language flags drawn from the
// estate's own figures — a high landlord premium, slow sales, falling asking prices, many price cuts, no deals.
import type { EstateBasicInfo, ListingAnalysisBody } from '@fjt/domain';
import { decimal } from '../../lib/display.ts';

/** 房东溢价系数 from which asking prices are flagged as well above what deals close at. */
export const HIGH_PREMIUM = 1.1;
/** Median days on the market from which sales are flagged as slow. */
export const LONG_DAYS_LISTED = 180;
const FALLING_MOM = -2;
const MANY_CUTS_SHARE = 0.3;

export function riskFlags(basic: EstateBasicInfo, analysis: ListingAnalysisBody | null, dealCount12: number): string[] {
  const flags: string[] = [];
  if (basic.premium !== null && basic.premium >= HIGH_PREMIUM) {
    flags.push(
      `房东溢价偏高：溢价系数${decimal(basic.premium, 2)}，挂牌均价比上月成交均价高${Math.round((basic.premium - 1) * 100)}%，议价时请参考成交价`,
    );
  }
  if (analysis?.medianDaysListed != null && analysis.medianDaysListed >= LONG_DAYS_LISTED) {
    flags.push(`在售房源挂牌时间偏长：中位数${analysis.medianDaysListed}天，去化较慢`);
  }
  if (basic.listingMom !== null && basic.listingMom <= FALLING_MOM) {
    flags.push(`挂牌均价环比下跌${decimal(Math.abs(basic.listingMom), 1)}%`);
  }
  if (analysis && analysis.onSaleCount > 0 && analysis.cutCount30d / analysis.onSaleCount >= MANY_CUTS_SHARE) {
    flags.push(`近30天${Math.round((analysis.cutCount30d / analysis.onSaleCount) * 100)}%的在售房源降过价`);
  }
  if (dealCount12 === 0) flags.push('近12个月无成交，价格参考性较弱');
  return flags;
}

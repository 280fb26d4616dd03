// Pure rules of the 卖房报价 form (issue 16): 万 ↔ 元, and whether an expected price is far from what the estate's
// 挂牌均价 says the home is worth. Far is a warning, never a refusal: the owner knows the home, we know an average.

/** An expected price more than this share above or below the estate's average × area is called far. */
export const QUOTE_FAR_SHARE = 0.3;

/** 万 (up to 2 decimals) → 元. */
export const wanToYuan = (wan: number): number => Math.round(wan * 100) * 100;
/** 元 → 万, 2 decimals at most (no trailing zeros). */
export const yuanToWan = (yuan: number): number => Math.round(yuan / 100) / 100;

export interface QuotePriceCheck {
  /** The reference, 万 (average × area), or null when there is none to compare with. */
  referenceWan: number | null;
  /** 'high' / 'low': far from the reference; 'ok': within QUOTE_FAR_SHARE; null: nothing to compare. */
  verdict: 'high' | 'low' | 'ok' | null;
  /** Percent above (+) or below (−) the reference, one decimal. */
  deviationPct: number | null;
}

/**
 * How an expected price (万) compares with the estate's average (元/㎡) × the home's area (㎡). No average, no
 * area, or a price that is not a positive number: nothing to compare (verdict null).
 */
export function checkQuotePrice(
  expectedWan: number | null,
  avgUnitPrice: number | null | undefined,
  area: number | null | undefined,
): QuotePriceCheck {
  const none: QuotePriceCheck = { referenceWan: null, verdict: null, deviationPct: null };
  if (!avgUnitPrice || !area || !(avgUnitPrice > 0) || !(area > 0)) return none;
  const referenceWan = Math.round((avgUnitPrice * area) / 100) / 100;
  if (referenceWan <= 0) return none;
  if (expectedWan === null || !Number.isFinite(expectedWan) || expectedWan <= 0) return { ...none, referenceWan };
  const share = expectedWan / referenceWan - 1;
  const deviationPct = Math.round(share * 1000) / 10;
  // on the rounded percent, so exactly 30 % (however the floats fall) is still within
  const limit = QUOTE_FAR_SHARE * 100;
  const verdict = deviationPct > limit ? 'high' : deviationPct < -limit ? 'low' : 'ok';
  return { referenceWan, verdict, deviationPct };
}

/** The warning the form shows for a far price; null when none is due. */
export function quotePriceWarning(check: QuotePriceCheck): string | null {
  if ((check.verdict !== 'high' && check.verdict !== 'low') || check.referenceWan === null) return null;
  const pct = Math.abs(check.deviationPct ?? 0).toFixed(1);
  return `您的期望售价${check.verdict === 'high' ? '高于' : '低于'}小区挂牌均价估算（约${check.referenceWan}万）${pct}%，可以提交，经纪人会结合近期成交给出建议。`;
}

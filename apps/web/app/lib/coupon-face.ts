// A coupon's face as every page writes it ('满30减20元', '立减20元', '8折'): the domain's couponFaceText applied to a
// coupon as the API sends it (amounts in 元).
import { couponFaceText, type CouponView } from '@fjt/domain';

export function couponFace(c: Pick<CouponView, 'kind' | 'amount' | 'discountPct' | 'minAmount'>): string {
  return couponFaceText({
    kind: c.kind,
    amountFen: c.amount === null ? null : Math.round(c.amount * 100),
    discountPct: c.discountPct,
    minFen: Math.round(c.minAmount * 100),
  });
}

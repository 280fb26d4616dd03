// A VIP card as the checkout's product, and its creating call (POST memberCard/buyMember with the attempt's
// Idempotency-Key; the server prices it from the catalogue).
import { IDEMPOTENCY_HEADER, type Envelope, type MemberCard, type OrderView } from '@fjt/domain';
import { callApi } from '../../lib/session.ts';
import type { CheckoutProduct } from './Checkout.tsx';
import { yuan } from './money.ts';

export function memberProduct(card: MemberCard): CheckoutProduct {
  return {
    code: card.code,
    title: `房价通会员 · ${card.name}`,
    detail: `${card.days}天 · 约¥${yuan(card.perDay)}/天 · 已是会员的顺延`,
    amount: card.price,
    originAmount: card.originPrice,
  };
}

export function buyMember(
  cardCode: string,
  returnTo: string | null,
  idempotencyKey: string,
  couponNo: string | null = null,
): Promise<Envelope<{ order: OrderView } | null>> {
  return callApi<{ order: OrderView }>(
    'memberCard/buyMember',
    { cardCode, ...(returnTo ? { returnTo } : {}), ...(couponNo ? { couponNo } : {}) },
    { [IDEMPOTENCY_HEADER]: idempotencyKey },
  );
}

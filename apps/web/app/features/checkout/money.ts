// Amounts on the membership and checkout pages: 元 from the catalogue (two decimals), shown without '.00' when whole
// (¥198, ¥0.54/天), and the card a buyer gets most for the money.
import type { MemberCard } from '@fjt/domain';

export { yuan } from '../../lib/money.ts';

/** The card with the lowest price a day (the longest of equals), highlighted as 最划算; null for an empty list. */
export function bestValueCard(cards: readonly MemberCard[]): MemberCard | null {
  let best: MemberCard | null = null;
  for (const card of cards) {
    if (!best || card.perDay < best.perDay || (card.perDay === best.perDay && card.days > best.days)) best = card;
  }
  return best;
}

/** '月卡 · 30天'. */
export function cardLabel(card: Pick<MemberCard, 'name' | 'days'>): string {
  return `${card.name} · ${card.days}天`;
}

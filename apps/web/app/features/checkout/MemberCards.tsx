// VIP cards to choose from (开通会员 and the one-step 购买会员): duration, price, 原价 struck through, price a day,
// the best value marked 最划算; and the rights they buy.
import type { MemberCard } from '@fjt/domain';
import { bestValueCard, yuan } from './money.ts';
import type { MemberBasis } from './use-member-catalogue.ts';
import './checkout.css';

export function MemberCardPicker({
  cards,
  selected,
  onSelect,
}: {
  cards: readonly MemberCard[];
  selected: string | null;
  onSelect: (code: string) => void;
}) {
  const best = bestValueCard(cards);
  return (
    <div className="vip-cards" role="radiogroup" aria-label="会员卡" data-testid="vip-cards">
      {cards.map((card) => {
        const checked = card.code === selected;
        return (
          <button
            key={card.code}
            type="button"
            role="radio"
            aria-checked={checked}
            className={`vip-card${checked ? ' vip-card--checked' : ''}`}
            onClick={() => onSelect(card.code)}
            data-testid={`vip-card-${card.code}`}
          >
            {best?.code === card.code ? <span className="vip-card__badge">最划算</span> : null}
            <span className="vip-card__name">{card.name}</span>
            <span className="vip-card__days num">{card.days}天</span>
            <span className="vip-card__price num">
              <small>¥</small>
              {yuan(card.price)}
            </span>
            {card.originPrice > card.price ? (
              <s className="vip-card__origin num" aria-label={`原价${yuan(card.originPrice)}元`}>
                ¥{yuan(card.originPrice)}
              </s>
            ) : (
              <span className="vip-card__origin" />
            )}
            <span className="vip-card__per-day num">¥{yuan(card.perDay)}/天</span>
          </button>
        );
      })}
    </div>
  );
}

const RIGHT_MARKS = ['价', '导', '报', '估', '权', '益'];

export function MemberRights({ basis }: { basis: MemberBasis }) {
  return (
    <section className="checkout-card vip-rights" aria-labelledby="vip-rights-title" data-testid="vip-rights">
      <h2 className="checkout-card__title" id="vip-rights-title">
        会员权益
      </h2>
      <ul>
        {basis.rights.map((right, i) => (
          <li key={right.title}>
            <span className="vip-rights__mark" aria-hidden="true">
              {RIGHT_MARKS[i % RIGHT_MARKS.length]}
            </span>
            <span>
              <strong>{right.title}</strong>
              <span className="vip-rights__desc">{right.description}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

// A listing priced below its estate's figure (捡漏, 本周好房): drawn cover, 室厅·面积·朝向, estate and floor, the
// '低于…x%' badge, days listed and price cuts, then 总价 and 单价. Opens the listing (→ property); a page may add
// an action under it (捡漏: 获取成交价, the deal-price modal), a button of its own beside the link, not inside it.
import { Link } from 'react-router';
import { floorLevel, formatMoney, roomLabel, type FinderListing } from '@fjt/domain';
import { EstateCover } from '../../components/estate-cover/EstateCover.tsx';
import { area, decimal, totalPrice, unitPrice } from '../../lib/display.ts';

export interface FinderCardAction {
  label: string;
  onPress: (listing: FinderListing) => void;
}

export function FinderListingCard({
  cityId,
  listing,
  reference,
  action,
}: {
  cityId: number;
  listing: FinderListing;
  /** What the badge compares with: '成交均价' (捡漏) or '小区均价' (本周好房). */
  reference: string;
  action?: FinderCardAction;
}) {
  const card = <ListingLink cityId={cityId} listing={listing} reference={reference} />;
  if (!action) return card;
  return (
    <>
      {card}
      <div className="finder-card__actions">
        <button type="button" className="finder-card__action" onClick={() => action.onPress(listing)}>
          <span>{action.label}</span>
        </button>
      </div>
    </>
  );
}

function ListingLink({ cityId, listing: l, reference }: { cityId: number; listing: FinderListing; reference: string }) {
  return (
    <Link className="finder-card" to={`/${cityId}/property/${l.id}`} data-testid="finder-card">
      <EstateCover id={l.estateId} name={l.estateName} district={l.districtName} />
      <div className="finder-card__main">
        <h3 className="finder-card__title">
          {roomLabel(l.rooms, l.halls)} · {area(l.area)} · {l.orientation}
        </h3>
        <p className="finder-card__meta">
          {l.estateName} · {floorLevel(l.floor, l.totalFloors)}
        </p>
        <p className="finder-card__tags">
          <span className="finder-badge finder-badge--below">
            低于{reference}
            {decimal(l.belowPct, 1)}%
          </span>
          {l.priceCut > 0 ? (
            <span className="finder-badge" title={`调价${l.priceChangeCount}次`}>
              降价{formatMoney(l.priceCut, 'thousand')}万
            </span>
          ) : null}
          <span className="finder-badge finder-badge--plain">
            {l.daysListed === 0 ? '今日挂牌' : `挂牌${l.daysListed}天`}
          </span>
        </p>
      </div>
      <div className="finder-card__price">
        <strong className="num">{totalPrice(l.totalPrice)}</strong>
        <span className="num">{unitPrice(l.unitPrice)}</span>
        <small className="num">
          {reference}
          {formatMoney(l.referenceAvg)}
        </small>
      </div>
    </Link>
  );
}

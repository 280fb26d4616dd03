// One on-sale listing in a list (→ property): its drawn floor plan (no photos in the data), 室厅·面积·朝向, 楼层, 总价 万 and 单价, tags, 带看, and a 降价 badge
// when the asking price is below the first one (with its share of the first price where asked).
import { Link } from 'react-router';
import { NEAR_METRO_M, floorLevel, formatMoney, priceCut, roomLabel, type ListingCard } from '@fjt/domain';
import { FloorPlan } from '../../components/floor-plan/FloorPlan.tsx';
import { area, totalPrice, unitPrice } from '../../lib/display.ts';

export function listingTags(l: ListingCard): string[] {
  const tags: string[] = [];
  if (l.yearsHeld === '满五' && l.onlyHome) tags.push('满五唯一');
  else if (l.yearsHeld !== '不满二') tags.push(l.yearsHeld);
  if (l.hasElevator) tags.push('有电梯');
  if (l.decoration === '精装') tags.push('精装修');
  if (l.stationDistanceM !== null && l.stationDistanceM <= NEAR_METRO_M) tags.push('近地铁');
  // what the estate itself is known for (the scene landings 学区房 and 次新房 filter on these)
  for (const tag of ['学区房', '次新房']) if (l.estateTags.includes(tag)) tags.push(tag);
  return tags;
}

export function ListingCardView({
  cityId,
  listing: l,
  showEstate,
  showCutRate = false,
}: {
  cityId: number;
  listing: ListingCard;
  showEstate: boolean;
  /** The 降价 badge also says by how much of the first price (专题房源's 降价房). */
  showCutRate?: boolean;
}) {
  const cut = priceCut(l);
  return (
    <Link className="listing-card" to={`/${cityId}/property/${l.id}`}>
      <FloorPlan unit={l} seed={l.id} size="thumb" caption={false} />
      <div className="listing-card__main">
        {/* each part stays on one line: '202.32㎡' never breaks before its unit */}
        <h3 className="listing-card__title">
          <span>{roomLabel(l.rooms, l.halls)}</span> · <span>{area(l.area)}</span> · <span>{l.orientation}</span>
        </h3>
        <p className="listing-card__meta">
          {showEstate ? `${l.estateName} · ` : ''}
          {floorLevel(l.floor, l.totalFloors)} · {l.decoration}
        </p>
        <p className="listing-card__tags">
          {cut ? (
            <span className="listing-badge listing-badge--cut">
              降价{formatMoney(cut.yuan, 'thousand')}万{showCutRate ? ` · ${cut.pct}%` : ''}
            </span>
          ) : null}
          {listingTags(l).map((t) => (
            <span key={t} className="listing-badge">
              {t}
            </span>
          ))}
        </p>
        <p className="listing-card__views">近7天带看{l.views7d}次</p>
      </div>
      <div className="listing-card__price">
        <strong className="num">{totalPrice(l.totalPrice)}</strong>
        <span className="num">{unitPrice(l.unitPrice)}</span>
      </div>
    </Link>
  );
}

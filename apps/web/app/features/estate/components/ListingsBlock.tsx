// 在售房源: the 5 newest listings (→ house-resold), each → property; a price cut shows as a badge.
import { Link } from 'react-router';
import { floorLabel, roomLabel, type ListingAnalysisBody, type ListingListBody } from '@fjt/domain';
import { area, totalPrice, unitPrice } from '../../../lib/display.ts';
import { Card } from '../../../components/card/Card.tsx';
import { EmptyNote } from '../../../components/empty-state/EmptyState.tsx';
import { FollowButton } from '../../../components/follow-button/FollowButton.tsx';

export function ListingsBlock({
  cityId,
  estateId,
  listings,
  analysis,
}: {
  cityId: number;
  estateId: number;
  listings: ListingListBody;
  analysis: ListingAnalysisBody | null;
}) {
  const resoldPath = `/${cityId}/house-resold/${estateId}`;
  return (
    <Card
      id="estate-listings"
      title="在售房源"
      more={listings.total > 0 ? { to: resoldPath, text: `全部${listings.total}套` } : undefined}
    >
      {analysis && analysis.onSaleCount > 0 ? (
        <dl className="estate-stats">
          <div>
            <dt>近30天新增</dt>
            <dd className="num">{analysis.newCount30d}套</dd>
          </div>
          <div>
            <dt>近30天降价</dt>
            <dd className="num">{analysis.cutCount30d}套</dd>
          </div>
          <div>
            <dt>挂牌时长中位数</dt>
            <dd className="num">{analysis.medianDaysListed === null ? '--' : `${analysis.medianDaysListed}天`}</dd>
          </div>
        </dl>
      ) : null}
      {listings.list.length === 0 ? (
        <EmptyNote action={<FollowButton kind="estate" id={estateId} inline label="订阅上新" />}>
          暂无在售房源
        </EmptyNote>
      ) : (
        <ul className="estate-rows">
          {listings.list.map((l) => (
            <li key={l.id}>
              <Link className="estate-row" to={`/${cityId}/property/${l.id}`}>
                <div className="estate-row__main">
                  <p className="estate-row__title">
                    {roomLabel(l.rooms, l.halls)} · {area(l.area)} · {l.orientation}
                  </p>
                  <p className="estate-row__meta">
                    {floorLabel(l.floor, l.totalFloors)} · {l.decoration}
                    {l.hasElevator ? ' · 有电梯' : ''}
                  </p>
                  <p className="estate-row__badges">
                    {l.yearsHeld !== '不满二' ? <span className="estate-badge">{l.yearsHeld}</span> : null}
                    {l.totalPrice < l.initialTotalPrice ? (
                      <span className="estate-badge estate-badge--down">
                        已降{totalPrice(l.initialTotalPrice - l.totalPrice)}
                      </span>
                    ) : null}
                  </p>
                </div>
                <div className="estate-row__price">
                  <p className="estate-row__total num">{totalPrice(l.totalPrice)}</p>
                  <p className="estate-row__unit num">{unitPrice(l.unitPrice)}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

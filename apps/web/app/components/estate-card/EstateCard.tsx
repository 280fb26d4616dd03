// The estate card of a user's lists (订阅与收藏, 达人推荐): EstateCard is the frame — cover, name, 区域 · 板块 and the
// caller's lines, opening `to`; EstateFiguresCard fills it with 挂牌均价 with MoM (red up, green down) and 成交均价
// with its MoM, opening the estate's page.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney, type CollectEstateRow } from '@fjt/domain';
import { EstateCover } from '../estate-cover/EstateCover.tsx';
import { rate, unitPrice } from '../../lib/display.ts';
import './estate-card.css';

export function EstateCard({
  to,
  place,
  className,
  testId,
  children,
}: {
  to: string;
  /** What the cover and the first two lines show. */
  place: { id: number; name: string; districtName: string; plateName: string };
  className?: string;
  testId?: string;
  /** The lines under 区域 · 板块 (estate-card__price, estate-card__counts). */
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className={className ? `estate-card ${className}` : 'estate-card'}
      data-testid={testId}
      // a mouse drag swipes a row (SwipeAction) instead of dragging the link away
      draggable={false}
    >
      <EstateCover id={place.id} name={place.name} district={place.districtName} />
      <span className="estate-card__body">
        <strong className="estate-card__name">{place.name}</strong>
        <span className="estate-card__meta">
          {place.districtName} · {place.plateName}
        </span>
        {children}
      </span>
    </Link>
  );
}

export type EstateFigures = Pick<
  CollectEstateRow,
  'id' | 'cityId' | 'name' | 'districtName' | 'plateName' | 'listingAvg' | 'listingMom' | 'dealAvg' | 'dealMom'
>;

export function EstateFiguresCard({
  estate,
  className,
  testId,
}: {
  estate: EstateFigures;
  className?: string;
  testId?: string;
}) {
  const mom = rate(estate.listingMom);
  const dealMom = rate(estate.dealMom);
  return (
    <EstateCard to={`/${estate.cityId}/house-detail/${estate.id}`} place={estate} className={className} testId={testId}>
      <span className="estate-card__price">
        <b className="num">{formatMoney(estate.listingAvg)}</b>
        <small>元/㎡ 挂牌</small>
        <em className={mom.className}>{estate.listingMom === null ? '' : `环比${mom.text}`}</em>
      </span>
      <span className="estate-card__counts">
        成交均价 {unitPrice(estate.dealAvg)}
        {estate.dealAvg !== null && estate.dealMom !== null ? (
          <>
            {' '}
            <em className={`estate-card__rate ${dealMom.className}`}>环比{dealMom.text}</em>
          </>
        ) : null}
        {estate.listingAvg === null && estate.dealAvg === null ? ' · 暂无价格数据' : ''}
      </span>
    </EstateCard>
  );
}

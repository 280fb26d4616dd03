import { Link } from 'react-router';
import { formatMoney, formatRate, type EstateListRow } from '@fjt/domain';
import { EstateCover } from '../../components/estate-cover/EstateCover.tsx';
import '../../components/estate-card/estate-card.css';

export function EstateListCard({ cityId, estate }: { cityId: number; estate: EstateListRow }) {
  const rate = formatRate(estate.listingMom);
  return (
    <Link to={`/${cityId}/house-detail/${estate.id}`} className="estate-card">
      <EstateCover id={estate.id} name={estate.name} district={estate.districtName} />
      <span className="estate-card__body">
        <strong className="estate-card__name">{estate.name}</strong>
        <span className="estate-card__meta">
          {[estate.districtName, estate.plateName, estate.buildYear ? `${estate.buildYear}年建成` : null]
            .filter(Boolean)
            .join(' · ')}
        </span>
        <span className="estate-card__price">
          <b className="num">{formatMoney(estate.listingAvg)}</b>
          <small>元/㎡</small>
          <em className={`trend-${rate.trend}`}>{rate.text}</em>
        </span>
        <span className="estate-card__counts">
          在售{estate.onSaleCount}套 · 本月成交{estate.dealCount}套
          {estate.tags.slice(0, 2).map((t) => (
            <i key={t}>{t}</i>
          ))}
        </span>
      </span>
    </Link>
  );
}

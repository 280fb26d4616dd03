import { floorLevel, formatMoney, type RentalCard as Rental } from '@fjt/domain';

const RENT_TYPE = { whole: '整租', shared: '合租' } as const;

export function RentalCardView({ rental, showEstate }: { rental: Rental; showEstate: boolean }) {
  return (
    <article className="rental-card">
      <div className="rental-card__main">
        <h3 className="rental-card__title">
          {RENT_TYPE[rental.rentType]}·{rental.rooms}室{rental.halls}厅·{rental.area.toFixed(0)}㎡·{rental.orientation}
        </h3>
        <p className="rental-card__meta">
          {showEstate ? `${rental.estateName}${rental.plateName ? ` · ${rental.plateName}` : ''} · ` : ''}
          {floorLevel(rental.floor, rental.totalFloors)} · {rental.decoration}
        </p>
        <p className="rental-card__tags">
          <span>{rental.paymentMethod}</span>
          {rental.stationDistanceM !== null && rental.stationDistanceM <= 1000 ? (
            <span>近地铁{rental.stationDistanceM}米</span>
          ) : null}
          <span>{availability(rental.availableFrom)}</span>
        </p>
      </div>
      <div className="rental-card__price">
        <strong className="num">{formatMoney(rental.monthlyRent)}</strong>
        <small>元/月</small>
        <span className="num">{rental.rentPerSqm.toFixed(1)}元/㎡·月</span>
      </div>
    </article>
  );
}

/** 'YYYY-MM-DD' in the future → '12月01日可入住'; today, past or unknown → 随时入住. */
function availability(availableFrom: string | null): string {
  const today = new Date().toISOString().slice(0, 10);
  if (!availableFrom || availableFrom <= today) return '随时入住';
  return `${availableFrom.slice(5).replace('-', '月')}日可入住`;
}

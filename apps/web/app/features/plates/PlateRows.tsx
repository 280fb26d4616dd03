// Rows of plates (板块列表): name and district, 挂牌均价, MoM in red/green, 在售 — each → plate-detail.
import { Link } from 'react-router';
import { formatMoney, formatRate, type PlateRow } from '@fjt/domain';

export function PlateRows({
  cityId,
  plates,
  showDistrict,
}: {
  cityId: number;
  plates: PlateRow[];
  showDistrict: boolean;
}) {
  return (
    <ul className="plate-rows" aria-label="板块">
      <li className="plate-rows__head" aria-hidden="true">
        <span>板块</span>
        <span>挂牌均价(元/㎡)</span>
        <span>环比</span>
        <span>在售</span>
      </li>
      {plates.map((p) => {
        const rate = formatRate(p.listingMom);
        return (
          <li key={p.id}>
            <Link to={`/${cityId}/plate-detail/${p.id}`} className="plate-row" data-plate-id={p.id}>
              <span className="plate-row__name">
                {p.name}
                {showDistrict ? <small>{p.districtName}</small> : null}
              </span>
              <span className="plate-row__price num">{formatMoney(p.listingAvg)}</span>
              <span className={`plate-row__mom trend-${rate.trend}`}>{rate.text}</span>
              <span className="plate-row__count num">{p.onSaleCount}套</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

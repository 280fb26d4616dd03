// 帮我找房 results: the plates a budget reaches — 挂牌均价 and 环比, the ㎡ the budget buys there, listings in
// budget, and for 投资 the rent yield. A plate opens its plate page.
import { Link } from 'react-router';
import { formatMoney, type FindPlateRow, type FindPurpose } from '@fjt/domain';
import { decimal, rate, totalPrice } from '../../lib/display.ts';

export function PlateFitList({
  cityId,
  plates,
  purpose,
}: {
  cityId: number;
  plates: FindPlateRow[];
  purpose: FindPurpose;
}) {
  return (
    <ul className="finder-plates" aria-label="买得起的板块">
      {plates.map((p) => {
        const mom = rate(p.listingMom);
        return (
          <li key={p.id}>
            <Link to={`/${cityId}/plate-detail/${p.id}`} data-testid="plate-fit">
              <span className="finder-plates__name">
                {p.name}
                <small>
                  {p.districtName} · 常见{p.typicalArea === null ? '--' : `${Math.round(p.typicalArea)}㎡`}约
                  {totalPrice(p.typicalTotal)}
                </small>
                <small>
                  预算可买约{p.affordableArea === null ? '--' : `${Math.round(p.affordableArea)}㎡`} · 预算内在售
                  {p.listingsInBudget}套
                  {purpose === 'invest' && p.rentYield !== null ? ` · 租金回报${decimal(p.rentYield, 2)}%` : ''}
                </small>
              </span>
              <span className="finder-plates__value">
                <b className="num">{formatMoney(p.listingAvg)}</b>
                <small>元/㎡</small>
                <small className={mom.className}>环比{mom.text}</small>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

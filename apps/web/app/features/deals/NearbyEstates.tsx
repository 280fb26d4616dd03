// The empty deal history's next step (PAGES.md §3.3): '近一年暂无成交' and the nearest estates to look at.
import { Link } from 'react-router';
import { formatMoney, type AroundEstate } from '@fjt/domain';
import { rate, unitPrice } from '../../lib/display.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';

export function NearbyEstates({ cityId, estates }: { cityId: number; estates: AroundEstate[] }) {
  return (
    <EmptyState
      as="section"
      label="近一年暂无成交"
      art="data"
      title="近一年暂无成交"
      hint="订阅后有成交第一时间通知你，也可以看看周边小区的成交"
    >
      {estates.length > 0 ? (
        <ul className="deal-nearby" aria-label="周边小区">
          {estates.map((e) => {
            const mom = rate(e.listingMom);
            return (
              <li key={e.id}>
                <Link to={`/${cityId}/deal-history/${e.id}`} className="deal-nearby__row">
                  <span className="deal-nearby__name">{e.name}</span>
                  <span className="deal-nearby__price num">挂牌{unitPrice(e.listingAvg)}</span>
                  <span className="deal-nearby__meta">
                    {e.plateName} ·{' '}
                    {e.distanceM < 1000 ? `${e.distanceM}米` : `${formatMoney(e.distanceM / 1000, undefined, 1)}公里`}
                  </span>
                  <span className={`deal-nearby__rate ${mom.className}`}>{mom.text}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </EmptyState>
  );
}

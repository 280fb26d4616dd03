// One estate of the city-wide deal search: its matching deals' count and 成交均价, the newest rows, and the
// way to the estate's whole deal history.
import { Link } from 'react-router';
import type { DealSearchGroup } from '@fjt/domain';
import { DealRowView } from './DealRowView.tsx';
import { unitPrice } from '../../lib/display.ts';

export function DealSearchGroupView({ cityId, group, now }: { cityId: number; group: DealSearchGroup; now: number }) {
  const historyPath = `/${cityId}/deal-history/${group.estateId}`;
  return (
    <article className="deal-group" aria-label={group.estateName}>
      <Link className="deal-group__head" to={historyPath}>
        <span className="deal-group__name">{group.estateName}</span>
        <span className="deal-group__where">
          {group.districtName} · {group.plateName}
        </span>
        <span className="deal-group__figures">
          成交<b className="num">{group.dealCount}</b>套 · 均价<b className="num">{unitPrice(group.dealAvg)}</b>
        </span>
      </Link>
      <ul className="deal-list" aria-label={`${group.estateName}成交`}>
        {group.deals.map((deal) => (
          <li key={deal.id}>
            <DealRowView
              deal={deal}
              to={`/${cityId}/deal-history/${group.estateId}/detail?dealId=${deal.id}`}
              now={now}
            />
          </li>
        ))}
      </ul>
      {group.dealCount > group.deals.length ? (
        <Link className="deal-group__more" to={historyPath}>
          查看该小区全部成交
        </Link>
      ) : null}
    </article>
  );
}

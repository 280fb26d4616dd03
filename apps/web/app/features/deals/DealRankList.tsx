// 成交排行 rows (PAGES.md §3.3): rank, name with its plate or district, the ranked figure and its MoM.
// An estate opens its deal history, a plate or district its estates.
import { Link } from 'react-router';
import type { DealRankBody, DealRankMetric } from '@fjt/domain';
import { days, rate, unitPrice } from '../../lib/display.ts';

const VALUE: Record<DealRankMetric, (value: number) => string> = {
  count: (n) => `${n}套`,
  avg: (v) => unitPrice(v),
  cycle: (d) => days(d),
};

export function DealRankList({ cityId, rank }: { cityId: number; rank: DealRankBody }) {
  const target = (id: number) =>
    rank.level === 'estate' ? `/${cityId}/deal-history/${id}` : `/${cityId}/community-list/${id}`;
  return (
    <ol className="deal-list deal-rank" aria-label="排行">
      {rank.list.map((row) => {
        const mom = rate(row.mom);
        return (
          <li key={row.id}>
            <Link className="deal-rank__row" to={target(row.id)}>
              <span className={`deal-rank__no num${row.rank <= 3 ? ' is-top' : ''}`}>{row.rank}</span>
              <span className="deal-rank__name">
                {row.name}
                {row.parentName ? <small>{row.parentName}</small> : null}
              </span>
              <span className="deal-rank__value">
                <b className="num">{VALUE[rank.metric](row.value)}</b>
                <small className={mom.className}>环比{mom.text}</small>
              </span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

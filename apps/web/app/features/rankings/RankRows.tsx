// Ranked rows (PAGES.md §3.4): rank, name with its plate or district, the ranked figure and the 挂牌均价 change.
// An estate opens its detail, a plate its plate page, a district its area report.
import { Link } from 'react-router';
import type { RankKind, RankPeriod, RankRow, RankType } from '@fjt/domain';
import { rate, unitPrice } from '../../lib/display.ts';
import { rankValue } from './labels.ts';

export function rankTarget(cityId: number, type: RankType, id: number): string {
  if (type === 'estate') return `/${cityId}/house-detail/${id}`;
  if (type === 'plate') return `/${cityId}/plate-detail/${id}`;
  return `/${cityId}/area-report?districtId=${id}`;
}

export function RankRows({
  cityId,
  rank,
  type,
  period,
  rows,
}: {
  cityId: number;
  rank: RankKind;
  type: RankType;
  period: RankPeriod;
  rows: RankRow[];
}) {
  const changeLabel = period === 'quarter' ? '近3月' : '环比';
  return (
    <ol className="rank-list" aria-label="排行">
      {rows.map((row) => {
        const value = rankValue(rank, row.value);
        const mom = rate(row.listingMom);
        return (
          <li key={row.id}>
            <Link className="rank-row" to={rankTarget(cityId, type, row.id)} data-testid="rank-row">
              <span className={`rank-row__no num${row.rank <= 3 ? ' is-top' : ''}`}>{row.rank}</span>
              <span className="rank-row__name">
                {row.name}
                {row.parentName ? <small>{row.parentName}</small> : null}
              </span>
              <span className="rank-row__value">
                <b className={`num ${value.className}`}>{value.text}</b>
                {rank === 'rise' || rank === 'fall' ? (
                  <small>{unitPrice(row.listingAvg)}</small>
                ) : (
                  <small className={mom.className}>
                    {changeLabel}
                    {mom.text}
                  </small>
                )}
              </span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

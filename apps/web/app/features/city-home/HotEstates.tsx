// The five estates people look at most this week.
import { Link } from 'react-router';
import { formatMoney, formatRate, type RankRow } from '@fjt/domain';
import { Card } from '../../components/card/Card.tsx';
import { spm } from '../../lib/spm.ts';

export function HotEstates({ cityId, estates }: { cityId: number; estates: RankRow[] }) {
  if (estates.length === 0) return null;
  return (
    <Card title="热门小区" more={{ to: `/${cityId}/hot-community`, text: '查看更多' }}>
      <ol className="hot-estates">
        {estates.map((e, i) => {
          const rate = formatRate(e.listingMom);
          return (
            <li key={e.id}>
              <Link
                to={`/${cityId}/house-detail/${e.id}`}
                className="hot-estates__row"
                data-spm={spm('city-home', 'hot', i)}
              >
                <span className={`hot-estates__rank hot-estates__rank--${e.rank}`}>{e.rank}</span>
                <span className="hot-estates__name">
                  <strong>{e.name}</strong>
                  <small>{e.parentName ?? ''}</small>
                </span>
                <span className="hot-estates__price">
                  <strong className="num">
                    {formatMoney(e.listingAvg)}
                    <small>元/㎡</small>
                  </strong>
                  <small className={`trend-${rate.trend}`}>{rate.text}</small>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

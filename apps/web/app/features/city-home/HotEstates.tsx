// The five estates people look at most this week.
import { Link } from 'react-router';
import { formatMoney, formatRate, type RankRow } from '@fjt/domain';

export function HotEstates({ cityId, estates }: { cityId: number; estates: RankRow[] }) {
  if (estates.length === 0) return null;
  return (
    <section className="home-block" aria-label="热门小区">
      <header className="home-block__head">
        <h2 className="home-block__title">热门小区</h2>
        <Link to={`/${cityId}/hot-community`} className="home-block__more">
          查看更多
        </Link>
      </header>
      <ol className="hot-estates">
        {estates.map((e) => {
          const rate = formatRate(e.listingMom);
          return (
            <li key={e.id}>
              <Link to={`/${cityId}/house-detail/${e.id}`} className="hot-estates__row">
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
    </section>
  );
}

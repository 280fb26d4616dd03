// 热门搜索: the estates that traded most lately (search/hot), ranked, with 挂牌均价.
import { Link } from 'react-router';
import { formatMoney, searchTargetPath, type HotSearch, type SearchTargetKind } from '@fjt/domain';
import { spm } from '../../../lib/spm.ts';

export function HotSearches({
  cityId,
  list,
  onOpen,
}: {
  cityId: number;
  list: HotSearch[];
  onOpen: (name: string, kind: SearchTargetKind, id: number) => void;
}) {
  return (
    <section className="search-section" aria-label="热门搜索" data-testid="search-hot">
      <header className="search-section__head">
        <h2 className="search-section__title">热门搜索</h2>
        <span className="search-section__hint">近90天成交最多</span>
      </header>
      <ol className="search-hot">
        {list.map((item, i) => (
          <li key={`${item.kind}-${item.id}`}>
            <Link
              className="search-hot__row"
              data-spm={spm('search', 'hot', i)}
              to={searchTargetPath(cityId, item.kind, item.id)}
              onClick={() => onOpen(item.name, item.kind, item.id)}
            >
              <span className={`search-hot__rank num${i < 3 ? ' search-hot__rank--top' : ''}`}>{i + 1}</span>
              <span className="search-hot__name">{item.name}</span>
              <span className="search-hot__price num">
                {item.avgPrice === null ? '--' : `${formatMoney(item.avgPrice)}元/㎡`}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

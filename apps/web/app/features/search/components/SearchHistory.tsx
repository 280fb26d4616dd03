// 搜索历史: chips of what was searched or opened on this phone, newest first; 清空 forgets them.
import { Link } from 'react-router';
import { searchTargetPath } from '@fjt/domain';
import type { SearchHistoryItem } from '../search-history.ts';
import { spm } from '../../../lib/spm.ts';

export function SearchHistory({
  cityId,
  items,
  onClear,
  resultPath,
}: {
  cityId: number;
  items: SearchHistoryItem[];
  onClear: () => void;
  resultPath: (cityId: number, kw: string) => string;
}) {
  if (items.length === 0) return null;
  return (
    <section className="search-section" aria-label="搜索历史" data-testid="search-history">
      <header className="search-section__head">
        <h2 className="search-section__title">搜索历史</h2>
        <button type="button" className="search-section__action" onClick={onClear}>
          清空
        </button>
      </header>
      <ul className="search-chips">
        {items.map((item, i) => (
          <li key={item.kw}>
            <Link
              className="search-chip"
              data-spm={spm('search', 'history', i)}
              to={
                item.target ? searchTargetPath(cityId, item.target.kind, item.target.id) : resultPath(cityId, item.kw)
              }
            >
              {item.kw}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

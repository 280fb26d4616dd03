// Live suggestions grouped 小区 / 板块 / 新房, the matched characters marked, 均价 on the right.
import { Link } from 'react-router';
import { formatMoney, type SearchSuggestGroup, type SearchSuggestion, type SearchTargetKind } from '@fjt/domain';
import { spm } from '../../../lib/spm.ts';

function HighlightedName({ name, highlight }: { name: string; highlight: SearchSuggestion['highlight'] }) {
  if (!highlight) return <>{name}</>;
  const [start, end] = highlight;
  return (
    <>
      {name.slice(0, start)}
      <mark className="search-hl">{name.slice(start, end)}</mark>
      {name.slice(end)}
    </>
  );
}

function detailLine(item: SearchSuggestion): string {
  const parts = [item.region];
  if (item.kind !== 'project' && item.onSaleCount) parts.push(`在售${item.onSaleCount}套`);
  return parts.filter(Boolean).join(' · ');
}

function SuggestionRow({
  item,
  to,
  onOpen,
}: {
  item: SearchSuggestion;
  to: string;
  onOpen: (name: string, kind: SearchTargetKind, id: number) => void;
}) {
  return (
    <li>
      <Link
        className="search-suggestion"
        to={to}
        onClick={() => onOpen(item.name, item.kind, item.id)}
        data-spm={spm('search', 'suggestion', item.kind)}
      >
        <span className="search-suggestion__main">
          <span className="search-suggestion__name">
            <HighlightedName name={item.name} highlight={item.highlight} />
            {item.saleStatus ? <span className="search-tag">{item.saleStatus}</span> : null}
          </span>
          {item.matchedAlias ? <span className="search-suggestion__alias">别名：{item.matchedAlias}</span> : null}
          <span className="search-suggestion__meta">{detailLine(item)}</span>
        </span>
        <span className="search-suggestion__price">
          <span className="search-suggestion__value num">
            {formatMoney(item.avgPrice)}
            {item.avgPrice === null ? null : <small>元/㎡</small>}
          </span>
          <span className="search-suggestion__label">{item.avgPriceLabel}</span>
        </span>
      </Link>
    </li>
  );
}

export function SuggestionList({
  groups,
  busy = false,
  targetPath,
  allResultsPath,
  onOpen,
}: {
  groups: SearchSuggestGroup[];
  /** A newer answer is on its way. */
  busy?: boolean;
  targetPath: (kind: SearchTargetKind, id: number) => string;
  allResultsPath: string;
  onOpen: (name: string, kind: SearchTargetKind, id: number) => void;
}) {
  return (
    <div data-testid="search-suggestions" aria-busy={busy} data-busy={busy ? '' : undefined}>
      {groups.map((group) => (
        <section key={group.kind} className="search-card" aria-label={group.title}>
          <header className="search-card__head">
            <h2 className="search-card__title">{group.title}</h2>
            {group.total > group.list.length ? (
              <Link className="search-card__more" to={allResultsPath}>
                共{group.total}个，查看全部
              </Link>
            ) : null}
          </header>
          <ul className="search-suggestions">
            {group.list.map((item) => (
              <SuggestionRow key={item.id} item={item} to={targetPath(item.kind, item.id)} onOpen={onOpen} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

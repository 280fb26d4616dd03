// 业主认证 opened without an estate (from a bare link): the owner types the estate's name or pinyin, picks one of the
// visit city's estates (search/suggest through lib/use-suggestions), and the page opens for it. Selling works from
// any estate, not only from a valuation.
import { useState } from 'react';
import { Link } from 'react-router';
import { SEARCH_KW_MAX } from '@fjt/domain';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { unitPrice } from '../../lib/display.ts';
import { useSuggestions } from '../../lib/use-suggestions.ts';
import { useVisitCity } from '../../lib/visit-city.ts';
import { quoteQuery } from './format.ts';

export function PickEstate({ cities, recordId }: { cities: { id: number; name: string }[]; recordId: number | null }) {
  const cityId = useVisitCity(
    null,
    cities.map((c) => c.id),
  );
  const cityName = cities.find((c) => c.id === cityId)?.name;
  return (
    <section className="oq-section" aria-label="选择小区" data-testid="oq-pick-estate">
      <h2>您要出售的房屋在哪个小区？</h2>
      <p className="oq-hint oq-pick__city">
        <span>当前城市：{cityName ?? '…'}</span>
        <Link to={`/citylist?redirect=${encodeURIComponent('/estimate/quotation/auth')}`}>切换城市 ›</Link>
      </p>
      {cityId === null ? <RowsSkeleton count={2} /> : <EstateSearch cityId={cityId} recordId={recordId} />}
      <p className="oq-hint">
        不确定房子值多少？<Link to="/estimate">先去估价 ›</Link>
      </p>
    </section>
  );
}

function EstateSearch({ cityId, recordId }: { cityId: number; recordId: number | null }) {
  const [keyword, setKeyword] = useState('');
  const suggestions = useSuggestions(cityId, keyword);
  const estates = (suggestions.groups ?? []).flatMap((g) => (g.kind === 'estate' ? g.list : []));
  return (
    <div className="oq-pick">
      <label className="oq-field">
        <input
          type="search"
          enterKeyHint="search"
          name="estate"
          aria-label="小区"
          placeholder="输入小区名称，支持拼音"
          maxLength={SEARCH_KW_MAX}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
      </label>
      {keyword.trim() ? (
        <div aria-live="polite" aria-busy={suggestions.status === 'loading'}>
          {estates.length ? (
            <ul className="oq-list" aria-label="小区">
              {estates.map((e) => (
                <li key={e.id}>
                  <Link to={`/estimate/quotation/auth${quoteQuery({ estateId: e.id, recordId })}`}>
                    <span>
                      {e.name}
                      <small>{e.region}</small>
                    </span>
                    <span className="num oq-list__price">{unitPrice(e.avgPrice)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="oq-hint">
              {suggestions.status === 'done'
                ? `没有找到“${suggestions.kw}”相关的小区，换个名称或拼音试试`
                : suggestions.status === 'error'
                  ? suggestions.error
                  : '正在搜索…'}
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}

// The estates of one region (a plate or a district) under the sticky filter bar, with infinite scroll and an
// empty state; shared by 板块小区榜 and 区域小区 (PAGES.md §3.4, §3.1). The first page comes from the loader.
import type { ReactNode } from 'react';
import { useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { ConditionGroup, EstateListBody, EstateListRow } from '@fjt/domain';
import { ClearFiltersLink, EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { FilterBar, type FilterSlot } from '../../components/filter-bar/FilterBar.tsx';
import { usePagedList, withParam } from '../../lib/paged-list.ts';
import { EstateListCard } from './EstateListCard.tsx';
import './estate-list.css';

export const REGION_SLOTS: FilterSlot[] = [
  { key: 'smartOrder', title: '排序', group: 'smartOrder', clearable: false },
  { key: 'singlePrice', title: '均价', group: 'singlePrice', clearable: true },
  { key: 'homeAge', title: '楼龄', group: 'homeAge', clearable: true },
];

export function RegionEstateList({
  cityId,
  scope,
  estates,
  filters,
  groups,
  title,
  empty,
}: {
  cityId: number;
  /** { plateId } or { districtId } for the next pages' API calls. */
  scope: Record<string, number>;
  estates: EstateListBody;
  filters: Record<string, string>;
  groups: ConditionGroup[];
  title: ReactNode;
  /** What to say when nothing is listed, and what to offer when no filter is to blame. */
  empty: { text: string; action: ReactNode };
}) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { items, hasMore, loadMore } = usePagedList<EstateListRow>(estates, (page) => {
    const query = new URLSearchParams(filters);
    for (const [k, v] of Object.entries(scope)) query.set(k, String(v));
    query.set('cityId', String(cityId));
    query.set('page', String(page));
    return `/rabbit/v1/estate/list?${query}`;
  });
  const changeFilter = (key: string, value: string | undefined) =>
    navigate({ search: withParam(searchParams, key, value) }, { replace: true, preventScrollReset: true });
  const filtered = Object.keys(filters).some((k) => k !== 'smartOrder');
  const clearFilters = new URLSearchParams(searchParams);
  for (const slot of REGION_SLOTS) clearFilters.delete(slot.key);

  return (
    <main className="estate-list-page">
      <h1 className="estate-list-page__title">{title}</h1>
      <FilterBar slots={REGION_SLOTS} groups={groups} values={filters} onChange={changeFilter} />
      <PullToRefresh onRefresh={async () => revalidator.revalidate()}>
        <p className="estate-list-page__count">
          共{estates.total}个小区{estates.month ? ` · ${estates.month.replace('-', '年')}月数据` : ''}
        </p>
        {items.length === 0 ? (
          <EmptyState
            testId="estate-list-empty"
            title={empty.text}
            hint={filtered ? '没有符合筛选条件的小区，换个均价或楼龄试试' : null}
            action={filtered ? <ClearFiltersLink to={`?${clearFilters}`} /> : empty.action}
          />
        ) : (
          <ul className="estate-list" aria-label="小区">
            {items.map((estate) => (
              <li key={estate.id}>
                <EstateListCard cityId={cityId} estate={estate} />
              </li>
            ))}
          </ul>
        )}
        {items.length > 0 ? <InfiniteScroll loadMore={loadMore} hasMore={hasMore} /> : null}
      </PullToRefresh>
    </main>
  );
}

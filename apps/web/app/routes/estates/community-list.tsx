// /{city}/community-list/{id?} 小区列表 (PAGES.md §3.2): estates of a plate or district (the whole city
// without an id), sortable by 均价/涨幅/成交量/建成年代 and filterable by price and age.
import { data, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { SITE_DESCRIPTION, estateListQuery, pageTitle, parseCityId, parseId, type EstateListRow } from '@fjt/domain';
import type { Route } from './+types/community-list';
import { ClearFiltersLink, EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { FilterBar, type FilterSlot } from '../../components/filter-bar/FilterBar.tsx';
import { EstateListCard } from '../../features/estate-list/EstateListCard.tsx';
import { usePagedList, withParam } from '../../lib/paged-list.ts';
import '../../features/estate-list/estate-list.css';

const SLOTS: FilterSlot[] = [
  { key: 'smartOrder', title: '排序', group: 'smartOrder', clearable: false },
  { key: 'singlePrice', title: '均价', group: 'singlePrice', clearable: true },
  { key: 'homeAge', title: '楼龄', group: 'homeAge', clearable: true },
];
const FILTER_KEYS = SLOTS.map((s) => s.key);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data(null, { status: 404 });
  let scope: Record<string, number> = {};
  if (params.id !== undefined) {
    const id = parseId(params.id);
    const found = id === null ? null : await context.services.estateList.scopeOf(cityId, id);
    if (!found) throw data(null, { status: 404 });
    scope = found.level === 'plate' ? { plateId: found.id } : { districtId: found.id };
  }
  const url = new URL(request.url);
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = url.searchParams.get(key);
    if (value && estateListQuery.safeParse({ cityId, [key]: value }).success) filters[key] = value;
  }
  const query = estateListQuery.parse({ cityId, ...scope, ...filters });
  const [estates, condition] = await Promise.all([
    context.services.estateList.estateList(query),
    context.services.config.complexCondition(cityId),
  ]);
  if (!estates) throw data(null, { status: 404 });
  return { cityId, scope, estates, filters, groups: condition?.groups ?? [] };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const name = d?.estates.scope.name ?? '';
  return [
    { title: pageTitle(`${name}小区列表`) },
    { name: 'description', content: `${name}小区房价：挂牌均价、涨跌与成交。${SITE_DESCRIPTION}` },
  ];
};

export default function CommunityListPage({ loaderData }: Route.ComponentProps) {
  const { cityId, scope, estates, filters, groups } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { items, hasMore, loadMore } = usePagedList<EstateListRow>(estates, (page) => {
    const query = new URLSearchParams({
      ...filters,
      ...Object.fromEntries(Object.entries(scope).map(([k, v]) => [k, String(v)])),
    });
    query.set('cityId', String(cityId));
    query.set('page', String(page));
    return `/rabbit/v1/estate/list?${query}`;
  });
  const changeFilter = (key: string, value: string | undefined) =>
    navigate({ search: withParam(searchParams, key, value) }, { replace: true, preventScrollReset: true });

  return (
    <main className="estate-list-page">
      <h1 className="estate-list-page__title">{estates.scope.name}小区</h1>
      <FilterBar slots={SLOTS} groups={groups} values={filters} onChange={changeFilter} />
      <PullToRefresh onRefresh={async () => revalidator.revalidate()}>
        <p className="estate-list-page__count">
          共{estates.total}个小区{estates.month ? ` · ${estates.month.replace('-', '年')}月数据` : ''}
        </p>
        {items.length === 0 ? (
          <EmptyState title="没有符合条件的小区" action={<ClearFiltersLink />} />
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

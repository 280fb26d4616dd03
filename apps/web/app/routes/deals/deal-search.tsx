// /{city}/deal-search 查成交 (PAGES.md §3.3): the city's deals by district, 户型, 面积, 总价 and period, or by
// estate keyword, grouped by estate (most deals first) with infinite scroll over the estates.
import { Form, data, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import {
  DEAL_DELAY_NOTE,
  DEAL_PERIODS,
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  dealSearchQuery,
  pageTitle,
  parseCityId,
  type ConditionGroup,
  type DealSearchGroup,
} from '@fjt/domain';
import type { Route } from './+types/deal-search';
import { FilterBar, type FilterSlot } from '../../components/filter-bar/FilterBar.tsx';
import { usePagedList, withParam } from '../../lib/paged-list.ts';
import { useMemberView } from '../../lib/membership.ts';
import { DealSearchGroupView } from '../../features/deals/DealSearchGroupView.tsx';
import { ClearFiltersLink, EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/deals/deals.css';

const SLOTS: FilterSlot[] = [
  { key: 'districtId', title: '区域', group: 'dealDistrict', clearable: true },
  { key: 'roomType', title: '户型', group: 'roomType', clearable: true },
  { key: 'area', title: '面积', group: 'area', clearable: true },
  { key: 'price', title: '总价', group: 'price', clearable: true },
  { key: 'period', title: '时间', group: 'dealPeriod', clearable: true },
];
const FILTER_KEYS = [...SLOTS.map((s) => s.key), 'plateId', 'kw'];
const PERIOD_GROUP: ConditionGroup = { key: 'dealPeriod', name: '时间', multiple: false, options: [...DEAL_PERIODS] };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const url = new URL(request.url);
  // A malformed filter in a shared link is dropped, not an error.
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = url.searchParams.get(key);
    if (value && dealSearchQuery.safeParse({ cityId, [key]: value }).success) filters[key] = value;
  }
  const { deals, geo, config } = context.services;
  const [result, city, areas, condition] = await Promise.all([
    deals.search(dealSearchQuery.parse({ cityId, ...filters })),
    geo.getCity(cityId),
    geo.areaList({
      cityId,
      withNearAreaOption: false,
      withNearAreaOptionChild: false,
      withUnlimitedDistrictOption: false,
      withUnlimitedPlateOption: false,
    }),
    config.complexCondition(cityId),
  ]);
  if (!result || !city) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const districts: ConditionGroup = {
    key: 'dealDistrict',
    name: '区域',
    multiple: false,
    options: (areas?.list ?? []).map((d) => ({ value: String(d.id), label: d.name })),
  };
  const wanted = new Set(['roomType', 'area', 'price']);
  return {
    cityId,
    cityName: city.name,
    now: Date.now(),
    result,
    filters,
    groups: [districts, ...(condition?.groups ?? []).filter((g) => wanted.has(g.key)), PERIOD_GROUP],
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const city = loaderData?.cityName ?? '';
  return [
    { title: pageTitle(`${city}查成交`) },
    { name: 'description', content: `${city}二手房真实成交价：按区域、户型、面积、总价查成交。${SITE_DESCRIPTION}` },
  ];
};

export default function DealSearchPage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, now, filters, groups } = loaderData;
  const result = useMemberView(
    loaderData.result,
    `deal/search?${new URLSearchParams({ ...filters, cityId: String(cityId) })}`,
    loaderData.result.list.some((g) => g.deals.some((d) => d.masked)),
  );
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { items, hasMore, loadMore } = usePagedList<DealSearchGroup>(result, (page) => {
    const query = new URLSearchParams({ ...filters, cityId: String(cityId), page: String(page) });
    return `/rabbit/v1/deal/search?${query}`;
  });
  const changeFilter = (key: string, value: string | undefined) => {
    // A new district leaves the plate it no longer contains.
    const search = key === 'districtId' ? withParam(searchParams, 'plateId', undefined) : searchParams;
    navigate(
      { search: withParam(new URLSearchParams(search), key, value) },
      { replace: true, preventScrollReset: true },
    );
  };
  const filtered = Object.keys(filters).length > 0;

  return (
    <main className="deals">
      <header className="deal-rank-head">
        <h1>{cityName}查成交</h1>
        <Form method="get" replace className="deal-search-form" role="search">
          {Object.entries(filters)
            .filter(([key]) => key !== 'kw')
            .map(([key, value]) => (
              <input key={key} type="hidden" name={key} value={value} />
            ))}
          <input
            type="search"
            name="kw"
            defaultValue={filters.kw ?? ''}
            placeholder="输入小区名或拼音"
            aria-label="小区关键词"
            maxLength={30}
          />
          <button type="submit" className="btn btn-primary">
            搜索
          </button>
        </Form>
      </header>
      <FilterBar slots={SLOTS} groups={groups} values={filters} onChange={changeFilter} />
      <PullToRefresh onRefresh={async () => revalidator.revalidate()}>
        <p className="deals__count">
          共{result.total}个小区 · {result.dealTotal}套成交 · {DEAL_DELAY_NOTE}
        </p>
        {items.length === 0 ? (
          <EmptyState title="暂无符合条件的成交" action={filtered ? <ClearFiltersLink /> : null} />
        ) : (
          <ul className="deal-groups" aria-label="成交小区">
            {items.map((group) => (
              <li key={group.estateId}>
                <DealSearchGroupView cityId={cityId} group={group} now={now} />
              </li>
            ))}
          </ul>
        )}
        {items.length > 0 ? <InfiniteScroll loadMore={loadMore} hasMore={hasMore} /> : null}
      </PullToRefresh>
    </main>
  );
}

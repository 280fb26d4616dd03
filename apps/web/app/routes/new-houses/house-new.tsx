// /{city}/house-new/{houseId?} 新房 (PAGES.md §3.5): new-house search with filters, sort and infinite scroll.
// With an estate id it lists the new projects near that estate (NEW_HOUSE_NEAR_RADIUS_M), nearest first.
import { Link, data, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import {
  NEW_HOUSE_NEAR_RADIUS_M,
  NOT_FOUND_MESSAGE,
  areaListQuery,
  SITE_DESCRIPTION,
  newHouseSearchQuery,
  pageTitle,
  parseCityId,
  type NewHouseCard,
} from '@fjt/domain';
import type { Route } from './+types/house-new';
import { FilterBar } from '../../components/filter-bar/FilterBar.tsx';
import { usePagedList, withParam } from '../../lib/paged-list.ts';
import { ProjectCard } from '../../features/new-houses/ProjectCard.tsx';
import { MAIN_SLOTS, MORE_SLOTS, NEW_HOUSE_FILTER_KEYS, newHouseGroups } from '../../features/new-houses/filters.ts';
import { ClearFiltersLink, EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/new-houses/new-houses.css';

/** The page's query as the API takes it; a malformed filter in a shared link is dropped, not an error. */
function readQuery(cityId: number, estateId: string | undefined, search: URLSearchParams) {
  const base = { cityId, ...(estateId ? { estateId } : {}) };
  const filters: Record<string, string> = {};
  for (const key of NEW_HOUSE_FILTER_KEYS) {
    const value = search.get(key);
    if (value && newHouseSearchQuery.safeParse({ ...base, [key]: value }).success) filters[key] = value;
  }
  return { raw: filters, parsed: newHouseSearchQuery.safeParse({ ...base, ...filters }) };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const { raw, parsed } = readQuery(cityId, params.houseId, new URL(request.url).searchParams);
  if (!parsed.success) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const { newHouses, config, geo } = context.services;
  const [result, condition, areas, city] = await Promise.all([
    newHouses.search(parsed.data),
    config.complexCondition(cityId).catch(() => null),
    geo.areaList(areaListQuery.parse({ cityId })).catch(() => null),
    geo.getCity(cityId),
  ]);
  if (!result || !city) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return {
    cityId,
    cityName: city.name,
    result,
    filters: raw,
    groups: [...(condition?.groups ?? []), ...newHouseGroups(areas, result.near !== null)],
  };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const where = d?.result.near ? `${d.result.near.estateName}附近` : (d?.cityName ?? '');
  return [
    { title: pageTitle(`${where}新房`) },
    { name: 'description', content: `${where}新房楼盘：参考均价、总价段、户型面积、开盘时间。${SITE_DESCRIPTION}` },
  ];
};

export default function HouseNewPage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, result, filters, groups } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { items, hasMore, loadMore } = usePagedList<NewHouseCard>(result, (page) => {
    const query = new URLSearchParams(filters);
    query.set('cityId', String(cityId));
    if (result.near) query.set('estateId', String(result.near.estateId));
    query.set('page', String(page));
    return `/rabbit/v1/new-house/find-house-base-es?${query}`;
  });
  const changeFilter = (key: string, value: string | undefined) =>
    navigate({ search: withParam(searchParams, key, value) }, { replace: true, preventScrollReset: true });

  return (
    <main className="nh">
      <header className="nh-head">
        <h1>{result.near ? `${result.near.estateName}附近新房` : `${cityName}新房`}</h1>
        <p className="nh-head__hint">
          {result.near
            ? `周边${NEW_HOUSE_NEAR_RADIUS_M / 1000}公里内的新房楼盘，由近到远`
            : '参考均价来自开发商与售楼处公示，以实际备案为准'}
        </p>
        <nav className="nh-head__links" aria-label="新房频道">
          <Link to={`/${cityId}/calendar`}>开盘日历</Link>
          <Link to={`/${cityId}/rank/upcoming`}>待开盘榜</Link>
          <Link to={`/${cityId}/house-report-new`}>新房月报</Link>
        </nav>
      </header>
      <div className="nh__filters">
        <FilterBar slots={MAIN_SLOTS} groups={groups} values={filters} onChange={changeFilter} />
        <FilterBar slots={MORE_SLOTS} groups={groups} values={filters} onChange={changeFilter} />
      </div>
      <PullToRefresh onRefresh={async () => revalidator.revalidate()}>
        <p className="nh__count">共{result.total}个楼盘</p>
        {items.length === 0 ? (
          <EmptyState
            title="暂无符合条件的新房楼盘"
            hint="换个区域或放宽价格试试，也可以看看近期的开盘安排"
            action={
              <>
                {Object.keys(filters).length > 0 ? <ClearFiltersLink /> : null}
                <Link to={`/${cityId}/calendar`} className="btn btn-primary">
                  查看开盘日历
                </Link>
              </>
            }
          />
        ) : (
          <ul className="nh-list" aria-label="新房楼盘">
            {items.map((project) => (
              <li key={project.id}>
                <ProjectCard cityId={cityId} project={project} />
              </li>
            ))}
          </ul>
        )}
        {items.length > 0 ? <InfiniteScroll loadMore={loadMore} hasMore={hasMore} /> : null}
      </PullToRefresh>
    </main>
  );
}

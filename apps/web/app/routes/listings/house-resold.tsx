// /{city}/house-resold/{houseId?} 在售二手房 (PAGES.md §3.2): an estate's listings (the city's without an id),
// for judging asking prices.
import { data, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { SITE_DESCRIPTION, listingSearchQuery, pageTitle, parseCityId, type ListingCard } from '@fjt/domain';
import type { Route } from './+types/house-resold';
import { FilterBar } from '../../components/filter-bar/FilterBar.tsx';
import { usePagedList, withParam } from '../../lib/paged-list.ts';
import { ListingCardView } from '../../features/listings/ListingCardView.tsx';
import { ResoldHeader } from '../../features/listings/ResoldHeader.tsx';
import { supplyChart } from '../../features/listings/charts.server.ts';
import { LISTING_GROUPS, MAIN_SLOTS, MORE_SLOTS, RESOLD_FILTER_KEYS } from '../../features/listings/resold-filters.ts';
import { ClearFiltersLink, EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { FollowButton } from '../../components/follow-button/FollowButton.tsx';
import '../../features/listings/listings.css';

/** The page's query as the API takes it; a malformed filter in a shared link is dropped, not an error. */
function readQuery(cityId: number, houseId: string | undefined, search: URLSearchParams) {
  const base = { cityId, ...(houseId ? { houseId } : {}) };
  const filters: Record<string, string> = {};
  for (const key of RESOLD_FILTER_KEYS) {
    const value = search.get(key);
    if (value && listingSearchQuery.safeParse({ ...base, [key]: value }).success) filters[key] = value;
  }
  return { raw: filters, parsed: listingSearchQuery.safeParse({ ...base, ...filters }) };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data(null, { status: 404 });
  const { raw, parsed } = readQuery(cityId, params.houseId, new URL(request.url).searchParams);
  if (!parsed.success) throw data(null, { status: 404 }); // a non-numeric estate id
  const [listings, condition] = await Promise.all([
    context.services.listings.search(parsed.data),
    context.services.config.complexCondition(cityId),
  ]);
  if (!listings) throw data(null, { status: 404 });
  return {
    cityId,
    listings,
    chart: supplyChart(listings.summary.months),
    filters: raw,
    groups: [...(condition?.groups ?? []), ...LISTING_GROUPS],
  };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const name = d?.listings.summary.name ?? '';
  return [
    { title: pageTitle(`${name}在售二手房`) },
    { name: 'description', content: `${name}在售二手房：挂牌均价、在售套数、新增与降价房源。${SITE_DESCRIPTION}` },
  ];
};

export default function HouseResoldPage({ loaderData }: Route.ComponentProps) {
  const { cityId, listings, chart, filters, groups } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { summary } = listings;
  const { items, hasMore, loadMore } = usePagedList<ListingCard>(listings, (page) => {
    const query = new URLSearchParams(filters);
    query.set('cityId', String(cityId));
    if (summary.estateId) query.set('houseId', String(summary.estateId));
    query.set('page', String(page));
    return `/rabbit/v1/house/listing/search?${query}`;
  });
  const changeFilter = (key: string, value: string | undefined) =>
    navigate({ search: withParam(searchParams, key, value) }, { replace: true, preventScrollReset: true });

  return (
    <main className="resold">
      <ResoldHeader
        summary={summary}
        chart={chart}
        exportPath={summary.estateId ? `/${cityId}/house-resold/${summary.estateId}/export` : null}
      />
      <div className="resold__filters">
        <FilterBar slots={MAIN_SLOTS} groups={groups} values={filters} onChange={changeFilter} />
        <FilterBar slots={MORE_SLOTS} groups={groups} values={filters} onChange={changeFilter} />
      </div>
      <PullToRefresh onRefresh={async () => revalidator.revalidate()}>
        <p className="resold__count">共{listings.total}套在售房源</p>
        {items.length === 0 ? (
          <EmptyState
            title="暂无符合条件的在售房源"
            hint={summary.estateId ? '订阅后有新房源上架第一时间通知你' : undefined}
            action={
              <>
                {summary.estateId ? (
                  <FollowButton kind="estate" id={summary.estateId} className="btn" label="订阅上新" />
                ) : null}
                {Object.keys(filters).length > 0 ? <ClearFiltersLink /> : null}
              </>
            }
          />
        ) : (
          <ul className="listing-list" aria-label="在售房源">
            {items.map((listing) => (
              <li key={listing.id}>
                <ListingCardView cityId={cityId} listing={listing} showEstate={!summary.estateId} />
              </li>
            ))}
          </ul>
        )}
        {items.length > 0 ? <InfiniteScroll loadMore={loadMore} hasMore={hasMore} /> : null}
      </PullToRefresh>
    </main>
  );
}

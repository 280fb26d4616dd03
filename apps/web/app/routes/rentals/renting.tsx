// /{city}/renting/{houseId?} 租房 (PAGES.md §3.6): an estate's rent level and rentals, or the city's rentals.
import { Link, data, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { SITE_DESCRIPTION, pageTitle, parseCityId, rentListQuery, type RentalCard } from '@fjt/domain';
import type { Route } from './+types/renting';
import { RentHeader } from '../../features/rentals/RentHeader.tsx';
import { RentalCardView } from '../../features/rentals/RentalCard.tsx';
import { FilterBar, type FilterSlot } from '../../components/filter-bar/FilterBar.tsx';
import { usePagedList, withParam } from '../../lib/paged-list.ts';
import { ClearFiltersLink, EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/rentals/rentals.css';

const FILTER_KEYS = ['rental', 'roomType', 'metroDistance', 'tenancyOrder'] as const;
const SLOTS: FilterSlot[] = [
  { key: 'rental', title: '方式', group: 'rental', clearable: true },
  { key: 'roomType', title: '户型', group: 'roomType', clearable: true },
  { key: 'metroDistance', title: '地铁', group: 'metroDistance', clearable: true },
  { key: 'tenancyOrder', title: '排序', group: 'tenancyOrder', clearable: false },
];

/** The page's query as the API takes it; a malformed filter in a shared link is dropped, not an error. */
function readQuery(cityId: number, houseId: string | undefined, search: URLSearchParams) {
  const base = { cityId, ...(houseId ? { houseId } : {}) };
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key);
    if (value && rentListQuery.safeParse({ ...base, [key]: value }).success) filters[key] = value;
  }
  return { raw: filters, parsed: rentListQuery.safeParse({ ...base, ...filters }) };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const { raw, parsed } = readQuery(cityId, params.houseId, url.searchParams);
  if (!parsed.success) throw data(null, { status: 404 }); // a non-numeric estate id
  const [rentals, condition] = await Promise.all([
    context.services.rentals.rentList(parsed.data),
    context.services.config.complexCondition(cityId),
  ]);
  if (!rentals) throw data(null, { status: 404 });
  const root = await context.services.geo.getCity(cityId);
  return { cityId, cityName: root?.name ?? '', rentals, filters: raw, groups: condition?.groups ?? [] };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const where = d?.rentals.summary?.estateName ?? d?.cityName ?? '';
  return [
    { title: pageTitle(`${where}租房`) },
    { name: 'description', content: `${where}租房：在租房源、租金均价与租售比。${SITE_DESCRIPTION}` },
  ];
};

export default function RentingPage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, rentals, filters, groups } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const summary = rentals.summary;
  const { items, hasMore, loadMore } = usePagedList<RentalCard>(rentals, (page) => {
    const query = new URLSearchParams(filters);
    query.set('cityId', String(cityId));
    if (summary) query.set('houseId', String(summary.estateId));
    query.set('page', String(page));
    return `/rabbit/v1/estate/rent/list?${query}`;
  });

  const changeFilter = (key: string, value: string | undefined) =>
    navigate({ search: withParam(searchParams, key, value) }, { replace: true, preventScrollReset: true });

  return (
    <main className="rentals">
      {summary ? <RentHeader summary={summary} /> : <h1 className="rentals__title">{cityName}租房</h1>}
      <FilterBar slots={SLOTS} groups={groups} values={filters} onChange={changeFilter} />
      <PullToRefresh onRefresh={async () => revalidator.revalidate()}>
        <p className="rentals__count">共{rentals.total}套在租房源</p>
        {items.length === 0 ? (
          <EmptyState
            title="暂无在租房源"
            action={
              Object.keys(filters).length > 0 ? (
                <ClearFiltersLink />
              ) : (
                <Link to={`/${cityId}/renting`} className="btn">
                  看看全城租房
                </Link>
              )
            }
          />
        ) : (
          <ul className="rental-list" aria-label="在租房源">
            {items.map((rental) => (
              <li key={rental.id}>
                <RentalCardView rental={rental} showEstate={!summary} />
              </li>
            ))}
          </ul>
        )}
        {items.length > 0 ? <InfiniteScroll loadMore={loadMore} hasMore={hasMore} /> : null}
      </PullToRefresh>
    </main>
  );
}

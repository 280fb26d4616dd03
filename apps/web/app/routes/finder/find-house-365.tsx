// /{city}/find-house-365 捡漏 (PAGES.md §3.1): on-sale listings priced below their estate's mean deal price of
// the last 365 days, with how far below, days listed and price cuts; filters by district, room type and 总价.
// Rows pass through the server's visibleRows() (the membership gate masks rows past the fifth there). Each card
// offers the deal-price modal for its estate (lead source 'find-house-365'); the header links to 底价揭秘.
import { Link, data, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import {
  DEAL_PRICE_MODAL_BUTTON,
  SITE_DESCRIPTION,
  bargainListQuery,
  pageTitle,
  parseCityId,
  type FinderListing,
} from '@fjt/domain';
import type { Route } from './+types/find-house-365';
import { FilterBar } from '../../components/filter-bar/FilterBar.tsx';
import { FinderListingCard, type FinderCardAction } from '../../features/finder/FinderListingCard.tsx';
import { useSendOrder } from '../../components/layouts/SendOrderLayout.tsx';
import { BARGAIN_FILTER_KEYS, BARGAIN_SLOTS, bargainGroups } from '../../features/finder/bargain-filters.ts';
import { dayTitle } from '../../features/finder/dates.ts';
import { usePagedList, withParam } from '../../lib/paged-list.ts';
import { ClearFiltersLink, EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/finder/finder.css';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data(null, { status: 404 });
  const url = new URL(request.url);
  // A malformed filter in a shared link is dropped.
  const filters: Record<string, string> = {};
  for (const key of BARGAIN_FILTER_KEYS) {
    const value = url.searchParams.get(key);
    if (value && bargainListQuery.safeParse({ cityId, [key]: value }).success) filters[key] = value;
  }
  const { finder, geo, config } = context.services;
  const [city, areas, condition] = await Promise.all([
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
  if (!city) throw data(null, { status: 404 });
  const districts = (areas?.list ?? []).map((d) => ({ id: d.id, name: d.name }));
  if (filters.districtId && !districts.some((d) => String(d.id) === filters.districtId)) delete filters.districtId;
  const bargains = await finder.bargains(bargainListQuery.parse({ cityId, ...filters }));
  if (!bargains) throw data(null, { status: 404 });
  return { cityId, cityName: city.name, bargains, filters, groups: bargainGroups(districts, condition?.groups ?? []) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const title = loaderData ? `${loaderData.cityName}捡漏房源` : '捡漏房源';
  return [
    { title: pageTitle(title) },
    { name: 'description', content: `${title}：挂牌价低于小区近365天成交均价的二手房。${SITE_DESCRIPTION}` },
  ];
};

export default function FindHouse365Page({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, bargains, filters, groups } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { items, hasMore, loadMore } = usePagedList<FinderListing>(bargains, (page) => {
    const query = new URLSearchParams({ ...filters, cityId: String(cityId), page: String(page) });
    return `/rabbit/v1/house/bargain/list?${query}`;
  });
  const changeFilter = (key: string, value: string | undefined) =>
    navigate({ search: withParam(searchParams, key, value) }, { replace: true, preventScrollReset: true });
  const filtered = Object.keys(filters).some((k) => k !== 'sort');
  const { openOrder } = useSendOrder();
  const askDealPrice: FinderCardAction = {
    label: DEAL_PRICE_MODAL_BUTTON,
    onPress: (l) => openOrder({ cityId, estateId: l.estateId, houseId: l.estateId, source: 'find-house-365' }),
  };
  return (
    <main className="finder">
      <header className="finder-head">
        <div className="finder-head__row">
          <h1>{cityName}捡漏房源</h1>
          <Link className="finder-head__link" to={`/activity/baseprice?cityId=${cityId}`}>
            底价揭秘 ›
          </Link>
        </div>
        <p className="finder-head__explain">
          挂牌单价低于所在小区近365天成交均价的在售房源
          {bargains.asOf ? `，成交数据截至${dayTitle(bargains.asOf)}` : ''}
          。价格越低于成交均价，越值得去看一看。
        </p>
      </header>
      <FilterBar slots={BARGAIN_SLOTS} groups={groups} values={filters} onChange={changeFilter} />
      <PullToRefresh onRefresh={async () => revalidator.revalidate()}>
        <p className="finder__count">共{bargains.total}套捡漏房源</p>
        {items.length === 0 ? (
          <EmptyState
            title="暂时没有低于成交均价的房源"
            action={
              filtered ? (
                <ClearFiltersLink primary />
              ) : (
                <Link to={`/${cityId}/house-resold`} className="btn btn-primary">
                  看看全部在售房源
                </Link>
              )
            }
          />
        ) : (
          <ul className="finder-list" aria-label="捡漏房源">
            {items.map((l) => (
              <li key={l.id}>
                <FinderListingCard cityId={cityId} listing={l} reference="成交均价" action={askDealPrice} />
              </li>
            ))}
          </ul>
        )}
        {items.length > 0 ? <InfiniteScroll loadMore={loadMore} hasMore={hasMore} /> : null}
      </PullToRefresh>
    </main>
  );
}

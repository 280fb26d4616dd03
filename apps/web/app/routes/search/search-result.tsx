// /{city}/search/result?kw 搜索结果 (PAGES.md §3.1): everything a keyword matches, tab by tab.
import { Link, data, redirect, useNavigate, useSearchParams } from 'react-router';
import { InfiniteScroll, Tabs } from 'antd-mobile';
import {
  SITE_DESCRIPTION,
  estateListQuery,
  pageTitle,
  parseCityId,
  rentListQuery,
  type EstateListRow,
  type RentalCard,
} from '@fjt/domain';
import type { Route } from './+types/search-result';
import { EstateListCard } from '../../features/estate-list/EstateListCard.tsx';
import { RentalCardView } from '../../features/rentals/RentalCard.tsx';
import { usePagedList, withParam } from '../../lib/paged-list.ts';
import '../../features/estate-list/estate-list.css';
import '../../features/rentals/rentals.css';

const TABS = [
  { key: 'estate', title: '小区' },
  { key: 'rent', title: '租房' },
] as const;
type Tab = (typeof TABS)[number]['key'];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const kw = url.searchParams.get('kw')?.trim() ?? '';
  if (!kw) throw redirect(`/${cityId}/search`);
  const tab: Tab = url.searchParams.get('tab') === 'rent' ? 'rent' : 'estate';
  if (tab === 'rent') {
    const query = rentListQuery.safeParse({ cityId, kw });
    if (!query.success) throw redirect(`/${cityId}/search`);
    const rents = await context.services.rentals.rentList(query.data);
    if (!rents) throw data(null, { status: 404 });
    return { cityId, kw, tab, estates: null, rents };
  }
  const query = estateListQuery.safeParse({ cityId, kw });
  if (!query.success) throw redirect(`/${cityId}/search`);
  const estates = await context.services.estateList.estateList(query.data);
  if (!estates) throw data(null, { status: 404 });
  return { cityId, kw, tab, estates, rents: null };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: pageTitle(d ? `“${d.kw}”的搜索结果` : '搜索结果') },
  { name: 'description', content: `${d?.kw ?? ''}小区房价、在租房源。${SITE_DESCRIPTION}` },
];

function pageUrl(path: string, params: Record<string, string>, page: number) {
  return `${path}?${new URLSearchParams({ ...params, page: String(page) })}`;
}

function EstateResults({ cityId, kw, first }: { cityId: number; kw: string; first: NonNullable<Route.ComponentProps['loaderData']['estates']> }) {
  const { items, hasMore, loadMore } = usePagedList<EstateListRow>(first, (page) =>
    pageUrl('/rabbit/v1/estate/list', { cityId: String(cityId), kw }, page),
  );
  if (items.length === 0) return <Empty cityId={cityId} />;
  return (
    <>
      <p className="estate-list-page__count">找到{first.total}个小区</p>
      <ul className="estate-list" aria-label="小区">
        {items.map((estate) => (
          <li key={estate.id}>
            <EstateListCard cityId={cityId} estate={estate} />
          </li>
        ))}
      </ul>
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore} />
    </>
  );
}

function RentResults({ cityId, kw, first }: { cityId: number; kw: string; first: NonNullable<Route.ComponentProps['loaderData']['rents']> }) {
  const { items, hasMore, loadMore } = usePagedList<RentalCard>(first, (page) =>
    pageUrl('/rabbit/v1/estate/rent/list', { cityId: String(cityId), kw }, page),
  );
  if (items.length === 0) return <Empty cityId={cityId} />;
  return (
    <>
      <p className="estate-list-page__count">找到{first.total}套在租房源</p>
      <ul className="rental-list" aria-label="在租房源">
        {items.map((rental) => (
          <li key={rental.id}>
            <RentalCardView rental={rental} showEstate />
          </li>
        ))}
      </ul>
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore} />
    </>
  );
}

function Empty({ cityId }: { cityId: number }) {
  return (
    <div className="estate-list-empty">
      <p>没有找到相关结果，换个关键词试试</p>
      <Link to={`/${cityId}/search`} className="btn">
        重新搜索
      </Link>
    </div>
  );
}

export default function SearchResultPage({ loaderData }: Route.ComponentProps) {
  const { cityId, kw, tab, estates, rents } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  return (
    <main className="estate-list-page">
      <h1 className="visually-hidden">搜索结果</h1>
      <header className="search-result__bar">
        <Link to={`/${cityId}/search`} className="search-result__kw" aria-label={`搜索词：${kw}，重新搜索`}>
          {kw}
        </Link>
      </header>
      <Tabs
        className="search-result__tabs"
        activeKey={tab}
        onChange={(key) => navigate({ search: withParam(searchParams, 'tab', key === 'estate' ? undefined : key) }, { replace: true })}
      >
        {TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      {estates ? <EstateResults cityId={cityId} kw={kw} first={estates} /> : null}
      {rents ? <RentResults cityId={cityId} kw={kw} first={rents} /> : null}
    </main>
  );
}

// /{city}/search/result?kw 搜索结果 (PAGES.md §3.1): everything a keyword matches, tab by tab — 小区 (estate/list),
// 二手房 (house/listing/search), 新房 (new-house/find-house-base-es) and 租房 (estate/rent/list) — each with the
// filter bar of its kind. Tab and filters live in the URL, so a result can be shared and survives a reload.
import type { ReactNode } from 'react';
import { Link, data, redirect, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import {
  SITE_DESCRIPTION,
  estateListQuery,
  listingSearchQuery,
  newHouseSearchQuery,
  pageTitle,
  parseCityId,
  rentListQuery,
  type ConditionGroup,
} from '@fjt/domain';
import type { Route } from './+types/search-result';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { FilterBar, type FilterSlot } from '../../components/filter-bar/FilterBar.tsx';
import { EstateListCard } from '../../features/estate-list/EstateListCard.tsx';
import { ListingCardView } from '../../features/listings/ListingCardView.tsx';
import { LISTING_GROUPS, MAIN_SLOTS } from '../../features/listings/resold-filters.ts';
import { ProjectCard } from '../../features/new-houses/ProjectCard.tsx';
import { RentalCardView } from '../../features/rentals/RentalCard.tsx';
import { usePagedList, withParam } from '../../lib/paged-list.ts';
import '../../features/estate-list/estate-list.css';
import '../../features/listings/listings.css';
import '../../features/new-houses/new-houses.css';
import '../../features/rentals/rentals.css';

const TABS = [
  { key: 'estate', title: '小区' },
  { key: 'resale', title: '二手房' },
  { key: 'new', title: '新房' },
  { key: 'rent', title: '租房' },
] as const;
type Tab = (typeof TABS)[number]['key'];

/** The filter slots of each tab (groups from config/getComplexCondition, plus the listings' fixed ones). */
const SLOTS: Record<Tab, FilterSlot[]> = {
  estate: [
    { key: 'smartOrder', title: '排序', group: 'smartOrder', clearable: false },
    { key: 'singlePrice', title: '均价', group: 'singlePrice', clearable: true },
    { key: 'homeAge', title: '楼龄', group: 'homeAge', clearable: true },
  ],
  resale: MAIN_SLOTS,
  new: [
    { key: 'price', title: '总价', group: 'price', clearable: true },
    { key: 'roomType', title: '户型', group: 'roomType', clearable: true },
    { key: 'area', title: '面积', group: 'area', clearable: true },
  ],
  rent: [],
};

/** What each tab's API is asked, checked one parameter at a time: a bad value in a link falls back to none. */
const QUERIES = {
  estate: estateListQuery,
  resale: listingSearchQuery,
  new: newHouseSearchQuery,
  rent: rentListQuery,
} as const;

const API: Record<Tab, string> = {
  estate: '/rabbit/v1/estate/list',
  resale: '/rabbit/v1/house/listing/search',
  new: '/rabbit/v1/new-house/find-house-base-es',
  rent: '/rabbit/v1/estate/rent/list',
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const kw = url.searchParams.get('kw')?.trim() ?? '';
  if (!kw) throw redirect(`/${cityId}/search`);
  const asked = url.searchParams.get('tab');
  const tab: Tab = TABS.some((t) => t.key === asked) ? (asked as Tab) : 'estate';
  const schema = QUERIES[tab];
  if (!schema.safeParse({ cityId, kw }).success) throw redirect(`/${cityId}/search`);
  const filters: Record<string, string> = {};
  for (const slot of SLOTS[tab]) {
    const value = url.searchParams.get(slot.key);
    if (value && schema.safeParse({ cityId, kw, [slot.key]: value }).success) filters[slot.key] = value;
  }
  const s = context.services;
  const [result, condition] = await Promise.all([
    tab === 'estate'
      ? s.estateList.estateList(estateListQuery.parse({ cityId, kw, ...filters }))
      : tab === 'resale'
        ? s.listings.search(listingSearchQuery.parse({ cityId, kw, ...filters }))
        : tab === 'new'
          ? s.newHouses.search(newHouseSearchQuery.parse({ cityId, kw, ...filters }))
          : s.rentals.rentList(rentListQuery.parse({ cityId, kw })),
    SLOTS[tab].length ? s.config.complexCondition(cityId) : Promise.resolve(null),
  ]);
  if (!result) throw data(null, { status: 404 });
  const groups: ConditionGroup[] = [...(condition?.groups ?? []), ...(tab === 'resale' ? LISTING_GROUPS : [])];
  // One shape for the page: the tab says how to read the rows.
  return { cityId, kw, tab, filters, groups, first: { ...result, list: result.list as unknown[] } };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: pageTitle(d ? `“${d.kw}”的搜索结果` : '搜索结果') },
  { name: 'description', content: `${d?.kw ?? ''}小区房价、二手房、新房与在租房源。${SITE_DESCRIPTION}` },
];

const LIST_CLASS: Record<Tab, string> = {
  estate: 'estate-list',
  resale: 'listing-list',
  new: 'nh-list',
  rent: 'rental-list',
};

const COUNT: Record<Tab, (n: number) => string> = {
  estate: (n) => `找到${n}个小区`,
  resale: (n) => `找到${n}套在售二手房`,
  new: (n) => `找到${n}个新房楼盘`,
  rent: (n) => `找到${n}套在租房源`,
};

function Row({ tab, cityId, item }: { tab: Tab; cityId: number; item: unknown }): ReactNode {
  // The loader put each tab's own rows in `list`; the casts name them again.
  switch (tab) {
    case 'estate':
      return <EstateListCard cityId={cityId} estate={item as Parameters<typeof EstateListCard>[0]['estate']} />;
    case 'resale':
      return (
        <ListingCardView
          cityId={cityId}
          listing={item as Parameters<typeof ListingCardView>[0]['listing']}
          showEstate
        />
      );
    case 'new':
      return <ProjectCard cityId={cityId} project={item as Parameters<typeof ProjectCard>[0]['project']} />;
    case 'rent':
      return <RentalCardView rental={item as Parameters<typeof RentalCardView>[0]['rental']} showEstate />;
  }
}

function Empty({ cityId, onClear }: { cityId: number; onClear: (() => void) | null }) {
  return (
    <EmptyState
      art="search"
      title={onClear ? '没有符合条件的结果' : '没有找到相关结果，换个关键词试试'}
      action={
        onClear ? (
          <button type="button" className="btn" onClick={onClear}>
            清除筛选条件
          </button>
        ) : (
          <Link to={`/${cityId}/search`} className="btn">
            重新搜索
          </Link>
        )
      }
    />
  );
}

/** One tab's rows; keyed by tab so its paging state starts afresh when the tab changes. */
function Results({
  cityId,
  kw,
  tab,
  filters,
  first,
  onClear,
}: {
  cityId: number;
  kw: string;
  tab: Tab;
  filters: Record<string, string>;
  first: Route.ComponentProps['loaderData']['first'];
  onClear: (() => void) | null;
}) {
  const { items, hasMore, loadMore } = usePagedList<unknown>(first, (page) => {
    const query = new URLSearchParams({ ...filters, cityId: String(cityId), kw, page: String(page) });
    return `${API[tab]}?${query}`;
  });
  if (items.length === 0) return <Empty cityId={cityId} onClear={onClear} />;
  return (
    <>
      <p className="estate-list-page__count">{COUNT[tab](first.total)}</p>
      <ul className={LIST_CLASS[tab]} aria-label={TABS.find((t) => t.key === tab)!.title}>
        {items.map((item) => (
          <li key={(item as { id: number }).id}>
            <Row tab={tab} cityId={cityId} item={item} />
          </li>
        ))}
      </ul>
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore} />
    </>
  );
}

export default function SearchResultPage({ loaderData }: Route.ComponentProps) {
  const { cityId, kw, tab, filters, groups, first } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const go = (search: string) => navigate({ search }, { replace: true, preventScrollReset: true });
  const tabOnly = (key: string) => {
    // filters belong to a tab: a new tab starts without them
    const next = new URLSearchParams({ kw });
    if (key !== 'estate') next.set('tab', key);
    return `?${next}`;
  };
  return (
    <main className="estate-list-page">
      <h1 className="visually-hidden">搜索结果</h1>
      <header className="search-result__bar">
        <Link to={`/${cityId}/search`} className="search-result__kw" aria-label={`搜索词：${kw}，重新搜索`}>
          {kw}
        </Link>
      </header>
      <nav className="search-result__tabs" role="tablist" aria-label="结果类型">
        {TABS.map((t) => (
          <Link key={t.key} role="tab" aria-selected={t.key === tab} to={tabOnly(t.key)} replace preventScrollReset>
            {t.title}
          </Link>
        ))}
      </nav>
      {SLOTS[tab].length ? (
        <FilterBar
          slots={SLOTS[tab]}
          groups={groups}
          values={filters}
          onChange={(key, value) => go(withParam(searchParams, key, value))}
        />
      ) : null}
      <PullToRefresh onRefresh={async () => revalidator.revalidate()}>
        <Results
          key={tab}
          cityId={cityId}
          kw={kw}
          tab={tab}
          filters={filters}
          first={first}
          onClear={Object.keys(filters).length > 0 ? () => go(tabOnly(tab)) : null}
        />
      </PullToRefresh>
    </main>
  );
}

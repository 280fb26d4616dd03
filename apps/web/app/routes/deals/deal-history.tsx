// /{city}/deal-history/{houseId} 成交记录 (PAGES.md §3.3): the estate's real deal prices — summary of the last
// 12 months, the monthly chart, and every deal with 户型 and period filters. Send-order layout.
import { data, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import {
  DEAL_PERIODS,
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  dealHistoryQuery,
  pageTitle,
  parseCityId,
  parseId,
  type ConditionGroup,
  type DealRow,
} from '@fjt/domain';
import type { Route } from './+types/deal-history';
import { FilterBar, type FilterSlot } from '../../components/filter-bar/FilterBar.tsx';
import { useSendOrder } from '../../components/layouts/SendOrderLayout.tsx';
import { usePagedList, withParam } from '../../lib/paged-list.ts';
import { useMemberView } from '../../lib/membership.ts';
import { dealChart } from '../../features/deals/charts.server.ts';
import { DealChartBlock } from '../../features/deals/DealChartBlock.tsx';
import { DealRowView } from '../../features/deals/DealRowView.tsx';
import { DealSummary } from '../../features/deals/DealSummary.tsx';
import { NearbyEstates } from '../../features/deals/NearbyEstates.tsx';
import { unitPrice } from '../../lib/display.ts';
import { ClearFiltersLink, EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { FollowButton } from '../../components/follow-button/FollowButton.tsx';
import '../../features/deals/deals.css';

const FILTER_KEYS = ['rooms', 'period'] as const;
const SLOTS: FilterSlot[] = [
  { key: 'rooms', title: '户型', group: 'roomType', clearable: true },
  { key: 'period', title: '时间', group: 'dealPeriod', clearable: true },
];
const PERIOD_GROUP: ConditionGroup = { key: 'dealPeriod', name: '时间', multiple: false, options: [...DEAL_PERIODS] };
const NEARBY_SIZE = 6;

const orNull = <T,>(promise: Promise<T | null>): Promise<T | null> => promise.catch(() => null);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  const houseId = parseId(params.houseId);
  if (cityId === null || houseId === null) {
    throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  }
  const { estates, deals, config } = context.services;
  const basic = await estates.basicInfo(houseId);
  if (!basic || basic.cityId !== cityId) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });

  // A malformed filter in a shared link is dropped, not an error.
  const url = new URL(request.url);
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = url.searchParams.get(key);
    if (value && dealHistoryQuery.safeParse({ houseId, [key]: value }).success) filters[key] = value;
  }
  const [overview12, overview36, history, condition] = await Promise.all([
    deals.overview({ houseId, months: 12 }),
    orNull(deals.overview({ houseId, months: 36 })),
    deals.history(dealHistoryQuery.parse({ houseId, ...filters })),
    orNull(config.complexCondition(cityId)),
  ]);
  if (!overview12 || !history) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const nearby = overview12.dealCount12 === 0 ? await orNull(estates.around({ houseId, size: NEARBY_SIZE })) : null;
  const roomType = condition?.groups.find((g) => g.key === 'roomType');

  const takeaway = (months: number, trend: typeof overview12.trend) => {
    const count = trend.reduce((n, m) => n + m.dealCount, 0);
    const priced = trend.filter((m) => m.dealAvg !== null);
    const last = priced.at(-1);
    return last
      ? `近${months}个月成交${count}套，最近成交均价${unitPrice(last.dealAvg)}`
      : `近${months}个月成交${count}套`;
  };
  const charts = [overview12, overview36]
    .filter((o) => o !== null)
    .map((o) => ({ chart: dealChart(o), takeaway: takeaway(o.trend.length, o.trend) }))
    .filter((c) => c.chart !== null);

  return {
    cityId,
    now: Date.now(),
    estate: { id: basic.id, name: basic.name, where: `${basic.districtName} · ${basic.plateName}` },
    overview: overview12,
    charts: charts.map((c) => c.chart!),
    takeaways: Object.fromEntries(charts.map((c) => [c.chart!.months, c.takeaway])),
    history,
    filters,
    groups: roomType ? [roomType, PERIOD_GROUP] : [PERIOD_GROUP],
    nearby: nearby?.list ?? [],
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('成交记录') }];
  const { estate, overview } = loaderData;
  return [
    { title: pageTitle(`${estate.name}成交记录`) },
    {
      name: 'description',
      content: `${estate.name}近12个月成交${overview.dealCount12}套，成交均价${unitPrice(overview.dealAvg)}。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function DealHistoryPage({ loaderData }: Route.ComponentProps) {
  const { cityId, now, estate, overview, charts, takeaways, filters, groups, nearby } = loaderData;
  // rendered masked for everyone (the page is shared); a member's first page comes again, in full, from the API
  const query = new URLSearchParams({ ...filters, houseId: String(estate.id) });
  const history = useMemberView(
    loaderData.history,
    `house/deal/history?${query}`,
    loaderData.history.list.some((d) => d.masked),
  );
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { openOrder } = useSendOrder();
  const { items, hasMore, loadMore } = usePagedList<DealRow>(history, (page) => {
    const query = new URLSearchParams({ ...filters, houseId: String(estate.id), page: String(page) });
    return `/rabbit/v1/house/deal/history?${query}`;
  });
  const changeFilter = (key: string, value: string | undefined) =>
    navigate({ search: withParam(searchParams, key, value) }, { replace: true, preventScrollReset: true });
  const detailPath = (dealId: number) => `/${cityId}/deal-history/${estate.id}/detail?dealId=${dealId}`;
  const filtered = Object.keys(filters).length > 0;

  return (
    <main className="deals">
      <DealSummary estateName={estate.name} where={estate.where} overview={overview} />
      {overview.dealCount12 === 0 ? <NearbyEstates cityId={cityId} estates={nearby} /> : null}
      {charts.length > 0 ? <DealChartBlock charts={charts} takeaways={takeaways} /> : null}
      {history.total > 0 || filtered ? (
        <>
          <FilterBar slots={SLOTS} groups={groups} values={filters} onChange={changeFilter} />
          <PullToRefresh onRefresh={async () => revalidator.revalidate()}>
            <p className="deals__count">共{history.total}条成交记录</p>
            {items.length === 0 ? (
              <EmptyState title="暂无符合条件的成交" action={<ClearFiltersLink />} />
            ) : (
              <ul className="deal-list" aria-label="成交记录">
                {items.map((deal) => (
                  <li key={deal.id}>
                    <DealRowView deal={deal} to={detailPath(deal.id)} now={now} />
                  </li>
                ))}
              </ul>
            )}
            {items.length > 0 ? <InfiniteScroll loadMore={loadMore} hasMore={hasMore} /> : null}
          </PullToRefresh>
        </>
      ) : null}
      <div className="bottom-bar bottom-bar--split">
        <FollowButton
          kind="estate"
          id={estate.id}
          className="btn deal-bar__subscribe"
          label="订阅成交提醒"
          testId="deal-follow"
        />
        <button
          type="button"
          className="btn btn-primary deal-bar__primary"
          onClick={() => openOrder({ cityId, estateId: estate.id, houseId: estate.id })}
        >
          获取成交价
        </button>
      </div>
    </main>
  );
}

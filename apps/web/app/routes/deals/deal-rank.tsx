// /deal-rank?cityId 成交排行 (PAGES.md §3.3): which estates, plates and districts trade most, at what price
// and how fast, in a month (the newest published one by default). The city comes from ?cityId like the root
// loader's guard; month, metric and level live in the URL so a ranking can be shared.
import { Link, data, useNavigate } from 'react-router';
import {
  DEAL_DELAY_NOTE,
  DEAL_RANK_LEVELS,
  DEAL_RANK_LEVEL_LABELS,
  DEAL_RANK_METRICS,
  DEAL_RANK_METRIC_LABELS,
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  dealRankQuery,
  pageTitle,
  resolveCityId,
} from '@fjt/domain';
import type { Route } from './+types/deal-rank';
import { DealRankList } from '../../features/deals/DealRankList.tsx';
import { monthTitle } from '../../lib/display.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/deals/deals.css';

const KEYS = ['month', 'metric', 'level'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cityId = resolveCityId({ queryCityId: url.searchParams.get('cityId') });
  // A malformed choice in a shared link falls back to its default.
  const chosen: Record<string, string> = {};
  for (const key of KEYS) {
    const value = url.searchParams.get(key);
    if (value && dealRankQuery.safeParse({ cityId, [key]: value }).success) chosen[key] = value;
  }
  const [rank, city] = await Promise.all([
    context.services.deals.rank(dealRankQuery.parse({ cityId, ...chosen })),
    context.services.geo.getCity(cityId),
  ]);
  if (!rank || !city) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { cityId, cityName: city.name, rank };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('成交排行') }];
  const { cityName, rank } = loaderData;
  const when = rank.month ? monthTitle(rank.month) : '';
  return [
    { title: pageTitle(`${cityName}成交排行`) },
    {
      name: 'description',
      content: `${cityName}${when}小区、板块、区县成交量、成交均价与成交周期排行。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function DealRankPage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, rank } = loaderData;
  const navigate = useNavigate();
  const href = (change: Partial<Record<(typeof KEYS)[number], string>>) => {
    const query = new URLSearchParams({
      cityId: String(cityId),
      ...(rank.month ? { month: rank.month } : {}),
      metric: rank.metric,
      level: rank.level,
      ...change,
    });
    return `/deal-rank?${query}`;
  };
  return (
    <main className="deals">
      <header className="deal-rank-head">
        <h1>{cityName}成交排行</h1>
        {rank.month ? (
          <label className="deal-rank-head__month">
            统计月份
            <select
              value={rank.month}
              onChange={(e) => navigate(href({ month: e.target.value }), { replace: true })}
              aria-label="统计月份"
            >
              {rank.months.map((m) => (
                <option key={m} value={m}>
                  {monthTitle(m)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </header>
      <nav className="deal-rank-tabs" aria-label="排行指标">
        {DEAL_RANK_METRICS.map((metric) => (
          <Link key={metric} to={href({ metric })} replace aria-current={metric === rank.metric ? 'page' : undefined}>
            {DEAL_RANK_METRIC_LABELS[metric]}
          </Link>
        ))}
      </nav>
      <nav className="deal-rank-levels" aria-label="排行范围">
        {DEAL_RANK_LEVELS.map((level) => (
          <Link key={level} to={href({ level })} replace aria-current={level === rank.level ? 'page' : undefined}>
            {DEAL_RANK_LEVEL_LABELS[level]}
          </Link>
        ))}
      </nav>
      {rank.list.length === 0 ? (
        <EmptyState art="data" title="本月暂无成交排行" hint={`${DEAL_DELAY_NOTE}，换个月份看看`} />
      ) : (
        <DealRankList cityId={cityId} rank={rank} />
      )}
      <p className="deals__count">
        {DEAL_RANK_METRIC_LABELS[rank.metric]}
        {rank.metric === 'cycle' ? '由短到长' : '由高到低'}排列 · {DEAL_DELAY_NOTE}
      </p>
    </main>
  );
}

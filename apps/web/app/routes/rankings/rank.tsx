// /{city}/rank/{rank?}/{type?} 排行榜 (PAGES.md §3.4): hot (default), rise, fall, deal and price rankings of the
// city's estates, plates or districts, by month or quarter, optionally within one district. Rank and type are
// path segments (an unknown one is a 404); district and period live in the query.
import { Link, data, useNavigate } from 'react-router';
import {
  RANK_KINDS,
  RANK_TYPES,
  SITE_DESCRIPTION,
  pageTitle,
  parseCityId,
  rankListQuery,
  type RankKind,
  type RankPeriod,
  type RankType,
} from '@fjt/domain';
import type { Route } from './+types/rank';
import { RankRows } from '../../features/rankings/RankRows.tsx';
import {
  PERIOD_LABELS,
  RANK_LABELS,
  RANK_TABS,
  TYPE_LABELS,
  rankNote,
  sampleNote,
} from '../../features/rankings/labels.ts';
import { monthTitle } from '../../lib/display.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/rankings/rankings.css';

const RANK_SIZE = 50;
const isRank = (v: string): v is RankKind => (RANK_KINDS as readonly string[]).includes(v);
const isType = (v: string): v is RankType => (RANK_TYPES as readonly string[]).includes(v);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  const rank = params.rank ?? 'hot';
  const type = params.type ?? 'estate';
  if (cityId === null || !isRank(rank) || !isType(type)) throw data(null, { status: 404 });
  const url = new URL(request.url);
  // A malformed district or period in a shared link falls back to the whole city by month.
  const chosen: Record<string, string> = {};
  for (const key of ['districtId', 'period'] as const) {
    const value = url.searchParams.get(key);
    if (value && rankListQuery.safeParse({ cityId, [key]: value }).success) chosen[key] = value;
  }
  const query = rankListQuery.parse({ cityId, rank, type, size: RANK_SIZE, ...chosen });
  if (type === 'district') delete query.districtId;
  const [ranking, city, areas] = await Promise.all([
    context.services.market.rankList(query),
    context.services.geo.getCity(cityId),
    context.services.geo.areaList({
      cityId,
      withNearAreaOption: false,
      withNearAreaOptionChild: false,
      withUnlimitedDistrictOption: false,
      withUnlimitedPlateOption: false,
    }),
  ]);
  if (!ranking || !city) throw data(null, { status: 404 });
  return {
    cityId,
    cityName: city.name,
    rank,
    type,
    period: (query.period ?? 'month') as RankPeriod,
    districtId: query.districtId ?? null,
    districts: (areas?.list ?? []).map((d) => ({ id: d.id, name: d.name })),
    ranking,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('排行榜') }];
  const { cityName, rank, type } = loaderData;
  const title = `${cityName}${TYPE_LABELS[type]}${RANK_LABELS[rank]}`;
  return [
    { title: pageTitle(title) },
    { name: 'description', content: `${title}：小区、板块、区县的热度、涨跌幅、成交量与均价排行。${SITE_DESCRIPTION}` },
  ];
};

export default function RankPage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, rank, type, period, districtId, districts, ranking } = loaderData;
  const navigate = useNavigate();
  const href = (change: { rank?: RankKind; type?: RankType; period?: RankPeriod; districtId?: number | null }) => {
    const t = change.type ?? type;
    const query = new URLSearchParams();
    const d = change.districtId === undefined ? districtId : change.districtId;
    if (d !== null && t !== 'district') query.set('districtId', String(d));
    const p = change.period ?? period;
    if (p !== 'month') query.set('period', p);
    const search = query.size ? `?${query}` : '';
    return `/${cityId}/rank/${change.rank ?? rank}/${t}${search}`;
  };
  const districtName = districts.find((d) => d.id === districtId)?.name;
  return (
    <main className="rankings">
      <header className="rankings-head">
        <h1>
          {districtName ?? cityName}
          {TYPE_LABELS[type]}
          {RANK_LABELS[rank]}
        </h1>
        {ranking.month ? (
          <p className="rankings-head__sub">
            {period === 'quarter' ? '截至' : '统计月份：'}
            {monthTitle(ranking.month)}
            {period === 'quarter' ? '的近3个月' : ''}
          </p>
        ) : null}
      </header>
      <nav className="rankings-tabs" aria-label="榜单">
        {RANK_TABS.map((r) => (
          <Link key={r} to={href({ rank: r })} replace aria-current={r === rank ? 'page' : undefined}>
            {RANK_LABELS[r].replace('榜', '')}
          </Link>
        ))}
      </nav>
      <div className="rankings-bar">
        <nav className="rankings-chips" aria-label="排行对象">
          {RANK_TYPES.map((t) => (
            <Link key={t} to={href({ type: t })} replace aria-current={t === type ? 'page' : undefined}>
              {TYPE_LABELS[t]}
            </Link>
          ))}
        </nav>
        <nav className="rankings-chips rankings-chips--period" aria-label="统计周期">
          {(['month', 'quarter'] as const).map((p) => (
            <Link key={p} to={href({ period: p })} replace aria-current={p === period ? 'page' : undefined}>
              {PERIOD_LABELS[p]}
            </Link>
          ))}
        </nav>
        {type !== 'district' && districts.length > 0 ? (
          <select
            aria-label="区县"
            value={districtId ?? ''}
            onChange={(e) =>
              navigate(href({ districtId: e.target.value ? Number(e.target.value) : null }), { replace: true })
            }
          >
            <option value="">全部区县</option>
            {districts.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      {ranking.list.length === 0 ? (
        <EmptyState
          art="data"
          title="暂无排行数据"
          action={
            <Link className="btn btn-primary" to={href({ districtId: null })}>
              查看全市排行
            </Link>
          }
        />
      ) : (
        <RankRows cityId={cityId} rank={rank} type={type} period={period} rows={ranking.list} />
      )}
      <p className="rankings__note">
        {[rankNote(rank, period), sampleNote(rank, type, period)].filter(Boolean).join('；')}。
      </p>
    </main>
  );
}

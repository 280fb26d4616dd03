// /{city}/map 地图找房 (web twin of the app's 附近 screen): district bubbles with 挂牌均价 and 小区数 on the city's
// district map; a district drills down to its plates (?districtId), a plate to its estates (?plateId), each
// estate → house-detail. Filters (均价, 楼龄) narrow the estates counted; averages stay the series figures.
import { Link, data, useNavigate, useSearchParams } from 'react-router';
import {
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  estateListQuery,
  formatMoney,
  formatRate,
  mapBubblesQuery,
  MIN_LISTING_SAMPLE,
  pageTitle,
  parseCityId,
  type MapBubble,
} from '@fjt/domain';
import type { Route } from './+types/map';
import { FilterBar, type FilterSlot } from '../../components/filter-bar/FilterBar.tsx';
import { EstateListCard } from '../../features/estate-list/EstateListCard.tsx';
import { MapView, type MapBubbleView } from '../../features/plates/MapView.tsx';
import { drawMap } from '../../features/plates/map.server.ts';
import { withParam } from '../../lib/paged-list.ts';
import { monthTitle } from '../../lib/display.ts';
import { ClearFiltersLink, EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/estate-list/estate-list.css';
import '../../features/plates/plates.css';

const SLOTS: FilterSlot[] = [
  { key: 'singlePrice', title: '均价', group: 'singlePrice', clearable: true },
  { key: 'homeAge', title: '楼龄', group: 'homeAge', clearable: true },
];
const FILTER_KEYS = SLOTS.map((s) => s.key);
const ESTATES_SHOWN = 20;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const url = new URL(request.url);
  const plateId = url.searchParams.get('plateId');
  const districtId = url.searchParams.get('districtId');
  const scope = plateId
    ? { level: 'estate', parentId: plateId }
    : districtId
      ? { level: 'plate', parentId: districtId }
      : { level: 'district' };
  // A malformed filter in a shared link is dropped; a malformed or unknown area is a 404.
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = url.searchParams.get(key);
    if (value && mapBubblesQuery.safeParse({ cityId, [key]: value }).success) filters[key] = value;
  }
  const parsed = mapBubblesQuery.safeParse({ cityId, ...scope, ...filters });
  if (!parsed.success) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const { plates, estateList, config, geo } = context.services;
  const [map, city, condition] = await Promise.all([
    plates.mapBubbles(parsed.data),
    geo.getCity(cityId),
    config.complexCondition(cityId),
  ]);
  if (!map || !city) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const estates =
    map.level === 'estate' && map.parent
      ? await estateList.estateList(
          estateListQuery.parse({ cityId, plateId: map.parent.id, size: ESTATES_SHOWN, ...filters }),
        )
      : null;
  const { outlines: _outlines, ...bubbles } = map;
  return {
    cityId,
    cityName: city.name,
    map: bubbles,
    drawing: drawMap(map),
    estates,
    filters,
    groups: condition?.groups.filter((g) => FILTER_KEYS.includes(g.key)) ?? [],
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('地图找房') }];
  const where = loaderData.map.parent?.name ?? loaderData.cityName;
  return [
    { title: pageTitle(`${where}地图找房`) },
    {
      name: 'description',
      content: `在地图上查看${where}各区域挂牌均价与小区数量，逐级找到心仪小区。${SITE_DESCRIPTION}`,
    },
  ];
};

/** Estate names on the map: five characters at most (spec §5 shortens overflowing text with an ellipsis). */
const shortName = (name: string) => (name.length > 5 ? `${name.slice(0, 4)}…` : name);

const shortPrice = (v: number | null) => (v === null ? '--' : `${formatMoney(v, 'thousand', 1)}万`);

export default function MapPage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, map, drawing, estates, filters, groups } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const filterQuery = new URLSearchParams(filters);
  const drill = (key: 'districtId' | 'plateId' | null, id?: number) => {
    const query = new URLSearchParams(filterQuery);
    if (key && id !== undefined) query.set(key, String(id));
    const text = query.toString();
    return `/${cityId}/map${text ? `?${text}` : ''}`;
  };
  const bubbleTo = (b: MapBubble) =>
    map.level === 'district'
      ? drill('districtId', b.id)
      : map.level === 'plate'
        ? drill('plateId', b.id)
        : `/${cityId}/house-detail/${b.id}`;
  const views: MapBubbleView[] = map.list.map((b) => ({
    id: b.id,
    title: map.level === 'estate' ? shortName(b.name) : b.name,
    price: shortPrice(b.listingAvg),
    note: map.level === 'estate' ? undefined : `${b.estateCount}个小区`,
    to: bubbleTo(b),
    dim: b.estateCount === 0,
    label: `${b.name}，挂牌均价${shortPrice(b.listingAvg)}元/㎡${map.level === 'estate' ? '' : `，${b.estateCount}个小区`}`,
  }));
  const withoutFilters = () => {
    const query = new URLSearchParams(searchParams);
    for (const key of FILTER_KEYS) query.delete(key);
    return `?${query}`;
  };
  const changeFilter = (key: string, value: string | undefined) =>
    navigate({ search: withParam(searchParams, key, value) }, { replace: true, preventScrollReset: true });
  const unit = map.level === 'district' ? '区县' : map.level === 'plate' ? '板块' : '小区';

  return (
    <main className="plates-page map-page">
      <header className="plates-head">
        <h1>地图找房</h1>
        <nav className="map-crumbs" aria-label="当前区域">
          <Link to={drill(null)}>{cityName}</Link>
          {map.parent ? (
            <>
              <span aria-hidden="true">›</span>
              <Link to={drill('districtId', map.parent.districtId)}>{map.parent.districtName}</Link>
            </>
          ) : null}
          {map.parent?.level === 'plate' ? (
            <>
              <span aria-hidden="true">›</span>
              <Link to={`/${cityId}/plate-detail/${map.parent.id}`}>{map.parent.name}</Link>
            </>
          ) : null}
        </nav>
      </header>
      <FilterBar slots={SLOTS} groups={groups} values={filters} onChange={changeFilter} />
      <p className="plates-hint">
        {map.month ? `${monthTitle(map.month)}挂牌均价（元/㎡）· ` : ''}
        {map.level === 'estate' ? '点小区看详情' : `点${unit}查看下一级`}
      </p>
      {map.list.length === 0 ? (
        <EmptyState
          title="该区域暂无小区数据"
          hint={Object.keys(filters).length > 0 ? '没有符合筛选条件的小区，换个均价或楼龄试试' : null}
          action={
            Object.keys(filters).length > 0 ? (
              <ClearFiltersLink to={withoutFilters()} />
            ) : (
              <Link to={map.parent ? drill('districtId', map.parent.districtId) : drill(null)} className="btn">
                {map.parent?.level === 'plate' ? '看看同区其他板块' : '返回全市'}
              </Link>
            )
          }
        />
      ) : (
        <MapView drawing={drawing} bubbles={views} highlight={map.parent?.districtId} />
      )}
      {map.level !== 'estate' ? (
        <section className="plates-card" aria-label={`${unit}列表`}>
          <ul className="area-rows">
            <li className="area-rows__head" aria-hidden="true">
              <span>{unit}</span>
              <span>挂牌均价(元/㎡)</span>
              <span>环比</span>
              <span>小区数</span>
            </li>
            {map.list.map((b) => {
              const rate = formatRate(b.listingMom);
              // A change on fewer listings than the minimum sample is grey (仅供参考), never red or green.
              const trend = b.momSampled ? rate.trend : 'flat';
              return (
                <li key={b.id}>
                  <Link to={bubbleTo(b)} className="area-row">
                    <span className="area-row__name">{b.name}</span>
                    <span className="area-row__price num">{formatMoney(b.listingAvg)}</span>
                    <span
                      className={`area-row__mom trend-${trend}`}
                      title={b.momSampled ? undefined : '挂牌样本少，仅供参考'}
                    >
                      {rate.text}
                    </span>
                    <span className="area-row__count">{b.estateCount}个小区</span>
                  </Link>
                </li>
              );
            })}
          </ul>
          <p className="area-rows__note">
            当月及上月挂牌均不少于{MIN_LISTING_SAMPLE[map.level === 'district' ? 'district' : 'plate']}套的{unit}
            ，环比才标红绿；灰色环比的挂牌样本少，仅供参考。
          </p>
        </section>
      ) : estates && estates.list.length > 0 ? (
        <section aria-label="小区列表">
          <p className="estate-list-page__count">
            {map.parent?.name}共{estates.total}个小区
            {estates.total > estates.list.length ? (
              <>
                {' · '}
                <Link to={`/${cityId}/plate-detail/${map.parent?.id}/list`}>查看全部</Link>
              </>
            ) : null}
          </p>
          <ul className="estate-list">
            {estates.list.map((estate) => (
              <li key={estate.id}>
                <EstateListCard cityId={cityId} estate={estate} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

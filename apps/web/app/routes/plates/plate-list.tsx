// /plate/list?cityId 板块列表 (PAGES.md §3.4): the city's plates by district with 挂牌均价, MoM and 在售, sortable;
// a row → plate-detail. District and sort live in the URL so a list can be shared.
import { Link, data, useNavigate, useSearchParams } from 'react-router';
import {
  NOT_FOUND_MESSAGE,
  PLATE_ORDERS,
  PLATE_ORDER_LABELS,
  SITE_DESCRIPTION,
  pageTitle,
  plateListQuery,
  resolveCityId,
} from '@fjt/domain';
import type { Route } from './+types/plate-list';
import { PlateRows } from '../../features/plates/PlateRows.tsx';
import { withParam } from '../../lib/paged-list.ts';
import { monthTitle } from '../../lib/display.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/plates/plates.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cityId = resolveCityId({ queryCityId: url.searchParams.get('cityId') });
  const chosen: Record<string, string> = {};
  for (const key of ['districtId', 'sort'] as const) {
    const value = url.searchParams.get(key);
    if (value && plateListQuery.safeParse({ cityId, [key]: value }).success) chosen[key] = value;
  }
  const [plates, city] = await Promise.all([
    context.services.plates.plateList(plateListQuery.parse({ cityId, ...chosen })),
    context.services.geo.getCity(cityId),
  ]);
  if (!plates || !city) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { cityId, cityName: city.name, plates, districtId: chosen.districtId ?? null, sort: chosen.sort ?? 'default' };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('板块列表') }];
  return [
    { title: pageTitle(`${loaderData.cityName}板块房价`) },
    {
      name: 'description',
      content: `${loaderData.cityName}各区县板块挂牌均价、环比涨跌与在售套数。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function PlateListPage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, plates, districtId, sort } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const href = (key: string, value: string | undefined) => `/plate/list?${withParam(searchParams, key, value)}`;
  const tabs = [{ id: undefined, name: '全部' }, ...plates.districts.map((d) => ({ id: String(d.id), name: d.name }))];
  return (
    <main className="plates-page">
      <header className="plates-head">
        <h1>{cityName}板块房价</h1>
        <label className="plates-head__sort">
          排序
          <select
            value={sort}
            aria-label="排序"
            onChange={(e) =>
              navigate(href('sort', e.target.value === 'default' ? undefined : e.target.value), { replace: true })
            }
          >
            {PLATE_ORDERS.map((o) => (
              <option key={o} value={o}>
                {PLATE_ORDER_LABELS[o]}
              </option>
            ))}
          </select>
        </label>
      </header>
      <nav className="plates-tabs" aria-label="区县">
        {tabs.map((t) => (
          <Link
            key={t.name}
            to={href('districtId', t.id)}
            replace
            preventScrollReset
            aria-current={(t.id ?? null) === districtId ? 'page' : undefined}
          >
            {t.name}
          </Link>
        ))}
      </nav>
      {plates.month ? <p className="plates-hint">{monthTitle(plates.month)}数据 · 在售为月末挂牌套数</p> : null}
      {plates.list.length === 0 ? (
        <EmptyState
          art="data"
          title="该区域暂无板块数据"
          action={
            <Link to={href('districtId', undefined)} className="btn">
              查看全部板块
            </Link>
          }
        />
      ) : (
        <section className="plates-card">
          <PlateRows cityId={cityId} plates={plates.list} showDistrict={districtId === null} />
        </section>
      )}
    </main>
  );
}

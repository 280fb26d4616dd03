// /findArea/list?cityId&districtId|plateId 区域小区 (PAGES.md §3.1): the estates of the region chosen on
// /findArea, sortable by 均价/涨幅/成交量 and filterable by price and 楼龄, through estate/list. No region means
// the whole city (不限). Unknown region → 404.
import { Link, data } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, estateListQuery, pageTitle, resolveCityId, parseId } from '@fjt/domain';
import type { Route } from './+types/find-area-list';
import { RegionEstateList } from '../../features/estate-list/RegionEstateList.tsx';
import { regionFilters } from '../../features/estate-list/region-filters.ts';
import '../../features/plates/plates.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cityId = resolveCityId({ queryCityId: url.searchParams.get('cityId') });
  const scope: Record<string, number> = {};
  for (const key of ['plateId', 'districtId'] as const) {
    const raw = url.searchParams.get(key);
    if (raw === null || raw === '' || raw === '0') continue; // 0 = 不限
    const id = parseId(raw);
    if (id === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
    scope[key] = id;
  }
  if (scope.plateId) delete scope.districtId;
  const filters = regionFilters(url, cityId);
  const [estates, condition] = await Promise.all([
    context.services.estateList.estateList(estateListQuery.parse({ cityId, ...scope, ...filters })),
    context.services.config.complexCondition(cityId),
  ]);
  if (!estates) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { cityId, scope, estates, filters, groups: condition?.groups ?? [] };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const name = loaderData?.estates.scope.name ?? '';
  return [
    { title: pageTitle(`${name}小区房价`) },
    { name: 'description', content: `${name}小区挂牌均价、涨跌与成交，按均价、涨幅、成交量排序。${SITE_DESCRIPTION}` },
  ];
};

export default function FindAreaListPage({ loaderData }: Route.ComponentProps) {
  const { cityId, scope, estates, filters, groups } = loaderData;
  return (
    <RegionEstateList
      cityId={cityId}
      scope={scope}
      estates={estates}
      filters={filters}
      groups={groups}
      title={
        <>
          {estates.scope.name}小区
          <Link to={`/findArea?cityId=${cityId}`} className="region-chip">
            换区域
          </Link>
        </>
      }
      empty={{
        text: '该区域暂无小区数据',
        action: (
          <Link to={`/findArea?cityId=${cityId}`} className="btn">
            重新选择区域
          </Link>
        ),
      }}
    />
  );
}

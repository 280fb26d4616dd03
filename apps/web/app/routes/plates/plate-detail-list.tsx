// /{city}/plate-detail/{plateId?}/list 板块小区榜 (PAGES.md §3.4): every estate of the plate, sorted by 均价, 涨幅 or
// 成交量 and filterable, through estate/list. A missing or unknown plate id is a 404.
import { Link, data } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, estateListQuery, pageTitle, parseCityId, parseId } from '@fjt/domain';
import type { Route } from './+types/plate-detail-list';
import { RegionEstateList } from '../../features/estate-list/RegionEstateList.tsx';
import { regionFilters } from '../../features/estate-list/region-filters.ts';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const plateId = parseId(params.plateId);
  if (plateId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const filters = regionFilters(new URL(request.url), cityId);
  const [estates, condition] = await Promise.all([
    context.services.estateList.estateList(estateListQuery.parse({ cityId, plateId, ...filters })),
    context.services.config.complexCondition(cityId),
  ]);
  if (!estates) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { cityId, plateId, estates, filters, groups: condition?.groups ?? [] };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const name = loaderData?.estates.scope.name ?? '';
  return [
    { title: pageTitle(`${name}板块小区榜`) },
    { name: 'description', content: `${name}板块全部小区挂牌均价、涨幅与成交排行。${SITE_DESCRIPTION}` },
  ];
};

export default function PlateEstateListPage({ loaderData }: Route.ComponentProps) {
  const { cityId, plateId, estates, filters, groups } = loaderData;
  return (
    <RegionEstateList
      cityId={cityId}
      scope={{ plateId }}
      estates={estates}
      filters={filters}
      groups={groups}
      title={`${estates.scope.name}板块小区榜`}
      empty={{
        text: '该板块暂无小区数据',
        action: (
          <Link to={`/${cityId}/plate-detail/${plateId}`} className="btn">
            返回板块详情
          </Link>
        ),
      }}
    />
  );
}

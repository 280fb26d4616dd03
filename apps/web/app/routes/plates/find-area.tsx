// /findArea?cityId 区域找房 (PAGES.md §3.1): browse prices by region, district then plate, and open the estates
// of the region chosen. Data: app/house/areaList with 不限 options (services.geo.areaList).
import { Link, data } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, pageTitle, resolveCityId, parseId } from '@fjt/domain';
import type { Route } from './+types/find-area';
import { AreaPicker } from '../../features/plates/AreaPicker.tsx';
import { monthTitle } from '../../lib/display.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/plates/plates.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cityId = resolveCityId({ queryCityId: url.searchParams.get('cityId') });
  const [areas, city] = await Promise.all([
    context.services.geo.areaList({
      cityId,
      withNearAreaOption: false,
      withNearAreaOptionChild: false,
      withUnlimitedPlateOption: true,
      withUnlimitedDistrictOption: false,
    }),
    context.services.geo.getCity(cityId),
  ]);
  if (!areas || !city) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return {
    cityId,
    cityName: city.name,
    areas,
    districtId: parseId(url.searchParams.get('districtId')),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const name = loaderData?.cityName ?? '';
  return [
    { title: pageTitle(`${name}区域找房`) },
    { name: 'description', content: `按区县、板块查看${name}挂牌均价与涨跌，找到合适区域的小区。${SITE_DESCRIPTION}` },
  ];
};

export default function FindAreaPage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, areas, districtId } = loaderData;
  return (
    <main className="plates-page find-area">
      <header className="plates-head">
        <h1>{cityName}区域找房</h1>
        <Link to={`/findArea/list?cityId=${cityId}`} className="region-chip">
          全市不限
        </Link>
      </header>
      <p className="plates-hint">
        {areas.month ? `${monthTitle(areas.month.slice(0, 7))}挂牌均价（元/㎡）与环比 · ` : ''}选择板块查看小区
      </p>
      {areas.list.length === 0 ? (
        <EmptyState
          art="data"
          title="该城市暂无区域数据"
          action={
            <Link to="/citylist" className="btn">
              切换城市
            </Link>
          }
        />
      ) : (
        <AreaPicker cityId={cityId} districts={areas.list} initialDistrictId={districtId} />
      )}
    </main>
  );
}

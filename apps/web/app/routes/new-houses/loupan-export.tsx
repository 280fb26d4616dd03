// /{city}/loupan/{houseId}/export 楼盘报告 (PAGES.md §3.5): the printable project report. PAGES.md asks for
// login; there is no login yet, so the report is open — the accounts issue adds the gate here (loader).
import { data } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, pageTitle, parseCityId, projectIdParam } from '@fjt/domain';
import type { Route } from './+types/loupan-export';
import { ProjectReport } from '../../features/new-houses/ProjectReport.tsx';

export async function loader({ params, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  const id = projectIdParam.safeParse(params.houseId);
  if (cityId === null || !id.success) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const { newHouses } = context.services;
  const [detail, priceList] = await Promise.all([
    newHouses.detail(id.data),
    newHouses.priceList(id.data).catch(() => null),
  ]);
  if (!detail || detail.project.cityId !== cityId) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  // China time: the date printed on the report.
  return { detail, priceList, madeOn: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10) };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const name = d?.detail.project.name ?? '';
  return [
    { title: pageTitle(`${name}楼盘报告`) },
    {
      name: 'description',
      content: `${name}楼盘报告：价格、开盘与证照、户型价格表、规划与周边二手房对比。${SITE_DESCRIPTION}`,
    },
    { name: 'robots', content: 'noindex' },
  ];
};

export default function LoupanExportPage({ loaderData }: Route.ComponentProps) {
  return <ProjectReport detail={loaderData.detail} priceList={loaderData.priceList} madeOn={loaderData.madeOn} />;
}

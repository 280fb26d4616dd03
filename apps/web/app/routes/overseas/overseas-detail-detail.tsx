// /{city}/overseas-detail/{estateId?}/detail 海外详情 (PAGES.md §3.2). With an id: payment schedule, taxes,
// ownership rules and delivery of that project (404 when unknown). Without an id: the list of the city's
// overseas projects (each links to its detail), so the bare URL is still useful.
import { data } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, pageTitle, parseCityId, parseId } from '@fjt/domain';
import type { Route } from './+types/overseas-detail-detail';
import { OverseasFullPage, OverseasListPage } from '../../features/overseas/OverseasPages.tsx';

export async function loader({ params, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const { overseas, geo } = context.services;
  if (params.estateId === undefined) {
    const [city, list] = await Promise.all([geo.getCity(cityId), overseas.list(cityId)]);
    if (!city || !list) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
    return { kind: 'list' as const, cityId, cityName: city.name, list: list.list };
  }
  const id = parseId(params.estateId);
  if (id === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const project = await overseas.detail(id, true);
  if (!project || project.cityId !== cityId) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { kind: 'project' as const, cityId, project };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: pageTitle(loaderData?.kind === 'project' ? `${loaderData.project.name} 海外详情` : '海外详情'),
  },
  {
    name: 'description',
    content: `${loaderData?.kind === 'project' ? loaderData.project.name : '海外房产'}的付款计划、税费、产权规则与交付说明。${SITE_DESCRIPTION}`,
  },
];

export default function OverseasDetailDetailRoute({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === 'project' ? (
    <OverseasFullPage cityId={loaderData.cityId} project={loaderData.project} />
  ) : (
    <OverseasListPage cityName={loaderData.cityName} list={loaderData.list} />
  );
}

// /{city}/overseas-detail/{estateId} 海外房产 (PAGES.md §3.2). Unknown or other city's project → 404.
import { data } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, pageTitle, parseCityId, parseId } from '@fjt/domain';
import type { Route } from './+types/overseas-detail';
import { OverseasDetailPage } from '../../features/overseas/OverseasPages.tsx';

export async function loader({ params, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  const id = parseId(params.estateId);
  if (cityId === null || id === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const project = await context.services.overseas.detail(id, false);
  if (!project || project.cityId !== cityId) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { cityId, project };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `${loaderData.project.name} 海外房产` : '海外房产') },
  {
    name: 'description',
    content: `${loaderData ? loaderData.project.name : '海外房产'}：当地价格与人民币估算、产权、租金回报率与首付比例。${SITE_DESCRIPTION}`,
  },
];

export default function OverseasDetailRoute({ loaderData }: Route.ComponentProps) {
  return <OverseasDetailPage {...loaderData} />;
}

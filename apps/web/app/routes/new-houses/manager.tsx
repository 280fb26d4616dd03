// /{city}/manager/{id?} 置业顾问 (PAGES.md §3.11): a new-house sales consultant's profile and projects; without
// an id, the city's consultants. An unknown id, or a consultant of another city, is a 404.
import { data } from 'react-router';
import {
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  managerDetailQuery,
  managerListQuery,
  pageTitle,
  parseCityId,
} from '@fjt/domain';
import type { Route } from './+types/manager';
import { ManagerDirectory, ManagerProfile } from '../../features/new-houses/ManagerProfile.tsx';
import '../../features/new-houses/new-houses.css';

export async function loader({ params, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const { newHouses, geo } = context.services;
  if (!params.id) {
    const [managers, city] = await Promise.all([
      newHouses.managerList(managerListQuery.parse({ cityId })),
      geo.getCity(cityId),
    ]);
    if (!managers || !city) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
    return { cityId, cityName: city.name, managers, detail: null };
  }
  const query = managerDetailQuery.safeParse({ id: params.id });
  if (!query.success) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const detail = await newHouses.manager(query.data.id);
  if (!detail || detail.manager.cityId !== cityId) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { cityId, cityName: null, managers: null, detail };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const title = d?.detail ? `${d.detail.manager.name}置业顾问` : `${d?.cityName ?? ''}置业顾问`;
  return [
    { title: pageTitle(title) },
    { name: 'description', content: `${title}：负责楼盘、评分、响应率与在线咨询。${SITE_DESCRIPTION}` },
  ];
};

export default function ManagerPage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, managers, detail } = loaderData;
  if (detail) return <ManagerProfile cityId={cityId} detail={detail} />;
  return <ManagerDirectory cityId={cityId} cityName={cityName ?? ''} managers={managers!} />;
}

// /{city}/agent/{id?} 经纪人主页 (PAGES.md §3.11): an agent's page; without an id, the city's agents (?sort=deals
// for most deals first). An unknown id, or an agent of another city, is a 404.
import { data } from 'react-router';
import {
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  agentDetailQuery,
  agentListQuery,
  pageTitle,
  parseCityId,
} from '@fjt/domain';
import type { Route } from './+types/agent';
import { AgentDirectory, AgentProfilePage } from '../../features/agents/AgentPages.tsx';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const { agents, geo } = context.services;
  if (!params.id) {
    // an unknown sort is the default order, not an error page: the page's own links only make the two
    const sort = new URL(request.url).searchParams.get('sort') === 'deals' ? 'deals' : 'rating';
    const [list, city] = await Promise.all([agents.list(agentListQuery.parse({ cityId, sort })), geo.getCity(cityId)]);
    if (!city) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
    return { cityId, cityName: city.name, sort, list, detail: null } as const;
  }
  const query = agentDetailQuery.safeParse({ cityId, agentId: params.id });
  if (!query.success) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const detail = await agents.detail(query.data);
  if (!detail) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { cityId, cityName: null, sort: 'rating', list: null, detail } as const;
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const title = d?.detail ? `${d.detail.agent.name} · ${d.detail.agent.company}经纪人` : `${d?.cityName ?? ''}经纪人`;
  return [
    { title: pageTitle(title) },
    { name: 'description', content: `${title}：从业年限、评分、服务小区、在售房源与最近成交。${SITE_DESCRIPTION}` },
  ];
};

export default function AgentPage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, sort, list, detail } = loaderData;
  if (detail) return <AgentProfilePage cityId={cityId} detail={detail} />;
  return <AgentDirectory cityId={cityId} cityName={cityName ?? ''} sort={sort} agents={list!} />;
}

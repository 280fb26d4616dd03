// /{city}/house-detail/{estateId?}/agent-list 小区经纪人 (PAGES.md §3.11). Without an estate there is no list: 404.
import { data } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, pageTitle, parseCityId, parseId } from '@fjt/domain';
import type { Route } from './+types/agent-list';
import { AgentListPage } from '../../features/estate/components/AgentListPage.tsx';

export async function loader({ params, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  const estateId = parseId(params.estateId);
  if (cityId === null || estateId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const { estates } = context.services;
  const [basic, agents] = await Promise.all([
    estates.basicInfo(estateId),
    estates.agents({ type: 8, cityId, houseId: estateId }).catch(() => null),
  ]);
  if (!basic || basic.cityId !== cityId) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { cityId, basic, agents: agents?.agents ?? [] };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `${loaderData.basic.name}经纪人` : '小区经纪人') },
  { name: 'description', content: `服务本小区的经纪人：公司门店、从业年限、带看与成交。${SITE_DESCRIPTION}` },
];

export default function AgentListRoute({ loaderData }: Route.ComponentProps) {
  return <AgentListPage {...loaderData} />;
}

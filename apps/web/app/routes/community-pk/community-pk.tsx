// /{city}/community-pk?a&b 小区PK (PAGES.md §3.7): two estates of the city side by side. A side not chosen
// shows the picker; an id that names no estate of the city shows '小区不存在' while the other side still
// renders; when neither id names an estate the page is the picker state. An unknown city is a 404.
import { data } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, pageTitle, parseCityId } from '@fjt/domain';
import type { Route } from './+types/community-pk';
import { loadPk } from '../../features/community-pk/pk.server.ts';
import { PkView } from '../../features/community-pk/components/PkView.tsx';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const city = await context.services.geo.getCity(cityId);
  if (!city) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const url = new URL(request.url);
  const ids = { a: url.searchParams.get('a'), b: url.searchParams.get('b') };
  const pk = await loadPk(context.services, cityId, ids.a, ids.b);
  return { ...pk, ids, cityName: city.name };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const names = [loaderData?.a, loaderData?.b].flatMap((s) => (s?.status === 'ok' ? [s.estate.name] : []));
  const title = names.length === 2 ? `${names[0]}和${names[1]}哪个好 - 小区PK` : '小区PK';
  const what = names.length === 2 ? `${names[0]}与${names[1]}` : `${loaderData?.cityName ?? ''}两个小区`;
  return [
    { title: pageTitle(title) },
    {
      name: 'description',
      content: `${what}并排对比：挂牌均价、涨跌、建成年代、物业费、容积率、绿化率、成交与租金。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function CommunityPkRoute({ loaderData }: Route.ComponentProps) {
  const { cityName: _cityName, ...view } = loaderData;
  return (
    <main>
      <PkView key={`${view.ids.a ?? ''}:${view.ids.b ?? ''}`} {...view} />
    </main>
  );
}

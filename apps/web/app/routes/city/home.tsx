// / and /{city} 首页 (PAGES.md §3.1): what homes cost in the city, and where to look next.
import { useEffect } from 'react';
import { data, useLocation, useNavigate } from 'react-router';
import { SITE_DESCRIPTION, SITE_TITLE, pageTitle, parseCityId, resolveCityId } from '@fjt/domain';
import type { Route } from './+types/home';
import { CityHeader } from '../../features/city-home/CityHeader.tsx';
import { PriceCard } from '../../features/city-home/PriceCard.tsx';
import { EntryGrid } from '../../features/city-home/EntryGrid.tsx';
import { SceneEntries } from '../../features/city-home/SceneEntries.tsx';
import { DistrictTable } from '../../features/city-home/DistrictTable.tsx';
import { HotEstates } from '../../features/city-home/HotEstates.tsx';
import { HomeArticles } from '../../features/articles/HomeArticles.tsx';
import { storedCityId } from '../../lib/city-storage.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/city-home/city-home.css';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cityId = resolveCityId({ pathCity: params.city, queryCityId: url.searchParams.get('cityId') });
  const { market, geo, content } = context.services;
  const newest = (type: 'market' | 'policy' | 'guide') =>
    content.articles({ cityId, type, page: 1, size: 1 }).then((body) => body?.list ?? []);
  const [overview, areas, hot, articles] = await Promise.all([
    market.cityOverview(cityId),
    geo.areaList({
      cityId,
      withNearAreaOption: false,
      withNearAreaOptionChild: false,
      withUnlimitedDistrictOption: false,
      withUnlimitedPlateOption: false,
    }),
    market.rankList({ cityId, rank: 'hot', type: 'estate', size: 5 }),
    Promise.all([newest('market'), newest('policy'), newest('guide')]).then((lists) => lists.flat()),
  ]);
  if (!overview) throw data(null, { status: 404 });
  return {
    cityId,
    overview,
    districts: areas?.list ?? [],
    hot: hot?.list ?? [],
    articles,
    fromQuery: params.city === undefined && url.searchParams.has('cityId'),
    origin: url.origin,
  };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: SITE_TITLE }];
  const { overview } = d;
  return [
    { title: `${overview.cityName}房价 - ${pageTitle()}` },
    {
      name: 'description',
      content: `${overview.cityName}二手房挂牌均价、成交均价、房价走势与各区房价。${SITE_DESCRIPTION}`,
    },
    { tagName: 'link', rel: 'canonical', href: `${d.origin}/${d.cityId}` },
  ];
};

export default function CityHome({ loaderData, params }: Route.ComponentProps) {
  const { cityId, overview, districts, hot, articles } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();

  // "/" without ?cityId: the city chosen earlier (local storage) wins over the default (spec §2, §3).
  useEffect(() => {
    if (params.city !== undefined || loaderData.fromQuery) return;
    const stored = storedCityId();
    if (stored && parseCityId(stored) && stored !== cityId) navigate(`/?cityId=${stored}`, { replace: true });
  }, [params.city, loaderData.fromQuery, cityId, navigate]);

  return (
    <main className="city-home">
      <h1 className="visually-hidden">{overview.cityName}房价</h1>
      <CityHeader cityId={cityId} cityName={overview.cityName} here={`${location.pathname}${location.search}`} />
      {overview.month ? (
        <PriceCard overview={overview} />
      ) : (
        <EmptyState art="data" title={`${overview.cityName}的房价数据正在整理中，先看看其他城市吧。`} />
      )}
      <EntryGrid cityId={cityId} />
      <SceneEntries cityId={cityId} />
      <HotEstates cityId={cityId} estates={hot} />
      <DistrictTable cityId={cityId} districts={districts} />
      <HomeArticles cityId={cityId} articles={articles} />
    </main>
  );
}

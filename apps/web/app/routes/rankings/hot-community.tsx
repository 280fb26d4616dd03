// /{city}/hot-community 热门小区 (PAGES.md §3.4): the 50 estates with the most views of their listings this
// week (rank/list?rank=hot&size=50), each opening its detail.
import { Link, data } from 'react-router';
import { SITE_DESCRIPTION, pageTitle, parseCityId } from '@fjt/domain';
import type { Route } from './+types/hot-community';
import { RankRows } from '../../features/rankings/RankRows.tsx';
import { rankNote, sampleNote } from '../../features/rankings/labels.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/rankings/rankings.css';

const HOT_SIZE = 50;

export async function loader({ params, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data(null, { status: 404 });
  const [ranking, city] = await Promise.all([
    context.services.market.rankList({ cityId, rank: 'hot', type: 'estate', size: HOT_SIZE }),
    context.services.geo.getCity(cityId),
  ]);
  if (!ranking || !city) throw data(null, { status: 404 });
  return { cityId, cityName: city.name, ranking };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const title = loaderData ? `${loaderData.cityName}热门小区` : '热门小区';
  return [
    { title: pageTitle(title) },
    { name: 'description', content: `${title}：本周浏览热度最高的50个小区与挂牌均价。${SITE_DESCRIPTION}` },
  ];
};

export default function HotCommunityPage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, ranking } = loaderData;
  return (
    <main className="rankings">
      <header className="rankings-head">
        <h1>{cityName}热门小区</h1>
        <p className="rankings-head__sub">本周浏览热度最高的{HOT_SIZE}个小区</p>
      </header>
      {ranking.list.length === 0 ? (
        <EmptyState
          art="data"
          title="本周暂无热门小区"
          action={
            <Link className="btn btn-primary" to={`/${cityId}/rank/price/estate`}>
              看看均价榜
            </Link>
          }
        />
      ) : (
        <RankRows cityId={cityId} rank="hot" type="estate" period="month" rows={ranking.list} />
      )}
      <p className="rankings__note">
        {rankNote('hot', 'month')}；{sampleNote('hot', 'estate', 'month')}。
        <Link to={`/${cityId}/rank/hot/estate`}>查看完整排行榜</Link>
      </p>
    </main>
  );
}

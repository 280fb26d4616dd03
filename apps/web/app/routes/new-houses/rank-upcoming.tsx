// /{city}/rank/upcoming 待开盘榜 (PAGES.md §3.5): the city's 待售 projects by heat. The data has no follower
// count, so heat = 摇号登记人数 (people registered for the project's lottery); projects without a lottery follow,
// soonest opening first (rank/upcoming).
import { Link, data } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, pageTitle, parseCityId, upcomingRankQuery } from '@fjt/domain';
import type { Route } from './+types/rank-upcoming';
import { ProjectCard } from '../../features/new-houses/ProjectCard.tsx';
import { dayTitle } from '../../features/new-houses/format.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/new-houses/new-houses.css';

export async function loader({ params, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const [rank, city] = await Promise.all([
    context.services.newHouses.upcomingRank(upcomingRankQuery.parse({ cityId, size: 50 })),
    context.services.geo.getCity(cityId),
  ]);
  if (!rank || !city) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { cityId, cityName: city.name, rank };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: pageTitle(`${d?.cityName ?? ''}待开盘榜`) },
  { name: 'description', content: `${d?.cityName ?? ''}即将开盘的新房楼盘热度排行。${SITE_DESCRIPTION}` },
];

export default function UpcomingRankPage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, rank } = loaderData;
  return (
    <main className="nh">
      <header className="nh-head">
        <h1>{cityName}待开盘榜</h1>
        <p className="nh-head__hint">
          按摇号登记人数排名，未摇号楼盘按开盘时间排在其后{rank.asOf ? ` · 数据截至${dayTitle(rank.asOf)}` : ''}
        </p>
      </header>
      {rank.list.length === 0 ? (
        <EmptyState
          title="暂无待开盘楼盘"
          hint="看看在售楼盘，或订阅开盘提醒"
          action={
            <Link to={`/${cityId}/house-new?status=selling`} className="btn btn-primary">
              看在售新房
            </Link>
          }
        />
      ) : (
        <ol className="nh-list nh-rank" aria-label="待开盘榜">
          {rank.list.map((row) => (
            <li key={row.id}>
              <span className={`nh-rank__no${row.rank <= 3 ? ' nh-rank__no--top' : ''}`}>{row.rank}</span>
              <ProjectCard
                cityId={cityId}
                project={row}
                extra={
                  <>
                    <span className="nh-heat">{row.heat !== null ? `${row.heat}人登记` : '暂未登记'}</span>
                    {row.lotteryUnits !== null ? ` · 摇号房源${row.lotteryUnits}套` : ''}
                    {row.permitUnits > 0 ? ` · 已取证${row.permitUnits}套` : ' · 待取证'}
                  </>
                }
              />
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

// /{city}/home-list/week-house 本周好房 (PAGES.md §3.5): tabs 新房 — projects opening this week, then the next
// openings — and 二手 — listings new this week priced below their estate's 挂牌均价. "This week" is the 7 days
// ending with the newest published month, like every figure on the site.
import { Link, data } from 'react-router';
import { InfiniteScroll } from 'antd-mobile';
import { SITE_DESCRIPTION, pageTitle, parseCityId, type FinderListing, type WeekHouseTab } from '@fjt/domain';
import type { Route } from './+types/week-house';
import { FinderListingCard } from '../../features/finder/FinderListingCard.tsx';
import { ProjectCard } from '../../features/finder/ProjectCard.tsx';
import { shortDay } from '../../features/finder/dates.ts';
import { usePagedList } from '../../lib/paged-list.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/finder/finder.css';

const TABS: { tab: WeekHouseTab; label: string }[] = [
  { tab: 'new', label: '新房' },
  { tab: 'resale', label: '二手' },
];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data(null, { status: 404 });
  const tab: WeekHouseTab = new URL(request.url).searchParams.get('tab') === 'resale' ? 'resale' : 'new';
  const [week, city] = await Promise.all([
    context.services.finder.weekHouse({ cityId, tab, page: 1, size: 20 }),
    context.services.geo.getCity(cityId),
  ]);
  if (!week || !city) throw data(null, { status: 404 });
  return { cityId, cityName: city.name, week };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const title = loaderData ? `${loaderData.cityName}本周好房` : '本周好房';
  return [
    { title: pageTitle(title) },
    { name: 'description', content: `${title}：本周开盘的新房与低于小区均价的新上二手房。${SITE_DESCRIPTION}` },
  ];
};

export default function WeekHousePage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, week } = loaderData;
  const { items, hasMore, loadMore } = usePagedList<FinderListing>(
    week,
    (page) => `/rabbit/v1/home/week-house?cityId=${cityId}&tab=resale&page=${page}`,
  );
  const span = week.weekFrom && week.weekTo ? `${shortDay(week.weekFrom)}–${shortDay(week.weekTo)}` : '';
  return (
    <main className="finder">
      <header className="finder-head">
        <h1>{cityName}本周好房</h1>
        {span ? <p className="finder-head__explain">本周：{span}</p> : null}
      </header>
      <nav className="finder-tabs" aria-label="房源类型">
        {TABS.map((t) => (
          <Link
            key={t.tab}
            to={`?tab=${t.tab}`}
            replace
            preventScrollReset
            aria-current={t.tab === week.tab ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {week.tab === 'new' ? (
        <>
          {week.projects.length === 0 ? (
            <EmptyState
              title="本周暂无新盘开盘"
              action={
                <Link to={`/${cityId}/calendar`} className="btn btn-primary">
                  查看开盘日历
                </Link>
              }
            />
          ) : (
            <ul className="finder-list" aria-label="本周开盘">
              {week.projects.map((p) => (
                <li key={p.id}>
                  <ProjectCard cityId={cityId} project={p} />
                </li>
              ))}
            </ul>
          )}
          {week.upcoming.length > 0 ? (
            <section aria-label="即将开盘">
              <h2 className="finder__section">即将开盘</h2>
              <ul className="finder-list">
                {week.upcoming.map((p) => (
                  <li key={p.id}>
                    <ProjectCard cityId={cityId} project={p} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : (
        <>
          <p className="finder__count">本周新上、单价低于小区挂牌均价的二手房共{week.total}套</p>
          {items.length === 0 ? (
            <EmptyState
              title="本周暂无低于小区均价的新上房源"
              action={
                <Link to={`/${cityId}/find-house-365`} className="btn btn-primary">
                  去捡漏看看
                </Link>
              }
            />
          ) : (
            <ul className="finder-list" aria-label="本周新上二手房">
              {items.map((l) => (
                <li key={l.id}>
                  <FinderListingCard cityId={cityId} listing={l} reference="小区均价" />
                </li>
              ))}
            </ul>
          )}
          {items.length > 0 ? <InfiniteScroll loadMore={loadMore} hasMore={hasMore} /> : null}
        </>
      )}
    </main>
  );
}

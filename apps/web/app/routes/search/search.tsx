// /{city}/search 搜索 (PAGES.md §3.1): the loader brings 热门搜索 through the service layer; suggestions are
// fetched by the page as the user types.
import { data } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, pageTitle, parseCityId } from '@fjt/domain';
import type { Route } from './+types/search';
import { SearchPage } from '../../features/search/components/SearchPage.tsx';
import { pageInfo } from '../../pages.ts';
import { pagePurpose } from '../../page-purposes.ts';

export async function loader({ params, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  // A failed block hides (PAGES.md §0): the search box works without 热门搜索.
  const hot = await context.services.search.hot(cityId).catch(() => undefined);
  if (hot === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { cityId, hot: hot?.list ?? null };
}

export const meta: Route.MetaFunction = () => {
  const info = pageInfo('search');
  return [
    { title: pageTitle(info?.title) },
    { name: 'description', content: `${pagePurpose('search') ?? ''}${SITE_DESCRIPTION}` },
  ];
};

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  return <SearchPage key={loaderData.cityId} cityId={loaderData.cityId} hot={loaderData.hot} />;
}

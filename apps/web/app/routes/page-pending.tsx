// Shared module of every route whose page a later issue builds (see app/routes.ts).
import { useMatches, useRouteLoaderData } from 'react-router';
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/page-pending';
import type { loader as rootLoader } from '../root.tsx';
import { PagePending } from '../components/page-pending/PagePending.tsx';
import { pageInfo } from '../pages.ts';
import { pagePurpose } from '../page-purposes.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const routeId = matches[matches.length - 1]?.id;
  const info = pageInfo(routeId);
  const tags: Route.MetaDescriptors = [
    { title: pageTitle(info?.title) },
    { name: 'description', content: `${pagePurpose(routeId) ?? ''}${SITE_DESCRIPTION}` },
  ];
  if (info?.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
};

export default function PendingRoute() {
  const matches = useMatches();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const routeId = matches[matches.length - 1]?.id;
  const info = pageInfo(routeId);
  if (!info) throw new Error('route without a page entry in app/pages.ts');
  const isHome = routeId === 'home' || routeId === 'city-home';
  return (
    <PagePending
      title={info.title}
      purpose={pagePurpose(routeId) ?? ''}
      homeHref={isHome ? null : `/${root?.cityId ?? 605}`}
    />
  );
}

// /{city}/pubBySuperior/{id?} 达人推荐 (PAGES.md §3.11): a 达人's recommended estates and new-house projects of the
// city. With an id, anyone's page: rendered on the server from the picks (the same for every viewer; 关注 asks the
// API in the browser). Without one, my page, all in the browser: a visitor goes to login, a user without the
// super label sees 暂无权限, a 达人 manages their picks. An id that is no 达人 is a 404.
import { data, Link } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, pageTitle, parseCityId, parseId } from '@fjt/domain';
import type { Route } from './+types/pub-by-superior';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useLoginGuard } from '../../lib/session.ts';
import { useMySuperLabel } from '../../lib/super-label.ts';
import { SuperiorPage } from '../../features/superior/SuperiorPage.tsx';

export async function loader({ params, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const { superior, geo } = context.services;
  if (!(await geo.getCity(cityId))) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  if (params.pubBySuperior === undefined) return { cityId, superiorId: null, first: null };
  const superiorId = parseId(params.pubBySuperior);
  if (superiorId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const query = { superiorId, cityId, page: 1 };
  // no viewer: the page is the same for everyone (关注 asks the API in the browser)
  const [estates, projects] = await Promise.all([superior.estates(query, null), superior.projects(query, null)]);
  if (!estates || !projects) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { cityId, superiorId, first: { estates, projects } };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const name = d?.first?.estates.superior.nickname;
  const title = name ? `${name}的推荐 · 达人推荐` : '达人推荐';
  return [
    { title: pageTitle(title) },
    { name: 'description', content: `${name ?? '房价通达人'}推荐的小区与新房楼盘，附推荐理由。${SITE_DESCRIPTION}` },
  ];
};

export default function PubBySuperiorPage({ loaderData }: Route.ComponentProps) {
  const { cityId, superiorId, first } = loaderData;
  if (superiorId !== null)
    return <SuperiorPage key={superiorId} cityId={cityId} superiorId={superiorId} first={first} />;
  return <MyPicks cityId={cityId} />;
}

/** My page: login first, then the label decides. */
function MyPicks({ cityId }: { cityId: number }) {
  const viewer = useLoginGuard();
  const label = useMySuperLabel();
  if (viewer.status !== 'user' || label.status !== 'ready')
    return (
      <main className="sup" data-testid="superior-loading">
        <RowsSkeleton count={5} />
      </main>
    );
  if (!label.isSuper)
    return (
      <main className="sup">
        <EmptyState
          testId="superior-forbidden"
          art="data"
          title="暂无权限"
          hint="达人推荐仅对达人开放，先去看看其他达人的推荐吧"
          action={
            <Link className="btn btn-primary" to={`/${cityId}`}>
              返回首页
            </Link>
          }
        />
      </main>
    );
  return <SuperiorPage key={viewer.user.id} cityId={cityId} superiorId={null} first={null} />;
}

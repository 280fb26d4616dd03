// /profile/collect 订阅与收藏 (PAGES.md §3.9): tabs 订阅小区 / 收藏小区 / 关注作者 / 关注专栏 (the tab in the query, so
// back comes to the same tab); estate rows with 均价 and MoM that open the estate; swipe to remove. Login only: the
// page is the same for everyone and reads the lists in the browser (ADR 0009).
import { useNavigate, useRouteLoaderData, useSearchParams } from 'react-router';
import { Tabs } from 'antd-mobile';
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/profile-collect';
import type { loader as rootLoader } from '../../root.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useLoginGuard } from '../../lib/session.ts';
import { COLLECT_TABS, collectTab } from '../../features/profile-collect/collect-tabs.ts';
import { CollectPanel } from '../../features/profile-collect/CollectPanel.tsx';
import { pagePurpose } from '../../page-purposes.ts';
import '../../features/profile-collect/collect.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('订阅与收藏') },
  { name: 'description', content: `${pagePurpose('profile-collect') ?? ''}${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function ProfileCollectPage() {
  const viewer = useLoginGuard();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const tab = collectTab(searchParams.get('tab'));
  const homeHref = `/${root?.cityId ?? 605}`;
  return (
    <main className="collect">
      <Tabs
        className="collect__tabs"
        activeKey={tab.key}
        onChange={(key) =>
          void navigate({ search: key === 'sub' ? '' : `?tab=${key}` }, { replace: true, preventScrollReset: true })
        }
      >
        {COLLECT_TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      {viewer.status === 'user' ? (
        <CollectPanel key={`${viewer.user.id}:${tab.key}`} tab={tab} enabled homeHref={homeHref} />
      ) : (
        <RowsSkeleton />
      )}
    </main>
  );
}

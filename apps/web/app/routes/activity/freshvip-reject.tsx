// /activity/freshvip/reject 暂不符合条件 (PAGES.md §3.13; login): why this account cannot claim (the check's reason,
// asked again here, never taken from the URL) and 开通会员 at full price.
import { Link } from 'react-router';
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/freshvip-reject';
import { ActivityFrame, ActivityRules } from '../../features/activities/ActivityFrame.tsx';
import {
  FRESHVIP_PATHS,
  MemberRightsCard,
  useFreshvipCheck,
  freshvipEnded,
} from '../../features/campaigns/freshvip.tsx';
import { LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useLoginGuard } from '../../lib/session.ts';
import '../../features/campaigns/campaigns.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('暂不符合条件') },
  { name: 'description', content: `暂不符合新人会员领取条件，可直接开通会员。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

function Reason() {
  const { state, retry } = useFreshvipCheck();
  if (state.status === 'loading') return <RowsSkeleton count={2} />;
  if (state.status === 'error')
    return <LoadFailed title="领取资格查询失败" message={state.message} retry={retry} testId="fv-check-error" />;
  const { eligible, message } = state.body;
  return (
    <section className="fv-result" aria-label="领取资格">
      <span className={eligible ? 'fv-result__icon' : 'fv-result__icon fv-result__icon--no'} aria-hidden="true">
        {eligible ? '✓' : '!'}
      </span>
      <h1>{eligible ? '您可以领取新人会员' : '暂不符合领取条件'}</h1>
      <p data-testid="fv-reason">{eligible ? '点击下方按钮去领取' : message}</p>
      {eligible ? (
        <Link className="btn btn-primary" to={FRESHVIP_PATHS.main}>
          去领取
        </Link>
      ) : null}
    </section>
  );
}

export default function FreshvipRejectPage() {
  const viewer = useLoginGuard();
  if (viewer.status !== 'user') return <RowsSkeleton count={4} />;
  return (
    <ActivityFrame code="freshvip" testId="freshvip-reject" endedAction={freshvipEnded}>
      {(activity) => (
        <>
          <Reason />
          <div className="fv-action">
            <Link className="btn btn-primary" to="/profile/buynewvip" data-testid="fv-buy">
              开通会员，查看全部成交价
            </Link>
            <p className="fv-note">会员月卡、季卡、年卡任选，多次购买有效期顺延</p>
          </div>
          <MemberRightsCard title="开通会员可享" />
          <ActivityRules activity={activity} />
        </>
      )}
    </ActivityFrame>
  );
}

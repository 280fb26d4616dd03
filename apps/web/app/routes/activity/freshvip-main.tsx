// /activity/freshvip/main 领取新人会员 (PAGES.md §3.13; login): the eligibility check, then 立即领取. Not eligible →
// /activity/freshvip/reject (its reason); claimed → /activity/freshvip/success.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/freshvip-main';
import { ActivityFrame, ActivityRules } from '../../features/activities/ActivityFrame.tsx';
import {
  FRESHVIP_PATHS,
  FreshvipHero,
  MemberRightsCard,
  claimTrial,
  useFreshvipCheck,
  freshvipEnded,
} from '../../features/campaigns/freshvip.tsx';
import { LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useLoginGuard } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import '../../features/campaigns/campaigns.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('领取新人会员') },
  { name: 'description', content: `新用户免费领取房价通会员体验。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

function Claim() {
  const navigate = useNavigate();
  const { state, retry } = useFreshvipCheck();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (state.status === 'ready' && !state.body.eligible) void navigate(FRESHVIP_PATHS.reject, { replace: true });
  }, [state, navigate]);
  if (state.status === 'loading' || (state.status === 'ready' && !state.body.eligible))
    return <RowsSkeleton count={2} />;
  if (state.status === 'error')
    return <LoadFailed title="领取资格查询失败" message={state.message} retry={retry} testId="fv-check-error" />;
  const claim = async () => {
    setBusy(true);
    const res = await claimTrial();
    setBusy(false);
    if (res.resultCode === 0) {
      void navigate(FRESHVIP_PATHS.success, { replace: true });
      return;
    }
    showToast(res.errMsg || '领取失败，请稍后再试');
    if (res.resultCode === 409) void navigate(FRESHVIP_PATHS.reject, { replace: true });
  };
  return (
    <div className="fv-action">
      <p className="fv-note" data-testid="fv-eligible">
        恭喜，您符合领取条件，领取后立即生效
      </p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        onClick={() => void claim()}
        data-testid="fv-claim"
      >
        {busy ? '领取中…' : `立即领取${state.body.trialDays}天会员`}
      </button>
    </div>
  );
}

export default function FreshvipMainPage() {
  const viewer = useLoginGuard();
  if (viewer.status !== 'user') return <RowsSkeleton count={4} />;
  return (
    <ActivityFrame code="freshvip" testId="freshvip-main" endedAction={freshvipEnded}>
      {(activity) => (
        <>
          <FreshvipHero activity={activity} />
          <Claim />
          <MemberRightsCard title="领取后可享" />
          <ActivityRules activity={activity} />
        </>
      )}
    </ActivityFrame>
  );
}

// /invitation 邀请好友 (PAGES.md §3.14; share layout): the permanent hub — my code, the poster, the people I invited,
// my rewards and the rules (activity 'invitation'). Login; everything is fetched in the browser (ADR 0009).
import { pageTitle, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/invitation';
import { useLoginGuard } from '../../lib/session.ts';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { InviteHero } from '../../features/invitations/InviteHero.tsx';
import { InviteHub } from '../../features/invitations/InviteHub.tsx';
import { ActivityRules, useActivity } from '../../features/activities/ActivityFrame.tsx';
import '../../features/invitations/invitations.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('邀请好友') },
  { name: 'description', content: `邀请好友注册房价通，好友得新人券，你得会员。${SITE_DESCRIPTION}` },
];

function Rules() {
  const { state } = useActivity('invitation');
  return state.status === 'ready' ? <ActivityRules activity={state.body.activity} /> : null;
}

export default function InvitationPage() {
  const viewer = useLoginGuard();
  return (
    <main className="invite-page" data-testid="invitation-page">
      <InviteHero title="邀请好友" subtitle="好友领新人专享券，你得会员天数与优惠券" />
      {viewer.status !== 'user' ? (
        <RowsSkeleton count={5} />
      ) : (
        <>
          <InviteHub poster={{ title: '邀你一起查房价', subtitle: '新人专享会员券，扫码即领' }} />
          <Rules />
        </>
      )}
    </main>
  );
}

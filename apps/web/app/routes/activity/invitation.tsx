// /activity/invitation 邀请有礼 (PAGES.md §3.13): the campaign edition — poster + code, progress, rules from
// activity/info (ActivityFrame: ended / upcoming states). The share link leads to /activity/invitation/receive.
import { Link } from 'react-router';
import { pageTitle, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/invitation';
import { ActivityFrame, ActivityRules } from '../../features/activities/ActivityFrame.tsx';
import { InviteHero } from '../../features/invitations/InviteHero.tsx';
import { InviteHub } from '../../features/invitations/InviteHub.tsx';
import { loginHref, useViewer } from '../../lib/session.ts';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import '../../features/invitations/invitations.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('邀请有礼') },
  { name: 'description', content: `邀请好友领新人券，你得7天会员。${SITE_DESCRIPTION}` },
];

export default function ActivityInvitationPage() {
  const viewer = useViewer();
  return (
    <ActivityFrame code="invitation" testId="activity-invitation-page">
      {(activity) => (
        <div className="invite-page">
          <InviteHero title={activity.title} subtitle={activity.subtitle} />
          {viewer.status === 'loading' ? (
            <RowsSkeleton count={4} />
          ) : viewer.status === 'visitor' ? (
            <Link className="btn btn-primary" to={loginHref('/activity/invitation')} data-testid="invite-login">
              登录后邀请好友
            </Link>
          ) : (
            <InviteHub
              poster={{ title: activity.title, subtitle: activity.subtitle }}
              sharePath="/activity/invitation/receive"
              showList
            />
          )}
          <ActivityRules activity={activity} />
        </div>
      )}
    </ActivityFrame>
  );
}

// /activity/invitation2 (PAGES.md §3.13): the A/B variant of 邀请有礼 — another design and copy; the invitee who
// opens the inviter's link (?code) claims here (variant 'invitation2', stored in invitation.variant) and goes on to
// the download step; the inviter sees their poster and progress. The inviter's reward follows the invitee's login
// in the APP (activity config rewardOn 'nextLogin').
import { Link } from 'react-router';
import { pageTitle, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/invitation2';
import { ActivityFrame, ActivityRules } from '../../features/activities/ActivityFrame.tsx';
import { ClaimPage, useInviteCode } from '../../features/invitations/ClaimPage.tsx';
import { InviteHero } from '../../features/invitations/InviteHero.tsx';
import { InviteHub } from '../../features/invitations/InviteHub.tsx';
import { loginHref, useViewer } from '../../lib/session.ts';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import '../../features/invitations/invitations.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('邀请有礼') },
  { name: 'description', content: `邀好友一起查房价，下载APP领新人礼包。${SITE_DESCRIPTION}` },
];

export default function ActivityInvitation2Page() {
  const viewer = useViewer();
  const code = useInviteCode();
  return (
    <ActivityFrame code="invitation2" testId="activity-invitation2-page">
      {(activity) =>
        code ? (
          <ClaimPage
            variant="invitation2"
            hero={{ title: activity.title, subtitle: activity.subtitle, variant: 'b' }}
            cardTitle="领取新人礼包"
            cta="领取并下载APP"
            next="/activity/invitation2/download"
          >
            <ActivityRules activity={activity} />
          </ClaimPage>
        ) : (
          <div className="invite-page">
            <InviteHero title={activity.title} subtitle={activity.subtitle} variant="b" />
            {viewer.status === 'loading' ? (
              <RowsSkeleton count={4} />
            ) : viewer.status === 'visitor' ? (
              <Link className="btn btn-primary" to={loginHref('/activity/invitation2')} data-testid="invite-login">
                登录后邀请好友
              </Link>
            ) : (
              <InviteHub
                poster={{ title: '一起查房价', subtitle: '下载APP领新人礼包' }}
                sharePath="/activity/invitation2"
                showList={false}
              />
            )}
            <ActivityRules activity={activity} />
          </div>
        )
      }
    </ActivityFrame>
  );
}

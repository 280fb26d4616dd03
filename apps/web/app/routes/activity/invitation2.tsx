// /activity/invitation2 (PAGES.md §3.13): the A/B variant of 邀请有礼 — another design and copy; the invitee who
// opens the inviter's link (?code) claims here (variant 'invitation2', stored in invitation.variant) and goes on to
// the download step; the inviter sees their poster and progress. The inviter's reward follows the invitee's login
// in the APP (activity config rewardOn 'nextLogin').
import { pageTitle, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/invitation2';
import { ActivityFrame, ActivityRules } from '../../features/activities/ActivityFrame.tsx';
import { ClaimPage, useInviteCode } from '../../features/invitations/ClaimPage.tsx';
import { InviterSection } from '../../features/invitations/InviterSection.tsx';
import '../../features/invitations/invitations.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('邀请有礼') },
  { name: 'description', content: `邀好友一起查房价，下载APP领新人礼包。${SITE_DESCRIPTION}` },
];

export default function ActivityInvitation2Page() {
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
            <InviterSection
              hero={{ title: activity.title, subtitle: activity.subtitle, variant: 'b' }}
              loginBack="/activity/invitation2"
              hub={{
                poster: { title: '一起查房价', subtitle: '下载APP领新人礼包' },
                sharePath: '/activity/invitation2',
                showList: false,
              }}
            />
            <ActivityRules activity={activity} />
          </div>
        )
      }
    </ActivityFrame>
  );
}

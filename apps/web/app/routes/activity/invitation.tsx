// /activity/invitation 邀请有礼 (PAGES.md §3.13): the campaign edition — poster + code, progress, rules from
// activity/info (ActivityFrame: ended / upcoming states). The share link leads to /activity/invitation/receive.
import { pageTitle, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/invitation';
import { ActivityFrame, ActivityRules } from '../../features/activities/ActivityFrame.tsx';
import { InviterSection } from '../../features/invitations/InviterSection.tsx';
import '../../features/invitations/invitations.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('邀请有礼') },
  { name: 'description', content: `邀请好友领新人券，你得7天会员。${SITE_DESCRIPTION}` },
];

export default function ActivityInvitationPage() {
  return (
    <ActivityFrame code="invitation" testId="activity-invitation-page">
      {(activity) => (
        <div className="invite-page">
          <InviterSection
            hero={{ title: activity.title, subtitle: activity.subtitle }}
            loginBack="/activity/invitation"
            hub={{
              poster: { title: activity.title, subtitle: activity.subtitle },
              sharePath: '/activity/invitation/receive',
              showList: true,
            }}
          />
          <ActivityRules activity={activity} />
        </div>
      )}
    </ActivityFrame>
  );
}

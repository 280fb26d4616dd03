// /activity/invitation/receive?code (PAGES.md §3.13): the invitee claims through the campaign (NEW POST
// invitation/receive {code, variant: 'invitation'}); then /activity/invitation/result.
import { pageTitle, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/invitation-receive';
import { ActivityFrame, ActivityRules } from '../../features/activities/ActivityFrame.tsx';
import { ClaimPage } from '../../features/invitations/ClaimPage.tsx';
import { pagePurpose } from '../../page-purposes.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('领取邀请奖励') },
  { name: 'description', content: `${pagePurpose('activity-invitation-receive') ?? ''}${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function InvitationReceivePage() {
  return (
    <ActivityFrame code="invitation" testId="activity-invitation-receive-page">
      {(activity) => (
        <ClaimPage
          variant="invitation"
          hero={{ title: '好友邀你领新人礼', subtitle: activity.subtitle }}
          cardTitle="领取新人专享券"
          next="/activity/invitation/result"
        >
          <ActivityRules activity={activity} />
        </ClaimPage>
      )}
    </ActivityFrame>
  );
}

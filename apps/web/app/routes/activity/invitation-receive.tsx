// /activity/invitation/receive?code (PAGES.md §3.13): the invitee claims through the campaign (NEW POST
// invitation/receive {code, variant: 'invitation'}); then /activity/invitation/result.
import { useNavigate, useSearchParams } from 'react-router';
import { pageTitle, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/invitation-receive';
import { ActivityFrame, ActivityRules } from '../../features/activities/ActivityFrame.tsx';
import { Card } from '../../components/card/Card.tsx';
import { ClaimForm } from '../../features/invitations/ClaimForm.tsx';
import { saveClaim } from '../../features/invitations/claim-result.ts';
import '../../features/invitations/invitations.css';
import { pagePurpose } from '../../page-purposes.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('领取邀请奖励') },
  { name: 'description', content: `${pagePurpose('activity-invitation-receive') ?? ''}${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function InvitationReceivePage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const code = (search.get('code') ?? '').trim().toUpperCase();
  return (
    <ActivityFrame code="invitation" testId="activity-invitation-receive-page">
      {(activity) => (
        <div className="invite-page">
          <header className="invite-hero">
            <h1>好友邀你领新人礼</h1>
            <p>{activity.subtitle}</p>
          </header>
          <Card title="领取新人专享券" id="claim">
            <ClaimForm
              code={code}
              variant="invitation"
              onDone={(result) => {
                saveClaim(result);
                void navigate('/activity/invitation/result');
              }}
            />
          </Card>
          <ActivityRules activity={activity} />
        </div>
      )}
    </ActivityFrame>
  );
}

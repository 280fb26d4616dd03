// /activity/invitation/result (PAGES.md §3.13): the claim's outcome — the coupon, or why it earned nothing.
import { Link } from 'react-router';
import { pageTitle, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/invitation-result';
import { ActivityFrame } from '../../features/activities/ActivityFrame.tsx';
import { ClaimResult } from '../../features/invitations/ClaimResult.tsx';
import { pagePurpose } from '../../page-purposes.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('领取结果') },
  { name: 'description', content: `${pagePurpose('activity-invitation-result') ?? ''}${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function InvitationResultPage() {
  return (
    <ActivityFrame code="invitation" testId="activity-invitation-result-page">
      {() => (
        <ClaimResult>
          <div className="invite-actions">
            <Link className="btn" to="/activity/invitation">
              我也要邀请
            </Link>
            <Link className="btn btn-primary" to="/profile/buynewvip/order?cardCode=VIP_MONTH" data-testid="result-use">
              去使用
            </Link>
          </div>
        </ClaimResult>
      )}
    </ActivityFrame>
  );
}

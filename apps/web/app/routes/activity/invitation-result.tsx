// /activity/invitation/result (PAGES.md §3.13): the claim's outcome — the coupon, or why it earned nothing.
import { Link } from 'react-router';
import { pageTitle, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/invitation-result';
import { ClaimOutcome, useClaim } from '../../features/invitations/ClaimOutcome.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import '../../features/invitations/invitations.css';
import { pagePurpose } from '../../page-purposes.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('领取结果') },
  { name: 'description', content: `${pagePurpose('activity-invitation-result') ?? ''}${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function InvitationResultPage() {
  const { ready, claim } = useClaim();
  const refused = claim?.status === 'refused';
  return (
    <main className="invite-page" data-testid="activity-invitation-result-page">
      <section className="invite-result">
        <h1 data-testid="result-title">
          {!ready ? '领取结果' : refused ? '本次邀请不计奖励' : claim ? '领取成功' : '领取结果'}
        </h1>
        {ready ? <ClaimOutcome claim={claim} /> : <RowsSkeleton count={1} />}
        <div className="invite-actions">
          <Link className="btn" to="/activity/invitation">
            我也要邀请
          </Link>
          <Link className="btn btn-primary" to="/profile/buynewvip/order?cardCode=VIP_MONTH" data-testid="result-use">
            去使用
          </Link>
        </div>
      </section>
    </main>
  );
}

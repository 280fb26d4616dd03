// /invitation/getcoupon?code 领券 (PAGES.md §3.14): the invitee enters a phone and its SMS code and claims the
// new-user coupon (NEW POST invitation/get-coupon); then /invitation/getsuccess.
import { useNavigate, useSearchParams } from 'react-router';
import { pageTitle, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/getcoupon';
import { Card } from '../../components/card/Card.tsx';
import { ClaimForm } from '../../features/invitations/ClaimForm.tsx';
import { saveClaim } from '../../features/invitations/claim-result.ts';
import { ActivityRules, useActivity } from '../../features/activities/ActivityFrame.tsx';
import '../../features/invitations/invitations.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('领券') },
  { name: 'description', content: `好友邀请你加入房价通，领取新人专享会员券。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function GetCouponPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const code = (search.get('code') ?? '').trim().toUpperCase();
  const { state } = useActivity('invitation');
  return (
    <main className="invite-page" data-testid="invitation-getcoupon-page">
      <header className="invite-hero">
        <h1>好友送你一张新人券</h1>
        <p>登录房价通即可领取，开通会员立减</p>
      </header>
      <Card title="领取新人专享券" id="claim">
        <ClaimForm
          code={code}
          variant=""
          onDone={(result) => {
            saveClaim(result);
            void navigate('/invitation/getsuccess');
          }}
        />
      </Card>
      {state.status === 'ready' ? <ActivityRules activity={state.body.activity} /> : null}
    </main>
  );
}

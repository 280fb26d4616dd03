// /invitation/getcoupon?code 领券 (PAGES.md §3.14): the invitee enters a phone and its SMS code and claims the
// new-user coupon (NEW POST invitation/get-coupon; the activity 'invitation' must be running); then
// /invitation/getsuccess.
import { pageTitle, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/getcoupon';
import { ActivityFrame, ActivityRules } from '../../features/activities/ActivityFrame.tsx';
import { ClaimPage } from '../../features/invitations/ClaimPage.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('领券') },
  { name: 'description', content: `好友邀请你加入房价通，领取新人专享会员券。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function GetCouponPage() {
  return (
    <ActivityFrame code="invitation" testId="invitation-getcoupon-page">
      {(activity) => (
        <ClaimPage
          variant=""
          hero={{ title: '好友送你一张新人券', subtitle: '登录房价通即可领取，开通会员立减' }}
          cardTitle="领取新人专享券"
          next="/invitation/getsuccess"
        >
          <ActivityRules activity={activity} />
        </ClaimPage>
      )}
    </ActivityFrame>
  );
}

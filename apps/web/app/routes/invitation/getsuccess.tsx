// /invitation/getsuccess 领取成功 (PAGES.md §3.14): what the claim gave, '下载APP' (spec §4 download flow) and
// '去使用' (the VIP card checkout, where the coupon is preselected).
import { Link } from 'react-router';
import { pageTitle, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/getsuccess';
import { useClientFlags } from '../../lib/client-flags.tsx';
import { openApp } from '../../lib/app-launch.ts';
import { ActivityFrame } from '../../features/activities/ActivityFrame.tsx';
import { ClaimResult } from '../../features/invitations/ClaimResult.tsx';
import { pagePurpose } from '../../page-purposes.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('领取成功') },
  { name: 'description', content: `${pagePurpose('invitation-getsuccess') ?? ''}${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function GetSuccessPage() {
  const flags = useClientFlags();
  return (
    <ActivityFrame code="invitation" testId="invitation-getsuccess-page">
      {() => (
        <ClaimResult idleTitle="领取成功">
          <div className="invite-actions">
            <button type="button" className="btn" onClick={() => openApp(flags)} data-testid="getsuccess-download">
              下载APP
            </button>
            <Link
              className="btn btn-primary"
              to="/profile/buynewvip/order?cardCode=VIP_MONTH"
              data-testid="getsuccess-use"
            >
              去使用
            </Link>
          </div>
        </ClaimResult>
      )}
    </ActivityFrame>
  );
}

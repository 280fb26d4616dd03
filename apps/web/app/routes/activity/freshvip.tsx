// /activity/freshvip 新人会员 (PAGES.md §3.13): the landing — what the trial gives and what a member gets, 立即领取
// (→ login → /activity/freshvip/main), the rules. Period and rules from activity/info (ActivityFrame); ended →
// 活动已结束 with the VIP page.
import { Link } from 'react-router';
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/freshvip';
import { ActivityFrame, ActivityRules } from '../../features/activities/ActivityFrame.tsx';
import { FRESHVIP_PATHS, FreshvipHero, MemberRightsCard, freshvipEnded } from '../../features/campaigns/freshvip.tsx';
import { loginHref, useViewer } from '../../lib/session.ts';
import '../../features/campaigns/campaigns.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('新人会员') },
  { name: 'description', content: `新用户注册后免费领取房价通会员，查看全部成交价。${SITE_DESCRIPTION}` },
];

export default function FreshvipLandingPage() {
  const viewer = useViewer();
  const next = viewer.status === 'user' ? FRESHVIP_PATHS.main : loginHref(FRESHVIP_PATHS.main);
  return (
    <ActivityFrame code="freshvip" testId="freshvip-page" endedAction={freshvipEnded}>
      {(activity) => (
        <>
          <FreshvipHero activity={activity} />
          <div className="fv-action">
            <Link className="btn btn-primary" to={next} data-testid="fv-start">
              立即领取
            </Link>
            <p className="fv-note">
              {viewer.status === 'user' ? '领取前将核对领取资格' : '登录后领取，新用户验证码登录即注册'}
            </p>
          </div>
          <MemberRightsCard title="领取后可享" />
          <ActivityRules activity={activity} />
        </>
      )}
    </ActivityFrame>
  );
}

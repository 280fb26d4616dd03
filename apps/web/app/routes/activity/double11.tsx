// /activity/double11 双11 (PAGES.md §3.13): a VIP/report sale — the countdown to the end (server clock), coupons to
// claim, the sale items at their sale price → /common/order. Period, title and rules from activity/info through
// ActivityFrame; once ended, '活动已结束' with the full-price VIP page. Rendered the same for everyone (ADR 0009).
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/double11';
import { ActivityFrame, ActivityRules } from '../../features/activities/ActivityFrame.tsx';
import { Double11Sale } from '../../features/campaigns/Double11Sale.tsx';
import '../../features/campaigns/campaigns.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('双11特惠') },
  { name: 'description', content: `双11会员狂欢：会员年卡、报告限时活动价，领券再减。${SITE_DESCRIPTION}` },
];

export default function Double11Page() {
  // the countdown's end or a refused claim reloads the activity, which then shows 活动已结束
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return (
    <ActivityFrame
      key={round}
      code="double11"
      testId="double11-page"
      endedAction={
        <Link className="btn btn-primary" to="/profile/buynewvip">
          原价开通会员
        </Link>
      }
    >
      {(activity) => (
        <>
          <Double11Sale activity={activity} onEnded={reload} />
          <ActivityRules activity={activity} />
        </>
      )}
    </ActivityFrame>
  );
}

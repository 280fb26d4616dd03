// /activity/invitation2 (PAGES.md §3.13): the A/B variant of 邀请有礼 — another design and copy; the invitee who
// opens the inviter's link (?code) claims here (variant 'invitation2', stored in invitation.variant) and goes on to
// the download step; the inviter sees their poster and progress. The inviter's reward follows the invitee's login
// in the APP (activity config rewardOn 'nextLogin').
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pageTitle, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/invitation2';
import { ActivityFrame, ActivityRules } from '../../features/activities/ActivityFrame.tsx';
import { Card } from '../../components/card/Card.tsx';
import { ClaimForm } from '../../features/invitations/ClaimForm.tsx';
import { InviteHub } from '../../features/invitations/InviteHub.tsx';
import { saveClaim } from '../../features/invitations/claim-result.ts';
import { loginHref, useViewer } from '../../lib/session.ts';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import '../../features/invitations/invitations.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('邀请有礼') },
  { name: 'description', content: `邀好友一起查房价，下载APP领新人礼包。${SITE_DESCRIPTION}` },
];

export default function ActivityInvitation2Page() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const viewer = useViewer();
  const code = search.get('code')?.trim().toUpperCase() ?? '';
  return (
    <ActivityFrame code="invitation2" testId="activity-invitation2-page">
      {(activity) => (
        <div className="invite-page">
          <header className="invite-hero invite-hero--b">
            <h1>{activity.title}</h1>
            <p>{activity.subtitle}</p>
          </header>
          {code ? (
            <Card title="领取新人礼包" id="claim">
              <ClaimForm
                code={code}
                variant="invitation2"
                cta="领取并下载APP"
                onDone={(result) => {
                  saveClaim(result);
                  void navigate(`/activity/invitation2/download`);
                }}
              />
            </Card>
          ) : viewer.status === 'loading' ? (
            <RowsSkeleton count={4} />
          ) : viewer.status === 'visitor' ? (
            <Link className="btn btn-primary" to={loginHref('/activity/invitation2')} data-testid="invite-login">
              登录后邀请好友
            </Link>
          ) : (
            <InviteHub
              poster={{ title: '一起查房价', subtitle: '下载APP领新人礼包' }}
              sharePath="/activity/invitation2"
              showList={false}
            />
          )}
          <ActivityRules activity={activity} />
        </div>
      )}
    </ActivityFrame>
  );
}

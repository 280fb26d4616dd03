// /activity/freshvip/success 领取成功 (PAGES.md §3.13; login): the rights and the expiry, from the user's membership.
import { Link } from 'react-router';
import { SITE_DESCRIPTION, pageTitle, type MemberStatus } from '@fjt/domain';
import type { Route } from './+types/freshvip-success';
import { ActivityFrame } from '../../features/activities/ActivityFrame.tsx';
import { MemberRightsCard, freshvipEnded } from '../../features/campaigns/freshvip.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { chinaDate } from '../../lib/display.ts';
import { useLoginGuard } from '../../lib/session.ts';
import { useMemberStatus } from '../../features/checkout/use-member-catalogue.ts';
import '../../features/campaigns/campaigns.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('领取成功') },
  { name: 'description', content: `新人会员领取成功：会员权益与到期时间。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

function Expiry({ member }: { member: MemberStatus | null }) {
  if (member === null) return <span className="sk-bone" style={{ width: '60%', height: 14 }} />;
  if (!member.isVip || !member.expiresAt) return <p>会员尚未生效，请稍后刷新</p>;
  return (
    <p data-testid="fv-expiry">
      会员有效期至<span className="num">{chinaDate(member.expiresAt)}</span>，剩余
      <span className="num">{member.daysLeft}</span>天
    </p>
  );
}

export default function FreshvipSuccessPage() {
  const viewer = useLoginGuard();
  const member = useMemberStatus(viewer.status === 'user');
  if (viewer.status !== 'user') return <RowsSkeleton count={4} />;
  return (
    <ActivityFrame code="freshvip" testId="freshvip-success" endedAction={freshvipEnded}>
      {() => (
        <>
          <section className="fv-result" aria-label="领取结果">
            <span className="fv-result__icon" aria-hidden="true">
              ✓
            </span>
            <h1>领取成功</h1>
            <Expiry member={member} />
          </section>
          <MemberRightsCard title="您已享有" />
          <div className="fv-action">
            <Link className="btn btn-primary" to="/">
              去查成交价
            </Link>
            <Link className="btn" to="/profile/buynewvip">
              查看我的会员
            </Link>
          </div>
        </>
      )}
    </ActivityFrame>
  );
}

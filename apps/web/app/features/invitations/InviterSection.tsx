// The inviter's part of an 邀请有礼 activity page (/activity/invitation, /activity/invitation2): the hero, then a
// skeleton while the session loads, a login link for a visitor, or the hub (poster, code, progress) for a user.
import { Link } from 'react-router';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { loginHref, useViewer } from '../../lib/session.ts';
import { InviteHero } from './InviteHero.tsx';
import { InviteHub } from './InviteHub.tsx';

export function InviterSection({
  hero,
  loginBack,
  hub,
}: {
  hero: { title: string; subtitle: string; variant?: 'b' };
  /** The page a visitor comes back to after signing in. */
  loginBack: string;
  hub: Parameters<typeof InviteHub>[0];
}) {
  const viewer = useViewer();
  return (
    <>
      <InviteHero {...hero} />
      {viewer.status === 'loading' ? (
        <RowsSkeleton count={4} />
      ) : viewer.status === 'visitor' ? (
        <Link className="btn btn-primary" to={loginHref(loginBack)} data-testid="invite-login">
          登录后邀请好友
        </Link>
      ) : (
        <InviteHub {...hub} />
      )}
    </>
  );
}

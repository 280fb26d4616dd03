// The way to a masked value (PAGES.md §0 VIP mask): '开通会员查看' → /profile/buynewvip, which comes back to this
// page afterwards (a same-origin return path). Rendered the same for everyone (the page is shared and cached);
// a member never sees it, since their rows are fetched in full (lib/membership.ts). A page selling another way in
// (a deal-data package) gives its own `to` and label.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { DEAL_UNLOCK_TEXT } from '@fjt/domain';
import { buyVipHref } from '../../lib/membership.ts';
import './vip-unlock.css';

export function VipUnlock({
  className,
  children,
  label = DEAL_UNLOCK_TEXT,
  to,
}: {
  className?: string;
  /** What comes before the call to action inside the link (a masked '**万'). */
  children?: ReactNode;
  label?: string;
  /** Where unlocking leads; default the VIP page, coming back here. */
  to?: string;
}) {
  const { pathname, search } = useLocation();
  return (
    <Link className={className ?? 'vip-unlock'} to={to ?? buyVipHref(pathname + search)} data-testid="vip-unlock">
      {children}
      <span className="vip-unlock__label">{label}</span>
    </Link>
  );
}

/** A line under a list with masked rows: why values are hidden, and the way to see them. */
export function VipUnlockNote({ children }: { children: ReactNode }) {
  return (
    <p className="vip-unlock-note" data-testid="vip-unlock-note">
      <span>{children}</span>
      <VipUnlock className="vip-unlock vip-unlock--pill" />
    </p>
  );
}

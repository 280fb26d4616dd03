// The page after a claim (issue 18), one for every claim page: /invitation/getsuccess, /activity/invitation/result
// and /activity/invitation2/download. Rendered inside the page's ActivityFrame: the heading, what the claim gave
// (the coupon, or why it earned nothing — kept in sessionStorage by the claim page), then the page's next steps.
import { useEffect, useState, type ReactNode } from 'react';
import type { InvitationClaimBody } from '@fjt/domain';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { couponFace } from '../../lib/coupon-face.ts';
import { chinaDate } from '../../lib/display.ts';
import { yuan } from '../../lib/money.ts';
import { readClaim } from './claim-result.ts';
import './invitations.css';

function useClaim(): { ready: boolean; claim: InvitationClaimBody | null } {
  const [state, setState] = useState<{ ready: boolean; claim: InvitationClaimBody | null }>({
    ready: false,
    claim: null,
  });
  useEffect(() => setState({ ready: true, claim: readClaim() }), []);
  return state;
}

export function ClaimResult({
  title,
  idleTitle = '领取结果',
  children,
}: {
  /** A heading of its own, whatever the claim gave. */
  title?: string;
  /** The heading until the claim is read, or when there is none (a new tab). */
  idleTitle?: string;
  /** The next steps. */
  children: ReactNode;
}) {
  const { ready, claim } = useClaim();
  const heading =
    title ?? (!ready || !claim ? idleTitle : claim.status === 'refused' ? '本次邀请不计奖励' : '领取成功');
  return (
    <div className="invite-page">
      <section className="invite-result">
        <h1 data-testid="result-title">{heading}</h1>
        {ready ? <ClaimOutcome claim={claim} /> : <RowsSkeleton count={1} />}
        {children}
      </section>
    </div>
  );
}

function ClaimOutcome({ claim }: { claim: InvitationClaimBody | null }) {
  if (!claim) return <p>请在房价通账户「我的优惠券」中查看领取结果。</p>;
  if (claim.status === 'refused' || !claim.coupon) {
    return (
      <p className="invite-form__error" data-testid="claim-outcome-refused">
        {claim.message}
      </p>
    );
  }
  const c = claim.coupon;
  return (
    <div className="invite-coupon" data-testid="claim-outcome-coupon">
      <strong className="num">{c.kind === 'amount' ? `¥${yuan(c.amount)}` : couponFace({ ...c, minAmount: 0 })}</strong>
      <p>{c.title}</p>
      <small>
        {couponFace(c)} · 有效期至 {chinaDate(c.validUntil)}
      </small>
    </div>
  );
}

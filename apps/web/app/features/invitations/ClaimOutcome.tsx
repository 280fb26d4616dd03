// What a claim gave (issue 18): the coupon, or why it earned nothing. Rendered in the browser (sessionStorage).
import { useEffect, useState } from 'react';
import type { InvitationClaimBody } from '@fjt/domain';
import { readClaim } from './claim-result.ts';

export function useClaim(): { ready: boolean; claim: InvitationClaimBody | null } {
  const [state, setState] = useState<{ ready: boolean; claim: InvitationClaimBody | null }>({
    ready: false,
    claim: null,
  });
  useEffect(() => setState({ ready: true, claim: readClaim() }), []);
  return state;
}

export function ClaimOutcome({ claim }: { claim: InvitationClaimBody | null }) {
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
      <strong className="num">¥{c.amount ?? ''}</strong>
      <p>{c.title}</p>
      <small>有效期至 {new Date(c.validUntil).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' })}</small>
    </div>
  );
}

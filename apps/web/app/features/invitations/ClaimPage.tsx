// The invitee's claim page (issue 18), one for every invitation link: /invitation/getcoupon (the hub's),
// /activity/invitation/receive and /activity/invitation2?code (the campaigns'). Rendered inside the page's
// ActivityFrame: a hero, the claim form, then `children` (the activity's rules); the claim's answer is kept for
// the result page `next` goes to.
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../components/card/Card.tsx';
import { ClaimForm } from './ClaimForm.tsx';
import { InviteHero } from './InviteHero.tsx';
import { saveClaim } from './claim-result.ts';
import './invitations.css';

/** The inviter's code of the link (?code), as the server spells it. */
export function useInviteCode(): string {
  const [search] = useSearchParams();
  return (search.get('code') ?? '').trim().toUpperCase();
}

export function ClaimPage({
  variant,
  hero,
  cardTitle,
  cta,
  next,
  children,
}: {
  /** '' : the hub's get-coupon; otherwise the campaign's receive. */
  variant: '' | 'invitation' | 'invitation2';
  hero: Parameters<typeof InviteHero>[0];
  cardTitle: string;
  /** The submit button's words (ClaimForm's 立即领取 by default). */
  cta?: string;
  /** The result page after a claim. */
  next: string;
  children?: ReactNode;
}) {
  const code = useInviteCode();
  const navigate = useNavigate();
  return (
    <div className="invite-page">
      <InviteHero {...hero} />
      <Card title={cardTitle} id="claim">
        <ClaimForm
          code={code}
          variant={variant}
          {...(cta ? { cta } : {})}
          onDone={(result) => {
            saveClaim(result);
            void navigate(next);
          }}
        />
      </Card>
      {children}
    </div>
  );
}

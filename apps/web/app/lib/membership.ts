// Member-only values in the browser (PAGES.md §0 VIP mask, ADR 0009). Pages are rendered masked for everyone
// and cached so; here the browser asks whether the signed-in viewer is a member (POST
// memberCard/getMemberCardInfo, kept a minute per user) and, for a member, fetches the masked part of the page
// again from the API with the session cookie, which answers it in full (and `private, no-store`).
import { useEffect, useState } from 'react';
import { safeRedirectPath, type MemberStatus } from '@fjt/domain';
import { callApi, useViewer } from './session.ts';

/** How long a membership answer is kept in this tab: a purchase or a code calls forgetMembership(). */
const MEMBERSHIP_TTL_MS = 60_000;

let kept: { userId: number; at: number; member: boolean } | null = null;
let inflight: { userId: number; answer: Promise<boolean> } | null = null;

/** Forgets the kept answer: after buying or redeeming membership, the next page asks again. */
export function forgetMembership(): void {
  kept = null;
  inflight = null;
}

function isMember(userId: number): Promise<boolean> {
  if (kept && kept.userId === userId && Date.now() - kept.at < MEMBERSHIP_TTL_MS) return Promise.resolve(kept.member);
  if (inflight && inflight.userId === userId) return inflight.answer;
  const answer = callApi<MemberStatus>('memberCard/getMemberCardInfo', {}).then((res) => {
    const member = res.resultCode === 0 && res.body?.isVip === true;
    // a failed call is an answer for this page only
    if (res.resultCode === 0) kept = { userId, at: Date.now(), member };
    return member;
  });
  inflight = { userId, answer };
  void answer.finally(() => {
    if (inflight?.answer === answer) inflight = null;
  });
  return answer;
}

export type Membership = 'loading' | 'visitor' | 'user' | 'member';

/** The viewer as member-only data sees them: 'loading' on the server and until both checks answer. */
export function useMembership(): Membership {
  const viewer = useViewer();
  const userId = viewer.user?.id ?? null;
  const [answer, setAnswer] = useState<{ userId: number; member: boolean } | null>(null);
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    void isMember(userId).then((member) => {
      if (live) setAnswer({ userId, member });
    });
    return () => {
      live = false;
    };
  }, [userId]);
  if (viewer.status === 'loading') return 'loading';
  if (viewer.status === 'visitor') return 'visitor';
  if (!answer || answer.userId !== userId) return 'loading';
  return answer.member ? 'member' : 'user';
}

/**
 * What a page shows of a server-rendered (masked) answer: `initial` itself, or — for a member, when `masked`
 * says something is hidden — the same answer fetched from the API at `path` (under /rabbit/v1) with the session.
 * A new `initial` (new filters, a revalidation) is shown at once and fetched again.
 */
export function useMemberView<T>(initial: T, path: string, masked: boolean): T {
  const membership = useMembership();
  const [full, setFull] = useState<{ from: T; value: T } | null>(null);
  useEffect(() => {
    if (!masked || membership !== 'member') return;
    let live = true;
    void callApi<T>(path).then((res) => {
      if (live && res.resultCode === 0 && res.body) setFull({ from: initial, value: res.body });
    });
    return () => {
      live = false;
    };
  }, [initial, path, masked, membership]);
  return full && full.from === initial ? full.value : initial;
}

/** The VIP page (PAGES.md §3.10 /profile/buynewvip), coming back to `here` (a path of this site) afterwards. */
export function buyVipHref(here: string): string {
  return `/profile/buynewvip?redirect=${encodeURIComponent(safeRedirectPath(here, '/'))}`;
}

// Member-only values in the browser (PAGES.md §0 VIP mask, ADR 0009). Pages are rendered masked for everyone
// and cached so; here the browser asks whether the signed-in viewer is a member (POST
// memberCard/getMemberCardInfo, kept a minute per user) and, for a member, fetches the masked part of the page
// again from the API with the session cookie, which answers it in full (and `private, no-store`). The holder of a
// deal-data permit (the /trade product, trading/vipAuthor) has the same for the permit's cities: the page is
// fetched again too, and the server decides per row's city (dealsUnlocked).
import { useEffect, useState } from 'react';
import { safeRedirectPath, type MemberStatus, type VipAuthorBody } from '@fjt/domain';
import { callApi, useViewer } from './session.ts';

/** How long a membership answer is kept in this tab: a purchase or a code calls forgetMembership(). */
const MEMBERSHIP_TTL_MS = 60_000;

/** What the viewer may see of member-only deal data: membership, and the cities of live deal-data permits. */
interface Access {
  member: boolean;
  tradeCityIds: readonly number[];
}
let kept: ({ userId: number; at: number } & Access) | null = null;
let inflight: { userId: number; answer: Promise<Access> } | null = null;

/** Forgets the kept answer: after buying or redeeming membership or deal data, the next page asks again. */
export function forgetMembership(): void {
  kept = null;
  inflight = null;
}

function accessOf(userId: number): Promise<Access> {
  if (kept && kept.userId === userId && Date.now() - kept.at < MEMBERSHIP_TTL_MS) return Promise.resolve(kept);
  if (inflight && inflight.userId === userId) return inflight.answer;
  const answer = Promise.all([
    callApi<MemberStatus>('memberCard/getMemberCardInfo', {}),
    callApi<VipAuthorBody>('trading/vipAuthor'),
  ]).then(([res, trade]) => {
    const access: Access = {
      member: res.resultCode === 0 && res.body?.isVip === true,
      tradeCityIds: trade.resultCode === 0 ? (trade.body?.cityIds ?? []) : [],
    };
    // a failed call is an answer for this page only
    if (res.resultCode === 0 && trade.resultCode === 0) kept = { userId, at: Date.now(), ...access };
    return access;
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
  return useDealAccess().membership;
}

/** The membership, and the cities whose deals the viewer's deal-data permits open (none while loading). */
export function useDealAccess(): { membership: Membership; tradeCityIds: readonly number[] } {
  const viewer = useViewer();
  const userId = viewer.user?.id ?? null;
  const [answer, setAnswer] = useState<({ userId: number } & Access) | null>(null);
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    void accessOf(userId).then((access) => {
      if (live) setAnswer({ userId, ...access });
    });
    return () => {
      live = false;
    };
  }, [userId]);
  if (viewer.status === 'loading') return { membership: 'loading', tradeCityIds: [] };
  if (viewer.status === 'visitor') return { membership: 'visitor', tradeCityIds: [] };
  if (!answer || answer.userId !== userId) return { membership: 'loading', tradeCityIds: [] };
  return { membership: answer.member ? 'member' : 'user', tradeCityIds: answer.tradeCityIds };
}

/** Whether the viewer sees every deal of `cityId` (a member, or a live deal-data permit for it): dealsUnlocked. */
export function useDealsUnlocked(cityId: number): boolean {
  const { membership, tradeCityIds } = useDealAccess();
  return membership === 'member' || tradeCityIds.includes(cityId);
}

/**
 * What a page shows of a server-rendered (masked) answer: `initial` itself, or — for a member or a deal-data permit
 * holder, when `masked` says something is hidden — the same answer fetched from the API at `path` (under
 * /rabbit/v1) with the session. A new `initial` (new filters, a revalidation) is shown at once and fetched again.
 */
export function useMemberView<T>(initial: T, path: string, masked: boolean): T {
  const { membership, tradeCityIds } = useDealAccess();
  const opens = membership === 'member' || tradeCityIds.length > 0;
  const [full, setFull] = useState<{ from: T; value: T } | null>(null);
  useEffect(() => {
    if (!masked || !opens) return;
    let live = true;
    void callApi<T>(path).then((res) => {
      if (live && res.resultCode === 0 && res.body) setFull({ from: initial, value: res.body });
    });
    return () => {
      live = false;
    };
  }, [initial, path, masked, opens]);
  return full && full.from === initial ? full.value : initial;
}

/** The VIP page (PAGES.md §3.10 /profile/buynewvip), coming back to `here` (a path of this site) afterwards. */
export function buyVipHref(here: string): string {
  return `/profile/buynewvip?redirect=${encodeURIComponent(safeRedirectPath(here, '/'))}`;
}

// 新人会员 (issue 18, PAGES.md §3.13): the parts of its four pages — the trial's hero, what a member gets
// (memberCard/getMemberCardBasisInfo), the eligibility check (NEW GET activity/freshvip/check, with the device id
// set first) and the claim (NEW POST activity/freshvip/claim). The days come from the check (the activity's config).
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { ActivityView, FreshvipCheckBody, FreshvipClaimBody } from '@fjt/domain';
import { Card } from '../../components/card/Card.tsx';
import { callApi } from '../../lib/session.ts';
import { ensureDeviceId } from '../../lib/device.ts';
import { useApi, type ApiState } from '../../lib/use-api.ts';

export const FRESHVIP_PATHS = {
  main: '/activity/freshvip/main',
  success: '/activity/freshvip/success',
  reject: '/activity/freshvip/reject',
} as const;

/** The ended page's way on: the VIP cards at full price. */
export const freshvipEnded = (
  <Link className="btn btn-primary" to="/profile/buynewvip">
    开通会员
  </Link>
);

export function FreshvipHero({ activity }: { activity: ActivityView }) {
  return (
    <header className="fv-hero">
      <p className="fv-hero__tag">新人专享</p>
      <h1>{activity.title}</h1>
      <p className="fv-hero__sub">{activity.subtitle}</p>
    </header>
  );
}

interface MemberBasis {
  title: string;
  rights: { title: string; description: string }[];
}

/** 会员权益: what a member gets, from the membership's own description. */
export function MemberRightsCard({ title = '会员权益' }: { title?: string }) {
  const { state } = useApi<MemberBasis>('memberCard/getMemberCardBasisInfo');
  if (state.status !== 'ready') return null;
  return (
    <Card title={title} id="fv-rights">
      <ul className="fv-rights">
        {state.body.rights.map((r) => (
          <li key={r.title}>
            <strong>{r.title}</strong>
            <span>{r.description}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

const FRESHVIP_CHECK = 'activity/freshvip/check';

/** The eligibility of the signed-in user on this device (its device id set before the check asks for it). */
export function useFreshvipCheck(): { state: ApiState<FreshvipCheckBody>; retry: () => void } {
  // declared before useApi, so this effect runs before its request
  useEffect(() => void ensureDeviceId(), []);
  const { state, retry } = useApi<FreshvipCheckBody>(FRESHVIP_CHECK);
  return { state, retry };
}

export async function claimTrial() {
  ensureDeviceId();
  return callApi<FreshvipClaimBody>('activity/freshvip/claim', {});
}

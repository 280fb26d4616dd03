// 新人会员 (issue 18, PAGES.md §3.13): the parts of its four pages — the trial's hero, what a member gets
// (memberCard/getMemberCardBasisInfo), the eligibility check (NEW GET activity/freshvip/check, with the device id
// set first) and the claim (NEW POST activity/freshvip/claim). The days come from the check (the activity's config).
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ActivityView, FreshvipCheckBody, FreshvipClaimBody } from '@fjt/domain';
import { Card } from '../../components/card/Card.tsx';
import { callApi } from '../../lib/session.ts';
import { ensureDeviceId } from '../../lib/device.ts';
import { useApi } from '../../lib/use-api.ts';

export const FRESHVIP_PATHS = {
  landing: '/activity/freshvip',
  main: '/activity/freshvip/main',
  success: '/activity/freshvip/success',
  reject: '/activity/freshvip/reject',
} as const;

/** 2026年11月28日 (Beijing). */
export const chinaDay = (iso: string) =>
  new Date(iso).toLocaleDateString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

/** The ended page's way on: the VIP cards at full price. */
export const freshvipEnded = (
  <Link className="btn btn-primary" to="/profile/buynewvip">
    开通会员
  </Link>
);

export function FreshvipHero({ activity, days }: { activity: ActivityView; days?: number | undefined }) {
  return (
    <header className="fv-hero">
      <p className="fv-hero__tag">新人专享</p>
      <h1>{activity.title}</h1>
      <p className="fv-hero__sub">{activity.subtitle}</p>
      {days ? (
        <p className="fv-hero__gift" data-testid="fv-gift">
          <strong className="num">{days}</strong>天会员 · 免费领
        </p>
      ) : null}
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

export type CheckState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; body: FreshvipCheckBody };

/** The eligibility of the signed-in user on this device (enabled: once signed in). */
export function useFreshvipCheck(enabled: boolean): { state: CheckState; retry: () => void } {
  const [state, setState] = useState<CheckState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    ensureDeviceId();
    setState({ status: 'loading' });
    void callApi<FreshvipCheckBody>('activity/freshvip/check').then((res) => {
      if (!live) return;
      if (res.resultCode !== 0 || !res.body) setState({ status: 'error', message: res.errMsg || '加载失败' });
      else setState({ status: 'ready', body: res.body });
    });
    return () => {
      live = false;
    };
  }, [enabled, round]);
  return { state, retry: () => setRound((r) => r + 1) };
}

export async function claimTrial() {
  ensureDeviceId();
  return callApi<FreshvipClaimBody>('activity/freshvip/claim', {});
}

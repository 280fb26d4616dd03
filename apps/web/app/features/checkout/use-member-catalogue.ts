// The VIP card catalogue and the rights it buys (GET memberCard/getAllMemberCard, getMemberCardBasisInfo), and the
// signed-in user's membership (POST memberCard/getMemberCardInfo): asked from the browser (ADR 0009), with a retry.
import { useCallback, useEffect, useState } from 'react';
import type { MemberCard, MemberStatus } from '@fjt/domain';
import { callApi } from '../../lib/session.ts';
import type { LoadState } from './CatalogueGate.tsx';

export interface MemberBasis {
  title: string;
  rights: { title: string; description: string }[];
}

export type CatalogueState = LoadState<{ cards: MemberCard[]; basis: MemberBasis | null }>;

export function useMemberCatalogue(): { state: CatalogueState; retry: () => void } {
  const [state, setState] = useState<CatalogueState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const retry = useCallback(() => setRound((r) => r + 1), []);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    void Promise.all([
      callApi<{ list: MemberCard[] }>('memberCard/getAllMemberCard'),
      callApi<MemberBasis>('memberCard/getMemberCardBasisInfo'),
    ]).then(([cards, basis]) => {
      if (!live) return;
      if (cards.resultCode !== 0 || !cards.body) {
        setState({ status: 'error', message: cards.errMsg || '会员卡加载失败' });
        return;
      }
      // the rights block is secondary: the cards still sell without it
      setState({ status: 'ready', cards: cards.body.list, basis: basis.resultCode === 0 ? basis.body : null });
    });
    return () => {
      live = false;
    };
  }, [round]);
  return { state, retry };
}

/** The user's membership, null until known (or for a visitor). */
export function useMemberStatus(signedIn: boolean): MemberStatus | null {
  const [status, setStatus] = useState<MemberStatus | null>(null);
  useEffect(() => {
    if (!signedIn) {
      setStatus(null);
      return;
    }
    let live = true;
    void callApi<MemberStatus>('memberCard/getMemberCardInfo', {}).then((res) => {
      if (live && res.resultCode === 0 && res.body) setStatus(res.body);
    });
    return () => {
      live = false;
    };
  }, [signedIn]);
  return status;
}

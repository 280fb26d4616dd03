// /profile/buynewvip/history and the legacy /profile/buyvip/history 购买记录 (PAGES.md §3.10): every stretch of
// membership — bought, redeemed with a code or granted — newest first (GET memberCard/purchase-history). Login first.
import { useCallback, useEffect, useState } from 'react';
import { Link, useMatches } from 'react-router';
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/vip-history';
import { callApi, useLoginGuard } from '../../lib/session.ts';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { chinaDate } from '../../features/account/format.ts';
import '../../features/checkout/checkout.css';

type HistoryEntry = {
  source: 'order' | 'code' | 'grant' | 'activity';
  sourceLabel: string;
  cardName: string | null;
  days: number;
  startsAt: string;
  endsAt: string;
  createdAt: string;
};

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; list: HistoryEntry[] };

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('购买记录') },
  { name: 'description', content: `会员购买、兑换与赠送记录。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function VipHistoryPage() {
  const viewer = useLoginGuard();
  const matches = useMatches();
  const buyHref =
    matches[matches.length - 1]?.id === 'profile-buyvip-history' ? '/profile/buyvip' : '/profile/buynewvip';
  const [state, setState] = useState<State>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const retry = useCallback(() => setRound((r) => r + 1), []);

  useEffect(() => {
    if (viewer.status !== 'user') return;
    let live = true;
    setState({ status: 'loading' });
    void callApi<{ list: HistoryEntry[] }>('memberCard/purchase-history').then((res) => {
      if (!live) return;
      if (res.resultCode !== 0 || !res.body) setState({ status: 'error', message: res.errMsg || '购买记录加载失败' });
      else setState({ status: 'ready', list: res.body.list });
    });
    return () => {
      live = false;
    };
  }, [viewer.status, round]);

  return (
    <main className="checkout-page" data-testid="vip-history-page">
      <h1 className="visually-hidden">购买记录</h1>
      {viewer.status !== 'user' || state.status === 'loading' ? (
        <RowsSkeleton count={4} />
      ) : state.status === 'error' ? (
        <LoadFailed title="购买记录加载失败" message={state.message} retry={retry} />
      ) : state.list.length === 0 ? (
        <EmptyState
          title="暂无购买记录"
          hint="开通会员，查看全部成交价与成交日期"
          testId="vip-history-empty"
          action={
            <Link className="btn btn-primary" to={buyHref}>
              去开通会员
            </Link>
          }
        />
      ) : (
        <ul className="vip-history" data-testid="vip-history">
          {state.list.map((entry) => (
            <li key={`${entry.createdAt}-${entry.startsAt}`}>
              <div>
                <p className="vip-history__name">{entry.cardName ?? '房价通会员'}</p>
                <p className="vip-history__when">
                  <span className="num">
                    {chinaDate(entry.startsAt)} 至 {chinaDate(entry.endsAt)}
                  </span>
                </p>
              </div>
              <div className="vip-history__side">
                <span className="vip-history__days num">+{entry.days}天</span>
                <span className="vip-history__source">{entry.sourceLabel}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

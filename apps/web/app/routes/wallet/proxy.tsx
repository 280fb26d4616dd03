// /market/proxy 报告分销 (PAGES.md §3.10): the signed-in user's reseller programme — join (POST market/proxy/join)
// and get a 推广码; copy the code, the share link (/market?proxy=CODE) or the poster text; the orders placed with the
// code and their commission (GET market/proxy). Login first; personal, so fetched in the browser and never indexed.
import { useState } from 'react';
import { Link } from 'react-router';
import { pageTitle, type ProxyBody, type ReferralRow } from '@fjt/domain';
import type { Route } from './+types/proxy';
import { callApi, useLoginGuard } from '../../lib/session.ts';
import { copyText } from '../../lib/copy-text.ts';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useApi } from '../../lib/use-api.ts';
import { chinaTime, money } from '../../features/wallet/format.ts';
import '../../features/wallet/wallet.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('报告分销') },
  { name: 'description', content: '分享房价通报告，好友通过你的推广码购买即得佣金。' },
  { name: 'robots', content: 'noindex' },
];

export default function ProxyPage() {
  const viewer = useLoginGuard();
  const { state, retry, set } = useApi<ProxyBody>(viewer.status === 'user' ? 'market/proxy' : null);
  return (
    <main className="wallet-page" data-testid="proxy-page">
      <h1 className="visually-hidden">报告分销</h1>
      {viewer.status !== 'user' || state.status === 'loading' ? (
        <div data-testid="proxy-skeleton">
          <div className="wallet-hero wallet-hero--skeleton" aria-hidden="true" />
          <RowsSkeleton count={4} />
        </div>
      ) : state.status === 'error' ? (
        <LoadFailed title="分销信息加载失败" message={state.message} retry={retry} />
      ) : state.body.proxy ? (
        <Joined body={state.body} />
      ) : (
        <JoinCard rate={state.body.defaultRateText} onJoined={set} />
      )}
    </main>
  );
}

function JoinCard({ rate, onJoined }: { rate: string; onJoined: (body: ProxyBody) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const join = async () => {
    setBusy(true);
    setError(null);
    const res = await callApi<ProxyBody>('market/proxy/join', {});
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) return setError(res.errMsg || '加入失败，请稍后重试');
    onJoined(res.body);
  };
  return (
    <>
      <section className="wallet-hero" aria-labelledby="proxy-join-title">
        <h2 id="proxy-join-title" className="wallet-hero__title">
          分享报告，赚取佣金
        </h2>
        <p className="wallet-hero__big num">{rate}</p>
        <p className="wallet-hero__hint">好友通过你的推广码购买房价报告或成交数据，按实付金额的 {rate} 计佣</p>
      </section>
      <ol className="wallet-steps" aria-label="怎么赚佣金">
        <li>
          <b>1</b>加入分销，获得专属推广码
        </li>
        <li>
          <b>2</b>把报告商城链接分享给好友
        </li>
        <li>
          <b>3</b>好友付款后佣金即入账，可申请提现
        </li>
      </ol>
      <div className="wallet-actions">
        <button
          type="button"
          className="btn btn-primary wallet-actions__main"
          disabled={busy}
          onClick={() => void join()}
          data-testid="proxy-join"
        >
          {busy ? '正在加入…' : '立即加入，获取推广码'}
        </button>
        {error ? (
          <p className="wallet-error" role="alert">
            {error}
          </p>
        ) : null}
        <Link className="wallet-link" to="/market/wallet/helper">
          佣金与提现规则
        </Link>
      </div>
    </>
  );
}

function Joined({ body }: { body: ProxyBody }) {
  const proxy = body.proxy!;
  const copy = (text: string) =>
    void copyText(text).catch(async () => {
      const { showToast } = await import('../../lib/toast.ts');
      showToast('复制失败，请长按文字手动复制');
    });
  return (
    <>
      <section className="wallet-hero" aria-labelledby="proxy-code-title" data-testid="proxy-code-card">
        <h2 id="proxy-code-title" className="wallet-hero__title">
          我的推广码 · 佣金 {proxy.rateText}
        </h2>
        <p className="wallet-hero__code num" data-testid="proxy-code">
          {proxy.code}
        </p>
        <div className="wallet-hero__buttons">
          <button type="button" className="btn wallet-btn-light" onClick={() => copy(proxy.code)}>
            复制推广码
          </button>
          <button
            type="button"
            className="btn wallet-btn-light"
            onClick={() => copy(proxy.link)}
            data-testid="proxy-copy-link"
          >
            复制分享链接
          </button>
        </div>
      </section>

      <section className="wallet-card" aria-labelledby="proxy-poster-title">
        <h2 id="proxy-poster-title" className="wallet-card__title">
          分享文案
        </h2>
        <p className="wallet-poster" data-testid="proxy-poster">
          {proxy.posterText}
        </p>
        <button type="button" className="btn wallet-btn-small" onClick={() => copy(proxy.posterText)}>
          复制文案
        </button>
      </section>

      <section className="wallet-card" aria-label="推广收益">
        <dl className="wallet-stats">
          <div>
            <dt>推广订单</dt>
            <dd className="num" data-testid="proxy-orders">
              {body.stats.orders}
            </dd>
          </div>
          <div>
            <dt>已结算佣金</dt>
            <dd className="num" data-testid="proxy-settled">
              {money(body.stats.settled)}
            </dd>
          </div>
          <div>
            <dt>待付款佣金</dt>
            <dd className="num">{money(body.stats.pending)}</dd>
          </div>
        </dl>
        <div className="wallet-card__links">
          <Link className="wallet-link" to="/market/wallet" data-testid="proxy-to-wallet">
            我的钱包 ›
          </Link>
          <Link className="wallet-link" to="/market/wallet/helper">
            规则说明 ›
          </Link>
        </div>
      </section>

      <section className="wallet-card" aria-labelledby="proxy-referrals-title">
        <h2 id="proxy-referrals-title" className="wallet-card__title">
          推广订单
        </h2>
        {body.referrals.length === 0 ? (
          <EmptyState
            frame="plain"
            title="还没有推广订单"
            hint="复制分享链接发给好友，好友下单后会显示在这里"
            testId="proxy-referrals-empty"
            action={
              <Link className="btn btn-primary" to="/market">
                去报告商城看看
              </Link>
            }
          />
        ) : (
          <ul className="wallet-rows" data-testid="proxy-referrals">
            {body.referrals.map((r) => (
              <Referral key={r.orderNo + r.createdAt} r={r} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Referral({ r }: { r: ReferralRow }) {
  return (
    <li className="wallet-row">
      <div className="wallet-row__main">
        <p className="wallet-row__title">{r.subject}</p>
        <p className="wallet-row__meta num">
          {r.buyer ?? '用户'} · {chinaTime(r.createdAt)} · 实付 {money(r.amount)}
        </p>
      </div>
      <div className="wallet-row__side">
        <span className={`wallet-row__amount num${r.status === 'reversed' ? ' wallet-row__amount--out' : ''}`}>
          {money(r.commission)}
        </span>
        <span className={`wallet-chip wallet-chip--${r.status}`}>
          {r.status === 'pending' ? r.orderStatusText : r.statusText}
        </span>
      </div>
    </li>
  );
}

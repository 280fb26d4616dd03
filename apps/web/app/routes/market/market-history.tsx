// /market/history 已购报告 (PAGES.md §3.10): the user's reports, newest first (NEW market/purchased), each with its
// PDF: 下载 PDF when ready (GET market/report/file), 生成中 while the queue prints it (polled), 重新生成 after a
// failure (POST market/report/regenerate). Login first.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SITE_DESCRIPTION, pageTitle, type PurchasedItem } from '@fjt/domain';
import type { Route } from './+types/market-history';
import { API, callApi, useLoginGuard } from '../../lib/session.ts';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { chinaDate } from '../../features/account/format.ts';
import { ReportCard } from '../../features/market/ReportCard.tsx';
import { useApi } from '../../lib/use-api.ts';
import '../../features/market/market.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('已购报告') },
  { name: 'description', content: `已购买的房价报告，随时下载 PDF。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

/** While a file is being printed the list is asked again this often. */
const POLL_MS = 3000;

export default function MarketHistoryPage() {
  const viewer = useLoginGuard();
  const { state, retry } = useApi<{ list: PurchasedItem[] }>(viewer.status === 'user' ? 'market/purchased' : null);
  const [regenerating, setRegenerating] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const pending = state.status === 'ready' && state.body.list.some((i) => i.file?.status === 'pending');
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(retry, POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, retry, state]);

  const regenerate = async (productCode: string) => {
    setRegenerating(productCode);
    setMessage(null);
    const res = await callApi('market/report/regenerate', { productCode });
    setRegenerating(null);
    if (res.resultCode !== 0) setMessage(res.errMsg || '重新生成失败，请稍后再试');
    retry();
  };

  return (
    <main className="market-page" data-testid="market-history">
      <h1 className="visually-hidden">已购报告</h1>
      {message ? (
        <p className="market-history__message" role="alert">
          {message}
        </p>
      ) : null}
      {viewer.status !== 'user' || state.status === 'loading' ? (
        <RowsSkeleton count={4} />
      ) : state.status === 'error' ? (
        <LoadFailed title="已购报告加载失败" message={state.message} retry={retry} />
      ) : state.body.list.length === 0 ? (
        <EmptyState
          title="还没有购买报告"
          hint="城市、区域、小区报告，月度更新，购买后可下载 PDF"
          testId="market-history-empty"
          action={
            <Link className="btn btn-primary" to="/market">
              去报告商城
            </Link>
          }
        />
      ) : (
        <ul className="market-history">
          {state.body.list.map((item) => (
            <li key={item.orderNo} data-testid="market-history-item">
              <ReportCard
                product={item.product}
                side={
                  <div className="market-history__file">
                    <span className="market-history__when">
                      购于 <span className="num">{chinaDate(item.boughtAt)}</span>
                      {item.file ? ` · ${item.file.edition} 版` : ''}
                    </span>
                    {item.file?.status === 'ready' ? (
                      <a
                        className="btn btn-primary market-history__btn"
                        href={`${API}/market/report/file?productCode=${encodeURIComponent(item.product.code)}`}
                        download
                        data-testid="market-download"
                      >
                        下载 PDF
                      </a>
                    ) : item.file?.status === 'failed' ? (
                      <>
                        <span className="market-history__error">{item.file.error ?? '报告生成失败'}</span>
                        <button
                          type="button"
                          className="btn market-history__btn"
                          disabled={regenerating === item.product.code}
                          onClick={() => void regenerate(item.product.code)}
                        >
                          重新生成
                        </button>
                      </>
                    ) : (
                      <span className="market-history__pending" aria-live="polite">
                        生成中…
                      </span>
                    )}
                  </div>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

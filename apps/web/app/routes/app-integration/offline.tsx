// /offline 网络已断开 (issue 18, the installable web app): the service worker (apps/web/sw/sw.js) keeps this page
// and answers with it, its scripts removed, when the network is down and the page asked for was never kept; so
// everything here works without JavaScript — 重新加载 is a plain link to the same address. With JavaScript (the
// page opened directly) it also lists the estate pages kept for offline reading.
import { useEffect, useState } from 'react';
import { pageTitle, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/offline';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { Card } from '../../components/card/Card.tsx';
import { PAGE_CACHE, pageLabel } from '../../lib/pwa.ts';
import '../../features/app-integration/app-integration.css';
import { pagePurpose } from '../../page-purposes.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('网络已断开') },
  { name: 'description', content: `${pagePurpose('offline') ?? ''}${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function OfflinePage() {
  const [kept, setKept] = useState<string[]>([]);
  useEffect(() => {
    if (typeof caches === 'undefined') return;
    void caches
      .open(PAGE_CACHE)
      .then((c) => c.keys())
      .then((keys) => setKept(keys.map((k) => new URL(k.url).pathname).reverse()))
      .catch(() => undefined);
  }, []);
  return (
    <main className="app-landing offline-page" data-testid="offline-page">
      <EmptyState
        art="data"
        title="网络已断开"
        hint="当前页面没有离线保存，请检查网络后重试。最近看过的小区页面可以离线查看。"
        action={
          <>
            <a className="btn btn-primary" href="" data-testid="offline-retry">
              重新加载
            </a>
            <a className="btn" href="/">
              回到首页
            </a>
          </>
        }
      />
      {kept.length > 0 ? (
        <Card title="可离线查看">
          <ul className="app-points" data-testid="offline-kept">
            {kept.map((path) => (
              <li key={path}>
                <a href={path}>{pageLabel(path)}</a>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </main>
  );
}

// The deal-price modal behind a lazy boundary: the send-order layout is in the app shell (root.tsx imports it), and the
// modal with antd-mobile's popups under it must not be (vite-plugins/shell-chunk.ts; the estate page's JavaScript
// budget, e2e/tests/slow-3g.spec.ts). Its chunk is fetched when the browser is idle on a send-order page, or
// when it is opened, whichever comes first.
import { Suspense, lazy, useEffect } from 'react';
import { PREFETCH_IDLE_MS } from '@fjt/domain';
import type { OrderModalRenderer } from '../layouts/SendOrderLayout.tsx';

const loadModal = () => import('./DealPriceModal.tsx');
const DealPriceModal = lazy(() => loadModal().then((m) => ({ default: m.DealPriceModal })));

export const renderDealPriceModal: OrderModalRenderer = (info, close) => (
  <Suspense fallback={null}>
    <DealPriceModal info={info} onClose={close} />
  </Suspense>
);

/** Fetches the modal's chunk once the page is idle (at most 2 s after it mounted). */
export function usePrefetchDealPriceModal(): void {
  useEffect(() => {
    const prefetch = () => void loadModal().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(prefetch, { timeout: PREFETCH_IDLE_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(prefetch, PREFETCH_IDLE_MS);
    return () => window.clearTimeout(timer);
  }, []);
}

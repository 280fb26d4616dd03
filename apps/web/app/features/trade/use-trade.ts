// The deal-data product's calls from the browser (PAGES.md §3.10 /trade*): pages are rendered as skeletons for
// everyone (ADR 0009) and ask trading/trade-show, trading/trade-detail, trading/vipAuthor and trade/purchased here,
// with the session cookie, so what is personal (the permit, unmasked samples) never enters the page cache.
import { useCallback, useEffect, useState } from 'react';
import { TRADE_EXPORT_DEFAULT_MONTHS, type VipAuthorBody } from '@fjt/domain';
import { callApi, useViewer } from '../../lib/session.ts';

export type Load<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** One GET of our API with loading, error and retry; `path` null: nothing to ask (stays loading). */
export function useApi<T>(path: string | null): { state: Load<T>; retry: () => void } {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const retry = useCallback(() => setRound((r) => r + 1), []);
  useEffect(() => {
    if (path === null) return;
    let live = true;
    setState({ status: 'loading' });
    void callApi<T>(path).then((res) => {
      if (!live) return;
      if (res.resultCode === 0 && res.body) setState({ status: 'ready', data: res.body });
      else setState({ status: 'error', message: res.errMsg || '加载失败，请稍后再试' });
    });
    return () => {
      live = false;
    };
  }, [path, round]);
  return { state, retry };
}

/** The signed-in viewer's permit for the city (null while unknown, or for a visitor: not permitted). */
export function useTradePermit(cityId: number | null): VipAuthorBody | null {
  const viewer = useViewer();
  const [permit, setPermit] = useState<{ key: string; body: VipAuthorBody } | null>(null);
  const key = `${viewer.user?.id ?? 0}:${cityId ?? 0}`;
  useEffect(() => {
    if (viewer.status !== 'user' || cityId === null) return;
    let live = true;
    void callApi<VipAuthorBody>(`trading/vipAuthor?cityId=${cityId}`).then((res) => {
      if (live && res.resultCode === 0 && res.body) setPermit({ key, body: res.body });
    });
    return () => {
      live = false;
    };
  }, [viewer.status, cityId, key]);
  if (viewer.status === 'visitor') return { isTradePremit: false, expiresAt: null, cityIds: [] };
  return permit && permit.key === key ? permit.body : null;
}

/** The CSV export of a city's deals (NEW GET trade/export), a download link. */
export function tradeExportHref(cityId: number, months: number = TRADE_EXPORT_DEFAULT_MONTHS): string {
  return `/rabbit/v1/trade/export?cityId=${cityId}&months=${months}`;
}

/** A package's page: /trade/{productCode} (the catalogue's href). */
export const tradeProductHref = (code: string) => `/trade/${encodeURIComponent(code)}`;
export const tradeOrderHref = (code: string) => `/trade/order?productCode=${encodeURIComponent(code)}`;

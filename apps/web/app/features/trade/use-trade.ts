// The deal-data pages' own hook and links (PAGES.md §3.10 /trade*): pages are rendered as skeletons for everyone
// (ADR 0009) and ask their data from the browser with the session cookie (lib/use-api.ts; here trading/vipAuthor),
// so what is personal (the permit, unmasked samples) never enters the page cache.
import { useEffect, useState } from 'react';
import { TRADE_EXPORT_DEFAULT_MONTHS, type VipAuthorBody } from '@fjt/domain';
import { callApi, useViewer } from '../../lib/session.ts';

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

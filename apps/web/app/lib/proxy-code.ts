// The reseller code a share link carries (/market?proxy=CODE; PAGES.md §3.10): kept for the tab's session until a
// report or deal-data checkout sends it with the order (the server attributes the order and pays the commission).
// A code the server refuses (unknown, or the buyer's own) is forgotten and the order is made without it.
import {
  PROXY_CODE_PATTERN,
  PROXY_PRODUCT_KINDS,
  PROXY_QUERY_PARAM,
  WALLET_MESSAGES,
  type ProductKind,
} from '@fjt/domain';

const KEY = 'fjt_proxy_code';

/** Keeps ?proxy=CODE of a page's query (upper-cased, only a well-formed code). */
export function rememberProxyCode(search: string): void {
  const raw = new URLSearchParams(search).get(PROXY_QUERY_PARAM);
  const code = raw?.trim().toUpperCase();
  if (!code || !PROXY_CODE_PATTERN.test(code)) return;
  try {
    sessionStorage.setItem(KEY, code);
  } catch {
    // storage off (private mode): the link's attribution is lost, the purchase is not
  }
}

/** The kept code, for an order of this kind (report / trade only), or null. */
export function proxyCodeFor(kind: ProductKind): string | null {
  if (!(PROXY_PRODUCT_KINDS as readonly ProductKind[]).includes(kind)) return null;
  try {
    const code = sessionStorage.getItem(KEY);
    return code && PROXY_CODE_PATTERN.test(code) ? code : null;
  } catch {
    return null;
  }
}

export function forgetProxyCode(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

/** Whether the server refused the order for its code (then it is made again without one). */
export const refusedForCode = (errMsg: string | undefined) =>
  errMsg === WALLET_MESSAGES.proxyUnknown || errMsg === WALLET_MESSAGES.proxyOwn;

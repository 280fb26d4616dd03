// Spec §2 route guard: after paying, the payment provider returns to an order page without the
// order's identity; the payment-callback cookie restores productCode and serialNumber into the query.

export const PAY_CALLBACK_COOKIE = 'payCallback';

export type PayCallback = { productCode: string; serialNumber: string };

function decodeOnce(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The cookie holds `productCode=...&serialNumber=...`, URL-encoded as a whole. */
export function parsePayCallback(cookieValue: string | undefined | null): PayCallback | null {
  if (!cookieValue) return null;
  // An un-encoded value already contains '='; decoding it again would corrupt '%'-escaped values.
  const text = cookieValue.includes('=') ? cookieValue : decodeOnce(cookieValue);
  if (text === null) return null;
  const params = new URLSearchParams(text.replace(/^\?/, ''));
  const productCode = params.get('productCode')?.trim();
  const serialNumber = params.get('serialNumber')?.trim();
  return productCode && serialNumber ? { productCode, serialNumber } : null;
}

// "order" as a word: /common/order, /market/order/status, /profile/buynewvip/order — but not /recorder.
const ORDER_PATH = /(?:^|[^a-z])order(?:[^a-z]|$)/i;

export function isOrderPath(pathname: string): boolean {
  return ORDER_PATH.test(pathname);
}

/**
 * The path+search (and hash, when the URL has one) to redirect to, or null when no redirect is
 * needed. Returns null once the query already carries the cookie's values, so the guard cannot loop.
 */
export function orderRedirectTarget(url: URL, payCallback: PayCallback | null): string | null {
  if (!payCallback || !isOrderPath(url.pathname)) return null;
  const search = new URLSearchParams(url.search);
  if (
    search.get('productCode') === payCallback.productCode &&
    search.get('serialNumber') === payCallback.serialNumber
  ) {
    return null;
  }
  search.set('productCode', payCallback.productCode);
  search.set('serialNumber', payCallback.serialNumber);
  return `${url.pathname}?${search.toString()}${url.hash}`;
}

// The payment-callback cookie of spec §2 from the browser's side: set before the page leaves for the provider, so
// an order page the provider returns to without the order's identity gets productCode and serialNumber back (the
// root loader's order redirect, packages/domain/src/order-redirect.ts); cleared once the order has an outcome and
// when a new purchase starts, so an old order's identity is not put on the next order page.
import { ORDER_TIMEOUT_MS, PAY_CALLBACK_COOKIE, type PayCallback } from '@fjt/domain';

export function payCallbackValue(callback: PayCallback): string {
  const text = new URLSearchParams({
    productCode: callback.productCode,
    serialNumber: callback.serialNumber,
  }).toString();
  return encodeURIComponent(text);
}

/** Lives as long as an unpaid order (30 minutes); readable by the server on the provider's return. */
export function setPayCallback(callback: PayCallback): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${PAY_CALLBACK_COOKIE}=${payCallbackValue(callback)}; Path=/; Max-Age=${ORDER_TIMEOUT_MS / 1000}; SameSite=Lax${secure}`;
}

export function clearPayCallback(): void {
  if (!document.cookie.includes(`${PAY_CALLBACK_COOKIE}=`)) return;
  document.cookie = `${PAY_CALLBACK_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

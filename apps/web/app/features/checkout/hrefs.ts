// Where the membership checkout pages link to each other.
/** The VIP checkout of a card; `serialNumber` names an order of it to continue. */
export function vipOrderHref(cardCode: string, returnTo?: string | null, serialNumber?: string | null): string {
  const q = new URLSearchParams({ cardCode });
  if (returnTo) q.set('returnTo', returnTo);
  if (serialNumber) q.set('serialNumber', serialNumber);
  return `/profile/buynewvip/order?${q.toString()}`;
}

export function withOrderNo(path: string, orderNo: string): string {
  return `${path}?${new URLSearchParams({ orderNo }).toString()}`;
}

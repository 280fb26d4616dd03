// A catalogue product as the generic checkouts show it (NEW GET common/product?productCode), asked from the browser
// with a retry, and its creating call (the page's own: common/order/create, market/order/create or
// trade/order/create, with the attempt's Idempotency-Key; the server prices it from the catalogue).
import { useCallback, useEffect, useState } from 'react';
import { IDEMPOTENCY_HEADER, PRODUCT_MESSAGES, type Envelope, type OrderView, type ProductView } from '@fjt/domain';
import { callApi } from '../../lib/session.ts';
import { forgetProxyCode, proxyCodeFor, refusedForCode } from '../../lib/proxy-code.ts';
import type { CheckoutProduct } from './Checkout.tsx';
import type { LoadState } from './CatalogueGate.tsx';

export type ProductState = LoadState<{ product: ProductView | null }>;

/** The product under `code`; a product that does not exist is `product: null` (the page says so), not an error. */
export function useProduct(code: string | null): { state: ProductState; retry: () => void } {
  const [state, setState] = useState<ProductState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const retry = useCallback(() => setRound((r) => r + 1), []);
  useEffect(() => {
    if (!code) {
      setState({ status: 'ready', product: null });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    void callApi<{ product: ProductView }>(`common/product?${new URLSearchParams({ productCode: code })}`).then(
      (res) => {
        if (!live) return;
        if (res.resultCode === 0 && res.body) setState({ status: 'ready', product: res.body.product });
        else if (res.errMsg === PRODUCT_MESSAGES.unknown) setState({ status: 'ready', product: null });
        else setState({ status: 'error', message: res.errMsg || '商品加载失败' });
      },
    );
    return () => {
      live = false;
    };
  }, [code, round]);
  return { state, retry };
}

export function checkoutProductOf(p: ProductView): CheckoutProduct {
  return {
    code: p.code,
    title: p.title,
    detail: [p.subtitle, ...p.lines.slice(0, 3)].filter(Boolean).join(' · '),
    amount: p.amount,
    originAmount: p.originAmount,
  };
}

/**
 * The page's creating call for a product: POST `path` {productCode, returnTo, proxyCode} — the reseller code of a
 * share link for report and deal-data products; refused (unknown, the buyer's own), it is dropped and the order made
 * without it (the refusal rolled the attempt back, so the same Idempotency-Key is free again).
 */
export async function createProductOrder(
  path: 'common/order/create' | 'market/order/create' | 'trade/order/create',
  product: { code: string; kind: ProductView['kind'] },
  returnTo: string | null,
  idempotencyKey: string,
  couponNo: string | null = null,
): Promise<Envelope<{ order: OrderView } | null>> {
  const create = (proxyCode: string | null) =>
    callApi<{ order: OrderView }>(
      path,
      {
        productCode: product.code,
        ...(returnTo ? { returnTo } : {}),
        ...(proxyCode ? { proxyCode } : {}),
        ...(couponNo ? { couponNo } : {}),
      },
      { [IDEMPOTENCY_HEADER]: idempotencyKey },
    );
  const proxyCode = proxyCodeFor(product.kind);
  const res = await create(proxyCode);
  if (!proxyCode || res.resultCode === 0 || !refusedForCode(res.errMsg)) return res;
  forgetProxyCode();
  return create(null);
}

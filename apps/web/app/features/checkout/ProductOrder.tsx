// The checkout of one catalogue product (PAGES.md §3.10): /common/order, /market/order and /trade/order are this,
// each with its own creating call and status page. The product comes from NEW GET common/product; ?productCode
// names it, ?serialNumber (the order redirect of spec §2) continues an unpaid order of it, ?returnTo is where to
// land after paying. Login first.
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { safeRedirectPath, type ProductKind } from '@fjt/domain';
import { useLoginGuard } from '../../lib/session.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { Checkout } from './Checkout.tsx';
import { CatalogueGate } from './CatalogueGate.tsx';
import { withOrderNo } from './hrefs.ts';
import { MEMBER_AGREEMENT, PRODUCT_AGREEMENT } from './terms.ts';
import { checkoutProductOf, createProductOrder, useProduct } from './use-product.ts';

export function ProductOrder({
  createPath,
  statusPath,
  kind,
  testId,
  browse,
}: {
  createPath: 'common/order/create' | 'market/order/create' | 'trade/order/create';
  statusPath: string;
  /** The kind this page sells (another kind's code is 商品不存在); any kind when left out. */
  kind?: ProductKind;
  testId: string;
  /** Where to choose another product. */
  browse: { href: string; label: string };
}) {
  const viewer = useLoginGuard();
  const [search] = useSearchParams();
  const productCode = search.get('productCode');
  const returnTo = safeRedirectPath(search.get('returnTo'), '') || null;
  const { state, retry } = useProduct(productCode);
  const product =
    state.status === 'ready' && state.product && (!kind || state.product.kind === kind) ? state.product : null;
  const createOrder = useCallback(
    (key: string, couponNo: string | null) =>
      product
        ? createProductOrder(createPath, product, returnTo, key, couponNo)
        : Promise.reject(new Error('no product')),
    [createPath, product, returnTo],
  );
  const statusHref = useCallback((orderNo: string) => withOrderNo(statusPath, orderNo), [statusPath]);

  return (
    <main className="checkout-page" data-testid={testId}>
      <h1 className="visually-hidden">确认订单</h1>
      <CatalogueGate signedIn={viewer.status === 'user'} state={state} retry={retry} errorTitle="商品加载失败">
        {() =>
          !product ? (
            <EmptyState
              title={productCode ? '商品不存在或已下架' : '缺少商品信息'}
              hint="请返回重新选择商品"
              testId="checkout-unknown-product"
              action={
                <Link className="btn btn-primary" to={browse.href}>
                  {browse.label}
                </Link>
              }
            />
          ) : (
            <Checkout
              product={checkoutProductOf(product)}
              createOrder={createOrder}
              statusHref={statusHref}
              resumeSerial={search.get('serialNumber')}
              agreement={product.kind === 'vip' ? MEMBER_AGREEMENT : PRODUCT_AGREEMENT}
            />
          )
        }
      </CatalogueGate>
    </main>
  );
}

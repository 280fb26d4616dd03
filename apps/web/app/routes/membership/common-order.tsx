// /common/order?productCode 确认订单 — the generic checkout for any product (PAGES.md §3.10), the default target of
// the order redirect of spec §2. For now the products on sale are the VIP cards; another code is a clear error.
// Login first.
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/common-order';
import { useLoginGuard } from '../../lib/session.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { Checkout } from '../../features/checkout/Checkout.tsx';
import { CatalogueGate } from '../../features/checkout/CatalogueGate.tsx';
import { withOrderNo } from '../../features/checkout/hrefs.ts';
import { buyMember, memberProduct } from '../../features/checkout/member-order.ts';
import { MEMBER_AGREEMENT } from '../../features/checkout/terms.ts';
import { useMemberCatalogue } from '../../features/checkout/use-member-catalogue.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('确认订单') },
  { name: 'description', content: `确认商品，选择优惠券与支付方式并支付。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function CommonOrderPage() {
  const viewer = useLoginGuard();
  const [search] = useSearchParams();
  const productCode = search.get('productCode');
  const { state, retry } = useMemberCatalogue();
  const card = state.status === 'ready' ? (state.cards.find((c) => c.code === productCode) ?? null) : null;
  const createOrder = useCallback(
    (key: string) => (card ? buyMember(card.code, null, key) : Promise.reject(new Error('no product'))),
    [card],
  );
  const statusHref = useCallback((orderNo: string) => withOrderNo('/common/order/status', orderNo), []);

  return (
    <main className="checkout-page" data-testid="common-order">
      <h1 className="visually-hidden">确认订单</h1>
      <CatalogueGate signedIn={viewer.status === 'user'} state={state} retry={retry} errorTitle="商品加载失败">
        {() =>
          !card ? (
            <EmptyState
              title={productCode ? '商品不存在或已下架' : '缺少商品信息'}
              hint="请返回重新选择商品"
              testId="checkout-unknown-product"
              action={
                <Link className="btn btn-primary" to="/profile/buynewvip">
                  去开通会员
                </Link>
              }
            />
          ) : (
            <Checkout
              product={memberProduct(card)}
              createOrder={createOrder}
              statusHref={statusHref}
              resumeSerial={search.get('serialNumber')}
              agreement={MEMBER_AGREEMENT}
            />
          )
        }
      </CatalogueGate>
    </main>
  );
}

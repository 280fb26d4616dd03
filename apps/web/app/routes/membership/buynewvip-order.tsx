// /profile/buynewvip/order 确认订单 (PAGES.md §3.10 checkout contract): the chosen VIP card (?cardCode, or the
// productCode the order redirect of spec §2 puts back), paid with the shared checkout; the order is created with
// POST memberCard/buyMember. Login first.
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SITE_DESCRIPTION, pageTitle, safeRedirectPath, type MemberCard } from '@fjt/domain';
import type { Route } from './+types/buynewvip-order';
import { useLoginGuard } from '../../lib/session.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { Checkout } from '../../features/checkout/Checkout.tsx';
import { buyMember, memberProduct } from '../../features/checkout/member-order.ts';
import { withOrderNo } from '../../features/checkout/hrefs.ts';
import { MEMBER_AGREEMENT } from '../../features/checkout/terms.ts';
import { useMemberCatalogue } from '../../features/checkout/use-member-catalogue.ts';
import { CatalogueGate } from '../../features/checkout/CatalogueGate.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('确认订单') },
  { name: 'description', content: `确认会员卡，选择支付方式并支付。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function BuyNewVipOrderPage() {
  const viewer = useLoginGuard();
  const [search] = useSearchParams();
  const cardCode = search.get('cardCode') ?? search.get('productCode');
  const returnTo = safeRedirectPath(search.get('returnTo'), '') || null;
  const { state, retry } = useMemberCatalogue();
  const statusHref = useCallback((orderNo: string) => withOrderNo('/profile/buynewvip/status', orderNo), []);

  return (
    <main className="checkout-page" data-testid="buynewvip-order">
      <h1 className="visually-hidden">确认订单</h1>
      <CatalogueGate signedIn={viewer.status === 'user'} state={state} retry={retry} errorTitle="会员卡加载失败">
        {(ready) => (
          <CardCheckout
            card={ready.cards.find((c) => c.code === cardCode) ?? null}
            returnTo={returnTo}
            resumeSerial={search.get('serialNumber')}
            statusHref={statusHref}
          />
        )}
      </CatalogueGate>
    </main>
  );
}

function CardCheckout({
  card,
  returnTo,
  resumeSerial,
  statusHref,
}: {
  card: MemberCard | null;
  returnTo: string | null;
  resumeSerial: string | null;
  statusHref: (orderNo: string) => string;
}) {
  const createOrder = useCallback(
    (key: string, couponNo: string | null) =>
      card ? buyMember(card.code, returnTo, key, couponNo) : Promise.reject(new Error('no card')),
    [card, returnTo],
  );
  if (!card) {
    return (
      <EmptyState
        title="会员卡不存在或已下架"
        hint="请重新选择会员卡"
        testId="checkout-unknown-product"
        action={
          <Link className="btn btn-primary" to="/profile/buynewvip">
            选择会员卡
          </Link>
        }
      />
    );
  }
  return (
    <Checkout
      product={memberProduct(card)}
      createOrder={createOrder}
      statusHref={statusHref}
      resumeSerial={resumeSerial}
      agreement={MEMBER_AGREEMENT}
    />
  );
}

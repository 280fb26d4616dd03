// /profile/buyvip 购买会员 — the legacy one-step purchase kept for old app versions and the native 'buy card' deep
// link (PAGES.md §3.10): the cards, the payment methods and the pay button on one page (the shared checkout with the
// card picker as its product block). ?cardCode preselects a card. Success → /profile/buyvip/success. Login first.
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/buyvip';
import { useLoginGuard } from '../../lib/session.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { Checkout } from '../../features/checkout/Checkout.tsx';
import { CatalogueGate } from '../../features/checkout/CatalogueGate.tsx';
import { MemberCardPicker } from '../../features/checkout/MemberCards.tsx';
import { withOrderNo } from '../../features/checkout/hrefs.ts';
import { buyMember, memberProduct } from '../../features/checkout/member-order.ts';
import { bestValueCard } from '../../features/checkout/money.ts';
import { MEMBER_AGREEMENT } from '../../features/checkout/terms.ts';
import { useMemberCatalogue } from '../../features/checkout/use-member-catalogue.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('购买会员') },
  { name: 'description', content: `选择会员卡并支付，开通房价通会员。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function BuyVipPage() {
  const viewer = useLoginGuard();
  const [search] = useSearchParams();
  const { state, retry } = useMemberCatalogue();
  const [selected, setSelected] = useState<string | null>(search.get('cardCode') ?? search.get('productCode'));
  const cards = state.status === 'ready' ? state.cards : null;
  useEffect(() => {
    if (cards && !cards.some((c) => c.code === selected)) setSelected(bestValueCard(cards)?.code ?? null);
  }, [cards, selected]);
  const card = cards?.find((c) => c.code === selected) ?? null;
  const createOrder = useCallback(
    (key: string, couponNo: string | null) =>
      card ? buyMember(card.code, null, key, couponNo) : Promise.reject(new Error('no card')),
    [card],
  );
  const statusHref = useCallback((orderNo: string) => withOrderNo('/profile/buyvip/success', orderNo), []);

  return (
    <main className="checkout-page" data-testid="buyvip-page">
      <h1 className="visually-hidden">购买会员</h1>
      <CatalogueGate signedIn={viewer.status === 'user'} state={state} retry={retry} errorTitle="会员卡加载失败">
        {() =>
          !card || !cards ? (
            <EmptyState
              title="暂无可购买的会员卡"
              hint="可使用兑换码领取会员"
              action={
                <Link className="btn" to="/promotion/exchange-vip">
                  兑换会员
                </Link>
              }
            />
          ) : (
            <Checkout
              product={memberProduct(card)}
              summary={
                <section className="vip-one-step" aria-label="选择会员卡">
                  <MemberCardPicker cards={cards} selected={card.code} onSelect={setSelected} />
                </section>
              }
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

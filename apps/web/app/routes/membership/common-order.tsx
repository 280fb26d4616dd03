// /common/order?productCode 确认订单 — the generic checkout for any product of the catalogue (PAGES.md §3.10), the
// default target of the order redirect of spec §2. Login first.
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/common-order';
import { ProductOrder } from '../../features/checkout/ProductOrder.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('确认订单') },
  { name: 'description', content: `确认商品，选择优惠券与支付方式并支付。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function CommonOrderPage() {
  return (
    <ProductOrder
      createPath="common/order/create"
      statusPath="/common/order/status"
      testId="common-order"
      browse={{ href: '/profile/buynewvip', label: '去开通会员' }}
    />
  );
}

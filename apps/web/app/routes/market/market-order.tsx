// /market/order?productCode 确认订单 — a report's checkout (PAGES.md §3.10): the shared ProductOrder with NEW POST
// market/order/create (a report already bought is refused there) and /market/order/status. Login first.
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/market-order';
import { ProductOrder } from '../../features/checkout/ProductOrder.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('确认订单') },
  { name: 'description', content: `确认报告，选择支付方式并支付。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function MarketOrderPage() {
  return (
    <ProductOrder
      createPath="market/order/create"
      statusPath="/market/order/status"
      kind="report"
      testId="market-order"
      browse={{ href: '/market', label: '去报告商城' }}
    />
  );
}

// /trade/order?productCode 确认订单 — the checkout of a deal-data package (PAGES.md §3.10): the shared ProductOrder
// with NEW POST trade/order/create; the result is /trade/order/status. Login first.
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/trade-order';
import { ProductOrder } from '../../features/checkout/ProductOrder.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('确认订单') },
  { name: 'description', content: `确认成交数据套餐，选择支付方式并支付。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function TradeOrderPage() {
  return (
    <ProductOrder
      createPath="trade/order/create"
      statusPath="/trade/order/status"
      kind="trade"
      testId="trade-order"
      browse={{ href: '/trade', label: '查看数据套餐' }}
    />
  );
}

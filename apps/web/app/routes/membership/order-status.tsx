// The payment result pages (PAGES.md §3.10): /profile/buynewvip/status, the legacy /profile/buyvip/success,
// /market/order/status, /trade/order/status and the generic /common/order/status. The order number is the query's
// orderNo, or the serialNumber the order redirect of spec §2 puts back from the payment-callback cookie. Login
// first: an order is personal.
import { useEffect, useState } from 'react';
import { Link, useMatches, useSearchParams } from 'react-router';
import { SITE_DESCRIPTION, pageTitle, type MemberStatus, type OrderView, type VipAuthorBody } from '@fjt/domain';
import type { Route } from './+types/order-status';
import { pageInfo } from '../../pages.ts';
import { callApi, useLoginGuard } from '../../lib/session.ts';
import { forgetMembership } from '../../lib/membership.ts';
import { chinaDate } from '../../features/account/format.ts';
import { OrderResult } from '../../features/checkout/OrderResult.tsx';
import { vipOrderHref } from '../../features/checkout/hrefs.ts';
import '../../features/checkout/checkout.css';

interface StatusPage {
  retryHref: (order: OrderView) => string;
  historyHref: string;
}

function orderQuery(param: 'cardCode' | 'productCode', order: OrderView): string {
  return new URLSearchParams({ [param]: order.productCode, serialNumber: order.orderNo }).toString();
}

const STATUS_PAGES: Record<string, StatusPage> = {
  'profile-buynewvip-status': {
    retryHref: (o) => vipOrderHref(o.productCode, o.returnTo, o.orderNo),
    historyHref: '/profile/buynewvip/history',
  },
  'profile-buyvip-success': {
    retryHref: (o) => `/profile/buyvip?${orderQuery('cardCode', o)}`,
    historyHref: '/profile/buyvip/history',
  },
  'market-order-status': {
    retryHref: (o) => `/market/order?${orderQuery('productCode', o)}`,
    historyHref: '/market/history',
  },
  'trade-order-status': {
    retryHref: (o) => `/trade/order?${orderQuery('productCode', o)}`,
    historyHref: '/trade/history',
  },
  'common-order-status': {
    retryHref: (o) => `/common/order?${orderQuery('productCode', o)}`,
    historyHref: '/profile/buynewvip/history',
  },
};
const FALLBACK = STATUS_PAGES['profile-buynewvip-status']!;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(pageInfo(matches[matches.length - 1]?.id)?.title ?? '支付结果') },
  { name: 'description', content: `订单支付结果：支付成功、处理中或支付失败。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function OrderStatusPage() {
  const viewer = useLoginGuard();
  const matches = useMatches();
  const page = STATUS_PAGES[matches[matches.length - 1]?.id ?? ''] ?? FALLBACK;
  const [search] = useSearchParams();
  const orderNo = search.get('orderNo') ?? search.get('serialNumber');

  return (
    <main className="checkout-page" data-testid="order-status-page">
      {viewer.status !== 'user' ? (
        <section className="order-result" aria-busy="true">
          <span className="order-result__spinner" aria-hidden="true" />
        </section>
      ) : (
        <OrderResult
          orderNo={orderNo}
          retryHref={page.retryHref}
          historyHref={page.historyHref}
          successDetail={(order) =>
            order.productKind === 'vip' ? (
              <MemberExpiry />
            ) : order.productKind === 'report' ? (
              <p data-testid="order-result-report">报告 PDF 正在生成，可在「已购报告」下载</p>
            ) : order.productKind === 'trade' ? (
              <TradeAccess />
            ) : order.productKind === 'activity' ? (
              // a 双11 item: a card's days (shown with the new expiry) or a report
              order.grantKind === 'report' ? (
                <p data-testid="order-result-activity">活动商品已到账，报告 PDF 可在「已购报告」下载</p>
              ) : (
                <>
                  <MemberExpiry />
                  <p data-testid="order-result-activity">活动商品已到账</p>
                </>
              )
            ) : null
          }
        />
      )}
    </main>
  );
}

/** 会员权益已生效 and the membership's end, stacked periods included. */
function MemberExpiry() {
  const [status, setStatus] = useState<MemberStatus | null>(null);
  useEffect(() => {
    let live = true;
    void callApi<MemberStatus>('memberCard/getMemberCardInfo', {}).then((res) => {
      if (live && res.resultCode === 0 && res.body) setStatus(res.body);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <p data-testid="order-result-member">
      会员权益已生效
      {status?.isVip && status.expiresAt ? (
        <>
          ，有效期至<span className="num">{chinaDate(status.expiresAt)}</span>
        </>
      ) : null}
    </p>
  );
}

/** 成交数据已开通: the permit's end; the kept membership answer is dropped so deal rows are asked for again. */
function TradeAccess() {
  const [permit, setPermit] = useState<VipAuthorBody | null>(null);
  useEffect(() => {
    forgetMembership();
    let live = true;
    void callApi<VipAuthorBody>('trading/vipAuthor').then((res) => {
      if (live && res.resultCode === 0 && res.body) setPermit(res.body);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <p data-testid="trade-access">
      成交数据权限已开通
      {permit?.expiresAt ? (
        <>
          ，有效期至<span className="num">{chinaDate(permit.expiresAt)}</span>
        </>
      ) : null}
      {permit && permit.cityIds.length > 0 ? (
        <>
          {' '}
          · <Link to={`/trade?cityId=${permit.cityIds[0]}`}>查看数据</Link>
        </>
      ) : null}
    </p>
  );
}

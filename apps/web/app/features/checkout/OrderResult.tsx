// The status pages' body (PAGES.md §3.10): polls the order and shows 支付成功 (rights active, back to where the
// purchase started), 处理中 (a spinner, then '支付结果确认中' with a refresh after 30 s) or 支付失败 (重新支付).
// The page renders it for a signed-in user; the order number comes from its query.
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ORDER_NO_PATTERN, safeRedirectPath, type OrderView } from '@fjt/domain';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { yuan } from './money.ts';
import { clearPayCallback } from './pay-callback.ts';
import { useOrderStatus } from './use-order-status.ts';
import './checkout.css';

export interface OrderResultProps {
  orderNo: string | null;
  /** The checkout of the same product, carrying the order (serialNumber): an unpaid one is continued there. */
  retryHref: (order: OrderView) => string;
  /** Where success goes when the order names no returnTo. */
  doneHref?: string;
  /** More lines under 支付成功 (the membership's new expiry). */
  successDetail?: (order: OrderView) => ReactNode;
  historyHref?: string;
}

export function OrderResult({
  orderNo,
  retryHref,
  doneHref = '/profile',
  successDetail,
  historyHref,
}: OrderResultProps) {
  const valid = orderNo !== null && ORDER_NO_PATTERN.test(orderNo);
  // back from the cashier's way out (Alipay quit_url, WeChat cancel): the order is cancelled, 支付失败 with 重新支付
  const [quit] = useState(
    () => typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('quit') === '1',
  );
  const { state, refresh } = useOrderStatus(valid ? orderNo : null, valid, quit);

  const settled = state.status === 'done';
  useEffect(() => {
    // the order has its outcome: the next order page must not get this order's identity back
    if (settled) clearPayCallback();
  }, [settled]);

  if (!valid) {
    return (
      <EmptyState
        title="订单号缺失或有误"
        hint="请从购买记录查看订单"
        testId="order-result-invalid"
        action={
          <Link className="btn btn-primary" to={historyHref ?? doneHref}>
            {historyHref ? '查看购买记录' : '返回'}
          </Link>
        }
      />
    );
  }

  if (state.status === 'loading') {
    return (
      <section className="order-result" aria-busy="true" data-testid="order-result-loading">
        <span className="order-result__spinner" aria-hidden="true" />
        <p className="order-result__title">正在查询支付结果…</p>
      </section>
    );
  }

  if (state.status === 'error') {
    return (
      <EmptyState
        title={state.message}
        hint="请稍后重试，或在购买记录中查看"
        testId="order-result-error"
        action={
          <>
            <button type="button" className="btn btn-primary" onClick={refresh}>
              重试
            </button>
            {historyHref ? (
              <Link className="btn" to={historyHref}>
                购买记录
              </Link>
            ) : null}
          </>
        }
      />
    );
  }

  const { order } = state;
  const summary = (
    <dl className="order-result__lines">
      <div>
        <dt>商品</dt>
        <dd>{order.subject}</dd>
      </div>
      <div>
        <dt>金额</dt>
        <dd className="num">¥{yuan(order.amount)}</dd>
      </div>
      {order.discount ? (
        <div data-testid="order-result-discount">
          <dt>优惠券</dt>
          <dd className="num">
            -¥{yuan(order.discount)}（原价 ¥{yuan(order.listAmount ?? order.amount + order.discount)}）
          </dd>
        </div>
      ) : null}
      <div>
        <dt>订单号</dt>
        <dd className="num">{order.orderNo}</dd>
      </div>
    </dl>
  );

  if (state.status === 'done' && state.phase === 'paid') {
    return (
      <section className="order-result order-result--paid" data-testid="order-result-paid">
        <span className="order-result__icon order-result__icon--ok" aria-hidden="true">
          ✓
        </span>
        <h1 className="order-result__title">支付成功</h1>
        {successDetail ? <div className="order-result__detail">{successDetail(order)}</div> : null}
        {summary}
        <div className="order-result__actions">
          <Link className="btn btn-primary" to={safeRedirectPath(order.returnTo, doneHref)} replace>
            完成
          </Link>
          {historyHref ? (
            <Link className="btn" to={historyHref}>
              购买记录
            </Link>
          ) : null}
        </div>
      </section>
    );
  }

  if (state.status === 'done') {
    return (
      <section className="order-result order-result--failed" data-testid="order-result-failed">
        <span className="order-result__icon order-result__icon--fail" aria-hidden="true">
          !
        </span>
        <h1 className="order-result__title">支付失败</h1>
        <p className="order-result__hint">
          {order.status === 'CLOSED' ? '订单已关闭，未扣款；可重新下单支付' : `订单${order.statusText}，款项将原路退回`}
        </p>
        {summary}
        <div className="order-result__actions">
          <Link className="btn btn-primary" to={retryHref(order)} replace data-testid="order-retry">
            重新支付
          </Link>
        </div>
      </section>
    );
  }

  const waitedOut = state.status === 'timeout';
  return (
    <section className="order-result order-result--pending" data-testid="order-result-pending" aria-live="polite">
      {waitedOut ? (
        <span className="order-result__icon order-result__icon--wait" aria-hidden="true">
          …
        </span>
      ) : (
        <span className="order-result__spinner" aria-hidden="true" />
      )}
      <h1 className="order-result__title">{waitedOut ? '支付结果确认中' : '处理中'}</h1>
      <p className="order-result__hint">
        {waitedOut ? '如已付款，请稍后刷新查看；未付款的订单30分钟后自动关闭' : '正在确认支付结果，请稍候'}
      </p>
      {summary}
      {waitedOut ? (
        <div className="order-result__actions">
          <button type="button" className="btn btn-primary" onClick={refresh} data-testid="order-refresh">
            刷新
          </button>
          <Link className="btn" to={retryHref(order)} replace data-testid="order-continue">
            继续支付
          </Link>
        </div>
      ) : null}
    </section>
  );
}

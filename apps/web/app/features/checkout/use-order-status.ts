// The status pages' poll (PAGES.md §3.10): NEW GET order/status every 2 s for up to 30 s. Paid and failed are
// final; still unpaid after 30 s shows '支付结果确认中' with a refresh, which polls another 30 s.
import { useCallback, useEffect, useState } from 'react';
import { ORDER_POLL_INTERVAL_MS, ORDER_POLL_LIMIT_MS, type OrderStatus, type OrderView } from '@fjt/domain';
import { callApi } from '../../lib/session.ts';

/** Asks after the first one: every 2 s up to 30 s. */
const MAX_FOLLOW_UPS = ORDER_POLL_LIMIT_MS / ORDER_POLL_INTERVAL_MS;

export type OrderPhase = 'paid' | 'failed' | 'processing';

/** 支付成功 / 支付失败 (closed unpaid, refunded) / 处理中. */
export function orderPhase(status: OrderStatus): OrderPhase {
  switch (status) {
    case 'PAID':
      return 'paid';
    case 'CLOSED':
    case 'REFUNDING':
    case 'REFUNDED':
      return 'failed';
    case 'PENDING':
    case 'PAYING':
      return 'processing';
  }
}

export type OrderPollState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'polling'; order: OrderView }
  /** Still unpaid when the 30 s were up. */
  | { status: 'timeout'; order: OrderView }
  | { status: 'done'; order: OrderView; phase: 'paid' | 'failed' };

export function useOrderStatus(
  orderNo: string | null,
  enabled: boolean,
  /** The buyer left the cashier (?quit=1): the first ask cancels the order (POST order/cancel). */
  cancelFirst = false,
): { state: OrderPollState; refresh: () => void } {
  const [state, setState] = useState<OrderPollState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const refresh = useCallback(() => setRound((r) => r + 1), []);

  useEffect(() => {
    if (!enabled || !orderNo) return;
    let live = true;
    let timer: number | undefined;
    // counted rather than clocked: answers at 0, 2, …, 30 s however long each took
    let asked = 0;
    const ask = async () => {
      asked += 1;
      const res =
        cancelFirst && asked === 1 && round === 0
          ? await callApi<{ order: OrderView }>('order/cancel', { orderNo })
          : await callApi<{ order: OrderView }>(`order/status?orderNo=${encodeURIComponent(orderNo)}`);
      if (!live) return;
      const order = res.resultCode === 0 ? res.body?.order : undefined;
      const more = asked <= MAX_FOLLOW_UPS;
      if (!order) {
        // a network hiccup while polling is not an answer: ask again until the time is up
        if (res.resultCode === -1 && more) {
          timer = window.setTimeout(() => void ask(), ORDER_POLL_INTERVAL_MS);
          return;
        }
        setState({ status: 'error', message: res.errMsg || '订单查询失败' });
        return;
      }
      const phase = orderPhase(order.status);
      if (phase !== 'processing') {
        setState({ status: 'done', order, phase });
      } else if (!more) {
        setState({ status: 'timeout', order });
      } else {
        setState({ status: 'polling', order });
        timer = window.setTimeout(() => void ask(), ORDER_POLL_INTERVAL_MS);
      }
    };
    setState((s) => (s.status === 'timeout' ? { status: 'polling', order: s.order } : s));
    void ask();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [orderNo, enabled, round, cancelFirst]);

  return { state, refresh };
}

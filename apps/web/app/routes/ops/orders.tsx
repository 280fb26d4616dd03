// /ops/orders 订单 (ops role): look an order up by its number, or a user's latest orders by phone (GET ops/orders),
// see its notification log, ledger and refunds, and refund a paid order in full (POST ops/orders/refund) after a
// reason and a confirmation step. The search lives in the URL (?q=), so a lookup can be shared among staff.
// Personal data: fetched in the browser, never server-rendered (ADR 0009).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  ORDER_NO_ERROR,
  ORDER_NO_PATTERN,
  OPS_ORDER_QUERY_ERROR,
  REFUND_REASON_ERROR,
  isValidMobile,
  pageTitle,
  type OpsOrderDetail,
  type OpsOrderRow,
  type OpsOrdersBody,
  type OpsRefundBody,
} from '@fjt/domain';
import type { Route } from './+types/orders';
import { requireStaff } from '../../features/ops/require-staff.ts';
import { opsTime } from '../../features/ops/format.ts';
import { callApi } from '../../lib/session.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';

export function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, 'ops-orders');
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('订单') }, { name: 'robots', content: 'noindex' }];

const PROVIDER_LABELS: Record<string, string> = { alipay: '支付宝', wechat: '微信支付', apple: 'Apple 内购' };
const LEDGER_LABELS: Record<string, string> = { grant: '收款', refund: '退款' };
const REFUND_LABELS: Record<string, string> = { PENDING: '处理中', SUCCESS: '成功', FAILED: '失败' };
const yuan = (n: number) => `¥${n.toFixed(2)}`;
const time = (iso: string | null) => (iso ? opsTime(iso) : '—');

/** ?q: an order number or a phone; what to ask the API, or the message for the field. */
function queryOf(q: string): { query: string } | { error: string } {
  const v = q.trim().toUpperCase();
  if (!v) return { error: OPS_ORDER_QUERY_ERROR };
  if (v.startsWith('FJT')) return ORDER_NO_PATTERN.test(v) ? { query: `orderNo=${v}` } : { error: ORDER_NO_ERROR };
  return isValidMobile(v) ? { query: `phone=${v}` } : { error: OPS_ORDER_QUERY_ERROR };
}

type Found =
  { state: 'idle' } | { state: 'loading' } | { state: 'error'; message: string } | { state: 'ok'; body: OpsOrdersBody };

export default function OpsOrders() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [input, setInput] = useState(q);
  const [found, setFound] = useState<Found>({ state: 'idle' });

  const load = useCallback(async (value: string) => {
    const parsed = queryOf(value);
    if ('error' in parsed) return setFound({ state: 'error', message: parsed.error });
    setFound({ state: 'loading' });
    const res = await callApi<OpsOrdersBody>(`ops/orders?${parsed.query}`);
    if (res.resultCode !== 0 || !res.body)
      return setFound({ state: 'error', message: res.errMsg || '查询失败，请稍后再试' });
    setFound({ state: 'ok', body: res.body });
  }, []);

  useEffect(() => {
    setInput(q);
    if (q) void load(q);
    else setFound({ state: 'idle' });
  }, [q, load]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = input.trim().toUpperCase();
    const parsed = queryOf(value);
    if ('error' in parsed) return setFound({ state: 'error', message: parsed.error });
    if (value === q) void load(value);
    else setParams({ q: value });
  };

  return (
    <>
      <h1 className="ops-title">订单</h1>
      <section className="ops-panel" aria-label="查询订单">
        <form className="ops-form" onSubmit={submit} noValidate role="search">
          <label className="ops-field">
            <span>订单号或手机号</span>
            <input
              name="q"
              autoComplete="off"
              maxLength={32}
              placeholder="FJT 开头的订单号，或11位手机号"
              value={input}
              aria-invalid={found.state === 'error' ? true : undefined}
              onChange={(e) => setInput(e.target.value)}
            />
          </label>
          <div className="ops-form__actions">
            <button type="submit" className="btn btn-primary ops-btn" disabled={found.state === 'loading'}>
              {found.state === 'loading' ? '查询中…' : '查询'}
            </button>
          </div>
          {found.state === 'error' ? (
            <p className="ops-form__error" role="alert">
              {found.message}
            </p>
          ) : null}
        </form>
      </section>
      {found.state === 'ok' ? (
        found.body.detail ? (
          <OrderDetail
            detail={found.body.detail}
            onRefunded={(detail) => setFound({ state: 'ok', body: { detail, list: [detail.order] } })}
          />
        ) : (
          <OrderList list={found.body.list} onOpen={(orderNo) => setParams({ q: orderNo })} />
        )
      ) : null}
    </>
  );
}

function OrderList({ list, onOpen }: { list: OpsOrderRow[]; onOpen: (orderNo: string) => void }) {
  return (
    <section className="ops-panel" aria-labelledby="ops-orders-list">
      <h2 id="ops-orders-list" className="ops-panel__title">
        最近订单 <span className="ops-count num">{list.length}</span>
      </h2>
      {list.length === 0 ? (
        <EmptyState frame="plain" art="search" title="该手机号没有订单" />
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table" data-testid="ops-orders-list">
            <thead>
              <tr>
                <th scope="col">订单号</th>
                <th scope="col">状态</th>
                <th scope="col">金额</th>
                <th scope="col">商品</th>
                <th scope="col">下单时间</th>
              </tr>
            </thead>
            <tbody>
              {list.map((o) => (
                <tr key={o.orderNo}>
                  <td className="num ops-nowrap">
                    <button type="button" className="ops-link-button" onClick={() => onOpen(o.orderNo)}>
                      {o.orderNo}
                    </button>
                  </td>
                  <td className="ops-nowrap">{o.statusText}</td>
                  <td className="num ops-nowrap">{yuan(o.amount)}</td>
                  <td className="ops-wide">{o.subject}</td>
                  <td className="num ops-nowrap">{time(o.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function OrderDetail({ detail, onRefunded }: { detail: OpsOrderDetail; onRefunded: (d: OpsOrderDetail) => void }) {
  const o = detail.order;
  return (
    <>
      <section className="ops-panel" aria-labelledby="ops-order-card" data-testid="ops-order-card">
        <h2 id="ops-order-card" className="ops-panel__title">
          订单 <span className="ops-count num">{o.orderNo}</span>
        </h2>
        <dl className="ops-facts">
          <dt>状态</dt>
          <dd data-testid="ops-order-status">
            <span className="ops-chip">
              {o.statusText} <span className="ops-chip__code">{o.status}</span>
            </span>
          </dd>
          <dt>金额</dt>
          <dd className="num">{yuan(o.amount)}</dd>
          <dt>商品</dt>
          <dd>
            {o.subject} <span className="ops-chip__code">{o.productCode}</span>
          </dd>
          <dt>用户</dt>
          <dd className="num">
            #{o.userId} {o.phone ?? ''}
          </dd>
          <dt>支付渠道</dt>
          <dd>{o.provider ? (PROVIDER_LABELS[o.provider] ?? o.provider) : '—'}</dd>
          <dt>渠道交易号</dt>
          <dd className="num ops-detail">{o.providerTxnId ?? '—'}</dd>
          <dt>下单时间</dt>
          <dd className="num">{time(o.createdAt)}</dd>
          <dt>支付时间</dt>
          <dd className="num">{time(o.paidAt)}</dd>
          {o.closedAt ? (
            <>
              <dt>关闭时间</dt>
              <dd className="num">{time(o.closedAt)}</dd>
            </>
          ) : null}
          {o.refundedAt ? (
            <>
              <dt>退款时间</dt>
              <dd className="num">{time(o.refundedAt)}</dd>
            </>
          ) : null}
        </dl>
        {o.status === 'PAID' ? <RefundForm order={o} onRefunded={onRefunded} /> : null}
      </section>

      <section className="ops-panel" aria-labelledby="ops-order-ledger">
        <h2 id="ops-order-ledger" className="ops-panel__title">
          资金流水 <span className="ops-count num">{detail.ledger.length}</span>
        </h2>
        {detail.ledger.length === 0 ? (
          <p className="ops-hint">暂无资金流水</p>
        ) : (
          <div className="ops-table-wrap">
            <table className="ops-table" data-testid="ops-order-ledger">
              <thead>
                <tr>
                  <th scope="col">时间</th>
                  <th scope="col">类型</th>
                  <th scope="col">金额</th>
                  <th scope="col">渠道</th>
                  <th scope="col">渠道交易号</th>
                </tr>
              </thead>
              <tbody>
                {detail.ledger.map((l) => (
                  <tr key={l.id}>
                    <td className="num ops-nowrap">{time(l.createdAt)}</td>
                    <td className="ops-nowrap">{LEDGER_LABELS[l.kind] ?? l.kind}</td>
                    <td className="num ops-nowrap">{yuan(l.amount)}</td>
                    <td className="ops-nowrap">{l.provider ? (PROVIDER_LABELS[l.provider] ?? l.provider) : '—'}</td>
                    <td className="num">{l.providerTxnId ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {detail.refunds.length > 0 ? (
        <section className="ops-panel" aria-labelledby="ops-order-refunds">
          <h2 id="ops-order-refunds" className="ops-panel__title">
            退款记录 <span className="ops-count num">{detail.refunds.length}</span>
          </h2>
          <div className="ops-table-wrap">
            <table className="ops-table" data-testid="ops-order-refunds">
              <thead>
                <tr>
                  <th scope="col">时间</th>
                  <th scope="col">退款单号</th>
                  <th scope="col">金额</th>
                  <th scope="col">状态</th>
                  <th scope="col">原因</th>
                </tr>
              </thead>
              <tbody>
                {detail.refunds.map((r) => (
                  <tr key={r.refundNo}>
                    <td className="num ops-nowrap">{time(r.createdAt)}</td>
                    <td className="num ops-nowrap">{r.refundNo}</td>
                    <td className="num ops-nowrap">{yuan(r.amount)}</td>
                    <td className="ops-nowrap">{REFUND_LABELS[r.status] ?? r.status}</td>
                    <td className="ops-wide">
                      {r.reason}
                      {r.message ? `（${r.message}）` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      <section className="ops-panel" aria-labelledby="ops-order-notifications">
        <h2 id="ops-order-notifications" className="ops-panel__title">
          渠道通知 <span className="ops-count num">{detail.notifications.length}</span>
        </h2>
        {detail.notifications.length === 0 ? (
          <p className="ops-hint">暂无渠道通知</p>
        ) : (
          <div className="ops-table-wrap">
            <table className="ops-table" data-testid="ops-order-notifications">
              <thead>
                <tr>
                  <th scope="col">时间</th>
                  <th scope="col">渠道</th>
                  <th scope="col">来源</th>
                  <th scope="col">事件</th>
                  <th scope="col">验签</th>
                  <th scope="col">处理结果</th>
                </tr>
              </thead>
              <tbody>
                {detail.notifications.map((n) => (
                  <tr key={n.id}>
                    <td className="num ops-nowrap">{time(n.receivedAt)}</td>
                    <td className="ops-nowrap">{PROVIDER_LABELS[n.provider] ?? n.provider}</td>
                    <td className="ops-nowrap">{n.source}</td>
                    <td className="ops-nowrap">{n.event ?? '—'}</td>
                    <td className="ops-nowrap">{n.verified ? '通过' : '未通过'}</td>
                    <td className="ops-wide">
                      <code className="ops-detail">{n.outcome}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

function RefundForm({ order, onRefunded }: { order: OpsOrderRow; onRefunded: (d: OpsOrderDetail) => void }) {
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = (r: string) => r.trim().length >= 2 && r.trim().length <= 100;

  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid(reason)) return setError(REFUND_REASON_ERROR);
    setError(null);
    setConfirming(true);
  };

  const confirm = async () => {
    setBusy(true);
    const res = await callApi<OpsRefundBody>('ops/orders/refund', { orderNo: order.orderNo, reason: reason.trim() });
    setBusy(false);
    setConfirming(false);
    const { showToast } = await import('../../lib/toast.ts');
    if (res.resultCode !== 0 || !res.body) {
      const message = res.errMsg || '退款失败，请稍后重试';
      setError(message);
      showToast(message);
      return;
    }
    showToast(`已退款 ${yuan(res.body.detail.order.amount)}`);
    onRefunded(res.body.detail);
  };

  return (
    <form className="ops-form ops-refund" onSubmit={ask} noValidate data-testid="ops-refund">
      <label className="ops-field">
        <span>退款原因</span>
        <input
          name="reason"
          autoComplete="off"
          maxLength={100}
          placeholder="2-100个字，写入审计日志"
          value={reason}
          disabled={confirming}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      {confirming ? (
        <div role="group" aria-label="确认退款" className="ops-refund__confirm">
          <p className="ops-hint">
            确定将 {yuan(order.amount)} 原路退回{PROVIDER_LABELS[order.provider ?? ''] ?? ''}
            ，并收回该订单的权益？此操作不可撤销。
          </p>
          <div className="ops-form__actions">
            <button type="button" className="btn btn-primary ops-btn" disabled={busy} onClick={() => void confirm()}>
              {busy ? '退款中…' : '确认退款'}
            </button>
            <button type="button" className="btn ops-btn" disabled={busy} onClick={() => setConfirming(false)}>
              取消
            </button>
          </div>
        </div>
      ) : (
        <div className="ops-form__actions">
          <button type="submit" className="btn ops-btn">
            退款
          </button>
        </div>
      )}
      {error ? (
        <p className="ops-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

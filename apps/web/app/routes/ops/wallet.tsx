// /ops/wallet 提现审核 (ops role): the resellers' withdrawal requests, pending first (GET ops/wallet/withdrawals,
// ?status=pending|decided|all and ?page in the URL so a view can be shared), and the decision on a pending one —
// 通过 (paid out: withdrawals_pending → withdrawals_paid) or 驳回 (back to the user's balance) — with a memo and a
// confirmation step (POST ops/wallet/withdrawals/decide; once, audited). Personal data: fetched in the browser,
// never server-rendered (ADR 0009).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  OPS_WITHDRAWAL_FILTERS,
  WALLET_MESSAGES,
  pageTitle,
  type OpsDecideBody,
  type OpsWithdrawalRow,
  type OpsWithdrawalsBody,
} from '@fjt/domain';
import type { Route } from './+types/wallet';
import { requireStaff } from '../../features/ops/require-staff.ts';
import { OpsPager } from '../../features/ops/OpsPager.tsx';
import { opsTime } from '../../features/ops/format.ts';
import { callApi } from '../../lib/session.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';

export function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, 'ops-wallet');
  return null;
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('提现审核') },
  { name: 'robots', content: 'noindex' },
];

type Filter = (typeof OPS_WITHDRAWAL_FILTERS)[number];
const FILTER_LABELS: Record<Filter, string> = { pending: '待审核', decided: '已处理', all: '全部' };
const PAGE_SIZE = 20;
const yuan = (n: number) => `¥${n.toFixed(2)}`;

type Loaded = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ok'; body: OpsWithdrawalsBody };

export default function OpsWallet() {
  const [params] = useSearchParams();
  const status: Filter = (OPS_WITHDRAWAL_FILTERS as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as Filter)
    : 'pending';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  const load = useCallback(async () => {
    setLoaded({ state: 'loading' });
    const res = await callApi<OpsWithdrawalsBody>(
      `ops/wallet/withdrawals?status=${status}&page=${page}&size=${PAGE_SIZE}`,
    );
    if (res.resultCode !== 0 || !res.body) setLoaded({ state: 'error', message: res.errMsg || '加载失败，请稍后再试' });
    else setLoaded({ state: 'ok', body: res.body });
  }, [status, page]);
  useEffect(() => {
    void load();
  }, [load]);

  const replace = (row: OpsWithdrawalRow) =>
    setLoaded((l) =>
      l.state === 'ok'
        ? { state: 'ok', body: { ...l.body, list: l.body.list.map((r) => (r.id === row.id ? row : r)) } }
        : l,
    );
  const pages = loaded.state === 'ok' ? Math.max(1, Math.ceil(loaded.body.total / PAGE_SIZE)) : 1;
  const hrefOf = (s: Filter, p: number) => `?status=${s}${p > 1 ? `&page=${p}` : ''}`;

  return (
    <>
      <h1 className="ops-title">提现审核</h1>
      <nav className="ops-panel ops-filters" aria-label="筛选">
        {OPS_WITHDRAWAL_FILTERS.map((f) => (
          <Link
            key={f}
            to={hrefOf(f, 1)}
            className={`ops-filter${f === status ? ' active' : ''}`}
            aria-current={f === status ? 'page' : undefined}
          >
            {FILTER_LABELS[f]}
          </Link>
        ))}
      </nav>
      <section className="ops-panel" aria-labelledby="ops-withdrawals-title">
        <h2 id="ops-withdrawals-title" className="ops-panel__title">
          {FILTER_LABELS[status]}{' '}
          {loaded.state === 'ok' ? <span className="ops-count num">{loaded.body.total}</span> : null}
        </h2>
        {loaded.state === 'loading' ? (
          <p className="ops-hint">加载中…</p>
        ) : loaded.state === 'error' ? (
          <p className="ops-form__error" role="alert">
            {loaded.message}{' '}
            <button type="button" className="ops-link-button" onClick={() => void load()}>
              重试
            </button>
          </p>
        ) : loaded.body.list.length === 0 ? (
          <EmptyState
            frame="plain"
            art="search"
            title={status === 'pending' ? '没有待审核的提现' : '暂无提现记录'}
            testId="ops-withdrawals-empty"
          />
        ) : (
          <ul className="ops-withdrawals" data-testid="ops-withdrawals">
            {loaded.body.list.map((w) => (
              <li key={w.id} className="ops-withdrawal" data-testid={`ops-withdrawal-${w.id}`}>
                <dl className="ops-facts">
                  <dt>用户</dt>
                  <dd className="num">
                    #{w.userId} {w.phone ?? ''}
                  </dd>
                  <dt>提现金额</dt>
                  <dd className="num">{yuan(w.amount)}</dd>
                  <dt>当前余额</dt>
                  <dd className="num">{yuan(w.balance)}</dd>
                  <dt>申请时间</dt>
                  <dd className="num">{opsTime(w.createdAt)}</dd>
                  <dt>状态</dt>
                  <dd>
                    <span className="ops-chip">
                      {w.statusText} <span className="ops-chip__code">{w.status}</span>
                    </span>
                  </dd>
                  {w.status !== 'pending' ? (
                    <>
                      <dt>审核</dt>
                      <dd>
                        <span className="num">{w.decidedAt ? opsTime(w.decidedAt) : '—'}</span> 审核人 #
                        {w.decidedBy ?? '—'}：{w.memo}
                      </dd>
                    </>
                  ) : null}
                </dl>
                {w.status === 'pending' ? <DecideForm row={w} onDecided={replace} /> : null}
              </li>
            ))}
          </ul>
        )}
        <OpsPager page={page} pages={pages} hrefOf={(p) => hrefOf(status, p)} />
      </section>
    </>
  );
}

function DecideForm({ row, onDecided }: { row: OpsWithdrawalRow; onDecided: (row: OpsWithdrawalRow) => void }) {
  const [memo, setMemo] = useState('');
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = (m: string) => m.trim().length >= 2 && m.trim().length <= 100;

  const ask = (decision: 'approve' | 'reject') => {
    if (!valid(memo)) return setError(WALLET_MESSAGES.memo);
    setError(null);
    setAsking(decision);
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!asking) return;
    setBusy(true);
    const res = await callApi<OpsDecideBody>('ops/wallet/withdrawals/decide', {
      id: row.id,
      decision: asking,
      memo: memo.trim(),
    });
    setBusy(false);
    setAsking(null);
    const { showToast } = await import('../../lib/toast.ts');
    if (res.resultCode !== 0 || !res.body) {
      const message = res.errMsg || '操作失败，请稍后重试';
      setError(message);
      showToast(message);
      return;
    }
    showToast(res.body.withdrawal.status === 'approved' ? `已通过 ${yuan(row.amount)}` : '已驳回，金额退回用户余额');
    onDecided(res.body.withdrawal);
  };

  return (
    <form className="ops-form" onSubmit={(e) => void confirm(e)} noValidate data-testid="ops-decide">
      <label className="ops-field">
        <span>审核备注</span>
        <input
          name="memo"
          autoComplete="off"
          maxLength={100}
          placeholder="2-100个字，用户可见并写入审计日志"
          value={memo}
          disabled={asking !== null}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setMemo(e.target.value)}
        />
      </label>
      {asking ? (
        <div role="group" aria-label="确认审核" className="ops-refund__confirm">
          <p className="ops-hint">
            {asking === 'approve'
              ? `确认已向用户打款 ${yuan(row.amount)}？通过后不可撤销。`
              : `确认驳回？${yuan(row.amount)} 将退回用户余额。`}
          </p>
          <div className="ops-form__actions">
            <button type="submit" className="btn btn-primary ops-btn" disabled={busy}>
              {busy ? '提交中…' : asking === 'approve' ? '确认通过' : '确认驳回'}
            </button>
            <button type="button" className="btn ops-btn" disabled={busy} onClick={() => setAsking(null)}>
              取消
            </button>
          </div>
        </div>
      ) : (
        <div className="ops-form__actions">
          <button type="button" className="btn btn-primary ops-btn" onClick={() => ask('approve')}>
            通过
          </button>
          <button type="button" className="btn ops-btn" onClick={() => ask('reject')}>
            驳回
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

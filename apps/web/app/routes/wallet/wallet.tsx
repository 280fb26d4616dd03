// /market/wallet 钱包 (PAGES.md §3.10): the balance — the sum of the user's ledger entries (GET wallet/info) — with
// the withdrawal under review, the ledger newest first with infinite scroll (GET wallet/ledger), and the 提现 sheet
// (POST wallet/withdraw with an Idempotency-Key per attempt; the amount checked here with the server's own rule and
// messages, the balance and the one-at-a-time rule by the server). Login first; never indexed.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { InfiniteScroll, Popup } from 'antd-mobile';
import {
  IDEMPOTENCY_HEADER,
  LEDGER_PAGE_SIZE,
  WALLET_MESSAGES,
  pageTitle,
  withdrawAmountParam,
  type LedgerRow,
  type WalletInfoBody,
  type WalletLedgerBody,
  type WithdrawBody,
} from '@fjt/domain';
import type { Route } from './+types/wallet';
import { callApi, useLoginGuard } from '../../lib/session.ts';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { useApi } from '../../lib/use-api.ts';
import { chinaTime, money, signedMoney } from '../../features/wallet/format.ts';
import '../../features/wallet/wallet.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('钱包') },
  { name: 'description', content: '推广佣金余额、收支明细与提现。' },
  { name: 'robots', content: 'noindex' },
];

export default function WalletPage() {
  const viewer = useLoginGuard();
  const { state, retry, set } = useApi<WalletInfoBody>(viewer.status === 'user' ? 'wallet/info' : null);
  const [sheet, setSheet] = useState(false);
  // the ledger starts over after a withdrawal (its first row is the new request)
  const [ledgerRound, setLedgerRound] = useState(0);
  return (
    <main className="wallet-page" data-testid="wallet-page">
      <h1 className="visually-hidden">钱包</h1>
      {viewer.status !== 'user' || state.status === 'loading' ? (
        <div data-testid="wallet-skeleton">
          <div className="wallet-hero wallet-hero--skeleton" aria-hidden="true" />
          <RowsSkeleton count={5} />
        </div>
      ) : state.status === 'error' ? (
        <LoadFailed title="钱包加载失败" message={state.message} retry={retry} />
      ) : (
        <>
          <BalanceCard info={state.body} onWithdraw={() => setSheet(true)} />
          <Ledger key={ledgerRound} joined={state.body.joined} />
          <WithdrawSheet
            open={sheet}
            info={state.body}
            onClose={() => setSheet(false)}
            onDone={(body) => {
              set(body.info);
              setSheet(false);
              setLedgerRound((r) => r + 1);
            }}
          />
        </>
      )}
    </main>
  );
}

function BalanceCard({ info, onWithdraw }: { info: WalletInfoBody; onWithdraw: () => void }) {
  const pending = info.pendingWithdrawal;
  return (
    <section className="wallet-hero" aria-labelledby="wallet-balance-title" data-testid="wallet-balance-card">
      <h2 id="wallet-balance-title" className="wallet-hero__title">
        可提现余额（元）
      </h2>
      <p
        className={`wallet-hero__big num${info.balance < 0 ? ' wallet-hero__big--negative' : ''}`}
        data-testid="wallet-balance"
      >
        {info.balance.toFixed(2)}
      </p>
      {info.balance < 0 ? (
        <p className="wallet-hero__hint" data-testid="wallet-negative">
          推广订单退款后佣金已退回，余额为负；后续佣金将先抵扣欠额
        </p>
      ) : null}
      <dl className="wallet-hero__totals">
        <div>
          <dt>累计佣金</dt>
          <dd className="num">{money(info.totals.commission)}</dd>
        </div>
        <div>
          <dt>退款退回</dt>
          <dd className="num">{money(info.totals.reversed)}</dd>
        </div>
        <div>
          <dt>已提现</dt>
          <dd className="num">{money(info.totals.withdrawn)}</dd>
        </div>
      </dl>
      {pending ? (
        <p className="wallet-hero__pending" data-testid="wallet-pending">
          提现 {money(pending.amount)} 审核中，预计{info.reviewTime}到账
        </p>
      ) : null}
      <div className="wallet-hero__buttons">
        <button type="button" className="btn wallet-btn-light" onClick={onWithdraw} data-testid="wallet-withdraw-open">
          提现
        </button>
        <Link className="btn wallet-btn-ghost" to="/market/wallet/helper">
          规则说明
        </Link>
      </div>
    </section>
  );
}

type LedgerState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; total: number; list: LedgerRow[]; page: number };

function Ledger({ joined }: { joined: boolean }) {
  const [state, setState] = useState<LedgerState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    void callApi<WalletLedgerBody>(`wallet/ledger?page=1&size=${LEDGER_PAGE_SIZE}`).then((res) => {
      if (!live) return;
      if (res.resultCode !== 0 || !res.body) setState({ status: 'error', message: res.errMsg || '明细加载失败' });
      else setState({ status: 'ready', total: res.body.total, list: res.body.list, page: 1 });
    });
    return () => {
      live = false;
    };
  }, [round]);
  const ready = state.status === 'ready' ? state : null;
  const loadMore = useCallback(async () => {
    if (!ready) return;
    const res = await callApi<WalletLedgerBody>(`wallet/ledger?page=${ready.page + 1}&size=${LEDGER_PAGE_SIZE}`);
    if (res.resultCode !== 0 || !res.body) throw new Error(res.errMsg || '明细加载失败');
    const next = res.body;
    setState((s) =>
      s.status === 'ready'
        ? { status: 'ready', total: next.total, list: [...s.list, ...next.list], page: s.page + 1 }
        : s,
    );
  }, [ready]);

  return (
    <section className="wallet-card" aria-labelledby="wallet-ledger-title">
      <h2 id="wallet-ledger-title" className="wallet-card__title">
        收支明细
      </h2>
      {state.status === 'loading' ? (
        <RowsSkeleton count={4} />
      ) : state.status === 'error' ? (
        <LoadFailed frame="plain" title="明细加载失败" message={state.message} retry={() => setRound((r) => r + 1)} />
      ) : state.list.length === 0 ? (
        <EmptyState
          frame="plain"
          title="暂无收支明细"
          hint="好友通过你的推广码购买报告，佣金会记在这里"
          testId="wallet-ledger-empty"
          action={
            <Link className="btn btn-primary" to="/market/proxy">
              {joined ? '去分享推广码' : '加入分销赚佣金'}
            </Link>
          }
        />
      ) : (
        <>
          <ul className="wallet-rows" data-testid="wallet-ledger">
            {state.list.map((row) => (
              <li key={row.id} className="wallet-row">
                <div className="wallet-row__main">
                  <p className="wallet-row__title">{row.kindText}</p>
                  <p className="wallet-row__meta">
                    <span className="num">{chinaTime(row.createdAt)}</span>
                    {row.memo ? ` · ${row.memo}` : ''}
                  </p>
                </div>
                <div className="wallet-row__side">
                  <span className={`wallet-row__amount num${row.amount < 0 ? ' wallet-row__amount--out' : ''}`}>
                    {signedMoney(row.amount)}
                  </span>
                  {row.status !== 'posted' ? (
                    <span className={`wallet-chip wallet-chip--${row.status}`}>{row.statusText}</span>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          <InfiniteScroll loadMore={loadMore} hasMore={state.list.length < state.total} />
        </>
      )}
    </section>
  );
}

function WithdrawSheet({
  open,
  info,
  onClose,
  onDone,
}: {
  open: boolean;
  info: WalletInfoBody;
  onClose: () => void;
  onDone: (body: WithdrawBody) => void;
}) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // one key per attempt: a retry after a lost answer is the same withdrawal
  const key = useRef<string | null>(null);
  useEffect(() => {
    if (open) {
      setAmount('');
      setError(null);
      key.current = null;
    }
  }, [open]);

  const check = (text: string): string | null => {
    const parsed = withdrawAmountParam.safeParse(text);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? WALLET_MESSAGES.withdrawAmount;
    if (parsed.data > Math.round(info.balance * 100)) return WALLET_MESSAGES.withdrawOverBalance;
    return null;
  };
  const blocked = info.pendingWithdrawal
    ? WALLET_MESSAGES.withdrawPending
    : info.balance < info.minWithdraw
      ? `余额满¥${info.minWithdraw}即可提现`
      : null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = blocked ?? check(amount);
    if (problem) return setError(problem);
    setBusy(true);
    key.current ??= newIdempotencyKey();
    const res = await callApi<WithdrawBody>(
      'wallet/withdraw',
      { amount: amount.trim() },
      { [IDEMPOTENCY_HEADER]: key.current },
    );
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) {
      key.current = null;
      return setError(res.errMsg || '提现申请失败，请稍后重试');
    }
    const { showToast } = await import('../../lib/toast.ts');
    showToast('提现申请已提交，等待审核');
    onDone(res.body);
  };

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="wallet-sheet"
      destroyOnClose
      showCloseButton
    >
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="wallet-withdraw-sheet">
        <h2 className="wallet-sheet__title">提现到微信零钱</h2>
        <label className="wallet-field">
          <span className="wallet-field__label">提现金额</span>
          <span className="wallet-field__input">
            <span aria-hidden="true">¥</span>
            <input
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder={`最低¥${info.minWithdraw}`}
              value={amount}
              disabled={blocked !== null}
              aria-invalid={error ? true : undefined}
              aria-describedby="wallet-withdraw-hint"
              onChange={(e) => {
                setAmount(e.target.value);
                setError(null);
              }}
            />
          </span>
        </label>
        <p id="wallet-withdraw-hint" className="wallet-field__hint">
          可提现 <span className="num">{money(Math.max(info.balance, 0))}</span>
          {info.balance >= info.minWithdraw && !info.pendingWithdrawal ? (
            <button type="button" className="wallet-link-button" onClick={() => setAmount(info.balance.toFixed(2))}>
              全部提现
            </button>
          ) : null}
        </p>
        {error || blocked ? (
          <p className="wallet-error" role="alert" data-testid="wallet-withdraw-error">
            {error ?? blocked}
          </p>
        ) : null}
        <p className="wallet-field__hint">提交后由平台审核，{info.reviewTime}内到账；审核未通过的金额退回余额。</p>
        <button
          type="submit"
          className="btn btn-primary wallet-actions__main"
          disabled={busy || blocked !== null}
          data-testid="wallet-withdraw-submit"
        >
          {busy ? '提交中…' : '确认提现'}
        </button>
      </form>
    </Popup>
  );
}

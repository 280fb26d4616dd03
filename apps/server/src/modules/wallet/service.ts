// The reseller programme and its wallet (issue 12; PAGES.md §3.10; migration 0009). A user joins and gets a 推广码;
// a report or deal-data order placed with it records a referral (commission = amount × rate, rounded down to the 分)
// in the order's transaction; the payments core's afterGrant / afterRevoke hooks settle it ('commission') or take it
// back ('commission_reversal'), once per order (UNIQUE(kind, ref) on wallet_transactions, ref = the order number).
// Withdrawals move money from the user's account to withdrawals_pending (a pending 'withdraw_request'); the /ops
// console approves (→ withdrawals_paid) or rejects (→ back to the user), once. Every transaction's entries sum to
// zero; a balance is the sum of its account's entries — nothing stores a balance.
import { randomInt } from 'node:crypto';
import { isoText, queryPage, queryRows, sql, type Database } from '@fjt/db';
import {
  ApiError,
  commissionFen,
  DEFAULT_PROXY_RATE_BP,
  ORDER_STATUS_LABELS,
  PROXY_CODE_ALPHABET,
  PROXY_CODE_LENGTH,
  PROXY_PRODUCT_KINDS,
  PROXY_QUERY_PARAM,
  PROXY_REFERRALS_LIMIT,
  rateText,
  REFERRAL_STATUS_LABELS,
  WALLET_MESSAGES,
  WALLET_TXN_LABELS,
  WALLET_TXN_STATUS_LABELS,
  WITHDRAW_MIN_FEN,
  WITHDRAW_REVIEW_DAYS,
  type LedgerRow,
  type OpsDecideInput,
  type OpsWithdrawalRow,
  type OpsWithdrawalsBody,
  type OpsWithdrawalsQuery,
  type OrderStatus,
  type ProductKind,
  type ProxyBody,
  type ProxyView,
  type ReferralStatus,
  type WalletInfoBody,
  type WalletLedgerBody,
  type WalletTxnKind,
  type WalletTxnStatus,
  type WithdrawalView,
} from '@fjt/domain';
import { recordAudit } from '../staff/audit.ts';
import type { OrderHooks, OrderRow } from '../payments/service.ts';

const MASKED_PHONE = (column: string) =>
  sql.raw(`CASE WHEN ${column} IS NULL THEN NULL ELSE left(${column}, 3) || '****' || substr(${column}, 8) END`);
const yuan = (fen: number) => fen / 100;

type PlatformAccount = 'commission_expense' | 'withdrawals_pending' | 'withdrawals_paid';

export function createProxyCode(): string {
  return Array.from(
    { length: PROXY_CODE_LENGTH },
    () => PROXY_CODE_ALPHABET[randomInt(PROXY_CODE_ALPHABET.length)],
  ).join('');
}

/** FJT20261125080000 12345678 → FJT2026****5678: enough to tell orders apart, not to look one up. */
const maskOrderNo = (orderNo: string) => `${orderNo.slice(0, 7)}****${orderNo.slice(-4)}`;

export function createWalletService(deps: {
  db: Database;
  now: () => number;
  publicOrigin: string;
  /** The rate a new reseller gets (PROXY_RATE_BP). */
  rateBp?: number;
}) {
  const { db, publicOrigin } = deps;
  const rateBp = deps.rateBp ?? DEFAULT_PROXY_RATE_BP;
  const nowIso = () => new Date(deps.now()).toISOString();

  async function platformAccount(tx: Database, kind: PlatformAccount): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id::int AS id FROM wallet_accounts WHERE kind = ${kind} AND user_id = 0`,
    );
    if (!row) throw new Error(`wallet account ${kind} is missing (migration 0009 seeds it)`);
    return row.id;
  }

  /** The user's account, made on first use; `lock` holds it for the transaction (withdrawals serialise on it). */
  async function userAccount(tx: Database, userId: number, lock = false): Promise<number> {
    await tx.execute(
      sql`INSERT INTO wallet_accounts (kind, user_id, created_at) VALUES ('user', ${userId}, ${nowIso()}::timestamptz)
          ON CONFLICT (kind, user_id) DO NOTHING`,
    );
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id::int AS id FROM wallet_accounts WHERE kind = 'user' AND user_id = ${userId}
          ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    return row!.id;
  }

  async function balanceOf(tx: Database, accountId: number): Promise<number> {
    const [row] = await queryRows<{ fen: number }>(
      tx,
      sql`SELECT COALESCE(SUM(amount_fen), 0)::int AS fen FROM wallet_entries WHERE account_id = ${accountId}`,
    );
    return row!.fen;
  }

  /**
   * One business event, once per (kind, ref): the transaction and its legs, which must sum to zero. Answers the
   * transaction's id, or null when that (kind, ref) was already posted.
   */
  async function post(
    tx: Database,
    t: {
      kind: WalletTxnKind;
      ref: string;
      userId: number;
      status: 'posted' | 'pending';
      memo: string;
      legs: { accountId: number; amountFen: number }[];
    },
  ): Promise<number | null> {
    if (t.legs.reduce((sum, l) => sum + l.amountFen, 0) !== 0) throw new Error(`wallet ${t.kind} does not balance`);
    const at = nowIso();
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO wallet_transactions (kind, ref, user_id, status, memo, created_at)
          VALUES (${t.kind}, ${t.ref}, ${t.userId}, ${t.status}, ${t.memo}, ${at}::timestamptz)
          ON CONFLICT (kind, ref) DO NOTHING RETURNING id::int AS id`,
    );
    if (!row) return null;
    for (const leg of t.legs) {
      await tx.execute(
        sql`INSERT INTO wallet_entries (transaction_id, account_id, amount_fen, created_at)
            VALUES (${row.id}, ${leg.accountId}, ${leg.amountFen}, ${at}::timestamptz)`,
      );
    }
    return row.id;
  }

  async function proxyOf(tx: Database, userId: number) {
    const [row] = await queryRows<{ code: string; rateBp: number; createdAt: string }>(
      tx,
      sql`SELECT code, rate_bp AS "rateBp", ${isoText('created_at')} AS "createdAt" FROM mall_proxies WHERE user_id = ${userId}`,
    );
    return row;
  }

  function proxyView(p: { code: string; rateBp: number; createdAt: string }): ProxyView {
    const link = `${publicOrigin}/market?${PROXY_QUERY_PARAM}=${p.code}`;
    return {
      code: p.code,
      rateBp: p.rateBp,
      rateText: rateText(p.rateBp),
      link,
      posterText: `房价通专业房价报告：城市、板块、小区行情一手掌握。用我的推广码 ${p.code} 下单，打开 ${link}`,
      createdAt: p.createdAt,
    };
  }

  // --- the payments core's hooks ------------------------------------------------------------------------------------

  /** A product order sent with a 推广码: refused when unknown or the buyer's own; a referral for report / trade. */
  const attribute: NonNullable<OrderHooks['attribute']> = async (tx, order, proxyCode) => {
    const [proxy] = await queryRows<{ userId: number; rateBp: number }>(
      tx,
      sql`SELECT user_id AS "userId", rate_bp AS "rateBp" FROM mall_proxies WHERE code = ${proxyCode}`,
    );
    if (!proxy) throw ApiError.badRequest(WALLET_MESSAGES.proxyUnknown);
    if (proxy.userId === order.userId) throw ApiError.badRequest(WALLET_MESSAGES.proxyOwn);
    if (!(PROXY_PRODUCT_KINDS as readonly ProductKind[]).includes(order.productKind)) return;
    await tx.execute(
      sql`INSERT INTO mall_referrals (order_no, proxy_user_id, buyer_user_id, commission_fen, status, created_at)
          VALUES (${order.orderNo}, ${proxy.userId}, ${order.userId}, ${commissionFen(order.amountFen, proxy.rateBp)},
                  'pending', ${nowIso()}::timestamptz)
          ON CONFLICT (order_no) DO NOTHING`,
    );
  };

  /**
   * The referral's commission moved between the reseller's account and commission_expense, once: paid → settled
   * (into the account), refunded → reversed (taken back; the balance may go below zero). The referral's conditional
   * status update is the guard; the transaction's unique (kind, ref) the second one.
   */
  const commission = (move: 'settle' | 'reverse') => async (tx: Database, order: OrderRow) => {
    const settle = move === 'settle';
    const [referral] = await queryRows<{ proxyUserId: number; commissionFen: number }>(
      tx,
      settle
        ? sql`UPDATE mall_referrals SET status = 'settled', settled_at = ${nowIso()}::timestamptz
              WHERE order_no = ${order.orderNo} AND status = 'pending'
              RETURNING proxy_user_id AS "proxyUserId", commission_fen AS "commissionFen"`
        : sql`UPDATE mall_referrals SET status = 'reversed'
              WHERE order_no = ${order.orderNo} AND status = 'settled'
              RETURNING proxy_user_id AS "proxyUserId", commission_fen AS "commissionFen"`,
    );
    if (!referral || referral.commissionFen <= 0) return;
    const toReseller = settle ? referral.commissionFen : -referral.commissionFen;
    const posted = await post(tx, {
      kind: settle ? 'commission' : 'commission_reversal',
      ref: order.orderNo,
      userId: referral.proxyUserId,
      status: 'posted',
      memo: settle ? order.subject : `${order.subject}（已退款）`,
      legs: [
        { accountId: await userAccount(tx, referral.proxyUserId), amountFen: toReseller },
        { accountId: await platformAccount(tx, 'commission_expense'), amountFen: -toReseller },
      ],
    });
    if (posted === null) return;
    await recordAudit(tx, {
      actorId: null,
      action: settle ? 'wallet.commission' : 'wallet.commission.reversal',
      targetType: 'order',
      targetId: order.orderNo,
      detail: { proxyUserId: referral.proxyUserId, commissionFen: referral.commissionFen, transactionId: posted },
    });
  };
  const settle = commission('settle');
  const reverse = commission('reverse');

  // --- reads ----------------------------------------------------------------------------------------------------

  async function withdrawalOf(tx: Database, where: ReturnType<typeof sql>): Promise<WithdrawalView | undefined> {
    const [row] = await queryRows<Omit<WithdrawalView, 'amount' | 'statusText'> & { amountFen: number }>(
      tx,
      sql`SELECT t.id::int AS id, t.status, ${isoText('t.created_at')} AS "createdAt", ${isoText('t.decided_at')} AS "decidedAt",
                 COALESCE((SELECT -SUM(e.amount_fen) FROM wallet_entries e JOIN wallet_accounts a ON a.id = e.account_id
                           WHERE e.transaction_id = t.id AND a.kind = 'user'), 0)::int AS "amountFen"
          FROM wallet_transactions t WHERE t.kind = 'withdraw_request' AND ${where}
          ORDER BY t.id DESC LIMIT 1`,
    );
    if (!row) return undefined;
    const { amountFen, ...rest } = row;
    return { ...rest, amount: yuan(amountFen), statusText: WALLET_TXN_STATUS_LABELS[row.status] };
  }

  async function info(tx: Database, userId: number): Promise<WalletInfoBody> {
    const [sums] = await queryRows<{ balance: number; commission: number; reversed: number; withdrawn: number }>(
      tx,
      sql`SELECT COALESCE(SUM(e.amount_fen), 0)::int AS balance,
                 COALESCE(SUM(e.amount_fen) FILTER (WHERE t.kind = 'commission'), 0)::int AS commission,
                 COALESCE(-SUM(e.amount_fen) FILTER (WHERE t.kind = 'commission_reversal'), 0)::int AS reversed,
                 COALESCE(-SUM(e.amount_fen) FILTER (WHERE t.kind = 'withdraw_request' AND t.status = 'approved'), 0)::int
                   AS withdrawn
          FROM wallet_entries e
          JOIN wallet_accounts a ON a.id = e.account_id AND a.kind = 'user' AND a.user_id = ${userId}
          JOIN wallet_transactions t ON t.id = e.transaction_id`,
    );
    const pending = await withdrawalOf(tx, sql`t.user_id = ${userId} AND t.status = 'pending'`);
    const proxy = await proxyOf(tx, userId);
    return {
      balance: yuan(sums!.balance),
      pendingWithdrawal: pending ?? null,
      totals: { commission: yuan(sums!.commission), reversed: yuan(sums!.reversed), withdrawn: yuan(sums!.withdrawn) },
      minWithdraw: yuan(WITHDRAW_MIN_FEN),
      reviewTime: WITHDRAW_REVIEW_DAYS,
      joined: Boolean(proxy),
    };
  }

  async function opsRow(tx: Database, where: ReturnType<typeof sql>, page = 1, size = 1) {
    return queryPage<
      Omit<OpsWithdrawalRow, 'amount' | 'statusText' | 'balance'> & { amountFen: number; balanceFen: number }
    >(tx, {
      select: sql`t.id::int AS id, t.user_id AS "userId", ${MASKED_PHONE('u.phone')} AS phone, t.status, t.memo,
                  ${isoText('t.created_at')} AS "createdAt", ${isoText('t.decided_at')} AS "decidedAt",
                  t.decided_by AS "decidedBy",
                  COALESCE((SELECT -SUM(e.amount_fen) FROM wallet_entries e WHERE e.transaction_id = t.id
                            AND e.account_id = a.id), 0)::int AS "amountFen",
                  COALESCE((SELECT SUM(e.amount_fen) FROM wallet_entries e WHERE e.account_id = a.id), 0)::int
                    AS "balanceFen"`,
      from: sql`FROM wallet_transactions t
                JOIN wallet_accounts a ON a.kind = 'user' AND a.user_id = t.user_id
                LEFT JOIN users u ON u.id = t.user_id
                WHERE t.kind = 'withdraw_request' AND ${where}`,
      orderBy: sql`t.id DESC`,
      page,
      size,
    });
  }
  const opsRowOf = (r: Awaited<ReturnType<typeof opsRow>>['rows'][number]): OpsWithdrawalRow => {
    const { amountFen, balanceFen, ...rest } = r;
    return {
      ...rest,
      amount: yuan(amountFen),
      balance: yuan(balanceFen),
      statusText: WALLET_TXN_STATUS_LABELS[r.status as WalletTxnStatus],
    };
  };

  return {
    hooks: { attribute, afterGrant: [settle], afterRevoke: [reverse] } satisfies OrderHooks,

    /** NEW GET market/proxy: the user's code (or null), the commission so far and the latest referred orders. */
    async proxy(userId: number): Promise<ProxyBody> {
      const proxy = await proxyOf(db, userId);
      const [stats] = await queryRows<{ orders: number; paidOrders: number; settled: number; pending: number }>(
        db,
        sql`SELECT count(*)::int AS orders,
                   count(*) FILTER (WHERE r.status = 'settled')::int AS "paidOrders",
                   COALESCE(SUM(r.commission_fen) FILTER (WHERE r.status = 'settled'), 0)::int AS settled,
                   COALESCE(SUM(r.commission_fen) FILTER (WHERE r.status = 'pending' AND o.status IN ('PENDING', 'PAYING')), 0)::int
                     AS pending
            FROM mall_referrals r JOIN orders o ON o.order_no = r.order_no WHERE r.proxy_user_id = ${userId}`,
      );
      const referrals = await queryRows<{
        orderNo: string;
        subject: string;
        productKind: ProductKind;
        amountFen: number;
        orderStatus: OrderStatus;
        buyer: string | null;
        commissionFen: number;
        status: ReferralStatus;
        createdAt: string;
        settledAt: string | null;
      }>(
        db,
        sql`SELECT r.order_no AS "orderNo", o.subject, o.product_kind AS "productKind", o.amount_fen AS "amountFen",
                   o.status AS "orderStatus", ${MASKED_PHONE('u.phone')} AS buyer, r.commission_fen AS "commissionFen",
                   r.status, ${isoText('r.created_at')} AS "createdAt", ${isoText('r.settled_at')} AS "settledAt"
            FROM mall_referrals r JOIN orders o ON o.order_no = r.order_no LEFT JOIN users u ON u.id = r.buyer_user_id
            WHERE r.proxy_user_id = ${userId} ORDER BY r.id DESC LIMIT ${PROXY_REFERRALS_LIMIT}`,
      );
      return {
        proxy: proxy ? proxyView(proxy) : null,
        defaultRateText: rateText(rateBp),
        stats: {
          orders: stats!.orders,
          paidOrders: stats!.paidOrders,
          settled: yuan(stats!.settled),
          pending: yuan(stats!.pending),
        },
        referrals: referrals.map((r) => ({
          orderNo: maskOrderNo(r.orderNo),
          subject: r.subject,
          productKind: r.productKind,
          amount: yuan(r.amountFen),
          orderStatus: r.orderStatus,
          orderStatusText: ORDER_STATUS_LABELS[r.orderStatus],
          buyer: r.buyer,
          commission: yuan(r.commissionFen),
          status: r.status,
          statusText: REFERRAL_STATUS_LABELS[r.status],
          createdAt: r.createdAt,
          settledAt: r.settledAt,
        })),
      };
    },

    /** NEW POST market/proxy/join: the user's code, made once (joining again answers the same one). */
    async join(userId: number): Promise<ProxyBody> {
      for (let attempt = 0; !(await proxyOf(db, userId)); attempt++) {
        if (attempt > 8) throw new Error('could not allocate a proxy code');
        // a taken code or a concurrent join of the same user: nothing inserted, the loop looks again
        await db.execute(
          sql`INSERT INTO mall_proxies (user_id, code, rate_bp, created_at)
              VALUES (${userId}, ${createProxyCode()}, ${rateBp}, ${nowIso()}::timestamptz) ON CONFLICT DO NOTHING`,
        );
      }
      return this.proxy(userId);
    },

    /** NEW GET wallet/info. */
    info: (userId: number) => info(db, userId),

    /** NEW GET wallet/ledger: the user's entries, newest first. */
    async ledger(userId: number, query: { page: number; size: number }): Promise<WalletLedgerBody> {
      const { total, rows } = await queryPage<
        Omit<LedgerRow, 'amount' | 'kindText' | 'statusText'> & { amountFen: number }
      >(db, {
        select: sql`e.id::int AS id, t.id::int AS "transactionId", t.kind, e.amount_fen AS "amountFen", t.status,
                    t.memo, ${isoText('e.created_at')} AS "createdAt"`,
        from: sql`FROM wallet_entries e
                  JOIN wallet_accounts a ON a.id = e.account_id AND a.kind = 'user' AND a.user_id = ${userId}
                  JOIN wallet_transactions t ON t.id = e.transaction_id`,
        orderBy: sql`e.id DESC`,
        page: query.page,
        size: query.size,
      });
      return {
        total,
        list: rows.map(({ amountFen, ...r }) => ({
          ...r,
          amount: yuan(amountFen),
          kindText: WALLET_TXN_LABELS[r.kind],
          statusText: WALLET_TXN_STATUS_LABELS[r.status],
        })),
      };
    },

    /**
     * NEW POST wallet/withdraw, inside the caller's transaction (the Idempotency-Key's): the user's account is locked
     * first, so two requests of one user are judged one after the other.
     */
    async withdraw(tx: Database, userId: number, amountFen: number, ip: string | null) {
      const account = await userAccount(tx, userId, true);
      if (await withdrawalOf(tx, sql`t.user_id = ${userId} AND t.status = 'pending'`)) {
        throw ApiError.badRequest(WALLET_MESSAGES.withdrawPending);
      }
      const balance = await balanceOf(tx, account);
      if (amountFen > balance) throw ApiError.badRequest(WALLET_MESSAGES.withdrawOverBalance);
      const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM wallet_transactions WHERE kind = 'withdraw_request' AND user_id = ${userId}`,
      );
      const id = await post(tx, {
        kind: 'withdraw_request',
        ref: `U${userId}-${n + 1}`,
        userId,
        status: 'pending',
        memo: '提现到微信零钱',
        legs: [
          { accountId: account, amountFen: -amountFen },
          { accountId: await platformAccount(tx, 'withdrawals_pending'), amountFen },
        ],
      });
      if (id === null) throw ApiError.conflict(WALLET_MESSAGES.withdrawPending);
      await recordAudit(tx, {
        actorId: userId,
        action: 'wallet.withdraw.request',
        targetType: 'wallet_transaction',
        targetId: id,
        detail: { amountFen, balanceFen: balance },
        ip,
      });
      return {
        withdrawal: (await withdrawalOf(tx, sql`t.id = ${id}`))!,
        info: await info(tx, userId),
      };
    },

    /** NEW GET ops/wallet/withdrawals. */
    async withdrawals(query: OpsWithdrawalsQuery): Promise<OpsWithdrawalsBody> {
      const where =
        query.status === 'pending'
          ? sql`t.status = 'pending'`
          : query.status === 'decided'
            ? sql`t.status IN ('approved', 'rejected')`
            : sql`TRUE`;
      const { total, rows } = await opsRow(db, where, query.page, query.size);
      return { total, list: rows.map(opsRowOf) };
    },

    /**
     * NEW POST ops/wallet/withdrawals/decide: pending → approved (withdrawals_pending → withdrawals_paid) or rejected
     * (back to the user's account), once: the conditional update decides; a second decision is refused. Audited.
     */
    async decide(input: OpsDecideInput, by: { actorId: number; ip: string | null }): Promise<OpsWithdrawalRow> {
      return db.transaction(async (tx) => {
        const approve = input.decision === 'approve';
        const [moved] = await queryRows<{ userId: number }>(
          tx,
          sql`UPDATE wallet_transactions SET status = ${approve ? 'approved' : 'rejected'},
                     decided_at = ${nowIso()}::timestamptz, decided_by = ${by.actorId}
              WHERE id = ${input.id} AND kind = 'withdraw_request' AND status = 'pending'
              RETURNING user_id AS "userId"`,
        );
        if (!moved) {
          const [exists] = await queryRows<{ id: number }>(
            tx,
            sql`SELECT id::int AS id FROM wallet_transactions WHERE id = ${input.id} AND kind = 'withdraw_request'`,
          );
          throw exists
            ? ApiError.badRequest(WALLET_MESSAGES.decided)
            : ApiError.notFound(WALLET_MESSAGES.withdrawalUnknown);
        }
        const [{ amountFen } = { amountFen: 0 }] = await queryRows<{ amountFen: number }>(
          tx,
          sql`SELECT SUM(e.amount_fen)::int AS "amountFen" FROM wallet_entries e
              JOIN wallet_accounts a ON a.id = e.account_id AND a.kind = 'withdrawals_pending'
              WHERE e.transaction_id = ${input.id}`,
        );
        const pendingAccount = await platformAccount(tx, 'withdrawals_pending');
        const to = approve ? await platformAccount(tx, 'withdrawals_paid') : await userAccount(tx, moved.userId);
        const posted = await post(tx, {
          kind: approve ? 'withdraw_approve' : 'withdraw_reject',
          ref: String(input.id),
          userId: moved.userId,
          status: 'posted',
          memo: input.memo,
          legs: [
            { accountId: pendingAccount, amountFen: -amountFen },
            { accountId: to, amountFen },
          ],
        });
        if (posted === null) throw ApiError.badRequest(WALLET_MESSAGES.decided);
        await tx.execute(sql`UPDATE wallet_transactions SET memo = ${input.memo} WHERE id = ${input.id}`);
        await recordAudit(tx, {
          actorId: by.actorId,
          action: approve ? 'wallet.withdraw.approve' : 'wallet.withdraw.reject',
          targetType: 'wallet_transaction',
          targetId: input.id,
          detail: { userId: moved.userId, amountFen, memo: input.memo, transactionId: posted },
          ip: by.ip,
        });
        const { rows } = await opsRow(tx, sql`t.id = ${input.id}`);
        return opsRowOf(rows[0]!);
      });
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

// The reseller programme and its wallet (issue 12; PAGES.md §3.10): NEW GET market/proxy and POST market/proxy/join
// (a user's 推广码 and the orders placed with it), NEW GET wallet/info, GET wallet/ledger, POST wallet/withdraw
// (Idempotency-Key), and the staff console's NEW GET ops/wallet/withdrawals and POST ops/wallet/withdrawals/decide.
// The wallet is a double-entry ledger: a balance is the sum of its account's entries. Amounts in 元 (2 decimals).
import { z } from 'zod';
import { ORDER_STATUSES, PRODUCT_KINDS } from './payments.ts';
import { idParam, pageParams } from './params.ts';
import { PROXY_CODE_PATTERN, WALLET_MESSAGES, WITHDRAW_MAX_FEN, WITHDRAW_MIN_FEN } from '../wallet-rules.ts';

// the rules and messages live in a module of their own, without zod: the app's root reads them on every page
export * from '../wallet-rules.ts';

/** A 推广码 in a body or a query: upper-cased, then checked against the alphabet. */
export const proxyCodeParam = z
  .string({ message: WALLET_MESSAGES.proxyUnknown })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(PROXY_CODE_PATTERN, { message: WALLET_MESSAGES.proxyUnknown }));

/** commission = amount × rate, rounded down to the 分. */
export const commissionFen = (amountFen: number, rateBp: number) => Math.floor((amountFen * rateBp) / 10_000);
/** 10% from 1000 bp (one decimal when needed: 12.5%). */
export const rateText = (rateBp: number) => `${Number((rateBp / 100).toFixed(2))}%`;

// --- NEW GET market/proxy, NEW POST market/proxy/join ---------------------------------------------------------------

export const REFERRAL_STATUSES = ['pending', 'settled', 'reversed'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  pending: '待结算',
  settled: '已结算',
  reversed: '已退回',
};

export const referralRow = z.object({
  /** The order number with its middle hidden (the buyer's, not the reseller's). */
  orderNo: z.string(),
  subject: z.string(),
  productKind: z.enum(PRODUCT_KINDS),
  amount: z.number(),
  orderStatus: z.enum(ORDER_STATUSES),
  orderStatusText: z.string(),
  /** The buyer, masked (138****0001). */
  buyer: z.string().nullable(),
  commission: z.number(),
  status: z.enum(REFERRAL_STATUSES),
  statusText: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type ReferralRow = z.infer<typeof referralRow>;

export const proxyView = z.object({
  code: z.string(),
  rateBp: z.number().int(),
  /** "10%". */
  rateText: z.string(),
  /** The share link: the report mall with ?proxy=CODE (absolute). */
  link: z.string(),
  /** Text for the share poster / message. */
  posterText: z.string(),
  createdAt: z.string(),
});
export type ProxyView = z.infer<typeof proxyView>;

export const PROXY_REFERRALS_LIMIT = 50;

export const proxyBody = z.object({
  /** null: not joined yet (the page offers to join, at this rate). */
  proxy: proxyView.nullable(),
  defaultRateText: z.string(),
  stats: z.object({
    orders: z.number().int(),
    paidOrders: z.number().int(),
    /** Commission settled and not reversed. */
    settled: z.number(),
    /** Commission of orders not paid yet. */
    pending: z.number(),
  }),
  /** The latest referred orders, newest first. */
  referrals: z.array(referralRow),
});
export type ProxyBody = z.infer<typeof proxyBody>;

// --- NEW GET wallet/info, GET wallet/ledger --------------------------------------------------------------------------

export const WALLET_TXN_KINDS = [
  'commission',
  'commission_reversal',
  'withdraw_request',
  'withdraw_approve',
  'withdraw_reject',
] as const;
export type WalletTxnKind = (typeof WALLET_TXN_KINDS)[number];
export const WALLET_TXN_LABELS: Record<WalletTxnKind, string> = {
  commission: '推广佣金',
  commission_reversal: '佣金退回（订单退款）',
  withdraw_request: '提现',
  withdraw_approve: '提现打款',
  withdraw_reject: '提现驳回退回',
};
/** A transaction's status: posted; a withdrawal request: pending → approved | rejected. */
export const WALLET_TXN_STATUSES = ['posted', 'pending', 'approved', 'rejected'] as const;
export type WalletTxnStatus = (typeof WALLET_TXN_STATUSES)[number];
export const WALLET_TXN_STATUS_LABELS: Record<WalletTxnStatus, string> = {
  posted: '已入账',
  pending: '审核中',
  approved: '已打款',
  rejected: '已驳回',
};

export const withdrawalView = z.object({
  id: z.number().int(),
  amount: z.number(),
  status: z.enum(WALLET_TXN_STATUSES),
  statusText: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type WithdrawalView = z.infer<typeof withdrawalView>;

export const walletInfoBody = z.object({
  /** The sum of the account's entries: what may be withdrawn (negative after a reversal exceeded it). */
  balance: z.number(),
  /** The withdrawal awaiting review, already taken out of the balance. */
  pendingWithdrawal: withdrawalView.nullable(),
  totals: z.object({
    commission: z.number(),
    reversed: z.number(),
    withdrawn: z.number(),
  }),
  minWithdraw: z.number(),
  reviewTime: z.string(),
  /** Whether the user has a 推广码 (the page links to /market/proxy otherwise). */
  joined: z.boolean(),
});
export type WalletInfoBody = z.infer<typeof walletInfoBody>;

export const ledgerRow = z.object({
  /** The entry's id (stable for paging). */
  id: z.number().int(),
  transactionId: z.number().int(),
  kind: z.enum(WALLET_TXN_KINDS),
  kindText: z.string(),
  /** Signed: + into the balance, − out of it. */
  amount: z.number(),
  status: z.enum(WALLET_TXN_STATUSES),
  statusText: z.string(),
  memo: z.string(),
  createdAt: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;

export const LEDGER_PAGE_SIZE = 20;
export const walletLedgerQuery = z.object(pageParams(50, { defaultSize: LEDGER_PAGE_SIZE }));
export const walletLedgerBody = z.object({ total: z.number().int(), list: z.array(ledgerRow) });
export type WalletLedgerBody = z.infer<typeof walletLedgerBody>;

// --- NEW POST wallet/withdraw {amount} (Idempotency-Key) -------------------------------------------------------------

/** 元 with at most two decimals, as 分; the bounds are checked here too (the balance by the server). */
export const withdrawAmountParam = z
  .union([z.number(), z.string()], { message: WALLET_MESSAGES.withdrawAmount })
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: WALLET_MESSAGES.withdrawAmount });
      return z.NEVER;
    }
    const [whole, frac = ''] = text.split('.');
    const fen = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
    if (fen < WITHDRAW_MIN_FEN) {
      ctx.addIssue({ code: 'custom', message: WALLET_MESSAGES.withdrawMin });
      return z.NEVER;
    }
    if (fen > WITHDRAW_MAX_FEN) {
      ctx.addIssue({ code: 'custom', message: WALLET_MESSAGES.withdrawMax });
      return z.NEVER;
    }
    return fen;
  });
export const withdrawInput = z.object({ amount: withdrawAmountParam });
export const withdrawBody = z.object({ withdrawal: withdrawalView, info: walletInfoBody });
export type WithdrawBody = z.infer<typeof withdrawBody>;

// --- NEW GET ops/wallet/withdrawals, POST ops/wallet/withdrawals/decide (ops role) ------------------------------------

export const OPS_WITHDRAWAL_FILTERS = ['pending', 'decided', 'all'] as const;
export const opsWithdrawalsQuery = z.object({
  status: z.enum(OPS_WITHDRAWAL_FILTERS, { message: '状态只能是 pending、decided 或 all' }).default('pending'),
  ...pageParams(50, { defaultSize: 20 }),
});
export type OpsWithdrawalsQuery = z.infer<typeof opsWithdrawalsQuery>;

export const opsWithdrawalRow = withdrawalView.extend({
  userId: z.number().int(),
  /** Masked. */
  phone: z.string().nullable(),
  /** The user's balance now (after this request was taken out). */
  balance: z.number(),
  decidedBy: z.number().int().nullable(),
  memo: z.string(),
});
export type OpsWithdrawalRow = z.infer<typeof opsWithdrawalRow>;
export const opsWithdrawalsBody = z.object({ total: z.number().int(), list: z.array(opsWithdrawalRow) });
export type OpsWithdrawalsBody = z.infer<typeof opsWithdrawalsBody>;

export const WITHDRAW_DECISIONS = ['approve', 'reject'] as const;
export const opsDecideInput = z.object({
  id: idParam('id', WALLET_MESSAGES.withdrawalUnknown),
  decision: z.enum(WITHDRAW_DECISIONS, { message: WALLET_MESSAGES.decision }),
  memo: z
    .string({ message: WALLET_MESSAGES.memo })
    .trim()
    .min(2, { message: WALLET_MESSAGES.memo })
    .max(100, { message: WALLET_MESSAGES.memo }),
});
export type OpsDecideInput = z.infer<typeof opsDecideInput>;
export const opsDecideBody = z.object({ withdrawal: opsWithdrawalRow });
export type OpsDecideBody = z.infer<typeof opsDecideBody>;

// The report mall, the deal-data product and the reseller wallet (issue 12; PAGES.md §3.10). Products are priced in
// 分 in the catalogue; what a paid order gives is an entitlement row written once per order (UNIQUE order_no) in the
// payment's transaction. Report PDFs are rendered once per product and data edition and kept here. The wallet is a
// double-entry ledger: every transaction's entries sum to zero, an account's balance is the sum of its entries.
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * 商品: market reports (kind 'report'; category city | district | estate | custom) and deal-data packages (kind
 * 'trade'; category deal). code is the order's productCode.
 */
export const mallProducts = pgTable(
  'mall_products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    category: text('category').notNull(),
    cityId: integer('city_id').notNull(),
    /** The district or estate a report is about; null for city-wide products. */
    targetId: integer('target_id'),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull(),
    /** Contents (report chapters, package fields), one line each. */
    contents: jsonb('contents').$type<string[]>().notNull(),
    coverage: text('coverage').notNull(),
    updateCycle: text('update_cycle').notNull(),
    priceFen: integer('price_fen').notNull(),
    originFen: integer('origin_fen'),
    /** Deal-data packages: the days of access a purchase gives (stacking); null for reports (kept for good). */
    durationDays: integer('duration_days'),
    soldCount: integer('sold_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('mall_products_code_idx').on(t.code),
    index('mall_products_city_idx').on(t.kind, t.cityId, t.category, t.sort),
  ],
);

/**
 * 已购: what a paid order gives, once per order. Reports: ends_at null (kept); deal data: a period that stacks after
 * the user's latest one for the same city. A refund sets revoked_at.
 */
export const mallEntitlements = pgTable(
  'mall_entitlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    orderNo: text('order_no').notNull(),
    productCode: text('product_code').notNull(),
    kind: text('kind').notNull(),
    cityId: integer('city_id').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('mall_entitlements_order_idx').on(t.orderNo),
    index('mall_entitlements_user_idx').on(t.userId, t.kind, t.cityId),
  ],
);

/** A report product's PDF for one data edition (yyyy-MM): rendered once, then served. status: pending | ready | failed. */
export const reportFiles = pgTable(
  'report_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productCode: text('product_code').notNull(),
    edition: text('edition').notNull(),
    status: text('status').notNull(),
    pdf: bytea('pdf'),
    bytes: integer('bytes'),
    sha256: text('sha256'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('report_files_product_edition_idx').on(t.productCode, t.edition)],
);

/** 分销: a user's reseller code and commission rate (basis points of the paid amount). */
export const mallProxies = pgTable(
  'mall_proxies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    code: text('code').notNull(),
    rateBp: integer('rate_bp').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('mall_proxies_user_idx').on(t.userId), uniqueIndex('mall_proxies_code_idx').on(t.code)],
);

/** An order placed with a reseller code, and the commission it earns once paid. status: pending | settled | reversed. */
export const mallReferrals = pgTable(
  'mall_referrals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    proxyUserId: integer('proxy_user_id').notNull(),
    buyerUserId: integer('buyer_user_id').notNull(),
    commissionFen: integer('commission_fen').notNull(),
    status: text('status').notNull(),
    createdAt: at('created_at').notNull(),
    settledAt: at('settled_at'),
  },
  (t) => [uniqueIndex('mall_referrals_order_idx').on(t.orderNo), index('mall_referrals_proxy_idx').on(t.proxyUserId)],
);

/**
 * 钱包账户. kind: user (a reseller's balance) or a platform account (user_id 0): commission_expense,
 * withdrawals_pending, withdrawals_paid.
 */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    userId: integer('user_id').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('wallet_accounts_kind_user_idx').on(t.kind, t.userId)],
);

/**
 * 钱包流水: one business event (commission, commission_reversal, withdraw_request, withdraw_approve,
 * withdraw_reject), once per (kind, ref). status: posted, or for a withdraw_request pending (awaiting the console)
 * → approved | rejected (decided_at, decided_by; the decision's own transaction is withdraw_approve / withdraw_reject
 * with ref = the request's id).
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    userId: integer('user_id').notNull(),
    status: text('status').notNull(),
    memo: text('memo').notNull(),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
    decidedBy: integer('decided_by'),
  },
  (t) => [
    uniqueIndex('wallet_transactions_ref_idx').on(t.kind, t.ref),
    index('wallet_transactions_user_idx').on(t.userId, t.createdAt),
  ],
);

/** 分录: the transaction's legs; SUM(amount_fen) over a transaction is 0. */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: integer('transaction_id').notNull(),
    accountId: integer('account_id').notNull(),
    amountFen: integer('amount_fen').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('wallet_entries_account_idx').on(t.accountId), index('wallet_entries_txn_idx').on(t.transactionId)],
);

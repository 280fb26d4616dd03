// The reseller programme and wallet (issue 12): joining, attribution of product orders to a 推广码, the commission
// settled once however often the provider repeats itself (1,000 replays in turn, 100 at once), its reversal on a
// refund, the withdrawal rules and races, the console's approve / reject once with audit rows, and the ledger's
// invariants (every transaction sums to zero). Two report products of its own in mall_products, sold through the
// market module's report source. PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { queryRows, sql } from '@fjt/db';
import {
  PROXY_CODE_PATTERN,
  WALLET_MESSAGES,
  type OpsWithdrawalsBody,
  type ProxyBody,
  type WalletInfoBody,
  type WalletLedgerBody,
  type WithdrawBody,
} from '@fjt/domain';
import { buildApp } from '../../app.ts';
import { expectFail, signInAs, type SignedIn } from '../../testing.ts';

let database: TestDatabase;
let app: FastifyInstance;
let ops: SignedIn;
let support: SignedIn;
const clock = Date.parse('2026-11-25T08:00:00Z');
const BROWSER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const NOTIFY = '/rabbit/v1/customer/pay/notify/alipay';
const REPORT = 'RPT-C-605-TEST'; // ¥99.90 → commission ¥9.99
const REPORT_BIG = 'RPT-C-605-BIG'; // ¥200.00 → ¥20.00

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false },
    database,
    now: () => clock,
    // no PDF printing here: a paid report's file is queued and fails quietly
    reportRenderer: { render: () => Promise.reject(new Error('no renderer in this test')) },
  });
  await app.ready();
  [ops, support] = [await signInAs(app), await signInAs(app)];
  await database.sql.query(`INSERT INTO staff_roles (user_id, role) VALUES ($1, 'ops'), ($2, 'support')`, [
    ops.id,
    support.id,
  ]);
  for (const [code, price] of [
    [REPORT, 9990],
    [REPORT_BIG, 20000],
  ] as const) {
    await database.sql.query(
      `INSERT INTO mall_products (code, kind, category, city_id, title, subtitle, contents, coverage, update_cycle,
                                  price_fen)
       VALUES ($1, 'report', 'city', 605, '杭州市房价报告', '杭州全市', '[]'::jsonb, '杭州', '每月', $2)`,
      [code, price],
    );
  }
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);
const body = <T>(res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
};
const api = (me: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: object, headers = {}) =>
  app.inject({
    method,
    url: `/rabbit/v1/${url}`,
    headers: { ...(me?.headers ?? { origin: 'http://localhost:3000' }), ...headers },
    ...(payload ? { payload } : {}),
  });

async function joined(): Promise<{ user: SignedIn; code: string }> {
  const user = await signInAs(app);
  const proxy = body<ProxyBody>(await api(user, 'POST', 'market/proxy/join')).proxy!;
  return { user, code: proxy.code };
}

async function order(buyer: SignedIn, productCode: string, proxyCode?: string) {
  return api(buyer, 'POST', 'common/order/create', { productCode, ...(proxyCode ? { proxyCode } : {}) });
}

async function orderNoOf(buyer: SignedIn, productCode: string, proxyCode?: string): Promise<string> {
  return body<{ order: { orderNo: string } }>(await order(buyer, productCode, proxyCode)).order.orderNo;
}

/** unifiedorder at Alipay and the cashier opened: the trade exists at the sandbox. */
async function openCashier(buyer: SignedIn, orderNo: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/rabbit/v1/customer/pay/unifiedorder',
    headers: { ...buyer.headers, 'user-agent': BROWSER_UA },
    payload: { orderNo, platform: 1 },
  });
  const url = new URL(body<{ action: { url: string } }>(res).action.url);
  expect((await app.inject({ url: `${url.pathname}${url.search}` })).statusCode).toBe(200);
}

async function paidOrder(buyer: SignedIn, productCode: string, proxyCode?: string): Promise<string> {
  const orderNo = await orderNoOf(buyer, productCode, proxyCode);
  await openCashier(buyer, orderNo);
  await app.inject({ method: 'POST', url: `/__sandbox/alipay/cashier/${orderNo}/pay` });
  return orderNo;
}

const info = async (me: SignedIn) => body<WalletInfoBody>(await api(me, 'GET', 'wallet/info'));
const withdraw = (me: SignedIn, amount: unknown, key?: string) =>
  api(me, 'POST', 'wallet/withdraw', { amount }, key ? { 'idempotency-key': key } : {});
const decide = (me: SignedIn | null, id: number, decision: string, memo = '已核对账户') =>
  api(me, 'POST', 'ops/wallet/withdrawals/decide', { id, decision, memo });

async function walletTxns(ref: string) {
  return rows<{ kind: string; status: string }>(
    sql`SELECT kind, status FROM wallet_transactions WHERE ref = ${ref} ORDER BY id`,
  );
}

/** Every transaction sums to zero; every account's entries sum to what the ledger API says for users. */
async function expectInvariants() {
  const unbalanced = await rows<{ id: number }>(
    sql`SELECT transaction_id AS id FROM wallet_entries GROUP BY transaction_id HAVING SUM(amount_fen) <> 0`,
  );
  expect(unbalanced).toEqual([]);
  const empty = await rows<{ id: number }>(
    sql`SELECT t.id FROM wallet_transactions t WHERE NOT EXISTS (SELECT 1 FROM wallet_entries e WHERE e.transaction_id = t.id)`,
  );
  expect(empty).toEqual([]);
  const [total] = await rows<{ fen: number }>(sql`SELECT COALESCE(SUM(amount_fen), 0)::int AS fen FROM wallet_entries`);
  expect(total!.fen).toBe(0);
}

describe('the reseller programme', () => {
  it('joins once with an 8-character code of the unambiguous alphabet; a visitor gets 401', async () => {
    expectFail(await api(null, 'GET', 'market/proxy'), 401);
    expectFail(await api(null, 'POST', 'market/proxy/join'), 401);
    const user = await signInAs(app);
    const before = body<ProxyBody>(await api(user, 'GET', 'market/proxy'));
    expect(before).toMatchObject({ proxy: null, defaultRateText: '10%', referrals: [] });
    const first = body<ProxyBody>(await api(user, 'POST', 'market/proxy/join')).proxy!;
    expect(first.code).toMatch(PROXY_CODE_PATTERN);
    expect(first).toMatchObject({ rateBp: 1000, rateText: '10%' });
    expect(first.link).toBe(`http://localhost:3000/market?proxy=${first.code}`);
    expect(first.posterText).toContain(first.code);
    const again = await Promise.all([1, 2, 3].map(() => api(user, 'POST', 'market/proxy/join')));
    for (const res of again) expect(body<ProxyBody>(res).proxy!.code).toBe(first.code);
    const [n] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM mall_proxies WHERE user_id = ${user.id}`);
    expect(n!.n).toBe(1);
  });

  it('attributes a report order to a code (commission rounded down); refuses unknown and own codes', async () => {
    const { user: proxy, code } = await joined();
    const buyer = await signInAs(app);
    expectFail(await order(buyer, REPORT, 'ABCDEFGH'), 400, WALLET_MESSAGES.proxyUnknown);
    expectFail(await order(buyer, REPORT, 'abc'), 400, WALLET_MESSAGES.proxyUnknown);
    expectFail(await order(proxy, REPORT, code), 400, WALLET_MESSAGES.proxyOwn);
    const orderNo = await orderNoOf(buyer, REPORT, code.toLowerCase());
    const [referral] = await rows<{ proxyUserId: number; buyerUserId: number; commissionFen: number; status: string }>(
      sql`SELECT proxy_user_id AS "proxyUserId", buyer_user_id AS "buyerUserId", commission_fen AS "commissionFen",
                 status FROM mall_referrals WHERE order_no = ${orderNo}`,
    );
    expect(referral).toEqual({ proxyUserId: proxy.id, buyerUserId: buyer.id, commissionFen: 999, status: 'pending' });
    // a VIP card earns nothing: the order is made, without a referral
    const vip = await orderNoOf(buyer, 'VIP_MONTH', code);
    expect(await rows(sql`SELECT 1 FROM mall_referrals WHERE order_no = ${vip}`)).toEqual([]);
    // the refused orders left nothing behind
    const [orders] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${buyer.id}`);
    expect(orders!.n).toBe(2);
    const view = body<ProxyBody>(await api(proxy, 'GET', 'market/proxy'));
    expect(view.stats).toEqual({ orders: 1, paidOrders: 0, settled: 0, pending: 9.99 });
    expect(view.referrals).toHaveLength(1);
    expect(view.referrals[0]).toMatchObject({
      subject: '杭州市房价报告',
      amount: 99.9,
      commission: 9.99,
      status: 'pending',
      statusText: '待结算',
      orderStatus: 'PENDING',
    });
    expect(view.referrals[0]!.orderNo).not.toBe(orderNo);
  });

  it('pays the commission once under 1,000 replays in turn and 100 at once, then reverses it on refund', async () => {
    const { user: proxy, code } = await joined();
    const buyer = await signInAs(app);
    const orderNo = await orderNoOf(buyer, REPORT, code);
    await openCashier(buyer, orderNo);
    await app.inject({
      method: 'POST',
      url: `/__sandbox/control/alipay/${orderNo}/pay`,
      payload: { delayMs: 3600_000 },
    });
    const trade = app.payments.sandbox!.trades.get('alipay', orderNo)!;
    const n = app.payments.sandbox!.provider('alipay')!.buildNotification(trade, 'PAID')!;
    const post = () =>
      app.inject({ method: 'POST', url: NOTIFY, headers: { 'content-type': n.contentType }, payload: n.body });
    for (let i = 0; i < 1000; i++) {
      const res = await post();
      if (res.body !== 'success') throw new Error(`replay ${i}: ${res.body}`);
    }
    const concurrent = await Promise.all(Array.from({ length: 100 }, post));
    expect(concurrent.every((r) => r.body === 'success')).toBe(true);
    expect(await walletTxns(orderNo)).toEqual([{ kind: 'commission', status: 'posted' }]);
    expect(await info(proxy)).toMatchObject({ balance: 9.99, totals: { commission: 9.99, reversed: 0, withdrawn: 0 } });
    const view = body<ProxyBody>(await api(proxy, 'GET', 'market/proxy'));
    expect(view.stats).toEqual({ orders: 1, paidOrders: 1, settled: 9.99, pending: 0 });
    expect(view.referrals[0]).toMatchObject({ status: 'settled', orderStatus: 'PAID', statusText: '已结算' });

    await app.payments.orders.refund(orderNo, { actorId: ops.id, reason: '用户申请退款' });
    await app.payments.sandbox!.flush();
    expect(await walletTxns(orderNo)).toEqual([
      { kind: 'commission', status: 'posted' },
      { kind: 'commission_reversal', status: 'posted' },
    ]);
    const [referral] = await rows<{ status: string }>(
      sql`SELECT status FROM mall_referrals WHERE order_no = ${orderNo}`,
    );
    expect(referral!.status).toBe('reversed');
    expect(await info(proxy)).toMatchObject({ balance: 0, totals: { commission: 9.99, reversed: 9.99 } });
    const ledger = body<WalletLedgerBody>(await api(proxy, 'GET', 'wallet/ledger'));
    expect(ledger.list.map((l) => [l.kind, l.amount])).toEqual([
      ['commission_reversal', -9.99],
      ['commission', 9.99],
    ]);
    const audit = await rows<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE target_id = ${orderNo} AND action LIKE 'wallet.%' ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['wallet.commission', 'wallet.commission.reversal']);
    await expectInvariants();
  });

  it('a reversal after a withdrawal leaves the balance negative, and no withdrawal is possible then', async () => {
    const { user: proxy, code } = await joined();
    const first = await paidOrder(await signInAs(app), REPORT_BIG, code);
    await paidOrder(await signInAs(app), REPORT, code);
    expect((await info(proxy)).balance).toBe(29.99);
    const w = body<WithdrawBody>(await withdraw(proxy, 29.99));
    expect(w.info.balance).toBe(0);
    await app.payments.orders.refund(first, { actorId: ops.id, reason: '重复购买' });
    expect((await info(proxy)).balance).toBe(-20);
    body(await decide(ops, w.withdrawal.id, 'approve'));
    expectFail(await withdraw(proxy, 10), 400, WALLET_MESSAGES.withdrawOverBalance);
    await expectInvariants();
  });
});

describe('withdrawals', () => {
  async function funded(): Promise<SignedIn> {
    const { user, code } = await joined();
    await paidOrder(await signInAs(app), REPORT_BIG, code);
    expect((await info(user)).balance).toBe(20);
    return user;
  }

  it('validates the amount: two decimals, at least ¥10, at most the balance; a visitor 401', async () => {
    const user = await funded();
    expectFail(await withdraw({ headers: {} } as SignedIn, 10), 401);
    expectFail(await withdraw(user, 'abc'), 400, WALLET_MESSAGES.withdrawAmount);
    expectFail(await withdraw(user, 10.001), 400, WALLET_MESSAGES.withdrawAmount);
    expectFail(await withdraw(user, -10), 400, WALLET_MESSAGES.withdrawAmount);
    expectFail(await withdraw(user, 9.99), 400, WALLET_MESSAGES.withdrawMin);
    expectFail(await withdraw(user, 20.01), 400, WALLET_MESSAGES.withdrawOverBalance);
    expectFail(await withdraw(user, 99999999), 400, WALLET_MESSAGES.withdrawAmount);
    const done = body<WithdrawBody>(await withdraw(user, '12.50'));
    expect(done.withdrawal).toMatchObject({ amount: 12.5, status: 'pending', statusText: '审核中' });
    expect(done.info).toMatchObject({ balance: 7.5, pendingWithdrawal: { amount: 12.5 } });
    // one at a time
    expectFail(await withdraw(user, 10), 400, WALLET_MESSAGES.withdrawPending);
    await expectInvariants();
  });

  it('the same Idempotency-Key answers the same withdrawal; two concurrent withdrawals of everything: one wins', async () => {
    const user = await funded();
    const [a, b] = await Promise.all([withdraw(user, 20, 'key-wd-000001'), withdraw(user, 20, 'key-wd-000001')]);
    expect(body<WithdrawBody>(a).withdrawal.id).toBe(body<WithdrawBody>(b).withdrawal.id);

    const other = await funded();
    const raced = await Promise.all([withdraw(other, 20), withdraw(other, 20)]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await info(other)).balance).toBe(0);
    const [n] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM wallet_transactions WHERE kind = 'withdraw_request' AND user_id = ${other.id}`,
    );
    expect(n!.n).toBe(1);
    await expectInvariants();
  });

  it('the console approves once (→ paid) or rejects once (→ back to the balance), audited; ops only', async () => {
    const user = await funded();
    const w = body<WithdrawBody>(await withdraw(user, 15)).withdrawal;
    expectFail(await api(null, 'GET', 'ops/wallet/withdrawals'), 401);
    expectFail(await api(user, 'GET', 'ops/wallet/withdrawals'), 403);
    expectFail(await api(support, 'GET', 'ops/wallet/withdrawals'), 403, WALLET_MESSAGES.opsOnly);
    expectFail(await decide(support, w.id, 'approve'), 403, WALLET_MESSAGES.opsOnly);
    const list = await api(ops, 'GET', 'ops/wallet/withdrawals');
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.headers['x-robots-tag']).toBe('noindex');
    const pending = body<OpsWithdrawalsBody>(list).list.find((r) => r.id === w.id);
    expect(pending).toMatchObject({ userId: user.id, amount: 15, balance: 5, status: 'pending' });
    expect(pending!.phone).toMatch(/^\d{3}\*{4}\d{4}$/);

    expectFail(await decide(ops, w.id, 'maybe'), 400, WALLET_MESSAGES.decision);
    expectFail(await decide(ops, w.id, 'approve', 'x'), 400, WALLET_MESSAGES.memo);
    expectFail(await decide(ops, 2_000_000_000, 'approve'), 404, WALLET_MESSAGES.withdrawalUnknown);
    const both = await Promise.all([decide(ops, w.id, 'approve'), decide(ops, w.id, 'reject')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const won = both.find((r) => r.statusCode === 200)!;
    const decided = body<{ withdrawal: { status: string; decidedBy: number } }>(won).withdrawal;
    expect(decided.decidedBy).toBe(ops.id);
    expectFail(await decide(ops, w.id, 'approve'), 400, WALLET_MESSAGES.decided);
    const approved = decided.status === 'approved';
    expect((await info(user)).balance).toBe(approved ? 5 : 20);
    const audit = await rows<{ action: string; actorId: number }>(
      sql`SELECT action, actor_id AS "actorId" FROM audit_log
          WHERE target_type = 'wallet_transaction' AND target_id = ${String(w.id)} ORDER BY id`,
    );
    expect(audit).toEqual([
      { action: 'wallet.withdraw.request', actorId: user.id },
      { action: approved ? 'wallet.withdraw.approve' : 'wallet.withdraw.reject', actorId: ops.id },
    ]);
    await expectInvariants();
  });

  it('reject gives the money back and the user may withdraw again; approve moves it to withdrawals_paid', async () => {
    const user = await funded();
    const first = body<WithdrawBody>(await withdraw(user, 20)).withdrawal;
    body(await decide(ops, first.id, 'reject', '收款账户信息有误'));
    expect(await info(user)).toMatchObject({ balance: 20, pendingWithdrawal: null });
    const second = body<WithdrawBody>(await withdraw(user, 20)).withdrawal;
    body(await decide(ops, second.id, 'approve', '已打款'));
    expect(await info(user)).toMatchObject({ balance: 0, pendingWithdrawal: null, totals: { withdrawn: 20 } });
    const ledger = body<WalletLedgerBody>(await api(user, 'GET', 'wallet/ledger?page=1&size=2'));
    expect(ledger.total).toBe(4);
    expect(ledger.list.map((l) => [l.kind, l.amount, l.status])).toEqual([
      ['withdraw_request', -20, 'approved'],
      ['withdraw_reject', 20, 'posted'],
    ]);
    const rest = body<WalletLedgerBody>(await api(user, 'GET', 'wallet/ledger?page=2&size=2'));
    expect(rest.list.map((l) => [l.kind, l.status, l.memo])).toEqual([
      ['withdraw_request', 'rejected', '收款账户信息有误'],
      ['commission', 'posted', '杭州市房价报告'],
    ]);
    const platform = await rows<{ kind: string; fen: number }>(
      sql`SELECT a.kind, COALESCE(SUM(e.amount_fen), 0)::int AS fen FROM wallet_accounts a
          LEFT JOIN wallet_entries e ON e.account_id = a.id WHERE a.user_id = 0 GROUP BY a.kind ORDER BY a.kind`,
    );
    const byKind = Object.fromEntries(platform.map((p) => [p.kind, p.fen]));
    const [pending] = await rows<{ fen: number }>(
      sql`SELECT COALESCE(SUM(e.amount_fen), 0)::int AS fen FROM wallet_entries e
          JOIN wallet_transactions t ON t.id = e.transaction_id
          JOIN wallet_accounts a ON a.id = e.account_id AND a.kind = 'user'
          WHERE t.kind = 'withdraw_request' AND t.status = 'pending'`,
    );
    // what waits for review is exactly what the pending requests took out of users' balances
    expect(byKind.withdrawals_pending).toBe(-pending!.fen);
    expectFail(await api(user, 'GET', 'wallet/ledger?size=500'), 400);
    await expectInvariants();
  });
});

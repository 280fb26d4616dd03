// The order operations (issue 12): GET ops/orders and POST ops/orders/refund (ops role only, no-store, noindex,
// every refund audited with the staff member as actor), and the `orders` / `refund` command line (parse + run).
// PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { queryRows, sql } from '@fjt/db';
import {
  OPS_ORDER_QUERY_ERROR,
  ORDER_MESSAGES,
  ORDER_NO_ERROR,
  ORDERS_OPS_ONLY,
  REFUND_REASON_ERROR,
  type OpsOrdersBody,
  type OpsRefundBody,
} from '@fjt/domain';
import { buildApp } from '../../app.ts';
import { expectFail, signInAs, type SignedIn } from '../../testing.ts';
import { EXIT } from '../staff/cli.ts';
import { parseOrdersArgs, runOrdersCommand } from './cli.ts';
import { createOpsOrdersService } from './service.ts';

let database: TestDatabase;
let app: FastifyInstance;
let ops: SignedIn;
let support: SignedIn;
let buyer: SignedIn;
const clock = Date.parse('2026-11-25T08:00:00Z');
const BROWSER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false }, database, now: () => clock });
  await app.ready();
  [ops, support, buyer] = [await signInAs(app), await signInAs(app), await signInAs(app)];
  await database.sql.query(`INSERT INTO staff_roles (user_id, role) VALUES ($1, 'ops'), ($2, 'support')`, [
    ops.id,
    support.id,
  ]);
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const get = (query: string, me: SignedIn | null) =>
  app.inject({ url: `/rabbit/v1/ops/orders?${query}`, headers: me?.headers ?? {} });
const refund = (me: SignedIn | null, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/rabbit/v1/ops/orders/refund',
    payload,
    headers: me?.headers ?? { origin: 'http://localhost:3000' },
  });
const body = <T>(res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
};

async function newOrder(user: SignedIn): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/rabbit/v1/memberCard/buyMember',
    headers: user.headers,
    payload: { cardCode: 'VIP_MONTH' },
  });
  return body<{ order: { orderNo: string } }>(res).order.orderNo;
}

/** An order paid through the Alipay sandbox, as a user does it. */
async function paidOrder(user: SignedIn): Promise<string> {
  const orderNo = await newOrder(user);
  const res = await app.inject({
    method: 'POST',
    url: '/rabbit/v1/customer/pay/unifiedorder',
    headers: { ...user.headers, 'user-agent': BROWSER_UA },
    payload: { orderNo, platform: 1 },
  });
  expect(res.statusCode, res.body).toBe(200);
  // opening the cashier makes the trade at the sandbox's Alipay
  const url = new URL((res.json() as { body: { action: { url: string } } }).body.action.url);
  expect((await app.inject({ url: `${url.pathname}${url.search}` })).statusCode).toBe(200);
  const pay = await app.inject({ method: 'POST', url: `/__sandbox/control/alipay/${orderNo}/pay`, payload: {} });
  expect(pay.statusCode, pay.body).toBe(200);
  await app.payments.sandbox!.flush();
  const [row] = await queryRows<{ status: string }>(
    database.db,
    sql`SELECT status FROM orders WHERE order_no = ${orderNo}`,
  );
  expect(row!.status).toBe('PAID');
  return orderNo;
}

describe('GET ops/orders', () => {
  it('is for the ops role only, never cached, never indexed', async () => {
    const orderNo = await newOrder(buyer);
    expectFail(await get(`orderNo=${orderNo}`, null), 401, '请先登录');
    expectFail(await get(`orderNo=${orderNo}`, buyer), 403, '无权访问：仅限工作人员');
    expectFail(await get(`orderNo=${orderNo}`, support), 403, ORDERS_OPS_ONLY);
    const res = await get(`orderNo=${orderNo}`, ops);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
  });

  it('refuses a bad query in Chinese', async () => {
    expectFail(await get('', ops), 400, OPS_ORDER_QUERY_ERROR);
    expectFail(await get('orderNo=FJT1&phone=13800000000', ops), 400);
    expectFail(await get('orderNo=abc', ops), 400, ORDER_NO_ERROR);
    expectFail(await get('phone=12', ops), 400, '请填写正确格式的手机号');
    expectFail(await get(`orderNo=FJT${'0'.repeat(22)}`, ops), 404, ORDER_MESSAGES.notFound);
  });

  it('shows a paid order with its notification log and ledger; a phone lists the user’s orders', async () => {
    const user = await signInAs(app);
    const unpaid = await newOrder(user);
    const orderNo = await paidOrder(user);
    const { detail, list } = body<OpsOrdersBody>(await get(`orderNo=${orderNo}`, ops));
    expect(list).toHaveLength(1);
    expect(detail!.order).toMatchObject({
      orderNo,
      userId: user.id,
      phone: `${user.mobile.slice(0, 3)}****${user.mobile.slice(7)}`,
      productKind: 'vip',
      productCode: 'VIP_MONTH',
      status: 'PAID',
      statusText: '已支付',
      provider: 'alipay',
      refundedAt: null,
    });
    expect(detail!.order.amount).toBeGreaterThan(0);
    expect(detail!.order.paidAt).not.toBeNull();
    expect(detail!.notifications.some((n) => n.provider === 'alipay' && n.verified && n.event === 'PAID')).toBe(true);
    expect(detail!.ledger).toEqual([expect.objectContaining({ kind: 'grant', amount: detail!.order.amount })]);
    expect(detail!.refunds).toEqual([]);

    const byPhone = body<OpsOrdersBody>(await get(`phone=${user.mobile}`, ops));
    expect(byPhone.detail).toBeNull();
    expect(byPhone.list.map((o) => o.orderNo)).toEqual([orderNo, unpaid]); // newest first
    expect(body<OpsOrdersBody>(await get('phone=13900000000', ops)).list).toEqual([]);
  });
});

describe('POST ops/orders/refund', () => {
  it('refunds a paid order once, audited with the staff member; refuses unpaid orders and bad reasons', async () => {
    const user = await signInAs(app);
    const orderNo = await paidOrder(user);
    const unpaid = await newOrder(user);

    expectFail(await refund(null, { orderNo, reason: '用户申请' }), 401, '请先登录');
    expectFail(await refund(buyer, { orderNo, reason: '用户申请' }), 403, '无权访问：仅限工作人员');
    expectFail(await refund(support, { orderNo, reason: '用户申请' }), 403, ORDERS_OPS_ONLY);
    expectFail(await refund(ops, { orderNo, reason: '退' }), 400, REFUND_REASON_ERROR);
    expectFail(await refund(ops, { orderNo, reason: '  ' }), 400, REFUND_REASON_ERROR);
    expectFail(await refund(ops, { orderNo, reason: 'x'.repeat(101) }), 400, REFUND_REASON_ERROR);
    expectFail(await refund(ops, { orderNo: 'FJT123', reason: '用户申请' }), 400, ORDER_NO_ERROR);
    expectFail(await refund(ops, { orderNo: unpaid, reason: '用户申请' }), 400, ORDER_MESSAGES.refundNotPaid);

    const res = await refund(ops, { orderNo, reason: '用户申请退款' });
    expect(res.headers['cache-control']).toBe('no-store');
    const done = body<OpsRefundBody>(res);
    expect(done.refundNo).toMatch(/^RF\d+$/);
    expect(done.detail.order).toMatchObject({ status: 'REFUNDED', statusText: '已退款' });
    expect(done.detail.refunds).toEqual([
      expect.objectContaining({
        refundNo: done.refundNo,
        status: 'SUCCESS',
        reason: '用户申请退款',
        createdBy: ops.id,
      }),
    ]);
    expect(done.detail.ledger.map((l) => l.kind).sort()).toEqual(['grant', 'refund']);
    await app.payments.sandbox!.flush();
    expect(app.payments.sandbox!.trades.get('alipay', orderNo)!.state).toBe('REFUNDED');

    // once only
    expectFail(await refund(ops, { orderNo, reason: '再退一次' }), 400, ORDER_MESSAGES.refundNotPaid);
    const audit = await queryRows<{ action: string; actorId: number | null; ip: string | null }>(
      database.db,
      sql`SELECT action, actor_id AS "actorId", ip FROM audit_log WHERE target_id = ${orderNo} ORDER BY id`,
    );
    expect(audit[0]).toMatchObject({ action: 'order.refund', actorId: ops.id });
    expect(audit[0]!.ip).not.toBeNull();
    expect(audit.map((a) => a.action)).toEqual(['order.refund', 'order.refunded']);
    // nothing was written for the refused attempts
    const unpaidAudit = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE target_id = ${unpaid}`,
    );
    expect(unpaidAudit[0]!.n).toBe(0);
  });
});

describe('npm run ops -- orders | refund', () => {
  it('parses its arguments and says what is wrong (exit 2)', () => {
    const no = `FJT${'1'.repeat(22)}`;
    expect(parseOrdersArgs(['orders', '--order', no])).toEqual({ command: 'orders', orderNo: no });
    expect(parseOrdersArgs(['orders', '--phone', '13800000001'])).toEqual({ command: 'orders', phone: '13800000001' });
    expect(parseOrdersArgs(['refund', '--order', no, '--reason', ' 用户申请 '])).toEqual({
      command: 'refund',
      orderNo: no,
      reason: '用户申请',
    });
    for (const bad of [
      ['orders'],
      ['orders', '--order', no, '--phone', '13800000001'],
      ['orders', '--order', 'FJT1'],
      ['orders', '--phone', '123'],
      ['orders', '--order', no, '--reason', 'xx'],
      ['orders', 'list'],
      ['refund', '--order', no],
      ['refund', '--order', no, '--reason', '退'],
      ['refund', '--reason', '用户申请'],
      ['refund', '--phone', '13800000001', '--reason', '用户申请'],
      ['refund', '--order', no, '--reason', '用户申请', '--force'],
    ]) {
      const r = parseOrdersArgs(bad);
      expect('error' in r, bad.join(' ')).toBe(true);
      expect((r as { error: string }).error).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('prints an order and a user’s orders, refunds once (exit 0), refuses an unpaid order (exit 1)', async () => {
    const user = await signInAs(app);
    const orderNo = await paidOrder(user);
    const unpaid = await newOrder(user);
    const lookup = createOpsOrdersService(database.db);
    const run = async (args: string[]) => {
      const cmd = parseOrdersArgs(args);
      if ('error' in cmd) throw new Error(cmd.error);
      const out: string[] = [];
      const err: string[] = [];
      const code = await runOrdersCommand(
        cmd,
        { lookup, orders: async () => app.payments.orders },
        { out: (l) => out.push(l), err: (l) => err.push(l) },
      );
      return { code, out: out.join('\n'), err: err.join('\n') };
    };

    const shown = await run(['orders', '--order', orderNo]);
    expect(shown.code).toBe(EXIT.ok);
    expect(shown.out).toContain(orderNo);
    expect(shown.out).toContain('PAID(已支付)');
    expect(shown.out).toMatch(/¥\d+\.\d{2}/);
    expect(shown.out).toMatch(/ledger \(1\):\n.*grant/);

    const listed = await run(['orders', '--phone', user.mobile]);
    expect(listed.code).toBe(EXIT.ok);
    expect(listed.out).toContain(orderNo);
    expect(listed.out).toContain(unpaid);
    expect(listed.out).toContain('待支付');
    expect((await run(['orders', '--order', `FJT${'0'.repeat(22)}`])).code).toBe(EXIT.refused);

    const refused = await run(['refund', '--order', unpaid, '--reason', '测试退款']);
    expect(refused).toMatchObject({ code: EXIT.refused });
    expect(refused.err).toContain(ORDER_MESSAGES.refundNotPaid);

    const done = await run(['refund', '--order', orderNo, '--reason', '命令行退款']);
    expect(done.code, done.err).toBe(EXIT.ok);
    expect(done.out).toContain('已退款');
    const again = await run(['refund', '--order', orderNo, '--reason', '命令行退款']);
    expect(again.code).toBe(EXIT.refused);

    const shownAfter = await run(['orders', '--order', orderNo]);
    expect(shownAfter.out).toContain('REFUNDED(已退款)');
    expect(shownAfter.out).toMatch(/refunds \(1\):\n.*SUCCESS.*命令行退款/);
    const audit = await queryRows<{ action: string; actorId: number | null }>(
      database.db,
      sql`SELECT action, actor_id AS "actorId" FROM audit_log WHERE target_id = ${orderNo} ORDER BY id`,
    );
    expect(audit[0]).toEqual({ action: 'order.refund', actorId: null });
  });
});

// The reseller programme and wallet's calls (issue 12; PAGES.md §3.10): NEW GET market/proxy, NEW POST
// market/proxy/join, NEW GET wallet/info, NEW GET wallet/ledger, NEW POST wallet/withdraw (Idempotency-Key) — the
// signed-in user's own, never cached — and the /ops/wallet console's NEW GET ops/wallet/withdrawals and NEW POST
// ops/wallet/withdrawals/decide (ops role; a visitor 401, other staff 403; never cached, never indexed).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ok,
  opsDecideBody,
  opsDecideInput,
  opsWithdrawalsBody,
  opsWithdrawalsQuery,
  proxyBody,
  WALLET_MESSAGES,
  walletInfoBody,
  walletLedgerBody,
  walletLedgerQuery,
  withdrawBody,
  withdrawInput,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { keyOf, userIdOf } from '../payments/routes.ts';
import type { OrdersService } from '../payments/service.ts';
import { staffGuard } from '../staff/guard.ts';
import type { StaffModule } from '../staff/service.ts';
import type { WalletService } from './service.ts';

const tags = ['wallet'];

export const walletRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  orders: Pick<OrdersService, 'withIdempotency'>;
  staff: StaffModule;
}> = async (app, { wallet, orders, staff }) => {
  app.addHook('onSend', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (request.url.includes('/ops/')) reply.header('x-robots-tag', 'noindex');
  });
  const staffOf = staffGuard(staff);

  app.get(
    '/market/proxy',
    {
      schema: {
        tags,
        summary: '分销（新）：我的推广码、佣金比例、分享链接和通过推广码下单的订单',
        response: { 200: envelopeOf(proxyBody) },
      },
    },
    async (request) => ok(await wallet.proxy(userIdOf(request))),
  );

  app.post(
    '/market/proxy/join',
    {
      schema: {
        tags,
        summary: '加入分销（新）：生成我的推广码（已加入则返回原推广码）',
        response: { 200: envelopeOf(proxyBody) },
      },
    },
    async (request) => ok(await wallet.join(userIdOf(request))),
  );

  app.get(
    '/wallet/info',
    {
      schema: {
        tags,
        summary: '钱包（新）：余额（分录之和）、审核中的提现和累计佣金',
        response: { 200: envelopeOf(walletInfoBody) },
      },
    },
    async (request) => ok(await wallet.info(userIdOf(request))),
  );

  app.get(
    '/wallet/ledger',
    {
      schema: {
        tags,
        summary: '钱包流水（新）：我的佣金、退回和提现记录，分页，最新在前',
        querystring: walletLedgerQuery,
        response: { 200: envelopeOf(walletLedgerBody) },
      },
    },
    async (request) => ok(await wallet.ledger(userIdOf(request), request.query)),
  );

  app.post(
    '/wallet/withdraw',
    {
      schema: {
        tags,
        summary: '申请提现（新）：最低¥10、不超过余额、同时只能有一笔审核中（支持 Idempotency-Key）',
        body: withdrawInput,
        response: { 200: envelopeOf(withdrawBody) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const { amount } = request.body;
      return ok(
        await orders.withIdempotency(userId, 'wallet/withdraw', keyOf(request.headers), { amount }, (tx) =>
          wallet.withdraw(tx, userId, amount, request.ip),
        ),
      );
    },
  );

  app.get(
    '/ops/wallet/withdrawals',
    {
      schema: {
        tags: ['staff'],
        summary: '提现审核列表（新，仅限运营）：待审核 / 已处理 / 全部，最新在前',
        querystring: opsWithdrawalsQuery,
        response: { 200: envelopeOf(opsWithdrawalsBody) },
      },
    },
    async (request) => {
      await staffOf(request, { role: 'ops', message: WALLET_MESSAGES.opsOnly });
      return ok(await wallet.withdrawals(request.query));
    },
  );

  app.post(
    '/ops/wallet/withdrawals/decide',
    {
      schema: {
        tags: ['staff'],
        summary: '提现审核（新，仅限运营）：通过（已打款）或驳回（退回余额），每笔只能处理一次；写审计日志',
        body: opsDecideInput,
        response: { 200: envelopeOf(opsDecideBody) },
      },
    },
    async (request) => {
      const actor = await staffOf(request, { role: 'ops', message: WALLET_MESSAGES.opsOnly });
      return ok({ withdrawal: await wallet.decide(request.body, { actorId: actor.userId, ip: request.ip }) });
    },
  );
};

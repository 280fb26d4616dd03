// NEW GET ops/orders?orderNo=|?phone= and NEW POST ops/orders/refund (issue 12, operations; ops role only): the
// /ops/orders console's calls. A visitor gets 401, staff without the ops role 403. The refund is the orders
// service's (audited there, with this staff member as the actor). Never cached, never indexed.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  ORDER_MESSAGES,
  ORDERS_OPS_ONLY,
  ok,
  opsOrdersBody,
  opsOrdersQuery,
  opsRefundBody,
  opsRefundInput,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { staffGuard } from '../staff/guard.ts';
import type { StaffModule } from '../staff/service.ts';
import type { OrdersService } from '../payments/service.ts';
import type { OpsOrdersService } from './service.ts';

const tags = ['staff'];

export const opsOrdersRoutes: FastifyPluginAsyncZod<{
  staff: StaffModule;
  orders: OrdersService;
  lookup: OpsOrdersService;
}> = async (app, { staff, orders, lookup }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
  });
  const staffOf = staffGuard(staff);

  app.get(
    '/ops/orders',
    {
      schema: {
        tags,
        summary: '订单查询（新，仅限运营）：按订单号查一个订单及其通知记录、流水和退款；或按手机号查最近50个订单',
        querystring: opsOrdersQuery,
        response: { 200: envelopeOf(opsOrdersBody) },
      },
    },
    async (request) => {
      await staffOf(request, { role: 'ops', message: ORDERS_OPS_ONLY });
      const { orderNo, phone } = request.query;
      if (orderNo !== undefined) {
        const detail = await lookup.detail(orderNo);
        if (!detail) throw ApiError.notFound(ORDER_MESSAGES.notFound);
        return ok({ detail, list: [detail.order] });
      }
      return ok({ detail: null, list: await lookup.byPhone(phone!) });
    },
  );

  app.post(
    '/ops/orders/refund',
    {
      schema: {
        tags,
        summary: '订单退款（新，仅限运营）：已支付订单全额原路退回，收回权益；写审计日志',
        body: opsRefundInput,
        response: { 200: envelopeOf(opsRefundBody) },
      },
    },
    async (request) => {
      const actor = await staffOf(request, { role: 'ops', message: ORDERS_OPS_ONLY });
      const { orderNo, reason } = request.body;
      const { refundNo } = await orders.refund(orderNo, { actorId: actor.userId, reason, ip: request.ip });
      return ok({ refundNo, detail: (await lookup.detail(orderNo))! });
    },
  );
};

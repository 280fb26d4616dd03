// GET memberCard/getMemberCardBasisInfo, GET memberCard/getAllMemberCard, POST memberCard/getMemberCardInfo,
// GET memberCard/purchase-history (spec §7) and NEW POST promotion/exchange-vip (issue 12, first increment).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  CODES_OPS_ONLY,
  codesCreateBody,
  codesCreateInput,
  exchangeVipBody,
  exchangeVipInput,
  memberBasisBody,
  memberCardListBody,
  memberStatusBody,
  ok,
  purchaseHistoryBody,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { MEMBER_RIGHTS, type MembershipService } from './service.ts';
import { staffGuard } from '../staff/guard.ts';
import type { StaffModule } from '../staff/service.ts';

const tags = ['membership'];

export const membershipRoutes: FastifyPluginAsyncZod<{ membership: MembershipService; staff: StaffModule }> = async (
  app,
  { membership, staff },
) => {
  const staffOf = staffGuard(staff);
  const userIdOf = (request: { user: { id: number } | null }) => {
    if (!request.user) throw ApiError.unauthorized();
    return request.user.id;
  };

  app.get(
    '/memberCard/getMemberCardBasisInfo',
    {
      schema: { tags, summary: '会员权益说明', response: { 200: envelopeOf(memberBasisBody) } },
    },
    async () => ok({ title: '房价通会员', rights: MEMBER_RIGHTS }),
  );

  app.get(
    '/memberCard/getAllMemberCard',
    {
      schema: {
        tags,
        summary: '全部会员卡：天数、价格、原价、每天价格与权益（价格以此为准）',
        response: { 200: envelopeOf(memberCardListBody) },
      },
    },
    async () => ok({ list: await membership.cards() }),
  );

  app.post(
    '/memberCard/getMemberCardInfo',
    {
      schema: {
        tags,
        summary: '我的会员状态：是否会员、到期时间、剩余天数（多次购买顺延）',
        body: z.object({}).optional(),
        response: { 200: envelopeOf(memberStatusBody) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await membership.status(userIdOf(request)));
    },
  );

  app.get(
    '/memberCard/purchase-history',
    {
      schema: {
        tags,
        summary: '会员记录：购买、兑换与赠送的每一段会员期，最新在前',
        response: { 200: envelopeOf(purchaseHistoryBody) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ list: await membership.history(userIdOf(request)) });
    },
  );

  app.post(
    '/promotion/exchange-vip',
    {
      schema: {
        tags,
        summary: '兑换会员（新）：16位兑换码，一码一次，天数顺延到当前会员之后',
        body: exchangeVipInput,
        response: { 200: envelopeOf(exchangeVipBody) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await membership.redeem(userIdOf(request), request.body.code));
    },
  );
  app.post(
    '/ops/codes/create',
    {
      schema: {
        tags,
        summary: '生成兑换码（新，仅限运营）：一批1-500个，每个兑换若干天会员，只在此时显示一次；写审计日志',
        body: codesCreateInput,
        response: { 200: envelopeOf(codesCreateBody) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
      const actor = await staffOf(request, { role: 'ops', message: CODES_OPS_ONLY });
      return ok(await membership.createCodes({ ...request.body, actorId: actor.userId, ip: request.ip }));
    },
  );
};

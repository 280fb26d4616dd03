// 委托找房 (spec §7 "Listings and houses"): GET house/search-house-contractor (public, cached like the other public
// lists) and POST house/contractor/sendMsg (login; Idempotency-Key; personal: never cached).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  CONTRACTOR_MESSAGES,
  IDEMPOTENCY_HEADER,
  contractorListBody,
  contractorListQuery,
  contractorSendBody,
  contractorSendInput,
  ok,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import type { ContractorsService } from './service.ts';

const tags = ['contractors'];

export const contractorsRoutes: FastifyPluginAsyncZod<{ contractors: ContractorsService }> = async (
  app,
  { contractors },
) => {
  app.get(
    '/house/search-house-contractor',
    {
      schema: {
        tags,
        summary: '委托找房顾问：城市的签约找房经纪人（评分高的在前，分页）与该城市的区域（需求表单的区域选项）',
        querystring: contractorListQuery,
        response: { 200: envelopeOf(contractorListBody) },
      },
      config: { publicCache: true },
    },
    async (request) => {
      const body = await contractors.list(request.query);
      if (!body) throw ApiError.notFound(CONTRACTOR_MESSAGES.cityNotFound);
      return ok(body);
    },
  );

  app.post(
    '/house/contractor/sendMsg',
    {
      schema: {
        tags,
        summary:
          '委托找房（需登录）：把找房需求（预算、区域、户型、留言）交给选定的签约找房顾问，成为派给该顾问的线索；' +
          '不传 mobile 用账号手机号；同一手机号同一顾问24小时内去重；计入每天最多联系3位经纪人；支持 Idempotency-Key',
        body: contractorSendInput,
        response: { 200: envelopeOf(contractorSendBody) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.user) throw ApiError.unauthorized();
      const key = request.headers[IDEMPOTENCY_HEADER];
      return ok(
        await contractors.send(request.user, request.body, {
          ip: request.ip,
          idempotencyKey: typeof key === 'string' ? key : undefined,
        }),
      );
    },
  );
};

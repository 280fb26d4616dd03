import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  agentDetailBody,
  agentDetailQuery,
  agentListBody,
  agentListQuery,
  ok,
  type Services,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';

export const agentsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/agent/detail',
    {
      schema: {
        tags: ['agents'],
        summary: '经纪人主页：从业与评分、服务的小区、在售房源与最近成交（不含电话，通话走虚拟号）',
        querystring: agentDetailQuery,
        response: { 200: envelopeOf(agentDetailBody) },
      },
    },
    async (request) => {
      const body = await services.agents.detail(request.query);
      if (!body) throw ApiError.notFound('经纪人不存在');
      return ok(body);
    },
  );

  app.get(
    '/agent/list',
    {
      schema: {
        tags: ['agents'],
        summary: '城市经纪人列表：按评分或成交量排序，分页',
        querystring: agentListQuery,
        response: { 200: envelopeOf(agentListBody) },
      },
    },
    async (request) => {
      const { cityId } = request.query;
      if (!(await services.geo.getCity(cityId))) throw ApiError.notFound('城市不存在');
      return ok(await services.agents.list(request.query));
    },
  );
};

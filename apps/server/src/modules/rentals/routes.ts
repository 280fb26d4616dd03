import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, ok, rentListBody, rentListQuery, type Services } from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';

export const rentalsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/estate/rent/list',
    {
      schema: {
        tags: ['rentals'],
        summary: '租房列表：小区在租房源与租金水平，或全市租房搜索（每页20条）',
        querystring: rentListQuery,
        response: { 200: envelopeOf(rentListBody) },
      },
    },
    async (request) => {
      const body = await services.rentals.rentList(request.query);
      if (!body) throw ApiError.notFound(request.query.houseId ? '小区不存在' : '城市不存在');
      return ok(body);
    },
  );
};

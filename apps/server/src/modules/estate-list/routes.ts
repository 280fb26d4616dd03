import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, estateListBody, estateListQuery, ok, type Services } from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';

export const estateListRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/estate/list',
    {
      schema: {
        tags: ['estates'],
        summary: '小区列表：城市、区县或板块内的小区，含挂牌均价、环比、在售与成交（每页20条）',
        querystring: estateListQuery,
        response: { 200: envelopeOf(estateListBody) },
      },
    },
    async (request) => {
      const body = await services.estateList.estateList(request.query);
      if (!body) throw ApiError.notFound('城市或区域不存在');
      return ok(body);
    },
  );
};

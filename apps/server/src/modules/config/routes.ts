import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, complexConditionBody, complexConditionQuery, ok, type Services } from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';

export const configRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/config/getComplexCondition',
    {
      schema: {
        tags: ['config'],
        summary: '列表筛选条件（version 1）：排序、特色、总价、户型、面积、楼层……',
        querystring: complexConditionQuery,
        response: { 200: envelopeOf(complexConditionBody) },
      },
    },
    async (request) => {
      const body = await services.config.complexCondition(request.query.cityId);
      if (!body) throw ApiError.notFound('城市不存在');
      return ok(body);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  complexConditionBody,
  complexConditionQuery,
  ok,
  sceneListBody,
  sceneListQuery,
  type Services,
} from '@fjt/domain';
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

  app.get(
    '/config/scene-list',
    {
      schema: {
        tags: ['config'],
        summary: '场景找房：地铁房、学区房、低总价、次新房，各自的简介、预设筛选条件和全市符合条件的在售二手房套数',
        querystring: sceneListQuery,
        response: { 200: envelopeOf(sceneListBody) },
      },
    },
    async (request) => {
      const body = await services.config.sceneList(request.query.cityId);
      if (!body) throw ApiError.notFound('城市不存在');
      return ok(body);
    },
  );
};

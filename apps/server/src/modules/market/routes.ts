import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  cityOverviewBody,
  cityOverviewQuery,
  ok,
  rankListBody,
  rankListQuery,
  type Services,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';

export const marketRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/market/city-overview',
    {
      schema: {
        tags: ['market'],
        summary: '城市房价概况：挂牌/成交均价、环比、房东溢价系数与近12个月走势',
        querystring: cityOverviewQuery,
        response: { 200: envelopeOf(cityOverviewBody) },
      },
    },
    async (request) => {
      const body = await services.market.cityOverview(request.query.cityId);
      if (!body) throw ApiError.notFound('城市不存在');
      return ok(body);
    },
  );

  app.get(
    '/rank/list',
    {
      schema: {
        tags: ['market'],
        summary: '排行榜：热度、涨幅、跌幅、均价、成交量（小区/板块/区县）',
        querystring: rankListQuery,
        response: { 200: envelopeOf(rankListBody) },
      },
    },
    async (request) => {
      const body = await services.market.rankList(request.query);
      if (!body) throw ApiError.notFound('城市或区县不存在');
      return ok(body);
    },
  );
};

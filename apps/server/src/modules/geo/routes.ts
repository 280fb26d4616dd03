import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, areaListBody, areaListQuery, citySummary, cityListQuery, ok, type Services } from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';

export const geoRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/config/city-list',
    {
      schema: {
        tags: ['geo'],
        summary: '城市列表（含热门城市与城市中心坐标）',
        querystring: cityListQuery,
        response: { 200: envelopeOf(z.object({ list: z.array(citySummary) })) },
      },
    },
    async (request) => {
      const cities = await services.geo.listCities();
      return ok({ list: request.query.hot === '1' ? cities.filter((c) => c.isHot) : cities });
    },
  );

  app.get(
    '/app/house/areaList',
    {
      schema: {
        tags: ['geo'],
        summary: '区县与板块列表（含挂牌均价与环比），用于所有列表筛选',
        querystring: areaListQuery,
        response: { 200: envelopeOf(areaListBody) },
      },
    },
    async (request) => {
      const body = await services.geo.areaList(request.query);
      if (!body) throw ApiError.notFound('城市不存在');
      return ok(body);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@fjt/domain';
import type { Services } from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { cityListQuery, citySummarySchema } from './schemas.ts';

export const geoRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/config/city-list',
    {
      schema: {
        tags: ['geo'],
        summary: '城市列表（含热门城市）',
        querystring: cityListQuery,
        response: { 200: envelopeOf(z.object({ list: z.array(citySummarySchema) })) },
      },
    },
    async (request) => {
      const cities = await services.geo.listCities();
      return ok({ list: request.query.hot === '1' ? cities.filter((c) => c.isHot) : cities });
    },
  );
};

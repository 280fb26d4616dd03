// NEW house/listing/search (在售二手房) and NEW house/listing/detail (房源详情), PAGES.md §3.2.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  listingDetailBody,
  listingDetailQuery,
  listingSearchBody,
  listingSearchQuery,
  ok,
  type Services,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';

export const listingsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/house/listing/search',
    {
      schema: {
        tags: ['listings'],
        summary: '在售二手房：小区或全市在售房源，按户型、面积、楼层、朝向、装修、房本年限、电梯筛选（每页20条）',
        querystring: listingSearchQuery,
        response: { 200: envelopeOf(listingSearchBody) },
      },
    },
    async (request) => {
      const body = await services.listings.search(request.query);
      if (!body) throw ApiError.notFound(request.query.houseId ? '小区不存在' : '城市不存在');
      return ok(body);
    },
  );

  app.get(
    '/house/listing/detail',
    {
      schema: {
        tags: ['listings'],
        summary: '房源详情：总价、单价、与小区挂牌均价对比、调价记录、本小区成交与相似房源',
        querystring: listingDetailQuery,
        response: { 200: envelopeOf(listingDetailBody) },
      },
    },
    async (request) => {
      const body = await services.listings.detail(request.query);
      if (!body) throw ApiError.notFound('房源不存在');
      return ok(body);
    },
  );
};

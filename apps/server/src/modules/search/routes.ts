import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  ok,
  searchHotBody,
  searchHotQuery,
  searchSuggestBody,
  searchSuggestQuery,
  type Services,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';

const UNKNOWN_CITY = '城市不存在';

export const searchRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/search/suggest',
    {
      // the same for every visitor and asked again and again as people type (ADR 0006)
      config: { publicCache: true },
      schema: {
        tags: ['search'],
        summary: '搜索联想：按名称、别名、全拼、首字母或混合输入，分组返回小区、板块、新房（含均价）',
        querystring: searchSuggestQuery,
        response: { 200: envelopeOf(searchSuggestBody) },
      },
    },
    async (request) => {
      const body = await services.search.suggest(request.query);
      if (!body) throw ApiError.notFound(UNKNOWN_CITY);
      return ok(body);
    },
  );

  app.get(
    '/search/hot',
    {
      // the same for every visitor and asked again and again as people type (ADR 0006)
      config: { publicCache: true },
      schema: {
        tags: ['search'],
        summary: '热门搜索：近90天成交最多的小区',
        querystring: searchHotQuery,
        response: { 200: envelopeOf(searchHotBody) },
      },
    },
    async (request) => {
      const body = await services.search.hot(request.query.cityId);
      if (!body) throw ApiError.notFound(UNKNOWN_CITY);
      return ok(body);
    },
  );
};

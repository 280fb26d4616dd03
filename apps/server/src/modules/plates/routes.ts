// Plate, price-index and map endpoints (PAGES.md §3.4, 地图找房): each validates its query and answers 404 for
// an unknown city, district or plate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  mapBubblesBody,
  mapBubblesQuery,
  ok,
  plateDetailBody,
  plateDetailQuery,
  plateListBody,
  plateListQuery,
  priceIndexSeriesBody,
  priceIndexSeriesQuery,
  type Services,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';

export const UNKNOWN_PLATE = '板块不存在';

function found<T>(body: T | null, message: string) {
  if (body === null) throw ApiError.notFound(message);
  return ok(body);
}

const tags = ['plates'];

export const platesRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { plates } = services;

  app.get(
    '/plate/list',
    {
      schema: {
        tags,
        summary: '板块列表：按区县列出本市板块的挂牌均价、环比、在售与成交套数，可排序',
        querystring: plateListQuery,
        response: { 200: envelopeOf(plateListBody) },
      },
    },
    async (request) => found(await plates.plateList(request.query), '城市或区县不存在'),
  );

  app.get(
    '/plate/detail',
    {
      schema: {
        tags,
        summary: '板块详情：挂牌/成交均价与环比同比、供需、价格面积户型分布、领涨小区与新盘',
        querystring: plateDetailQuery,
        response: { 200: envelopeOf(plateDetailBody) },
      },
    },
    async (request) => found(await plates.plateDetail(request.query.plateId), UNKNOWN_PLATE),
  );

  app.get(
    '/price-index/series',
    {
      schema: {
        tags,
        summary: '房价指数：板块、区县或城市近12或36个月的挂牌与成交均价',
        querystring: priceIndexSeriesQuery,
        response: { 200: envelopeOf(priceIndexSeriesBody) },
      },
    },
    async (request) => found(await plates.priceIndexSeries(request.query), '区域不存在'),
  );

  app.get(
    '/map/bubbles',
    {
      schema: {
        tags,
        summary: '地图找房：区县、板块或小区气泡（挂牌均价、小区数、在售），可按均价与楼龄筛选',
        querystring: mapBubblesQuery,
        response: { 200: envelopeOf(mapBubblesBody) },
      },
    },
    async (request) => found(await plates.mapBubbles(request.query), '城市或区域不存在'),
  );
};

// The deal endpoints (PAGES.md §3.3): each validates its query and answers 404 for an unknown estate or deal.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  dealDetailBody,
  dealDetailQuery,
  dealHistoryBody,
  dealHistoryQuery,
  dealOverviewBody,
  dealOverviewQuery,
  dealRankBody,
  dealRankQuery,
  dealSearchBody,
  dealSearchQuery,
  ok,
  proFreeBody,
  proFreeQuery,
  type Services,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { UNKNOWN_ESTATE } from '../estates/routes.ts';

export const UNKNOWN_DEAL = '成交记录不存在';
const UNKNOWN_CITY = '城市不存在';

function found<T>(body: T | null, message: string) {
  if (body === null) throw ApiError.notFound(message);
  return ok(body);
}

const tags = ['deals'];

export const dealsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { deals } = services;

  app.get(
    '/house/pro-free',
    {
      schema: {
        tags,
        summary: '成交记录免费查看条数（其后的成交由会员权益决定是否隐藏价格）',
        querystring: proFreeQuery,
        response: { 200: envelopeOf(proFreeBody) },
      },
    },
    async (request) => found(await deals.proFree(request.query.houseId), UNKNOWN_ESTATE),
  );

  app.get(
    '/house/deal/overview',
    {
      schema: {
        tags,
        summary: '小区成交概况（新）：近12月成交套数、成交均价与环比、成交周期、议价空间，近12或36个月每月成交',
        querystring: dealOverviewQuery,
        response: { 200: envelopeOf(dealOverviewBody) },
      },
    },
    async (request) => found(await deals.overview(request.query), UNKNOWN_ESTATE),
  );

  app.get(
    '/house/deal/history',
    {
      schema: {
        tags,
        summary:
          '小区成交记录（新）：按户型与时间筛选，分页，每页20条，按成交日期倒序；小区最新3条之外的成交价与日期仅会员可见',
        querystring: dealHistoryQuery,
        response: { 200: envelopeOf(dealHistoryBody) },
      },
      config: { publicCache: 'visitors' },
    },
    async (request, reply) =>
      found(await deals.history(request.query, await request.dealViewer(reply)), UNKNOWN_ESTATE),
  );

  app.get(
    '/house/deal/detail',
    {
      schema: {
        tags,
        summary: '成交详情（新）：价格与议价、房屋信息、挂牌→调价→成交时间线、带看关注、同户型前后6个月成交',
        querystring: dealDetailQuery,
        response: { 200: envelopeOf(dealDetailBody) },
      },
      config: { publicCache: 'visitors' },
    },
    async (request, reply) => found(await deals.detail(request.query, await request.dealViewer(reply)), UNKNOWN_DEAL),
  );

  app.get(
    '/rank/deal',
    {
      schema: {
        tags,
        summary: '成交排行（新）：某月小区、板块或区县按成交量、成交均价或成交周期排名，含环比',
        querystring: dealRankQuery,
        response: { 200: envelopeOf(dealRankBody) },
      },
    },
    async (request) => found(await deals.rank(request.query), UNKNOWN_CITY),
  );

  app.get(
    '/deal/search',
    {
      schema: {
        tags,
        summary:
          '查成交（新）：全市成交按区县、板块、小区关键词、户型、面积、总价与时间筛选，按小区分组（每页20个小区）',
        querystring: dealSearchQuery,
        response: { 200: envelopeOf(dealSearchBody) },
      },
      config: { publicCache: 'visitors' },
    },
    async (request, reply) => {
      const body = await deals.search(request.query, await request.dealViewer(reply));
      if (!body) {
        const { districtId, plateId } = request.query;
        throw ApiError.notFound(plateId ? '板块不存在' : districtId ? '区县不存在' : UNKNOWN_CITY);
      }
      return ok(body);
    },
  );
};

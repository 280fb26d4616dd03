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
  ok,
  proFreeBody,
  proFreeQuery,
  type Services,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { UNKNOWN_ESTATE } from '../estates/routes.ts';

export const UNKNOWN_DEAL = '成交记录不存在';

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
        summary: '小区成交记录（新）：按户型与时间筛选，分页，每页20条，按成交日期倒序',
        querystring: dealHistoryQuery,
        response: { 200: envelopeOf(dealHistoryBody) },
      },
    },
    async (request) => found(await deals.history(request.query), UNKNOWN_ESTATE),
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
    },
    async (request) => found(await deals.detail(request.query), UNKNOWN_DEAL),
  );
};

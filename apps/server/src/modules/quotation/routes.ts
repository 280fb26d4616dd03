// 行情 endpoints (PAGES.md §3.1): market/quotation and market/quotation/detail.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  ok,
  quotationBody,
  quotationDetailBody,
  quotationDetailQuery,
  quotationQuery,
  type Services,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';

const tags = ['quotation'];

export const quotationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/market/quotation',
    {
      schema: {
        tags,
        summary: '行情（新）：某月城市与各区挂牌均价、成交均价、环比、挂牌量、成交量与房东溢价系数',
        querystring: quotationQuery,
        response: { 200: envelopeOf(quotationBody) },
      },
    },
    async (request) => {
      const body = await services.quotation.board(request.query);
      if (!body) throw ApiError.notFound('城市不存在');
      return ok(body);
    },
  );

  app.get(
    '/market/quotation/detail',
    {
      schema: {
        tags,
        summary: '行情详情（新）：区县或板块近36个月挂牌价与成交价、房东溢价系数、月度明细与下级区域',
        querystring: quotationDetailQuery,
        response: { 200: envelopeOf(quotationDetailBody) },
      },
    },
    async (request) => {
      const body = await services.quotation.detail(request.query);
      if (!body) throw ApiError.notFound(request.query.level === 'district' ? '区县不存在' : '板块不存在');
      return ok(body);
    },
  );
};

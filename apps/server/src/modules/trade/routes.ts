// The deal-data product's calls (issue 12; PAGES.md §3.10 /trade*, spec §7 Trading): trading/vipAuthor,
// trading/trade-show, trading/trade-detail, NEW POST trade/order/create, NEW trade/purchased and NEW GET
// trade/export (text/csv). What varies per user (the permit, unmasked samples, purchases, the export) never goes
// through the shared response cache: vipAuthor, purchased and export answer `no-store`, trade-detail is a
// 'visitors' route whose signed-in answers request.dealViewer marks private.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  TRADE_MESSAGES,
  dealsUnlocked,
  ok,
  tradeDetailBody,
  tradeDetailQuery,
  tradeExportQuery,
  tradePurchasedBody,
  tradeShowBody,
  tradeShowQuery,
  vipAuthorBody,
  vipAuthorQuery,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { productOrderRoute, userIdOf } from '../payments/routes.ts';
import type { OrdersService } from '../payments/service.ts';
import type { TradeService } from './service.ts';

const tags = ['trade'];

export const tradeRoutes: FastifyPluginAsyncZod<{ trade: TradeService; orders: OrdersService }> = async (
  app,
  { trade, orders },
) => {
  app.get(
    '/trading/vipAuthor',
    {
      schema: {
        tags,
        summary: '成交数据权限：当前用户是否已购该城市成交数据（isTradePremit）及到期时间；未登录为 false',
        querystring: vipAuthorQuery,
        response: { 200: envelopeOf(vipAuthorBody) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await trade.permit(request.user?.id ?? null, request.query.cityId));
    },
  );

  app.get(
    '/trading/trade-show',
    {
      schema: {
        tags,
        summary: '成交数据首页：城市成交概况（成交套数、网签量、成交均价、环比）与在售数据包',
        querystring: tradeShowQuery,
        response: { 200: envelopeOf(tradeShowBody) },
      },
      config: { publicCache: true },
    },
    async (request) => {
      const body = await trade.show(request.query.cityId);
      if (!body) throw ApiError.notFound(TRADE_MESSAGES.unknownCity);
      return ok(body);
    },
  );

  app.get(
    '/trading/trade-detail',
    {
      schema: {
        tags,
        summary: '数据包详情：字段、覆盖范围、价格、城市概况与成交样例（未开通时隐藏成交价与具体日期）',
        querystring: tradeDetailQuery,
        response: { 200: envelopeOf(tradeDetailBody) },
      },
      config: { publicCache: 'visitors' },
    },
    async (request, reply) => {
      const body = await trade.detail(request.query, await request.dealViewer(reply));
      if (!body) throw ApiError.notFound(TRADE_MESSAGES.unknownProduct);
      return ok(body);
    },
  );

  productOrderRoute(app, orders, {
    path: 'trade/order/create',
    kind: 'trade',
    tags,
    summary: '购买成交数据（新）：按商品目录价格为数据包创建待支付订单（支持 Idempotency-Key）',
  });

  app.get(
    '/trade/purchased',
    {
      schema: {
        tags,
        summary: '已购成交数据（新）：我的数据包权限期，最新在前（生效中、待生效、已到期、已退款）',
        response: { 200: envelopeOf(tradePurchasedBody) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok({ list: await trade.purchased(userIdOf(request)) });
    },
  );

  app.get(
    '/trade/export',
    {
      schema: {
        tags,
        summary:
          '导出成交数据（新）：城市最近 1–12 个已发布月份的成交记录 CSV（UTF-8 带 BOM）；需该城市成交数据权限或会员',
        querystring: tradeExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      userIdOf(request);
      const { cityId, months } = request.query;
      if (!dealsUnlocked(await request.dealViewer(reply), cityId)) {
        throw ApiError.forbidden(TRADE_MESSAGES.exportForbidden);
      }
      const csv = await trade.exportCsv(cityId, months);
      if (!csv) throw ApiError.notFound(TRADE_MESSAGES.unknownCity);
      const name = `${csv.cityName}成交数据-${csv.month ?? ''}-近${months}个月.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="trade-${cityId}.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(csv.lines, { objectMode: false }));
    },
  );
};

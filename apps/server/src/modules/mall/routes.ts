// The report mall's calls (PAGES.md §3.10; spec §7 Trading): trading/city-list, trading/spu-count,
// trading/cityView, trading/city/promotion, trading/newsView; NEW market/product/list, market/product/detail,
// POST market/order/create, market/purchased, GET market/report/file (the PDF, owners only) and POST
// market/report/regenerate (重新生成 after a failed render). With APP_TEST_HOOKS (end-to-end tests) also GET
// dev/print-pass: a report product's print path with a fresh print pass, to load it as the PDF renderer does.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  MALL_MESSAGES,
  PRODUCT_MESSAGES,
  cityQuery,
  cityViewBody,
  newsViewBody,
  ok,
  productDetailBody,
  productDetailQuery,
  productListBody,
  productListQuery,
  promotionBody,
  purchasedBody,
  regenerateBody,
  regenerateInput,
  reportFileQuery,
  spuCountBody,
  tradingCityListBody,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { productOrderRoute, userIdOf } from '../payments/routes.ts';
import type { OrdersService } from '../payments/service.ts';
import type { ReportFiles } from './files.ts';
import type { MallService } from './service.ts';

const tags = ['mall'];
const found = <T>(body: T | null, message: string = MALL_MESSAGES.unknownCity): T => {
  if (body === null) throw ApiError.notFound(message);
  return body;
};

export const mallRoutes: FastifyPluginAsyncZod<{
  mall: MallService;
  files: ReportFiles;
  orders: OrdersService;
  /** Only with APP_TEST_HOOKS: a report product's print path with a fresh pass (serves dev/print-pass). */
  printPass?: (productCode: string) => Promise<{ path: string; pass: string } | null>;
}> = async (app, { mall, files, orders, printPass }) => {
  app.get(
    '/trading/city-list',
    {
      schema: {
        tags,
        summary: '商城城市列表：各城市在售报告与成交数据包数量',
        response: { 200: envelopeOf(tradingCityListBody) },
      },
      config: { publicCache: true },
    },
    async () => ok(await mall.cityList()),
  );

  app.get(
    '/trading/spu-count',
    {
      schema: {
        tags,
        summary: '城市在售商品数：报告按城市/区域/小区/定制分类，及成交数据包',
        querystring: cityQuery,
        response: { 200: envelopeOf(spuCountBody) },
      },
      config: { publicCache: true },
    },
    async (request) => ok(found(await mall.spuCount(request.query.cityId))),
  );

  app.get(
    '/trading/cityView',
    {
      schema: {
        tags,
        summary: '城市成交概况：最新月份成交套数、成交均价及环比',
        querystring: cityQuery,
        response: { 200: envelopeOf(cityViewBody) },
      },
      config: { publicCache: true },
    },
    async (request) => ok(found(await mall.cityView(request.query.cityId))),
  );

  app.get(
    '/trading/city/promotion',
    {
      schema: {
        tags,
        summary: '城市促销：折扣最大的报告（目录价与原价）',
        querystring: cityQuery,
        response: { 200: envelopeOf(promotionBody) },
      },
      config: { publicCache: true },
    },
    async (request) => ok(found(await mall.promotion(request.query.cityId))),
  );

  app.get(
    '/trading/newsView',
    {
      schema: {
        tags,
        summary: '城市行情资讯：最新的行情解读',
        querystring: cityQuery,
        response: { 200: envelopeOf(newsViewBody) },
      },
      config: { publicCache: true },
    },
    async (request) => ok(found(await mall.news(request.query.cityId))),
  );

  app.get(
    '/market/product/list',
    {
      schema: {
        tags,
        summary: '报告列表（新）：城市在售报告，可按分类筛选，分页',
        querystring: productListQuery,
        response: { 200: envelopeOf(productListBody) },
      },
      config: { publicCache: true },
    },
    async (request) => ok(found(await mall.list(request.query))),
  );

  app.get(
    '/market/product/detail',
    {
      schema: {
        tags,
        summary: '报告详情（新）：目录、覆盖范围、更新周期、价格、样例页；登录用户是否已购',
        querystring: productDetailQuery,
        response: { 200: envelopeOf(productDetailBody) },
      },
      config: { publicCache: 'visitors' },
    },
    async (request, reply) => {
      const userId = request.user?.id ?? null;
      if (userId !== null) reply.header('cache-control', 'private, no-store');
      return ok(found(await mall.detail(request.query.productCode, userId), PRODUCT_MESSAGES.unknown));
    },
  );

  productOrderRoute(app, orders, {
    path: 'market/order/create',
    kind: 'report',
    tags,
    summary: '购买报告（新）：按商品目录价格创建待支付订单，已购报告不可重复购买（支持 Idempotency-Key）',
  });

  app.get(
    '/market/purchased',
    {
      schema: {
        tags,
        summary: '已购报告（新）：我的报告与 PDF 状态（生成中/可下载/生成失败），最新在前',
        response: { 200: envelopeOf(purchasedBody) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await mall.purchased(userIdOf(request)));
    },
  );

  app.post(
    '/market/report/regenerate',
    {
      schema: {
        tags,
        summary: '重新生成报告 PDF（新）：仅限已购用户，生成失败后重新排队',
        body: regenerateInput,
        response: { 200: envelopeOf(regenerateBody) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = userIdOf(request);
      const { productCode } = request.body;
      if (!(await mall.owns(userId, productCode))) throw ApiError.forbidden(MALL_MESSAGES.notOwned);
      const row = found(await files.regenerate(productCode), PRODUCT_MESSAGES.unknown);
      return ok({ file: { status: row.status, edition: row.edition, bytes: row.bytes, error: row.error } });
    },
  );

  app.get(
    '/market/report/file',
    {
      schema: {
        tags,
        summary: '下载报告 PDF（新）：仅限已购用户；尚未生成时排队生成并提示稍后再试',
        querystring: reportFileQuery,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const userId = userIdOf(request);
      const { productCode } = request.query;
      if (!(await mall.owns(userId, productCode))) throw ApiError.forbidden(MALL_MESSAGES.notOwned);
      const file = await files.pdf(productCode);
      if (!file) {
        // none for this edition yet: queued now
        const queued = await files.request(productCode);
        if (!queued) throw ApiError.notFound(PRODUCT_MESSAGES.unknown);
        throw ApiError.conflict(MALL_MESSAGES.rendering);
      }
      if (file.row.status === 'failed') throw ApiError.conflict(file.row.error ?? MALL_MESSAGES.failed);
      if (!file.pdf) {
        files.kick();
        throw ApiError.conflict(MALL_MESSAGES.rendering);
      }
      const name = `${file.target.title}-${file.row.edition}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="report-${productCode}-${file.row.edition}.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.pdf));
    },
  );

  if (printPass) {
    app.get('/dev/print-pass', { schema: { hide: true, querystring: reportFileQuery } }, async (request) =>
      ok(found(await printPass(request.query.productCode), PRODUCT_MESSAGES.unknown)),
    );
  }
};

// The estate detail endpoints (spec §7 "Listings and houses", PAGES.md §3.2): every one validates its query,
// and answers 404 '小区不存在' for an unknown estate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  agentGetBody,
  agentGetResult,
  analysisDataSourceBody,
  aroundBody,
  aroundQuery,
  buildingAnalysisBody,
  dealListBody,
  dealListQuery,
  estateBasicInfo,
  estateFacts,
  estateGeneral,
  estateQuery,
  estateRecommendBody,
  estateRecommendQuery,
  headerChartBody,
  headerChartQuery,
  listingAnalysisBody,
  listingListBody,
  listingListQuery,
  ok,
  quotationsBody,
  quotationsQuery,
  roomTypeAnalysisBody,
  roomTypeListQuery,
  totalPriceAnalysisBody,
  totalPriceListQuery,
  type Services,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';

export const UNKNOWN_ESTATE = '小区不存在';

function found<T>(body: T | null) {
  if (body === null) throw ApiError.notFound(UNKNOWN_ESTATE);
  return ok(body);
}

const tags = ['estates'];

export const estatesRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { estates } = services;

  app.get(
    '/house/basic-info',
    {
      schema: {
        tags,
        summary: '小区基本信息：名称、板块、标签、挂牌/成交均价与环比、房东溢价系数、在售/在租套数',
        querystring: estateQuery,
        response: { 200: envelopeOf(estateBasicInfo) },
      },
    },
    async (request) => found(await estates.basicInfo(request.query.houseId)),
  );

  app.get(
    '/house/basic-info/quotations',
    {
      schema: {
        tags,
        summary: '小区月度行情：近12或36个月的挂牌均价、成交均价与套数',
        querystring: quotationsQuery,
        response: { 200: envelopeOf(quotationsBody) },
      },
    },
    async (request) => found(await estates.quotations(request.query)),
  );

  app.get(
    '/house/detail',
    {
      schema: {
        tags,
        summary: '小区档案：建成年代、物业费、容积率、绿化率、楼栋数、户数、开发商、物业公司、车位比等',
        querystring: estateQuery,
        response: { 200: envelopeOf(estateFacts) },
      },
    },
    async (request) => found(await estates.facts(request.query.houseId)),
  );

  app.get(
    '/house/general',
    {
      schema: {
        tags,
        summary: '小区一句话概况',
        querystring: estateQuery,
        response: { 200: envelopeOf(estateGeneral) },
      },
    },
    async (request) => found(await estates.general(request.query.houseId)),
  );

  app.get(
    '/house/header-chart-plate',
    {
      schema: {
        tags,
        summary: '价格走势：小区、所在板块与区县近12或36个月的挂牌均价',
        querystring: headerChartQuery,
        response: { 200: envelopeOf(headerChartBody) },
      },
    },
    async (request) => found(await estates.headerChart(request.query)),
  );

  app.get(
    '/house/roomTypeAnalysis',
    {
      schema: {
        tags,
        summary: '户型分析：各户型在售套数、挂牌均价、总价与近12个月成交',
        querystring: estateQuery,
        response: { 200: envelopeOf(roomTypeAnalysisBody) },
      },
    },
    async (request) => found(await estates.roomTypeAnalysis(request.query.houseId)),
  );

  app.get(
    '/house/roomTypeAnalysisList',
    {
      schema: {
        tags,
        summary: '某户型的在售房源（分页，每页20条）',
        querystring: roomTypeListQuery,
        response: { 200: envelopeOf(listingListBody) },
      },
    },
    async (request) => found(await estates.roomTypeListings(request.query)),
  );

  app.get(
    '/house/totalPriceAnalysis',
    {
      schema: {
        tags,
        summary: '总价分析：各总价段在售套数与近12个月成交套数',
        querystring: estateQuery,
        response: { 200: envelopeOf(totalPriceAnalysisBody) },
      },
    },
    async (request) => found(await estates.totalPriceAnalysis(request.query.houseId)),
  );

  app.get(
    '/house/totalPriceAnalysisList',
    {
      schema: {
        tags,
        summary: '某总价段的在售房源（分页，每页20条）',
        querystring: totalPriceListQuery,
        response: { 200: envelopeOf(listingListBody) },
      },
    },
    async (request) => found(await estates.totalPriceListings(request.query)),
  );

  app.get(
    '/house/buildingAnalysis',
    {
      schema: {
        tags,
        summary: '楼栋分析：层数、梯户比、户型、在售与成交',
        querystring: estateQuery,
        response: { 200: envelopeOf(buildingAnalysisBody) },
      },
    },
    async (request) => found(await estates.buildingAnalysis(request.query.houseId)),
  );

  app.get(
    '/house/listing-analysis',
    {
      schema: {
        tags,
        summary: '挂牌分析：在售套数、近30天新增与降价、挂牌时长、议价空间与成交周期',
        querystring: estateQuery,
        response: { 200: envelopeOf(listingAnalysisBody) },
      },
    },
    async (request) => found(await estates.listingAnalysis(request.query.houseId)),
  );

  app.get(
    '/house/analysisDataSource',
    {
      schema: {
        tags,
        summary: '数据来源与口径说明',
        querystring: estateQuery,
        response: { 200: envelopeOf(analysisDataSourceBody) },
      },
    },
    async (request) => found(await estates.analysisDataSource(request.query.houseId)),
  );

  app.get(
    '/consultation/around/list',
    {
      schema: {
        tags,
        summary: '周边小区：按距离由近到远',
        querystring: aroundQuery,
        response: { 200: envelopeOf(aroundBody) },
      },
    },
    async (request) => found(await estates.around(request.query)),
  );

  app.get(
    '/estate-dispatch/estate-recommend',
    {
      schema: {
        tags,
        summary: '获取成交价弹窗的推荐房源（type 2）',
        querystring: estateRecommendQuery,
        response: { 200: envelopeOf(estateRecommendBody) },
      },
    },
    async (request) => found(await estates.recommend(request.query.estateId)),
  );

  app.post(
    '/house/agent/get',
    {
      config: { readOnly: true },
      schema: {
        tags,
        summary: '小区经纪人信息（type 8）：找房与咨询入口及服务本小区的经纪人',
        body: agentGetBody,
        response: { 200: envelopeOf(agentGetResult) },
      },
    },
    async (request) => found(await estates.agents(request.body)),
  );

  app.get(
    '/house/deal/list',
    {
      schema: {
        tags,
        summary: '小区成交记录（新，分页，每页20条，按成交日期倒序）；最新3条之外的成交价与日期仅会员可见',
        querystring: dealListQuery,
        response: { 200: envelopeOf(dealListBody) },
      },
      // the same for every visitor; a signed-in request is answered for its user, never from or into the cache
      config: { publicCache: 'visitors' },
    },
    async (request, reply) => found(await estates.deals(request.query, await request.dealViewer(reply))),
  );

  app.get(
    '/house/listing/list',
    {
      schema: {
        tags,
        summary: '小区在售房源（新，分页，每页20条，按挂牌时间倒序）',
        querystring: listingListQuery,
        response: { 200: envelopeOf(listingListBody) },
      },
    },
    async (request) => found(await estates.listings(request.query)),
  );
};

// The report endpoints (PAGES.md §3.4): each validates its input and answers 404 for an unknown city,
// district, plate, estate or certificate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  areaReportBody,
  areaReportQuery,
  certificateBody,
  certificateQuery,
  cityReportBody,
  cityReportQuery,
  estateWeeklyBody,
  estateWeeklyQuery,
  issueCertificateBody,
  ok,
  weeklyReportBody,
  weeklyReportQuery,
  type Services,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { UNKNOWN_ESTATE } from '../estates/routes.ts';

export const UNKNOWN_CERTIFICATE = '证书不存在或已失效';

function found<T>(body: T | null, message: string) {
  if (body === null) throw ApiError.notFound(message);
  return ok(body);
}

const tags = ['reports'];

export const reportsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { reports } = services;

  app.get(
    '/report/area',
    {
      schema: {
        tags,
        summary: '区域月报（新）：区县挂牌/成交均价与环比同比、与全市对比走势、板块表、价格段、新增供应',
        querystring: areaReportQuery,
        response: { 200: envelopeOf(areaReportBody) },
      },
    },
    async (request) => found(await reports.area(request.query), '城市或区县不存在'),
  );

  app.get(
    '/report/city',
    {
      schema: {
        tags,
        summary: '城市月报（新）：均价环比同比、库存、成交周期、成交量、各区、价格段、开盘与指数',
        querystring: cityReportQuery,
        response: { 200: envelopeOf(cityReportBody) },
      },
    },
    async (request) => found(await reports.city(request.query), '城市不存在'),
  );

  app.get(
    '/report/weekly',
    {
      schema: {
        tags,
        summary: '城市/区县/板块周报（新）：本周新增挂牌、调价、成交与均价周环比，热门小区，往期',
        querystring: weeklyReportQuery,
        response: { 200: envelopeOf(weeklyReportBody) },
      },
    },
    async (request) => found(await reports.weekly(request.query), '城市、区县或板块不存在'),
  );

  app.get(
    '/report/estate-weekly',
    {
      schema: {
        tags,
        summary: '小区周报（新）：本周新增挂牌、调价、成交与挂牌均价周环比',
        querystring: estateWeeklyQuery,
        response: { 200: envelopeOf(estateWeeklyBody) },
      },
      config: { publicCache: 'visitors' },
    },
    async (request, reply) =>
      found(await reports.estateWeekly(request.query, await request.dealViewer(reply)), UNKNOWN_ESTATE),
  );

  app.get(
    '/report/certificate',
    {
      schema: {
        tags,
        summary: '报告验真（新）：按证书编号查询报告标题、小区与出具日期',
        querystring: certificateQuery,
        response: { 200: envelopeOf(certificateBody) },
      },
    },
    async (request) => found(await reports.certificate(request.query.id), UNKNOWN_CERTIFICATE),
  );

  app.post(
    '/report/certificate',
    {
      schema: {
        tags,
        summary: '出具小区报告证书（新）：同一小区同一数据月份只出具一次，重复请求返回同一证书',
        body: issueCertificateBody,
        response: { 200: envelopeOf(certificateBody) },
      },
    },
    async (request) => found(await reports.issueCertificate(request.body), UNKNOWN_ESTATE),
  );
};

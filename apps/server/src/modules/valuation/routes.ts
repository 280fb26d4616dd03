// The valuation's endpoints (issue 16): POST estimate/value (public and stateless: what a home is worth as of a
// month), and the stored records of signed-in users — POST estimate/create, GET estimate/detail, GET
// app/estate/evaluation and POST app/estate/evaluation/delete (never cached: they are personal).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  ESTIMATE_RECORD_MESSAGES,
  estimateCreateInput,
  estimateDeleteInput,
  estimateRecordBody,
  estimateRecordListBody,
  estimateRecordListQuery,
  estimateRecordQuery,
  estimateValueBody,
  estimateValueInput,
  ok,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { userIdOf, personalRoute } from '../../plugins/session.ts';
import type { EstimateRecords } from './records.ts';
import type { ValuationService } from './service.ts';

const tags = ['valuation'];

export const valuationRoutes: FastifyPluginAsyncZod<{ valuation: ValuationService; records: EstimateRecords }> = async (
  app,
  { valuation, records },
) => {
  app.post(
    '/estimate/value',
    {
      schema: {
        tags,
        summary: '房屋估价：按小区、面积、楼层、朝向、装修估算某月的总价与单价、80%区间、可信度和可比成交',
        body: estimateValueInput,
        response: { 200: envelopeOf(estimateValueBody) },
      },
    },
    async (request) => ok(await valuation.value(request.body)),
  );

  app.post(
    '/estimate/create',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '估价（新）：估算并保存一条估价记录，返回记录（需登录）',
        body: estimateCreateInput,
        response: { 200: envelopeOf(estimateRecordBody) },
      },
    },
    async (request) => ok(await records.create(userIdOf(request), request.body)),
  );

  app.get(
    '/estimate/detail',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '估价结果（新）：本人的一条估价记录；他人的记录 403',
        querystring: estimateRecordQuery,
        response: { 200: envelopeOf(estimateRecordBody) },
      },
    },
    async (request) => ok(await records.detail(userIdOf(request), request.query.recordId)),
  );

  app.get(
    '/app/estate/evaluation',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '我的估价记录：最新在前，每页20条（需登录）',
        querystring: estimateRecordListQuery,
        response: { 200: envelopeOf(estimateRecordListBody) },
      },
    },
    async (request) => ok(await records.list(userIdOf(request), request.query.page)),
  );

  app.post(
    '/app/estate/evaluation/delete',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '删除估价记录（需登录）',
        body: estimateDeleteInput,
        response: { 200: envelopeOf(z.object({ deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      if (!(await records.remove(userIdOf(request), request.body.recordId))) {
        throw ApiError.notFound(ESTIMATE_RECORD_MESSAGES.notFound);
      }
      return ok({ deleted: true as const });
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  ok,
  overseasDetailBody,
  overseasDetailQuery,
  overseasListBody,
  overseasListQuery,
  type Services,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';

export const overseasRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/overseas/detail',
    {
      schema: {
        tags: ['overseas'],
        summary: '海外房产：项目概况、当地价格与≈人民币、产权、户型、租金回报；full=1 附付款进度、税费与产权规则',
        querystring: overseasDetailQuery,
        response: { 200: envelopeOf(overseasDetailBody) },
      },
    },
    async (request) => {
      const body = await services.overseas.detail(request.query.id, request.query.full === '1');
      if (!body) throw ApiError.notFound('项目不存在');
      return ok(body);
    },
  );

  app.get(
    '/overseas/list',
    {
      schema: {
        tags: ['overseas'],
        summary: '海外房产列表：面向该城市购房者推介的海外项目',
        querystring: overseasListQuery,
        response: { 200: envelopeOf(overseasListBody) },
      },
    },
    async (request) => {
      const body = await services.overseas.list(request.query.cityId);
      if (!body) throw ApiError.notFound('城市不存在');
      return ok(body);
    },
  );
};

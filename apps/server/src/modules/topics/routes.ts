// Issue 18 topic slice: NEW activity/house-list (专题房源), NEW activity/premier (高端盘), NEW msglink/resolve (SMS
// short links). All public: the campaign pages read them in the browser inside ActivityFrame.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  MSGLINK_MESSAGES,
  houseListBody,
  houseListQuery,
  msgLinkResolveBody,
  msgLinkResolveQuery,
  ok,
  premierBody,
  premierQuery,
  type Services,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import type { MsgLinkResolveLimit } from './resolve-limit.ts';
import type { Topics } from './service.ts';

const tags = ['activities'];

export const topicsRoutes: FastifyPluginAsyncZod<{
  topics: Topics;
  services: Services;
  resolveLimit: MsgLinkResolveLimit;
}> = async (app, { topics, services, resolveLimit }) => {
  app.get(
    '/activity/house-list',
    {
      schema: {
        tags,
        summary: '专题房源（新）：降价房、满五唯一、近地铁、新上房源、低总价，按专题分页列出城市在售二手房（每页20条）',
        querystring: houseListQuery,
        response: { 200: envelopeOf(houseListBody) },
      },
    },
    async (request) => ok(await topics.houseList(request.query)),
  );

  app.get(
    '/activity/premier',
    {
      schema: {
        tags,
        summary: '高端盘（新）：城市挂牌均价前10%的小区，按均价从高到低分页（每页20条）',
        querystring: premierQuery,
        response: { 200: envelopeOf(premierBody) },
      },
    },
    async (request) => ok(await topics.premier(request.query)),
  );

  app.get(
    '/msglink/resolve',
    {
      // the per-address limit it shares with the /activity/msglink page (resolve-limit.ts)
      onRequest: async (request) => resolveLimit.admit(request),
      schema: {
        tags,
        summary: '短信短链解析（新）：校验签名与有效期，返回站内目标地址并计数',
        querystring: msgLinkResolveQuery,
        response: { 200: envelopeOf(msgLinkResolveBody) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const found = await services.msgLinks.resolve(request.query.code);
      if ('error' in found) throw ApiError.notFound(MSGLINK_MESSAGES[found.error]);
      return ok(found);
    },
  );
};

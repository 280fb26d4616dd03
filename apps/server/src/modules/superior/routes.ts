// 达人 (issue 14, spec §7): GET question-answer/query-user-label (my label), GET estate-dispatch/superior/private
// and privateNew (a 达人's picks; none = mine), NEW POST estate-dispatch/superior/pick and unpick. The lists say
// whether the viewer follows the 达人, so every answer here is personal: `no-store`, never the response cache.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  SUPERIOR_NOT_FOUND,
  ok,
  superiorEstateList,
  superiorListQuery,
  superiorPickInput,
  superiorPickState,
  superiorProjectList,
  superiorUnpickInput,
  userLabelBody,
  type SuperiorListQuery,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { userIdOf } from '../../plugins/session.ts';
import type { SuperiorModule } from './service.ts';

const tags = ['superior'];

export const superiorRoutes: FastifyPluginAsyncZod<{ superior: SuperiorModule }> = async (app, { superior }) => {
  app.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));

  app.get(
    '/question-answer/query-user-label',
    {
      schema: {
        tags,
        summary: '我的达人标签：1 达人，2 认证达人，null 无（须登录）',
        response: { 200: envelopeOf(userLabelBody) },
      },
    },
    async (request) => ok({ label: await superior.labelOf(userIdOf(request)) }),
  );

  const base = '/estate-dispatch/superior';
  // private and privateNew: the same query and rules, one kind of pick each
  const lists = [
    {
      path: 'private',
      what: '二手房小区',
      body: superiorEstateList,
      read: (query: SuperiorListQuery, viewerId: number | null) => superior.estates(query, viewerId),
    },
    {
      path: 'privateNew',
      what: '新房楼盘',
      body: superiorProjectList,
      read: (query: SuperiorListQuery, viewerId: number | null) => superior.projects(query, viewerId),
    },
  ] as const;
  for (const list of lists)
    app.get(
      `${base}/${list.path}`,
      {
        schema: {
          tags,
          summary: `达人推荐的${list.what}（城市内，最新在前，每页20条）与达人信息；不传 superiorId 为我的（须登录、须有达人标签）`,
          querystring: superiorListQuery,
          response: { 200: envelopeOf(list.body) },
        },
      },
      async (request) => {
        const body = await list.read(request.query, request.user?.id ?? null);
        if (!body) throw ApiError.notFound(SUPERIOR_NOT_FOUND);
        return ok(body);
      },
    );

  app.post(
    `${base}/pick`,
    {
      schema: {
        tags,
        summary: '添加推荐（新）：须有达人标签；已推荐的只更新理由；每类最多50个',
        body: superiorPickInput,
        response: { 200: envelopeOf(superiorPickState) },
      },
    },
    async (request) => ok(await superior.pick(userIdOf(request), request.body)),
  );

  app.post(
    `${base}/unpick`,
    {
      schema: {
        tags,
        summary: '删除推荐（新，幂等）：须有达人标签',
        body: superiorUnpickInput,
        response: { 200: envelopeOf(superiorPickState) },
      },
    },
    async (request) => ok(await superior.unpick(userIdOf(request), request.body)),
  );
};

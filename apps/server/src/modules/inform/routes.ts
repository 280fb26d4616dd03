// 纠错/举报 (issue 17, PAGES.md §3.8): NEW GET inform/target (public: what is reported and the reasons offered;
// unknown or deleted target → 404), NEW POST inform/submit (login; the posting guard) and NEW GET inform/mine (login,
// never cached).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  informMineBody,
  informMineQuery,
  informSubmitBody,
  informSubmitInput,
  informTargetBody,
  informTargetQuery,
  ok,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { personalRoute, userIdOf } from '../../plugins/session.ts';
import type { InformService } from './service.ts';

const tags = ['inform'];

export const informRoutes: FastifyPluginAsyncZod<{ inform: InformService }> = async (app, { inform }) => {
  app.get(
    '/inform/target',
    {
      schema: {
        tags,
        summary: '纠错/举报对象（新）：对象摘要（房源的小区+户型+价格、小区名、帖子摘要…）与可选原因',
        querystring: informTargetQuery,
        response: { 200: envelopeOf(informTargetBody) },
      },
    },
    async (request) => ok(await inform.target(request.query.targetType, request.query.targetId)),
  );

  app.post(
    '/inform/submit',
    {
      ...personalRoute,
      schema: {
        tags,
        summary:
          '提交纠错/举报（新，需登录）：原因须为该对象可选的原因；描述≤200字（敏感词过滤、联系方式打码、频率限制），' +
          '截图≤3张，联系电话默认本账号；同一用户对同一对象已有处理中的工单时返回该工单',
        body: informSubmitInput,
        response: { 200: envelopeOf(informSubmitBody) },
      },
    },
    async (request) => ok(await inform.submit(userIdOf(request), request.body)),
  );

  app.get(
    '/inform/mine',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '我的纠错/举报工单（新，需登录）：最新在前，最多50条；ticketNo 只看该工单',
        querystring: informMineQuery,
        response: { 200: envelopeOf(informMineBody) },
      },
    },
    async (request) => ok(await inform.mine(userIdOf(request), request.query.ticketNo)),
  );
};

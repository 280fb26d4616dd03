// The moderation console's endpoints (issue 17, /ops/moderation): NEW GET ops/moderation/tickets and
// ops/moderation/posts, POST ops/moderation/post, ops/moderation/ban, ops/moderation/resolve, ops/moderation/reject.
// Staff with the moderator (or ops) role only: a visitor 401, anyone else 403. Never cached; every action audited.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ApiError,
  INFORM_MESSAGES,
  moderationBanBody,
  moderationBanInput,
  moderationDecisionBody,
  moderationPostBody,
  moderationPostInput,
  moderationPostsBody,
  moderationPostsQuery,
  moderationRejectInput,
  moderationResolveInput,
  moderationTicketsBody,
  moderationTicketsQuery,
  ok,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { staffGuard } from '../staff/guard.ts';
import type { StaffModule } from '../staff/service.ts';
import type { ModerationService } from './service.ts';

const tags = ['moderation'];

export const moderationRoutes: FastifyPluginAsyncZod<{
  moderation: ModerationService;
  staff: Pick<StaffModule, 'rolesOf'>;
}> = async (app, { moderation, staff }) => {
  app.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));
  const staffOf = staffGuard(staff);
  async function moderator(request: FastifyRequest) {
    const viewer = await staffOf(request);
    if (!viewer.roles.includes('moderator') && !viewer.roles.includes('ops')) {
      throw ApiError.forbidden(INFORM_MESSAGES.moderatorOnly);
    }
    return { userId: viewer.userId, ip: request.ip };
  }

  app.get(
    '/ops/moderation/tickets',
    {
      schema: {
        tags,
        summary: '举报工单（新，审核人员）：state=open 处理中（最早在前），handled 已处理（最新在前）；每页20条',
        querystring: moderationTicketsQuery,
        response: { 200: envelopeOf(moderationTicketsBody) },
      },
    },
    async (request) => {
      await moderator(request);
      return ok(await moderation.tickets(request.query.state, request.query.page));
    },
  );

  app.get(
    '/ops/moderation/posts',
    {
      schema: {
        tags,
        summary: '待审内容（新，审核人员）：state=flagged 被标记的问答/点评/回复/笔记，hidden 已隐藏的；每页20条',
        querystring: moderationPostsQuery,
        response: { 200: envelopeOf(moderationPostsBody) },
      },
    },
    async (request) => {
      await moderator(request);
      return ok(await moderation.posts(request.query.state, request.query.page));
    },
  );

  app.post(
    '/ops/moderation/post',
    {
      schema: {
        tags,
        summary:
          '处理内容（新，审核人员）：hide 隐藏、restore 恢复、keep 保留（移出待审）；点评同步评分汇总，回答同步回答数；' +
          '隐藏时该内容的处理中工单一并处理并通知举报人；写审计日志',
        body: moderationPostInput,
        response: { 200: envelopeOf(moderationPostBody) },
      },
    },
    async (request) => {
      const actor = await moderator(request);
      const { kind, id, action, reason } = request.body;
      return ok(await moderation.moderatePost(actor, kind, id, action, reason));
    },
  );

  app.post(
    '/ops/moderation/ban',
    {
      schema: {
        tags,
        summary: '禁言 / 解除禁言（新，审核人员）：禁言须填原因，可设天数（不填为永久）；写审计日志',
        body: moderationBanInput,
        response: { 200: envelopeOf(moderationBanBody) },
      },
    },
    async (request) => {
      const actor = await moderator(request);
      const { userId, action, reason, days } = request.body;
      return ok(await moderation.ban(actor, userId, action, reason, days));
    },
  );

  app.post(
    '/ops/moderation/resolve',
    {
      schema: {
        tags,
        summary:
          '处理工单（新，审核人员）：delist 下架房源、price 修改价格（二手房万元/租房元每月）、estate_field 修改小区信息、' +
          'hide_post 隐藏内容、none 仅记录；写数据更正与审计日志，通知举报人（消息中心）',
        body: moderationResolveInput,
        response: { 200: envelopeOf(moderationDecisionBody) },
      },
    },
    async (request) => {
      const actor = await moderator(request);
      return ok(await moderation.resolve(actor, request.body));
    },
  );

  app.post(
    '/ops/moderation/reject',
    {
      schema: {
        tags,
        summary: '驳回工单（新，审核人员）：未发现问题，填写原因；写审计日志，通知举报人（消息中心）',
        body: moderationRejectInput,
        response: { 200: envelopeOf(moderationDecisionBody) },
      },
    },
    async (request) => {
      const actor = await moderator(request);
      return ok(await moderation.reject(actor, request.body.ticketId, request.body.reason));
    },
  );
};

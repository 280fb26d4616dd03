// The message centre (issue 11): NEW GET message/list, NEW GET message/unread-count, NEW POST message/read and NEW
// POST message/message-center/estate-subscribe/mute. Signed-in users only (401 '请先登录'); never cached.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  MESSAGE_PAGE_SIZE,
  estateMuteBody,
  estateMuteInput,
  messageListBody,
  messageListQuery,
  messageReadBody,
  messageReadInput,
  ok,
  unreadCountBody,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { userIdOf } from '../../plugins/session.ts';
import type { MessagesRepo } from './repo.ts';

const tags = ['messages'];

export const messagesRoutes: FastifyPluginAsyncZod<{ repo: MessagesRepo }> = async (app, { repo }) => {
  app.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));

  app.get(
    '/message/list',
    {
      schema: {
        tags,
        summary: '消息列表（新）：成交、降价、月度均价提醒，最新在前，每页20条',
        querystring: messageListQuery,
        response: { 200: envelopeOf(messageListBody) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const { page } = request.query;
      const { total, unread, rows } = await repo.list(userId, page, MESSAGE_PAGE_SIZE);
      return ok({ total, page, unread, list: rows });
    },
  );

  app.get(
    '/message/unread-count',
    {
      schema: { tags, summary: '未读消息数（新）', response: { 200: envelopeOf(unreadCountBody) } },
    },
    async (request) => ok({ count: await repo.unread(userIdOf(request)) }),
  );

  app.post(
    '/message/read',
    {
      schema: {
        tags,
        summary: '标记已读（新）：ids 为消息 id 列表，或 all=true 全部已读',
        body: messageReadInput,
        response: { 200: envelopeOf(messageReadBody) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const { ids, all } = request.body;
      return ok(await repo.markRead(userId, all ? 'all' : (ids ?? [])));
    },
  );

  app.post(
    '/message/message-center/estate-subscribe/mute',
    {
      schema: {
        tags,
        summary: '不再提醒此小区（新）：静音或恢复我订阅的小区的价格提醒',
        body: estateMuteInput,
        response: { 200: envelopeOf(estateMuteBody) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const { estateId, muted } = request.body;
      if (!(await repo.mute(userId, estateId, muted))) throw ApiError.notFound('未订阅该小区');
      return ok({ estateId, muted });
    },
  );
};

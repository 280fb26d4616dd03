// The chat's HTTP calls (issue 15, docs/chat-protocol.md), login required, personal (never cached): NEW POST
// im/conversations (the user's open conversation with support or an agent, or a new one) and NEW GET
// im/conversations/{id}/messages?beforeSeq (history upward). The frames themselves go over /ws/im (ws.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ApiError,
  CHAT_MESSAGES,
  chatHistoryBody,
  chatHistoryQuery,
  chatOpenBody,
  chatOpenInput,
  idParam,
  ok,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { ChatRefusal, type ChatService, type ChatViewer } from './service.ts';

const tags = ['chat'];

export const chatConversationParams = z.object({ id: idParam('id', '会话编号不正确') });

export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  app.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));

  async function viewerOf(request: FastifyRequest): Promise<ChatViewer> {
    if (!request.user) throw ApiError.unauthorized(CHAT_MESSAGES.loginRequired);
    return chat.viewerOf(request.user);
  }

  /** A chat refusal as the 4xx it is over HTTP. */
  async function answer<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ChatRefusal) throw error.toApiError();
      throw error;
    }
  }

  app.post(
    '/im/conversations',
    {
      schema: {
        tags,
        summary: '打开会话（新，需登录）：与在线客服（support）或某位经纪人（agent-<id>）的进行中会话，没有则新建',
        body: chatOpenInput,
        response: { 200: envelopeOf(chatOpenBody) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      return ok({ conversation: await answer(() => chat.open(viewer, request.body)) });
    },
  );

  app.get(
    '/im/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: '历史消息（新，需登录，仅本人会话；客服/经纪人可看自己负责的会话）：beforeSeq 之前的一页，按序号升序',
        params: chatConversationParams,
        querystring: chatHistoryQuery,
        response: { 200: envelopeOf(chatHistoryBody) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      return ok(await answer(() => chat.history(viewer, request.params.id, request.query.beforeSeq)));
    },
  );
};

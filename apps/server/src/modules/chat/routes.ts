// The chat's HTTP calls (issue 15, docs/chat-protocol.md), login required, personal (never cached): NEW POST
// im/conversations (the user's open conversation with support or an agent, or a new one) and NEW GET
// im/conversations/{id}/messages?beforeSeq (history upward). The frames themselves go over /ws/im (ws.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  ApiError,
  CHAT_MAX_IMAGE_BYTES,
  CHAT_MESSAGES,
  CHAT_POLL_MS,
  MAX_ID,
  RESULT_CODE,
  chatHistoryBody,
  chatHistoryQuery,
  chatOpenBody,
  chatOpenInput,
  chatCloseInput,
  chatDeskBody,
  chatStaffListBody,
  chatStaffListQuery,
  chatTransferInput,
  chatUserSummaryBody,
  chatUploadBody,
  idParam,
  parseId,
  ok,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { sendFail } from '../../plugins/envelope.ts';
import type { ChatBus } from './bus.ts';
import type { ChatHub } from './hub.ts';
import type { ChatPresence } from './presence.ts';
import type { ChatDesk, DeskChange } from './desk.ts';
import type { AccountsService } from '../accounts/service.ts';
import { ChatRefusal, IMAGE_NOT_FOUND, IMAGE_REQUIRED, type ChatService, type ChatViewer } from './service.ts';

export const CHAT_IMAGE_PATH = '/img/chat/:id';

/** Frames one POST im/frames may carry. */
export const CHAT_FRAMES_PER_REQUEST = 20;

const tags = ['chat'];

export const chatConversationParams = z.object({ id: idParam('id', '会话编号不正确') });

const POLL_AFTER = /^[1-9]\d{0,9}:\d{1,10}(,[1-9]\d{0,9}:\d{1,10}){0,49}$/;
const AFTER_MESSAGE = 'after 格式不正确，应为 会话编号:序号,…';

/** NEW POST im/frames (the HTTP fallback): up to 20 client frames, each checked as on the WebSocket. */
export const chatFramesInput = z.object({
  frames: z
    .array(z.unknown(), { error: '消息格式不正确' })
    .min(1, { message: '至少发送一条消息' })
    .max(CHAT_FRAMES_PER_REQUEST, { message: `一次最多发送${CHAT_FRAMES_PER_REQUEST}条` }),
});
export const chatFramesBody = z.object({ frames: z.array(z.record(z.string(), z.unknown())) });

/** NEW GET im/poll?after=<conversationId>:<seq>,…[&waitMs]: waits up to CHAT_POLL_MS (waitMs, when shorter). */
export const chatPollQuery = z.object({
  after: z
    .string()
    .regex(POLL_AFTER, { message: AFTER_MESSAGE })
    .transform((text, ctx) => {
      const pairs = text.split(',').map((pair) => pair.split(':').map(Number) as [number, number]);
      if (pairs.some(([id, seq]) => id > MAX_ID || seq > MAX_ID)) {
        ctx.addIssue({ code: 'custom', message: AFTER_MESSAGE });
        return z.NEVER;
      }
      return pairs.map(([conversationId, afterSeq]) => ({ conversationId, afterSeq }));
    })
    .optional(),
  waitMs: z.coerce
    .number({ error: 'waitMs 格式不正确' })
    .int({ message: 'waitMs 格式不正确' })
    .min(0, { message: 'waitMs 格式不正确' })
    .max(CHAT_POLL_MS, { message: 'waitMs 格式不正确' })
    .optional(),
});

export const chatRoutes: FastifyPluginAsyncZod<{
  chat: ChatService;
  desk: ChatDesk;
  hub: ChatHub;
  presence: ChatPresence;
  bus: ChatBus;
}> = async (app, { chat, desk, hub, presence, bus }) => {
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
        summary:
          '打开会话（新，需登录）：与在线客服（support）或某位经纪人（agent-<id>）的进行中会话，没有则新建；' +
          'peerOnline 表示对方此刻是否有人在线',
        body: chatOpenInput,
        response: { 200: envelopeOf(chatOpenBody) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const conversation = await answer(() => chat.open(viewer, request.body));
      const agentId = conversation.peer === 'support' ? null : Number(conversation.peer.slice('agent-'.length));
      return ok({
        conversation: { ...conversation, peerOnline: await presence.online({ peer: conversation.peer, agentId }) },
      });
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

  app.post(
    '/im/frames',
    {
      config: { limitsItself: true },
      schema: {
        tags,
        summary:
          'WebSocket 不可用时的备用通道（新，需登录）：发送最多20个客户端帧（与 /ws/im 相同），返回对它们的应答' +
          '（welcome、ack、error、补发的消息、pong）；新消息用 im/poll 取',
        body: chatFramesInput,
        response: { 200: envelopeOf(chatFramesBody) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      return ok({ frames: await hub.exchange(viewer, request.body.frames) });
    },
  );

  app.get(
    '/im/poll',
    {
      schema: {
        tags,
        summary:
          '备用通道长轮询（新，需登录）：after=会话编号:序号,… 之后已到的消息立即返回；否则最多等待25秒，' +
          '返回期间到达的帧（消息、输入中、已读、会话变化）',
        querystring: chatPollQuery,
        response: { 200: envelopeOf(chatFramesBody) },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      // the response's close before it was sent: the client went away (a request's own 'close' is only its body)
      const aborted = new Promise<void>((resolve) => reply.raw.once('close', () => resolve()));
      const frames = await hub.poll(viewer, request.query.after ?? [], request.query.waitMs ?? CHAT_POLL_MS, aborted);
      return ok({ frames });
    },
  );

  /** A staff action's change, told to everyone in the conversation (the notice first, then the new state). */
  async function tell(change: DeskChange) {
    if (!change.changed) return;
    const { audience } = change;
    if (change.notice)
      await bus.publish(audience.conversationId, { audience, frame: { t: 'message', message: change.notice } });
    await bus.publish(audience.conversationId, {
      audience,
      frame: { t: 'conversation', conversation: change.conversation },
    });
  }

  app.get(
    '/im/staff/desk',
    {
      schema: {
        tags,
        summary: '客服工作台（新，工作人员）：可转接的客服及是否在线、快捷回复、结束原因',
        response: { 200: envelopeOf(chatDeskBody) },
      },
    },
    async (request) => ok(await desk.desk(await viewerOf(request))),
  );

  app.get(
    '/im/staff/conversations',
    {
      schema: {
        tags,
        summary:
          '工作人员会话列表（新）：客服看全部在线客服会话，经纪人看自己的会话；可按状态筛选（排队中按等待时长，' +
          '其余按最近活动），mine=1 只看自己接待的，最多100条',
        querystring: chatStaffListQuery,
        response: { 200: envelopeOf(chatStaffListBody) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      return ok(await desk.list(viewer, { state: request.query.state, mine: request.query.mine }));
    },
  );

  app.get(
    '/im/conversations/:id/summary',
    {
      schema: {
        tags,
        summary: '会话用户资料（新，仅客服）：注册时间、脱敏手机号、会员到期、最近5笔订单与5条线索、历史会话数',
        params: chatConversationParams,
        response: { 200: envelopeOf(chatUserSummaryBody) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      return ok(await answer(() => desk.summary(viewer, request.params.id)));
    },
  );

  app.post(
    '/im/conversations/:id/claim',
    {
      schema: {
        tags,
        summary:
          '接入会话（新，负责的客服/经纪人）：排队中或机器人接待的会话归自己，用户收到接入提示；已被他人接入 409',
        params: chatConversationParams,
        response: { 200: envelopeOf(chatOpenBody) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const change = await answer(() => desk.claim(viewer, request.params.id, request.ip));
      await tell(change);
      return ok({ conversation: change.conversation });
    },
  );

  app.post(
    '/im/conversations/:id/transfer',
    {
      schema: {
        tags,
        summary: '转接会话（新，客服）：把自己接待中的会话转给另一位客服，用户收到转接提示；写审计日志',
        params: chatConversationParams,
        body: chatTransferInput,
        response: { 200: envelopeOf(chatOpenBody) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const change = await answer(() => desk.transfer(viewer, request.params.id, request.body.toUserId, request.ip));
      await tell(change);
      return ok({ conversation: change.conversation });
    },
  );

  app.post(
    '/im/conversations/:id/close',
    {
      schema: {
        tags,
        summary:
          '结束会话（新，会话的用户本人或负责的客服/经纪人）：通知所有参与者；工作人员结束时记录原因并写审计日志；' +
          '重复结束无副作用',
        params: chatConversationParams,
        body: chatCloseInput,
        response: { 200: envelopeOf(chatOpenBody) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const change = await answer(() => desk.close(viewer, request.params.id, request.body.tag, request.ip));
      await tell(change);
      return ok({ conversation: change.conversation });
    },
  );

  await app.register(multipart, {
    limits: { fileSize: CHAT_MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 1 },
  });

  app.post(
    '/im/upload',
    {
      schema: {
        tags,
        summary:
          '上传聊天图片（新，需登录）：multipart 字段 file，JPG/PNG/WebP/GIF（按内容识别），不超过5MB；' +
          '返回 imageId（发送图片消息用）与图片地址、宽高',
        response: { 200: envelopeOf(chatUploadBody) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      if (!request.isMultipart()) throw ApiError.badRequest(IMAGE_REQUIRED);
      let data: Buffer;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== 'file') throw ApiError.badRequest(IMAGE_REQUIRED);
        data = await file.toBuffer();
      } catch (error) {
        if (error instanceof ApiError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw ApiError.badRequest(CHAT_MESSAGES.imageTooLarge);
        request.log.info({ err: error }, 'chat upload: unreadable multipart body');
        throw ApiError.badRequest(IMAGE_REQUIRED);
      }
      return ok(await chat.upload(viewer, data));
    },
  );
};

/**
 * GET /img/chat/{id}: an uploaded chat image, for its uploader and whoever may see a conversation it was sent in
 * (session cookie or token header, as the API); 404 for anyone else, as for an image that does not exist.
 */
export async function registerChatImages(
  app: FastifyInstance,
  { chat, accounts, cookieName }: { chat: ChatService; accounts: Pick<AccountsService, 'resolve'>; cookieName: string },
) {
  app.get(CHAT_IMAGE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const id = parseId((request.params as { id?: string }).id);
    const header = request.headers.token;
    const token = typeof header === 'string' && header ? header : (request.cookies[cookieName] ?? null);
    const found = token ? await accounts.resolve(token) : null;
    const image = id !== null && found ? await chat.imageFor(await chat.viewerOf(found.user), id) : null;
    reply.header('cache-control', 'private, no-store');
    if (!image) {
      return found
        ? sendFail(reply, 404, RESULT_CODE.notFound, IMAGE_NOT_FOUND)
        : sendFail(reply, 401, RESULT_CODE.unauthorized, CHAT_MESSAGES.loginRequired);
    }
    reply.header('x-content-type-options', 'nosniff');
    return reply.type(image.contentType).send(image.data);
  });
}

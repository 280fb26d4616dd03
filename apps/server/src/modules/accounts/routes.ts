// POST login/sms, POST login/mobile, GET app/login/userinfo, POST login/logout (spec §7), NEW GET user/export and,
// with the sandbox SMS gateway only, NEW GET dev/sms-outbox (issue 11).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  loginCheckBody,
  loginMobileBody,
  loginMobileInput,
  loginSmsBody,
  loginSmsInput,
  ok,
  smsOutboxBody,
  smsOutboxQuery,
  userDeleteInput,
  userExportBody,
  userInfo,
  userSummaryBody,
  userUpdateInput,
} from '@fjt/domain';
import { deviceIdOf } from '../../lib/device.ts';
import { envelopeOf } from '../../plugins/openapi.ts';
import type { SessionCookie } from '../../plugins/session.ts';
import { userInfoOf, type AccountsService } from './service.ts';

const tags = ['accounts'];

/** Who just signed in, for what follows a verified login (issue 18: channel attribution, invitation rewards). */
export interface LoginEvent {
  userId: number;
  phone: string;
  /** The fjt_did cookie of the device signing in, or null. */
  deviceId: string | null;
  at: Date;
}
/** Runs after a successful login, in order; a hook that fails is logged and never fails the login. */
export type LoginHook = (event: LoginEvent) => Promise<void>;

export const accountsRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsService;
  cookie: SessionCookie;
  sandbox: boolean;
  afterLogin?: readonly LoginHook[];
  /** The app's clock (the login event's time). */
  now: () => number;
}> = async (app, { accounts, cookie, sandbox, afterLogin = [], now }) => {
  // who is signed in, and their data, is never kept by a browser or proxy cache
  app.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));
  app.post(
    '/login/sms',
    {
      schema: {
        tags,
        summary: '发送登录验证码：每个手机号60秒1次、每小时5次、每天10次，每个IP每小时20次；验证码6位，5分钟内有效',
        body: loginSmsInput,
        response: { 200: envelopeOf(loginSmsBody) },
      },
    },
    async (request) => ok(await accounts.sendCode(request.body.mobile, request.ip)),
  );

  app.post(
    '/login/mobile',
    {
      schema: {
        tags,
        summary: '手机号+验证码登录（新手机号自动注册）：网页写入会话Cookie，client=app 时返回 token 供请求头使用',
        body: loginMobileInput,
        response: { 200: envelopeOf(loginMobileBody) },
      },
    },
    async (request, reply) => {
      const { mobile, code, client } = request.body;
      const { token, user } = await accounts.login(mobile, code, client, request.session?.token ?? null, request.ip);
      if (client === 'web') cookie.set(reply, token);
      const event: LoginEvent = { userId: user.id, phone: mobile, deviceId: deviceIdOf(request), at: new Date(now()) };
      for (const hook of afterLogin)
        await hook(event).catch((error: unknown) =>
          request.log.error({ err: error, userId: user.id }, 'login hook failed'),
        );
      return ok({ user: userInfoOf(user), token: client === 'app' ? token : null });
    },
  );

  app.get(
    '/app/login/userinfo',
    {
      schema: {
        tags,
        summary: '登录检查：当前用户（手机号打码），未登录返回 401',
        response: { 200: envelopeOf(userInfo) },
      },
    },
    async (request) => {
      if (!request.user) throw ApiError.unauthorized();
      return ok(userInfoOf(request.user));
    },
  );

  app.get(
    '/app/login/check',
    {
      schema: {
        tags,
        summary: '登录状态（新）：已登录返回当前用户（手机号打码），未登录返回 user=null（不是错误）',
        response: { 200: envelopeOf(loginCheckBody) },
      },
    },
    async (request) => ok({ user: request.user ? userInfoOf(request.user) : null }),
  );

  app.post(
    '/login/logout',
    {
      schema: { tags, summary: '退出登录：注销当前会话', response: { 200: envelopeOf(z.object({})) } },
    },
    async (request, reply) => {
      if (request.session) await accounts.logout(request.session.token);
      cookie.clear(reply);
      return ok({});
    },
  );

  app.get(
    '/user/export',
    {
      schema: {
        tags,
        summary: '导出我的数据（新）：账号中保存的全部个人数据',
        response: { 200: envelopeOf(userExportBody) },
      },
    },
    async (request) => {
      if (!request.user) throw ApiError.unauthorized();
      return ok(await accounts.exportOf(request.user.id));
    },
  );

  app.get(
    '/user/summary',
    {
      schema: {
        tags,
        summary: '我的（新）：当前用户与订阅、收藏、未读消息数、工作人员角色',
        response: { 200: envelopeOf(userSummaryBody) },
      },
    },
    async (request) => {
      if (!request.user) throw ApiError.unauthorized();
      const counts = await accounts.summary(request.user.id);
      return ok({ user: userInfoOf(request.user), ...counts });
    },
  );

  app.post(
    '/user/update',
    {
      schema: {
        tags,
        summary: '修改资料（新）：昵称（1-16字）与内置头像',
        body: userUpdateInput,
        response: { 200: envelopeOf(userInfo) },
      },
    },
    async (request) => {
      if (!request.user) throw ApiError.unauthorized();
      return ok(userInfoOf(await accounts.update(request.user.id, request.body)));
    },
  );

  app.post(
    '/user/delete',
    {
      schema: {
        tags,
        summary: '注销账号（新）：删除个人数据与全部会话，订单匿名保留',
        body: userDeleteInput,
        response: { 200: envelopeOf(z.object({})) },
      },
    },
    async (request, reply) => {
      if (!request.user) throw ApiError.unauthorized();
      await accounts.deleteAccount(request.user.id);
      cookie.clear(reply);
      return ok({});
    },
  );

  if (sandbox) {
    app.get(
      '/dev/sms-outbox',
      {
        schema: {
          tags,
          summary: '沙箱短信（仅开发环境）：最近发出的验证码',
          querystring: smsOutboxQuery,
          response: { 200: envelopeOf(smsOutboxBody) },
        },
      },
      async (request) => ok({ list: await accounts.outbox(request.query.phone) }),
    );
  }
};

// The support centre's endpoints (PAGES.md §3.12): NEW GET support/user-summary and GET im/getUserInfo (signed-in
// users only: 401 with a Chinese errMsg, never cached), GET im/switch, GET config/city-peer and NEW POST im/peer-id
// (settings; an unknown city is 404 城市不存在, a malformed cityId 400).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  SUPPORT_MESSAGES,
  cityPeerBody,
  cityPeerQuery,
  imPeerIdBody,
  imPeerIdInput,
  imSwitchBody,
  imUserInfoBody,
  imUserInfoQuery,
  ok,
  supportUserSummaryBody,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { personalRoute } from '../../plugins/session.ts';
import type { SupportService } from './service.ts';

const tags = ['support'];

export const supportRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (app, { support }) => {
  const signedIn = <T extends { user: { id: number; phone: string; avatar: string | null } | null }>(request: T) => {
    if (!request.user) throw ApiError.unauthorized(SUPPORT_MESSAGES.loginRequired);
    return request.user;
  };

  app.get(
    '/support/user-summary',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '客服中心用户信息（新）：用户ID、注册时间、最近购买时间、会员到期时间（需登录）',
        response: { 200: envelopeOf(supportUserSummaryBody) },
      },
    },
    async (request) => ok(await support.userSummary(signedIn(request).id)),
  );

  app.get(
    '/im/getUserInfo',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '客服聊天身份：客服 peerid、用户ID、脱敏手机号、昵称（固定前缀+用户ID）、头像（需登录）',
        querystring: imUserInfoQuery,
        response: { 200: envelopeOf(imUserInfoBody) },
      },
    },
    async (request) => ok(await support.userInfo(signedIn(request), request.query.cityId)),
  );

  app.get(
    '/im/switch',
    {
      schema: {
        tags,
        summary: '在线客服开关：body.enable 为 true 时提供在线客服，否则只提供复制微信与电话',
        response: { 200: envelopeOf(imSwitchBody) },
      },
    },
    async () => ok({ enable: support.isEnabled() }),
  );

  app.get(
    '/config/city-peer',
    {
      schema: {
        tags,
        summary: '城市客服联系方式：在线客服的 peerid、客服微信号、客服电话（未配置为 null）',
        querystring: cityPeerQuery,
        response: { 200: envelopeOf(cityPeerBody) },
      },
    },
    async (request) => ok(await support.cityPeer(request.query.cityId)),
  );

  app.post(
    '/im/peer-id',
    {
      schema: {
        tags,
        summary: '客服聊天初始化（新）：按城市取客服 peerid',
        body: imPeerIdInput,
        response: { 200: envelopeOf(imPeerIdBody) },
      },
    },
    async (request) => ok({ peerid: await support.peerId(request.body.cityId) }),
  );
};

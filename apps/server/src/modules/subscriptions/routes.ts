// 订阅与收藏 (issue 11, spec §7 "Subscriptions" and "User", PAGES.md §3.9): message/message-center/estate-subscribe/
// check|add|del, user/getsubHouseList, user/getFavorEstateList, user/getSubsAuthorsList, user/getArticleFollowList,
// POST subscribe/author|subs-cancel|delete, NEW user/favor/check|add|del and subscribe/check|add. Login only; every
// answer is personal, so never cached.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ApiError,
  collectEstateList,
  collectFollowList,
  collectPageQuery,
  estateSubscribeInput,
  estateSubscribeQuery,
  favoriteState,
  favoriteTargetInput,
  ok,
  subsCancelInput,
  subscribeAuthorInput,
  subscribeCheckQuery,
  subscribeDeleteBody,
  subscribeDeleteInput,
  subscribeTargetInput,
  subscriptionState,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { CSRF_REFUSED, userIdOf } from '../../plugins/session.ts';
import type { SubscriptionsService } from './service.ts';

const tags = ['subscriptions'];

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0;
};

export const subscriptionsRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  app.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));
  // Visitors first: nothing here answers without a login, whatever the input.
  app.addHook('onRequest', async (request) => void userIdOf(request));

  const estateSubscribe = '/message/message-center/estate-subscribe';
  app.get(
    `${estateSubscribe}/check`,
    {
      schema: {
        tags,
        summary: '是否已订阅小区（及是否免打扰）',
        querystring: estateSubscribeQuery,
        response: { 200: envelopeOf(subscriptionState) },
      },
    },
    async (request) => ok(await subscriptions.check(userIdOf(request), 'estate', request.query.estateId)),
  );

  app.get(
    `${estateSubscribe}/add`,
    {
      // A GET that changes state (spec §7): only from our own script (x-requested-with) or the app (token header),
      // never from a link or an <img> of another site.
      onRequest: async (request) => {
        if (!header(request, 'x-requested-with') && !header(request, 'token')) throw ApiError.forbidden(CSRF_REFUSED);
      },
      schema: {
        tags,
        summary: '订阅小区（幂等）：须带 x-requested-with 或 token 请求头',
        querystring: estateSubscribeQuery,
        response: { 200: envelopeOf(subscriptionState) },
      },
    },
    async (request) => ok(await subscriptions.subscribe(userIdOf(request), 'estate', request.query.estateId)),
  );

  app.post(
    `${estateSubscribe}/add`,
    {
      schema: {
        tags,
        summary: '订阅小区（幂等，App 用 POST）',
        body: estateSubscribeInput,
        response: { 200: envelopeOf(subscriptionState) },
      },
    },
    async (request) => ok(await subscriptions.subscribe(userIdOf(request), 'estate', request.body.estateId)),
  );

  app.post(
    `${estateSubscribe}/del`,
    {
      schema: {
        tags,
        summary: '取消订阅小区（幂等）',
        body: estateSubscribeInput,
        response: { 200: envelopeOf(subscriptionState) },
      },
    },
    async (request) => ok(await subscriptions.unsubscribe(userIdOf(request), 'estate', request.body.estateId)),
  );

  app.get(
    '/user/getsubHouseList',
    {
      schema: {
        tags,
        summary: '我订阅的小区：挂牌均价、成交均价与环比，最新订阅在前，每页20条',
        querystring: collectPageQuery,
        response: { 200: envelopeOf(collectEstateList) },
      },
    },
    async (request) => ok(await subscriptions.estates(userIdOf(request), 'subscribed', request.query.page)),
  );

  app.get(
    '/user/getFavorEstateList',
    {
      schema: {
        tags,
        summary: '我收藏的小区：挂牌均价、成交均价与环比，最新收藏在前，每页20条',
        querystring: collectPageQuery,
        response: { 200: envelopeOf(collectEstateList) },
      },
    },
    async (request) => ok(await subscriptions.estates(userIdOf(request), 'favorite', request.query.page)),
  );

  app.get(
    '/user/getSubsAuthorsList',
    {
      schema: {
        tags,
        summary: '我关注的作者，每页20条',
        querystring: collectPageQuery,
        response: { 200: envelopeOf(collectFollowList) },
      },
    },
    async (request) => ok(await subscriptions.follows(userIdOf(request), 'author', request.query.page)),
  );

  app.get(
    '/user/getArticleFollowList',
    {
      schema: {
        tags,
        summary: '我关注的专栏，每页20条',
        querystring: collectPageQuery,
        response: { 200: envelopeOf(collectFollowList) },
      },
    },
    async (request) => ok(await subscriptions.follows(userIdOf(request), 'column', request.query.page)),
  );

  app.post(
    '/subscribe/author',
    {
      schema: {
        tags,
        summary: '关注作者（幂等）：作者须为已注册用户，不能关注自己',
        body: subscribeAuthorInput,
        response: { 200: envelopeOf(subscriptionState) },
      },
    },
    async (request) => ok(await subscriptions.subscribe(userIdOf(request), 'author', request.body.authorId)),
  );

  app.post(
    '/subscribe/subs-cancel',
    {
      schema: {
        tags,
        summary: '取消任一订阅或关注（幂等）',
        body: subsCancelInput,
        response: { 200: envelopeOf(subscriptionState) },
      },
    },
    async (request) =>
      ok(await subscriptions.unsubscribe(userIdOf(request), request.body.targetType, request.body.targetId)),
  );

  app.post(
    '/subscribe/delete',
    {
      schema: {
        tags,
        summary: '批量删除我的订阅记录（按记录 id，只删除自己的）',
        body: subscribeDeleteInput,
        response: { 200: envelopeOf(subscribeDeleteBody) },
      },
    },
    async (request) => ok(await subscriptions.deleteMany(userIdOf(request), request.body.ids)),
  );

  app.get(
    '/subscribe/check',
    {
      schema: {
        tags,
        summary: '是否已订阅板块、新盘或关注作者（新）',
        querystring: subscribeCheckQuery,
        response: { 200: envelopeOf(subscriptionState) },
      },
    },
    async (request) =>
      ok(await subscriptions.check(userIdOf(request), request.query.targetType, request.query.targetId)),
  );

  app.post(
    '/subscribe/add',
    {
      schema: {
        tags,
        summary: '订阅板块或新盘变价（新，幂等）',
        body: subscribeTargetInput,
        response: { 200: envelopeOf(subscriptionState) },
      },
    },
    async (request) =>
      ok(await subscriptions.subscribe(userIdOf(request), request.body.targetType, request.body.targetId)),
  );

  app.get(
    '/user/favor/check',
    {
      schema: {
        tags,
        summary: '是否已收藏小区或房源（新）',
        querystring: favoriteTargetInput,
        response: { 200: envelopeOf(favoriteState) },
      },
    },
    async (request) =>
      ok(await subscriptions.isFavorite(userIdOf(request), request.query.targetType, request.query.targetId)),
  );

  app.post(
    '/user/favor/add',
    {
      schema: {
        tags,
        summary: '收藏小区或房源（新，幂等）',
        body: favoriteTargetInput,
        response: { 200: envelopeOf(favoriteState) },
      },
    },
    async (request) => ok(await subscriptions.favor(userIdOf(request), request.body.targetType, request.body.targetId)),
  );

  app.post(
    '/user/favor/del',
    {
      schema: {
        tags,
        summary: '取消收藏（新，幂等）',
        body: favoriteTargetInput,
        response: { 200: envelopeOf(favoriteState) },
      },
    },
    async (request) =>
      ok(await subscriptions.unfavor(userIdOf(request), request.body.targetType, request.body.targetId)),
  );
};

// 问答 (issue 17, PAGES.md §3.8): NEW GET question-answer/list and detail (public, cached for visitors: nothing of
// the viewer in them), NEW POST question-answer/ask, answer, edit-answer, like, follow and delete (login, the
// posting guard), NEW GET question-answer/viewer (my state on a detail), mine, user and super (personal, no-store).
// GET question-answer/query-user-label stays in modules/superior.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ok,
  qaAnswerInput,
  qaDeleteBody,
  qaDeleteInput,
  qaDetailBody,
  qaDetailQuery,
  qaEditAnswerInput,
  qaFollowBody,
  qaFollowInput,
  qaLikeBody,
  qaLikeInput,
  qaListBody,
  qaListQuery,
  qaMineBody,
  qaMineQuery,
  qaPostedBody,
  qaAskInput,
  qaSuperBody,
  qaSuperQuery,
  qaUserBody,
  qaUserQuery,
  qaViewerBody,
  qaViewerQuery,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { personalRoute, userIdOf } from '../../plugins/session.ts';
import type { QaService } from './service.ts';

const tags = ['qa'];
const base = '/question-answer';

export const qaRoutes: FastifyPluginAsyncZod<{ qa: QaService }> = async (app, { qa }) => {
  app.get(
    `${base}/list`,
    {
      config: { publicCache: 'visitors' },
      schema: {
        tags,
        summary: '问答列表（新）：城市或小区的问题，tab 热门/最新/待回答，可按话题筛选，每页20条',
        querystring: qaListQuery,
        response: { 200: envelopeOf(qaListBody) },
      },
    },
    async (request) => ok(await qa.list(request.query)),
  );

  app.get(
    `${base}/detail`,
    {
      config: { publicCache: 'visitors' },
      schema: {
        tags,
        summary:
          '问答详情（新）：问题、回答（推荐排序：采纳、点赞、达人、时间）、相关问题与小区卡片；已删除 → 问题已删除',
        querystring: qaDetailQuery,
        response: { 200: envelopeOf(qaDetailBody) },
      },
    },
    async (request) => ok(await qa.detail(request.query.id)),
  );

  app.post(
    `${base}/ask`,
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '提问（新，须登录）：标题5–50字，描述≤500字，≤3张图片，话题，可选小区；分发给小区达人与经纪人',
        body: qaAskInput,
        response: { 200: envelopeOf(qaPostedBody) },
      },
    },
    async (request) => ok(await qa.ask(userIdOf(request), request.body)),
  );

  app.post(
    `${base}/answer`,
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '回答（新，须登录）：2–1000字，≤3张图片；通知提问者',
        body: qaAnswerInput,
        response: { 200: envelopeOf(qaPostedBody) },
      },
    },
    async (request) => ok(await qa.answer(userIdOf(request), request.body)),
  );

  app.post(
    `${base}/edit-answer`,
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '修改自己的回答（新，须登录）',
        body: qaEditAnswerInput,
        response: { 200: envelopeOf(qaPostedBody) },
      },
    },
    async (request) => ok(await qa.editAnswer(userIdOf(request), request.body)),
  );

  app.post(
    `${base}/like`,
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '点赞或取消点赞回答（新，须登录，幂等）',
        body: qaLikeInput,
        response: { 200: envelopeOf(qaLikeBody) },
      },
    },
    async (request) => ok(await qa.like(userIdOf(request), request.body.answerId, request.body.like)),
  );

  app.post(
    `${base}/follow`,
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '关注或取消关注问题（新，须登录，幂等）',
        body: qaFollowInput,
        response: { 200: envelopeOf(qaFollowBody) },
      },
    },
    async (request) => ok(await qa.follow(userIdOf(request), request.body.questionId, request.body.follow)),
  );

  app.post(
    `${base}/delete`,
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '删除自己的问题或回答（新，须登录）',
        body: qaDeleteInput,
        response: { 200: envelopeOf(qaDeleteBody) },
      },
    },
    async (request) => ok(await qa.remove(userIdOf(request), request.body)),
  );

  app.get(
    `${base}/viewer`,
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '我在问答详情上的状态（新，须登录）：点赞过的回答、是否关注、是否我的问题',
        querystring: qaViewerQuery,
        response: { 200: envelopeOf(qaViewerBody) },
      },
    },
    async (request) => ok(await qa.viewer(userIdOf(request), request.query.id)),
  );

  app.get(
    `${base}/mine`,
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '我的问答（新，须登录）：我的提问或我的回答，每页20条',
        querystring: qaMineQuery,
        response: { 200: envelopeOf(qaMineBody) },
      },
    },
    async (request) => ok(await qa.mine(userIdOf(request), request.query)),
  );

  app.get(
    `${base}/user`,
    {
      ...personalRoute,
      schema: {
        tags,
        summary: 'TA的问答（新）：用户资料（昵称、头像、达人标签、计数）与公开的提问或回答',
        querystring: qaUserQuery,
        response: { 200: envelopeOf(qaUserBody) },
      },
    },
    async (request) => ok(await qa.user(request.query)),
  );

  app.get(
    `${base}/super`,
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '达人（新）：不传 id 为我的待回答问题（须登录、须有达人标签，否则 暂无权限）；传 id 为达人主页',
        querystring: qaSuperQuery,
        response: { 200: envelopeOf(qaSuperBody) },
      },
    },
    async (request) => ok(await qa.super(request.user?.id ?? null, request.query)),
  );
};

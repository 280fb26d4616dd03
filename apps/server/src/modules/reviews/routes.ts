// The endpoints of 小区点评 and 看房笔记 (issue 17, PAGES.md §3.8). Public and cacheable: comment/list and
// comment/detail (the same for everyone; what I liked comes from comment/mine). Personal (no-store, login): comment/add,
// reply, like, delete, mine, notes/add, notes/like. house/basic-info/notes is cached for visitors only (previews);
// a signed-in viewer's answer has the full text and is no-store, never from or into the cache.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  COMMUNITY_MESSAGES,
  REVIEW_MESSAGES,
  likeBody,
  noteAddBody,
  noteAddInput,
  noteLikeInput,
  noteListBody,
  noteListQuery,
  ok,
  reviewAddBody,
  reviewAddInput,
  reviewDeleteInput,
  reviewDetailBody,
  reviewDetailQuery,
  reviewLikeInput,
  reviewListBody,
  reviewListQuery,
  reviewMineBody,
  reviewMineQuery,
  reviewReplyBody,
  reviewReplyInput,
  type ReviewsService,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { personalRoute, userIdOf } from '../../plugins/session.ts';
import type { ReviewsWriter } from './service.ts';

const tags = ['community'];

export const reviewsRoutes: FastifyPluginAsyncZod<{ reads: ReviewsService; writer: ReviewsWriter }> = async (
  app,
  { reads, writer },
) => {
  app.get(
    '/comment/list',
    {
      schema: {
        tags,
        summary: '小区点评（新）：评分汇总（总分与交通/配套/物业/环境均分、热门标签）与点评列表，可按标签筛选与排序',
        querystring: reviewListQuery,
        response: { 200: envelopeOf(reviewListBody) },
      },
      config: { publicCache: true },
    },
    async (request) => {
      const body = await reads.list(request.query);
      if (!body) throw ApiError.notFound(REVIEW_MESSAGES.unknownEstate);
      return ok(body);
    },
  );

  app.get(
    '/comment/detail',
    {
      schema: {
        tags,
        summary: '点评详情（新）：一条点评与它的回复（分页，每页20条）',
        querystring: reviewDetailQuery,
        response: { 200: envelopeOf(reviewDetailBody) },
      },
      config: { publicCache: true },
    },
    async (request) => {
      const body = await reads.detail(request.query.id, request.query.page);
      if (!body) throw ApiError.notFound(COMMUNITY_MESSAGES.notFound);
      return ok(body);
    },
  );

  app.post(
    '/comment/add',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '写点评（新）：每人每个小区一条，再次提交即修改（需登录）；业主身份需已完成业主认证',
        body: reviewAddInput,
        response: { 200: envelopeOf(reviewAddBody) },
      },
    },
    async (request) => ok(await writer.add(userIdOf(request), request.body)),
  );

  app.post(
    '/comment/reply',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '回复点评（新，需登录）',
        body: reviewReplyInput,
        response: { 200: envelopeOf(reviewReplyBody) },
      },
    },
    async (request) => ok(await writer.reply(userIdOf(request), request.body)),
  );

  app.post(
    '/comment/like',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '点赞/取消点赞点评或回复（新，需登录；重复点赞不重复计数）',
        body: reviewLikeInput,
        response: { 200: envelopeOf(likeBody) },
      },
    },
    async (request) => ok(await writer.like(userIdOf(request), request.body)),
  );

  app.post(
    '/comment/delete',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '删除自己的点评或回复（新，需登录）',
        body: reviewDeleteInput,
        response: { 200: envelopeOf(z.object({ deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      await writer.remove(userIdOf(request), request.body);
      return ok({ deleted: true as const });
    },
  );

  app.get(
    '/comment/mine',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '我在该小区的点评（编辑时预填）、是否已认证业主、我赞过的点评与回复（新，需登录）',
        querystring: reviewMineQuery,
        response: { 200: envelopeOf(reviewMineBody) },
      },
    },
    async (request) => ok(await writer.mine(userIdOf(request), request.query.estateId, request.query.reviewId)),
  );

  app.get(
    '/house/basic-info/notes',
    {
      schema: {
        tags,
        summary:
          '看房笔记：小区（estateId）或全市最新（cityId）的经纪人与买家看房笔记；未登录只返回前60字（truncated），登录后返回全文',
        querystring: noteListQuery,
        response: { 200: envelopeOf(noteListBody) },
      },
      // the visitors' previews are the same for every visitor; a signed-in viewer's full text is theirs (no-store)
      config: { publicCache: 'visitors' },
    },
    async (request, reply) => {
      const viewer = request.user ? { userId: request.user.id } : null;
      if (viewer) reply.header('cache-control', 'no-store');
      const body = await reads.notes(request.query, viewer);
      if (!body) throw ApiError.notFound(request.query.estateId ? REVIEW_MESSAGES.unknownEstate : '城市不存在');
      return ok(body);
    },
  );

  app.post(
    '/house/basic-info/notes/add',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '写看房笔记（新，需登录）：标题、正文、采光/噪音/户型/物业/房屋状况评价、看房日期、图片',
        body: noteAddInput,
        response: { 200: envelopeOf(noteAddBody) },
      },
    },
    async (request) => ok(await writer.addNote(userIdOf(request), request.body)),
  );

  app.post(
    '/house/basic-info/notes/like',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '点赞/取消点赞看房笔记（新，需登录；重复点赞不重复计数）',
        body: noteLikeInput,
        response: { 200: envelopeOf(likeBody) },
      },
    },
    async (request) => ok(await writer.likeNote(userIdOf(request), request.body)),
  );
};

// POST content/list (spec §7; type video for 看房视频, policy / market / guide for 文章, PAGES.md §3.8), NEW
// content/video/detail, NEW POST content/video/play and NEW content/article.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  articleDetailBody,
  articleDetailQuery,
  contentListAnyBody,
  contentListRequest,
  ok,
  videoDetailBody,
  videoDetailQuery,
  videoPlayBody,
  videoPlayInput,
  type Services,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';

const tags = ['content'];
const PLAY_REQUESTS_PER_MINUTE = 30;
const ARTICLE_READS_PER_MINUTE = 60;
const UNKNOWN_ARTICLE = '文章不存在';

/** A visitor without an account: their address and browser (a signed-in user's id once accounts exist). */
function viewerOf(request: FastifyRequest): string {
  const agent = createHash('sha1')
    .update(request.headers['user-agent'] ?? '')
    .digest('base64url')
    .slice(0, 12);
  return `${request.ip}:${agent}`;
}
const UNKNOWN_VIDEO = '视频不存在';

function found<T>(body: T | null, message: string) {
  if (body === null) throw ApiError.notFound(message);
  return ok(body);
}

export const contentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { content } = services;

  app.post(
    '/content/list',
    {
      config: { readOnly: true },
      schema: {
        tags,
        summary:
          '内容列表：type=video 为看房视频（全城或某小区），可按类型筛选，按最热或最新排序；' +
          'type=policy/market/guide 为文章专栏（本城与全国通用的文章，最新在前，每页20条）',
        body: contentListRequest,
        response: { 200: envelopeOf(contentListAnyBody) },
      },
    },
    async (request) => {
      const input = request.body;
      if (input.type !== 'video') return found(await content.articles(input), '城市不存在');
      return found(await content.list(input), input.estateId ? '小区不存在' : '城市不存在');
    },
  );

  app.get(
    '/content/article',
    {
      // every read is counted: a script reading in a loop is held back
      config: { rateLimit: { max: ARTICLE_READS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '文章详情（新）：服务端净化过的 HTML、文中小区与相关文章；阅读数加一',
        querystring: articleDetailQuery,
        response: { 200: envelopeOf(articleDetailBody) },
      },
    },
    async (request) => found(await content.article(request.query.id, request.query.cityId), UNKNOWN_ARTICLE),
  );

  app.get(
    '/content/video/detail',
    {
      schema: {
        tags,
        summary: '看房视频详情（新）：视频信息与分镜；分镜中的数字取自视频发布当月的小区数据',
        querystring: videoDetailQuery,
        response: { 200: envelopeOf(videoDetailBody) },
      },
    },
    async (request) => found(await content.videoDetail(request.query.id), UNKNOWN_VIDEO),
  );

  app.post(
    '/content/video/play',
    {
      // a player calls this once per play: more than this is a script, not a viewer
      config: { rateLimit: { max: PLAY_REQUESTS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '看房视频播放计数（新）：开始播放时调用一次，返回最新播放次数',
        body: videoPlayInput,
        response: { 200: envelopeOf(videoPlayBody) },
      },
    },
    async (request) => found(await content.play(request.body.id, viewerOf(request)), UNKNOWN_VIDEO),
  );
};

// NEW POST upload/image (issue 17): the one upload endpoint of the app, signed in. multipart/form-data with the
// image in field `file`; `purpose` (UPLOAD_PURPOSES) in the query or as a form field before the file. Answers the
// stored copy's address and size; for purpose chat, the private chat image (imageId, /img/chat/<id>) the chat's
// next message refers to, as POST im/upload does. GET /img/u/<sha256>.<ext> serves what was stored, cached for good
// (the name is the content), never sniffed as anything but the image type of its extension.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, COMMUNITY_MESSAGES, ok, RESULT_CODE, UPLOAD_MAX_BYTES, UPLOAD_PURPOSES } from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { sendFail } from '../../plugins/envelope.ts';
import { personalRoute, userIdOf } from '../../plugins/session.ts';
import type { ChatService } from '../chat/service.ts';
import { IMAGE_NAME } from '../../lib/image-store.ts';
import type { Uploads } from './service.ts';

const uploadBody = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Set for purpose chat: the id a chat image message names. */
  imageId: z.number().int().nullable(),
});

const FILE_REQUIRED = '请选择要上传的图片';
const PURPOSE_REQUIRED = '上传用途无效';

export const uploadRoutes: FastifyPluginAsyncZod<{
  uploads: Uploads;
  chat: Pick<ChatService, 'viewerOf' | 'upload'>;
}> = async (app, { uploads, chat }) => {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });
  app.post(
    '/upload/image',
    {
      ...personalRoute,
      schema: {
        tags: ['community'],
        summary:
          '上传图片（新，需登录）：multipart 字段 file，purpose 为 question/answer/review/note/inform/chat（查询参数或表单字段）；' +
          'JPG/PNG/WebP/GIF（按内容识别），不超过5MB；重新编码并去除EXIF，返回图片地址与宽高',
        querystring: z.object({ purpose: z.enum(UPLOAD_PURPOSES).optional() }),
        response: { 200: envelopeOf(uploadBody) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      if (!request.isMultipart()) throw ApiError.badRequest(FILE_REQUIRED);
      let data: Buffer;
      let purpose = request.query.purpose;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== 'file') throw ApiError.badRequest(FILE_REQUIRED);
        const field = file.fields.purpose;
        const given = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
        if (given !== undefined) {
          const parsed = z.enum(UPLOAD_PURPOSES).safeParse(given);
          if (!parsed.success) throw ApiError.badRequest(PURPOSE_REQUIRED);
          purpose = parsed.data;
        }
        data = await file.toBuffer();
      } catch (error) {
        if (error instanceof ApiError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw ApiError.badRequest(COMMUNITY_MESSAGES.uploadTooLarge);
        request.log.info({ err: error }, 'upload: unreadable multipart body');
        throw ApiError.badRequest(FILE_REQUIRED);
      }
      if (!purpose) throw ApiError.badRequest(PURPOSE_REQUIRED);
      if (purpose === 'chat') {
        const sent = await chat.upload(await chat.viewerOf(request.user!), data);
        return ok({ url: sent.image.url, width: sent.image.width, height: sent.image.height, imageId: sent.imageId });
      }
      const image = await uploads.upload(userId, purpose, data);
      return ok({ url: image.url, width: image.width, height: image.height, imageId: null });
    },
  );
};

/** GET /img/u/<name>: public, immutable. */
export function registerUploadedImages(app: FastifyInstance, { uploads }: { uploads: Pick<Uploads, 'read'> }) {
  app.get('/img/u/:name', { schema: { hide: true } }, async (request, reply) => {
    const name = (request.params as { name?: string }).name ?? '';
    const image = IMAGE_NAME.test(name) ? await uploads.read(name) : null;
    if (!image) return sendFail(reply, 404, RESULT_CODE.notFound, '图片不存在');
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('x-content-type-options', 'nosniff');
    // an image is never a document: nothing in it may run or load anything, even opened on its own
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.type(image.contentType).send(image.data);
  });
}

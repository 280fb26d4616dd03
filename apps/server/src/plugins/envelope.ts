// The /rabbit/v1 envelope {resultCode, errMsg, body} from one place (ARCHITECTURE §4): every failure becomes
// resultCode ≠ 0 with a Chinese errMsg and a 4xx (or 500 without internals); no stack trace leaves the server.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, RESULT_CODE, fail, zodIssuesToChinese } from '@fjt/domain';

export const API_PREFIX = '/rabbit/v1';

export function isApiRequest(request: FastifyRequest): boolean {
  return (
    request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`) || request.url.startsWith(`${API_PREFIX}?`)
  );
}

export function registerEnvelope(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendFail(
        reply,
        400,
        RESULT_CODE.badRequest,
        zodIssuesToChinese(
          error.validation.map((v) => ({
            path: v.instancePath.split('/').filter(Boolean),
            code: String(v.keyword),
            message: v.message ?? '',
          })),
        ),
      );
    }
    if (error instanceof ApiError) return sendFail(reply, error.statusCode, error.resultCode, error.message);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendFail(reply, 500, RESULT_CODE.server, '服务器开小差了，请稍后再试');
    }
    return sendFail(reply, status, status, clientErrorMessage(error));
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return '不支持的请求格式';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return '请求内容不能为空';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return '请求内容过大';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return '请求内容格式错误';
    default:
      if (error.statusCode === 429) return '操作太频繁，请稍后再试';
      return '请求有误，请检查后重试';
  }
}

export function sendFail(reply: FastifyReply, status: number, resultCode: number, errMsg: string) {
  return reply.status(status).type('application/json; charset=utf-8').send(fail(resultCode, errMsg));
}

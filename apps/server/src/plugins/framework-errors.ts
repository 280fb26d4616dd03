// What Fastify itself answers outside the routes (issue 10, defect 4): a malformed URL (FST_ERR_BAD_URL), an
// unknown path or method, a request Node cannot parse. API paths get the Chinese envelope; page paths get the
// product's HTML error page, rendered by the web app (registerSsr fills `pages.render`).
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_MESSAGE, RESULT_CODE, fail } from '@fjt/domain';
import { isApiRequest, sendFail } from './envelope.ts';

/** Renders the web app's error page with this status and message for the request's URL. */
export type ErrorPageRenderer = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
) => Promise<unknown>;

export interface PageErrors {
  render?: ErrorPageRenderer;
}

function notFound(pages: PageErrors, request: FastifyRequest, reply: FastifyReply) {
  if (!isApiRequest(request) && pages.render) return pages.render(request, reply, 404, NOT_FOUND_MESSAGE);
  return sendFail(reply, 404, RESULT_CODE.notFound, isApiRequest(request) ? '接口不存在' : '页面不存在');
}

/** Fastify's frameworkErrors option: a URL that cannot be decoded names no page and no endpoint. */
export function frameworkErrors(pages: PageErrors) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.code === 'FST_ERR_BAD_URL') {
      if (!isApiRequest(request)) return notFound(pages, request, reply);
      return sendFail(reply, 400, RESULT_CODE.badRequest, '请求地址格式不正确');
    }
    request.log.error({ err: error }, 'framework error');
    return sendFail(reply, 500, RESULT_CODE.server, '服务器开小差了，请稍后再试');
  };
}

/** Unknown paths and methods anywhere (the docs' static files included). */
export function registerNotFound(app: FastifyInstance, pages: PageErrors) {
  app.setNotFoundHandler((request, reply) => notFound(pages, request, reply));
}

/** Requests Node's HTTP parser refuses (unknown methods, broken headers): the envelope, in Chinese. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, label, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', '请求超时，请稍后再试']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', '请求头过大']
        : [400, 'Bad Request', '请求格式不正确'];
  const body = JSON.stringify(fail(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${label}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

// The HttpClient of adapters and the sandbox notifier (provider.ts): a request for our own origin (the sandbox
// gateway under /__sandbox, our notify endpoints) goes through Fastify's inject — the embedded default needs no
// listening socket and no outbound network — and anything else through fetch.
import type { FastifyInstance } from 'fastify';
import type { HttpClient } from './provider.ts';

export function createHttpClient(app: FastifyInstance, ownOrigins: readonly string[], timeoutMs = 10_000): HttpClient {
  const own = ownOrigins.map((o) => new URL(o).origin);
  return async (request) => {
    const url = new URL(request.url);
    if (own.includes(url.origin)) {
      const res = await app.inject({
        method: request.method,
        url: `${url.pathname}${url.search}`,
        headers: request.headers ?? {},
        ...(request.body !== undefined ? { payload: request.body } : {}),
        remoteAddress: '127.0.0.1',
      });
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = String(v);
      return { status: res.statusCode, headers, body: res.body };
    }
    const res = await fetch(url, {
      method: request.method,
      headers: request.headers ?? {},
      ...(request.body !== undefined ? { body: request.body } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    return { status: res.status, headers, body: await res.text() };
  };
}

// Who is asking (issue 11, ARCHITECTURE §4): every API request is resolved to request.user from the session
// cookie (web) or the `token` header (the native app, spec §7), or to null — a visitor. An unknown, forged,
// expired or revoked token is simply a visitor. A cookie-authenticated request that changes something must come
// from our own pages (Origin, else Referer, equal to the public origin): a token header cannot be sent by another
// site's form, so those are exempt.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '@fjt/domain';
import { SESSION_TTL_MS, type AccountsService, type SessionUser } from '../modules/accounts/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. */
    user: SessionUser | null;
    /** The token the user came with and how (to revoke or rotate it). */
    session: { token: string; via: 'cookie' | 'header' } | null;
  }
}

export const CSRF_REFUSED = '请求来源无效，请刷新页面后重试';

/** The signed-in user of a request that needs one (401 请先登录 otherwise). */
export function userIdOf(request: { user: { id: number } | null }): number {
  if (!request.user) throw ApiError.unauthorized();
  return request.user.id;
}

/** Route options of an answer that is the user's own: `no-store`, so no shared cache ever keeps it. */
export const personalRoute = {
  onSend: async (_request: unknown, reply: { header(k: string, v: string): unknown }) => {
    reply.header('cache-control', 'no-store');
  },
};

export interface SessionCookie {
  name: string;
  set(reply: FastifyReply, token: string): void;
  clear(reply: FastifyReply): void;
}

/** fjt_session; behind HTTPS the __Host- prefixed, Secure one (host-only, path /, never sent over plain HTTP). */
export function sessionCookie(publicOrigin: string): SessionCookie {
  const secure = publicOrigin.startsWith('https:');
  const name = secure ? '__Host-fjt_session' : 'fjt_session';
  const options = { httpOnly: true, sameSite: 'lax', path: '/', secure } as const;
  return {
    name,
    set: (reply, token) => void reply.setCookie(name, token, { ...options, maxAge: SESSION_TTL_MS / 1000 }),
    clear: (reply) => void reply.clearCookie(name, options),
  };
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerSession(
  api: FastifyInstance,
  { accounts, cookie, publicOrigin }: { accounts: AccountsService; cookie: SessionCookie; publicOrigin: string },
) {
  api.decorateRequest('user', null);
  api.decorateRequest('session', null);
  api.addHook('onRequest', async (request, reply) => {
    const header = request.headers.token;
    const fromHeader = typeof header === 'string' && header ? header : null;
    const fromCookie = request.cookies[cookie.name] || null;
    const token = fromHeader ?? fromCookie;
    if (!token) return;
    const via = fromHeader ? 'header' : 'cookie';
    const found = await accounts.resolve(token);
    if (!found) return;
    if (via === 'cookie' && !SAFE_METHODS.has(request.method)) {
      const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
      if (origin !== publicOrigin) throw ApiError.forbidden(CSRF_REFUSED);
    }
    request.user = found.user;
    request.session = { token, via };
    if (found.extended && via === 'cookie') cookie.set(reply, token);
  });
}

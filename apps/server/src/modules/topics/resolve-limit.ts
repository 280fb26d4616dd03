// How often one address may resolve SMS short links (issue 18): a person taps a few links; a script guessing codes is
// held back. One count per address shared by msglink/resolve (the API) and the /activity/msglink page (its loader
// resolves the code itself), so neither is a way around the other; in Redis when REDIS_URL is set (every instance
// counts alike), in process otherwise.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WindowCounter } from '../../lib/window-counter.ts';
import type { PageErrors } from '../../plugins/framework-errors.ts';
import { tooManyRequests } from '../../plugins/rate-limit.ts';

/** Resolves per address per minute. */
export const MSGLINK_RESOLVES_PER_MINUTE = 30;
const WINDOW_MS = 60_000;
/** The page (and its client-side navigation data request) whose loader resolves a code. */
const MSGLINK_PAGE = /^\/activity\/msglink(?:\.data)?(?:\?|$)/;

export interface MsgLinkResolveLimit {
  /** Counts one resolve of the request's address; throws 429 (操作太频繁…) past the limit. */
  admit(request: FastifyRequest): Promise<void>;
  /** An onRequest hook for the pages: past the limit, the product's error page with 429. */
  pageGuard(pages: PageErrors): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

export function msgLinkResolveLimit(counter: WindowCounter): MsgLinkResolveLimit {
  const admit = async (request: FastifyRequest) => {
    const taken = await counter.take(`msglink:${request.ip}`, MSGLINK_RESOLVES_PER_MINUTE, WINDOW_MS);
    if (!taken.allowed) throw tooManyRequests(Math.ceil(taken.retryAfterMs / 1000));
  };
  return {
    admit,
    pageGuard: (pages) => async (request, reply) => {
      if (request.method !== 'GET' || !MSGLINK_PAGE.test(request.url)) return;
      try {
        await admit(request);
      } catch (error) {
        if (!pages.render) throw error;
        return pages.render(request, reply, 429, (error as Error).message);
      }
    },
  };
}

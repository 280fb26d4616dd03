// Who is looking at member-only data (PAGES.md §0 VIP mask, ADR 0009): request.dealViewer() resolves the
// signed-in user's membership once per request — no query for a visitor, one indexed EXISTS for a user — and
// marks the answer personal. An answer that knows the user (member or not) is `private, no-store`: never kept
// by the response cache (registerApiCache's 'visitors' routes skip any request with a session) nor by a browser
// or proxy. A visitor's answer is the same for every visitor and stays cacheable. A signed-in viewer also carries
// the cities of their live deal-data permits (the /trade product): dealsUnlocked opens those cities' rows.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NON_MEMBER, type DealViewer } from '@fjt/domain';
import type { MembershipService } from './service.ts';
import { VISITORS_VARY } from '../../plugins/response-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The viewer of deal rows for this request; sets `cache-control: private, no-store` for a signed-in user. */
    dealViewer(reply: FastifyReply): Promise<DealViewer>;
  }
}

/** The answer cached per request (a page of the API may ask twice). */
const resolved = new WeakMap<FastifyRequest, Promise<DealViewer>>();

export function registerDealViewer(
  api: FastifyInstance,
  membership: Pick<MembershipService, 'isMember'>,
  trade?: { permittedCities(userId: number): Promise<number[]> },
) {
  api.decorateRequest('dealViewer', function (this: FastifyRequest, reply: FastifyReply): Promise<DealViewer> {
    const user = this.user;
    if (!user) {
      reply.header('vary', VISITORS_VARY);
      return Promise.resolve(NON_MEMBER);
    }
    reply.header('cache-control', 'private, no-store');
    let viewer = resolved.get(this);
    if (!viewer) {
      viewer = Promise.all([membership.isMember(user.id), trade?.permittedCities(user.id) ?? []]).then(
        ([member, tradeCityIds]): DealViewer =>
          member || tradeCityIds.length > 0 ? { member, tradeCityIds } : NON_MEMBER,
      );
      resolved.set(this, viewer);
    }
    return viewer;
  });
}

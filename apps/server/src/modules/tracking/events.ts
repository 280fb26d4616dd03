// NEW POST ubt/api/events (issue 18; spec §7 "tracking events are sent on views and clicks"): a batch of page views
// and taps, sent by the web app's tracking queue with navigator.sendBeacon (so the body arrives as text/plain or
// application/json; this route alone parses both). Stored append-only in ubt_event through the write buffer
// (event-buffer.ts: one multi-row INSERT a second): the month (yyyymm of `at` in Asia/Shanghai), the device
// (fjt_did), the signed-in user and the device's channel (its latest channel mark).
//
// Refusals, cheapest first:
// - Do-Not-Track (`DNT: 1`) or Global Privacy Control (`Sec-GPC: 1`): 200 with accepted 0 and reason 'dnt', answered
//   before the session is resolved or the body read (so dropped is 0: the events were never looked at; the client
//   sends nothing then, this is the server's own guard).
// - a flood: a token bucket per device and one per address (burst 200 events, 20/s per device; ten times that per
//   address, which many phones may share; lib/token-bucket, in Redis when REDIS_URL is set so every instance counts
//   alike, in process otherwise). The first event's token is taken before the session is resolved and the body read
//   (floodGuard, an API-wide onRequest hook registered before the session's), so an empty bucket answers 429
//   '上报过于频繁' at once; the rest of the batch's tokens are taken after parsing, and a batch larger than what is
//   left is refused whole (429), its first token kept: a refused request is not free, and a single event is never
//   refused once its token was taken.
// - a body over 32 KB: 413 from the route's bodyLimit, never parsed.
// - a signed-in user who turned tracking off in /profile/info: 200 with accepted 0, dropped n and 'opted_out' (one
//   lookup per request; the buffered INSERT checks again).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@fjt/db';
import { queryRows, sql } from '@fjt/db';
import {
  ApiError,
  EVENT_CLOCK_SKEW_MS,
  MAX_EVENTS_BODY_BYTES,
  TRACKING_MESSAGES,
  ok,
  trackingEventsBody,
  trackingEventsInput,
  type TrackingEvent,
  type TrackingEventsBody,
} from '@fjt/domain';
import { deviceIdOf } from '../../lib/device.ts';
import type { Redis } from '../../lib/redis.ts';
import { memoryTokenBucket, redisTokenBucket, type TokenBucket } from '../../lib/token-bucket.ts';
import { envelopeOf } from '../../plugins/openapi.ts';
import { personalRoute } from '../../plugins/session.ts';
import type { EventBuffer, EventRow } from './event-buffer.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** POST ubt/api/events: the flood guard (and the DNT refusal) runs before the session is resolved. */
    eventsIntake?: boolean;
  }
}

const tags = ['tracking'];
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** yyyymm of an instant in Asia/Shanghai (UTC+8, no daylight saving). */
export function shanghaiMonth(at: number): number {
  const d = new Date(at + SHANGHAI_OFFSET_MS);
  return d.getUTCFullYear() * 100 + d.getUTCMonth() + 1;
}

/** The client's time, kept within a day of the server's. */
export const clampEventTime = (at: number, now: number) =>
  Math.min(Math.max(at, now - EVENT_CLOCK_SKEW_MS), now + EVENT_CLOCK_SKEW_MS);

export interface EventsWho {
  deviceId: string | null;
  userId: number | null;
}

/** The rows a batch becomes (its channel is looked up when the buffer writes them). */
export function eventRows(events: readonly TrackingEvent[], who: EventsWho, now: number): EventRow[] {
  return events.map((e) => {
    const at = clampEventTime(e.at, now);
    return {
      month: shanghaiMonth(at),
      at: new Date(at).toISOString(),
      type: e.type,
      page: e.page,
      spm: e.spm ?? '',
      deviceId: who.deviceId,
      userId: who.userId,
      props: e.props && Object.keys(e.props).length > 0 ? e.props : null,
    };
  });
}

/** DNT: 1 or Sec-GPC: 1. */
export function refusesTracking(headers: FastifyRequest['headers']): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

export async function hasOptedOut(db: Database, userId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM tracking_opt_out WHERE user_id = ${userId}`,
  );
  return rows.length > 0;
}

export interface EventLimits {
  perDevice: { burst: number; perSecond: number };
  perAddress: { burst: number; perSecond: number };
}
export const EVENT_LIMITS: EventLimits = {
  perDevice: { burst: 200, perSecond: 20 },
  perAddress: { burst: 2000, perSecond: 200 },
};

export interface EventsFloodGuard {
  /** The API-wide onRequest hook (registered before the session's): DNT, then the first event's token. */
  onRequest(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  /** Takes the rest of a batch's tokens (n − 1); false: refused, the first token kept. */
  takeRest(request: FastifyRequest, n: number): Promise<boolean>;
}

const refuse = () => ApiError.tooMany(TRACKING_MESSAGES.tooMany);

export function createEventsFloodGuard({
  redis,
  now = Date.now,
  limits = EVENT_LIMITS,
}: {
  redis?: Redis | undefined;
  now?: () => number;
  limits?: EventLimits;
}): EventsFloodGuard {
  const bucketOf = ({ burst, perSecond }: { burst: number; perSecond: number }, prefix: string): TokenBucket => {
    const shape = { capacity: burst, refillMs: 1000 / perSecond };
    return redis ? redisTokenBucket(redis, { ...shape, prefix }) : memoryTokenBucket(shape, { now });
  };
  const devices = bucketOf(limits.perDevice, 'fjt:ubt:device');
  const addresses = bucketOf(limits.perAddress, 'fjt:ubt:ip');
  /** Takes n tokens from the address's bucket and the device's (when there is one): both or neither. */
  const take = async (request: FastifyRequest, n: number): Promise<boolean> => {
    if (!(await addresses.take(request.ip, n)).allowed) return false;
    const device = deviceIdOf(request);
    if (device && !(await devices.take(device, n)).allowed) {
      await addresses.giveBack(request.ip, n);
      return false;
    }
    return true;
  };
  return {
    async onRequest(request, reply) {
      if (!request.routeOptions.config.eventsIntake) return;
      if (refusesTracking(request.headers)) {
        const body: TrackingEventsBody = { accepted: 0, dropped: 0, reason: 'dnt' };
        return reply.send(ok(body));
      }
      if (!(await take(request, 1))) throw refuse();
    },
    takeRest: (request, n) => (n > 1 ? take(request, n - 1) : Promise.resolve(true)),
  };
}

export const trackingEventRoutes: FastifyPluginAsyncZod<{
  db: Database;
  buffer: EventBuffer;
  guard: EventsFloodGuard;
  now?: () => number;
}> = async (app, { db, buffer, guard, now = Date.now }) => {
  // sendBeacon sends a string as text/plain; a Blob may say application/json. Both are JSON here, and only here
  // (this plugin's own context).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(ApiError.badRequest(TRACKING_MESSAGES.body), undefined);
    }
  });

  app.post(
    '/ubt/api/events',
    {
      ...personalRoute,
      bodyLimit: MAX_EVENTS_BODY_BYTES,
      // its own limits (the buckets, in guard.onRequest) replace the per-address write limit of the API
      config: { limitsItself: true, eventsIntake: true },
      schema: {
        tags,
        summary:
          '埋点事件上报（新）：一批最多50条浏览/点击事件（≤32KB，sendBeacon 的 text/plain 或 JSON），按设备与IP限流' +
          '（超出返回429“上报过于频繁”）；DNT/GPC 请求头或已关闭“个性化推荐与统计”的用户的事件丢弃并说明原因',
        body: trackingEventsInput,
        response: { 200: envelopeOf(trackingEventsBody) },
      },
    },
    async (request) => {
      const { events } = request.body;
      const n = events.length;
      if (!(await guard.takeRest(request, n))) throw refuse();
      const userId = request.user?.id ?? null;
      if (userId !== null && (await hasOptedOut(db, userId))) {
        return ok<TrackingEventsBody>({ accepted: 0, dropped: n, reason: 'opted_out' });
      }
      buffer.add(eventRows(events, { deviceId: deviceIdOf(request), userId }, now()));
      return ok<TrackingEventsBody>({ accepted: n, dropped: 0, reason: null });
    },
  );
};

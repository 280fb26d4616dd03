// NEW POST ubt/api/events (issue 18; spec §7 "tracking events are sent on views and clicks"): a batch of page views
// and taps, sent by the web app's tracking queue with navigator.sendBeacon (so the body arrives as text/plain or
// application/json; this route alone parses both). Stored append-only in ubt_event with one INSERT per batch: the
// month (yyyymm of `at` in Asia/Shanghai), the device (fjt_did), the signed-in user and the device's channel (its
// latest channel mark).
//
// Refusals, cheapest first:
// - a flood: a token bucket per device and one per address (burst 200 events, 20/s per device; ten times that per
//   address, which many phones may share; the shared lib/token-bucket, in process: each instance guards itself).
//   The first event's token is taken in onRequest, before the body is read, so an empty bucket answers 429
//   '上报过于频繁' at once; the rest of the batch's tokens are taken after parsing, and a batch larger than what is
//   left is refused whole (429) with its first token given back. Nothing is stored for it.
// - a body over 32 KB: 413 from the route's bodyLimit, never parsed.
// - Do-Not-Track (`DNT: 1`) or Global Privacy Control (`Sec-GPC: 1`), or a signed-in user who turned tracking off in
//   /profile/info: 200 with accepted 0, dropped n and the reason (the client sends nothing then; this is the
//   server's own guard).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
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
import { envelopeOf } from '../../plugins/openapi.ts';
import { personalRoute } from '../../plugins/session.ts';
import { memoryTokenBucket, type TokenBucket } from '../../lib/token-bucket.ts';

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

/** One INSERT for the whole batch; the channel is the device's latest mark, looked up in the same statement. */
export async function storeEvents(db: Database, events: readonly TrackingEvent[], who: EventsWho, now: number) {
  if (events.length === 0) return 0;
  const rows = events.map((e) => {
    const at = clampEventTime(e.at, now);
    return {
      month: shanghaiMonth(at),
      at: new Date(at).toISOString(),
      type: e.type,
      page: e.page,
      spm: e.spm ?? '',
      props: e.props && Object.keys(e.props).length > 0 ? e.props : null,
    };
  });
  const channel = who.deviceId
    ? sql`(SELECT channel_code FROM channel_mark WHERE device_id = ${who.deviceId} ORDER BY created_at DESC, id DESC LIMIT 1)`
    : sql`NULL::text`;
  await db.execute(
    sql`INSERT INTO ubt_event (month, at, type, page, spm, device_id, user_id, channel_code, props)
        SELECT v.month, v.at, v.type, v.page, v.spm, ${who.deviceId}::text, ${who.userId}::int, ${channel}, v.props
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS v(month int, at timestamptz, type text, page text, spm text, props jsonb)`,
  );
  return rows.length;
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

export const trackingEventRoutes: FastifyPluginAsyncZod<{
  db: Database;
  now?: () => number;
  limits?: EventLimits;
}> = async (app, { db, now = Date.now, limits = EVENT_LIMITS }) => {
  const bucketOf = ({ burst, perSecond }: { burst: number; perSecond: number }): TokenBucket =>
    memoryTokenBucket({ capacity: burst, refillMs: 1000 / perSecond }, { now });
  const devices = bucketOf(limits.perDevice);
  const addresses = bucketOf(limits.perAddress);
  /** Takes n tokens from the address's bucket and the device's (when there is one): both or neither. */
  const takeTokens = async (ip: string, device: string | null, n: number): Promise<boolean> => {
    if (!(await addresses.take(ip, n)).allowed) return false;
    if (device && !(await devices.take(device, n)).allowed) {
      await addresses.giveBack(ip, n);
      return false;
    }
    return true;
  };
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
  const refuse = () => ApiError.tooMany(TRACKING_MESSAGES.tooMany);

  app.post(
    '/ubt/api/events',
    {
      ...personalRoute,
      bodyLimit: MAX_EVENTS_BODY_BYTES,
      // its own limits (the buckets) replace the per-address write limit of the API
      config: { limitsItself: true },
      onRequest: async (request) => {
        // before the body is read: the first event's token, so an empty bucket costs nothing more
        if (!(await takeTokens(request.ip, deviceIdOf(request), 1))) throw refuse();
      },
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
      const userId = request.user?.id ?? null;
      const dropped = (reason: TrackingEventsBody['reason']) => ok({ accepted: 0, dropped: n, reason });
      if (refusesTracking(request.headers)) return dropped('dnt');
      const device = deviceIdOf(request);
      // the rest of the batch (onRequest took the first event's token)
      if (n > 1 && !(await takeTokens(request.ip, device, n - 1))) {
        await addresses.giveBack(request.ip, 1);
        if (device) await devices.giveBack(device, 1);
        throw refuse();
      }
      if (userId !== null && (await hasOptedOut(db, userId))) return dropped('opted_out');
      const accepted = await storeEvents(db, events, { deviceId: device, userId }, now());
      return ok({ accepted, dropped: 0, reason: null });
    },
  );
};

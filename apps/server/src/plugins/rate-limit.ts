// Per-IP limits on the API (@fastify/rate-limit): generous for reads, tight for writes, tighter still where a
// route says so; counters in Redis when REDIS_URL is set so every process shares them. A refusal is the usual
// envelope with a Chinese errMsg, status 429 and Retry-After.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ApiError, RESULT_CODE } from '@fjt/domain';
import type { Redis } from '../lib/redis.ts';

export interface RateLimits {
  /** GET and HEAD requests per IP per minute; 0: unlimited. */
  readsPerMinute: number;
  /** Other requests per IP per minute; 0: unlimited. */
  writesPerMinute: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that only reads (the spec makes some list calls POST): limited as a read, not a write. */
    readOnly?: boolean;
    /**
     * A POST that limits its own writes per user (the chat's fallback frames: messages per minute, frames per
     * request): per IP it counts with the reads, so users behind one proxy — when the fallback is used — do not
     * share 60 writes a minute.
     */
    limitsItself?: boolean;
  }
}

const isRead = (request: FastifyRequest) =>
  request.method === 'GET' ||
  request.method === 'HEAD' ||
  request.routeOptions.config.readOnly === true ||
  request.routeOptions.config.limitsItself === true;

export function tooManyRequests(retryAfterSeconds: number): ApiError {
  return new ApiError(429, RESULT_CODE.tooMany, `操作太频繁，请${Math.max(1, retryAfterSeconds)}秒后再试`);
}

export async function registerRateLimit(
  api: FastifyInstance,
  { limits, redis }: { limits: RateLimits; redis?: Redis | undefined },
) {
  const unlimited = Number.MAX_SAFE_INTEGER;
  await api.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    // reads and writes are counted apart, so browsing never uses up the writes
    keyGenerator: (request) => `${isRead(request) ? 'r' : 'w'}:${request.ip}`,
    max: (request) => (isRead(request) ? limits.readsPerMinute : limits.writesPerMinute) || unlimited,
    ...(redis ? { redis, nameSpace: 'fjt:rate:' } : {}),
    // A Redis outage must not take the API down with it.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
  });
}

// The Redis connection of a scaled-out deployment (REDIS_URL): rate-limit counters and window counters (SMS limits, video plays)
// are shared by every process through it. Without REDIS_URL the same interfaces run in process.
import { Redis, type RedisOptions } from 'ioredis';

export function connectRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    // Fail a command quickly instead of queueing it forever while Redis is away; callers decide what that means.
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
    ...options,
  });
}

export type { Redis };

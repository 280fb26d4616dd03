// "At most once per key per window": the first claim of a key in its window wins, later ones are refused until
// the window ends. Counts a video play once per viewer per hour; later, an SMS once per phone per minute. In
// Redis (SET NX PX, shared by every process) when REDIS_URL is set, in process otherwise.
import { LRUCache } from 'lru-cache';
import type { Redis } from './redis.ts';

export interface OncePerWindow {
  /** true when this is the key's first claim in the window (and starts the window); false otherwise. */
  claim(key: string): Promise<boolean>;
}

export function memoryOncePerWindow({ windowMs, max = 200_000 }: { windowMs: number; max?: number }): OncePerWindow {
  const seen = new LRUCache<string, true>({ max, ttl: windowMs, ttlAutopurge: false });
  return {
    async claim(key) {
      if (seen.has(key)) return false;
      seen.set(key, true);
      return true;
    },
  };
}

export function redisOncePerWindow(
  redis: Redis,
  { windowMs, prefix }: { windowMs: number; prefix: string },
): OncePerWindow {
  return {
    async claim(key) {
      return (await redis.set(`${prefix}:${key}`, '1', 'PX', windowMs, 'NX')) === 'OK';
    },
  };
}

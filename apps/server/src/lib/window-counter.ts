// "At most N per key per window" counters (fixed windows): the SMS limits per phone and per IP. In Redis (shared by
// every process) when REDIS_URL is set, in process otherwise; the in-process one takes a clock so tests can move
// time. take() counts a hit only when it is allowed, so refused requests never use up what a user may still send.
import type { Redis } from './redis.ts';

export interface WindowCounter {
  /** Counts one hit of `key` if fewer than `max` fell in its current window; the window starts at its first hit. */
  take(key: string, max: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
  /** Gives back a hit taken by take() (a later check refused the request). */
  giveBack(key: string): Promise<void>;
}

export function memoryWindowCounter({ now = Date.now, max: maxKeys = 200_000 } = {}): WindowCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async take(key, max, windowMs) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.endsAt <= t) {
        if (windows.size >= maxKeys) {
          for (const [k, v] of windows) if (v.endsAt <= t) windows.delete(k);
          if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
        }
        w = { count: 0, endsAt: t + windowMs };
        windows.set(key, w);
      }
      if (w.count >= max) return { allowed: false, retryAfterMs: w.endsAt - t };
      w.count++;
      return { allowed: true, retryAfterMs: 0 };
    },
    async giveBack(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count--;
    },
  };
}

/** DECR only a key that still exists: a DECR after the window ended would leave a key that never expires. */
const GIVE_BACK = "if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0";

export function redisWindowCounter(redis: Redis, { prefix }: { prefix: string }): WindowCounter {
  const giveBack = (k: string) => redis.eval(GIVE_BACK, 1, k).then(() => undefined);
  return {
    async take(key, max, windowMs) {
      const k = `${prefix}:${key}`;
      const result = await redis.multi().set(k, '0', 'PX', windowMs, 'NX').incr(k).pttl(k).exec();
      const count = Number(result?.[1]?.[1] ?? 0);
      const ttl = Number(result?.[2]?.[1] ?? windowMs);
      if (count > max) {
        await giveBack(k);
        return { allowed: false, retryAfterMs: ttl > 0 ? ttl : windowMs };
      }
      return { allowed: true, retryAfterMs: 0 };
    },
    async giveBack(key) {
      await giveBack(`${prefix}:${key}`);
    },
  };
}

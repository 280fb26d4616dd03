// "On average N per interval, at most `capacity` at once" (token buckets): the chat's per-user message limit, the
// posting guard's, and the tracking events' flood guard (a batch of n events takes n). A bucket holds up to
// `capacity` tokens and gains one every `refillMs`; a hit takes one, or `n`. Unlike a fixed window, a
// bucket frees capacity steadily: after an outage every client's backlog is not released at the same instant when
// windows that all started at the reconnect end together (docs/chat-protocol.md, the harness). In Redis (shared by
// every instance, on Redis's clock) when REDIS_URL is set, in process otherwise; the in-process one takes a clock so
// tests can move time.
import type { Redis } from './redis.ts';

export interface TokenBucket {
  /** Takes `n` tokens (default 1) of `key` if it has them; otherwise takes none, with how long until it would. */
  take(key: string, n?: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
  /** Puts back `n` tokens (default 1) take() gave (a later check refused the request). */
  giveBack(key: string, n?: number): Promise<void>;
}

export interface BucketShape {
  capacity: number;
  /** One token is added every refillMs. */
  refillMs: number;
}

export function memoryTokenBucket(
  { capacity, refillMs }: BucketShape,
  { now = Date.now, maxKeys = 200_000 }: { now?: () => number; maxKeys?: number } = {},
): TokenBucket {
  const buckets = new Map<string, { tokens: number; at: number }>();
  /** A bucket untouched for this long is full again: forgetting it changes nothing. */
  const fullAfterMs = capacity * refillMs;
  const level = (key: string, t: number) => {
    const b = buckets.get(key);
    if (!b) return capacity;
    return Math.min(capacity, b.tokens + (t - b.at) / refillMs);
  };
  const store = (key: string, tokens: number, t: number) => {
    if (!buckets.has(key) && buckets.size >= maxKeys) {
      for (const [k, v] of buckets) if (t - v.at >= fullAfterMs) buckets.delete(k);
      if (buckets.size >= maxKeys) buckets.delete(buckets.keys().next().value as string);
    }
    buckets.set(key, { tokens, at: t });
  };
  return {
    async take(key, n = 1) {
      const t = now();
      const tokens = level(key, t);
      if (tokens < n) return { allowed: false, retryAfterMs: Math.ceil((n - tokens) * refillMs) };
      store(key, tokens - n, t);
      return { allowed: true, retryAfterMs: 0 };
    },
    async giveBack(key, n = 1) {
      const t = now();
      if (buckets.has(key)) store(key, Math.min(capacity, level(key, t) + n), t);
    },
  };
}

// KEYS[1] the bucket; ARGV capacity, refillMs, and +n (take n) or -n (give n back). On Redis's own clock, so every
// instance counts alike; the key expires once the bucket would be full again.
const BUCKET = `
local capacity = tonumber(ARGV[1])
local refill = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local v = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local n = tonumber(ARGV[3])
local tokens = tonumber(v[1])
if tokens == nil then
  if n < 0 then return {1, 0} end
  tokens = capacity
else
  tokens = math.min(capacity, tokens + (now - tonumber(v[2])) / refill)
end
local allowed = 1
local retry = 0
if n < 0 then
  tokens = math.min(capacity, tokens - n)
elseif tokens >= n then
  tokens = tokens - n
else
  allowed = 0
  retry = math.ceil((n - tokens) * refill)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity * refill))
return {allowed, retry}`;

export function redisTokenBucket(
  redis: Redis,
  { capacity, refillMs, prefix }: BucketShape & { prefix: string },
): TokenBucket {
  const run = async (key: string, n: number) => {
    const [allowed, retry] = (await redis.eval(BUCKET, 1, `${prefix}:${key}`, capacity, refillMs, n)) as [
      number,
      number,
    ];
    return { allowed: allowed === 1, retryAfterMs: Number(retry) };
  };
  return {
    take: (key, n = 1) => run(key, n),
    giveBack: async (key, n = 1) => void (await run(key, -n)),
  };
}

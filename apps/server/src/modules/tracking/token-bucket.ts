// In-process token buckets (the events flood guard): each key holds up to `burst` tokens and gains `perSecond` a
// second. The map is bounded: past maxKeys the full (idle) buckets go first, then the oldest.
export interface TokenBuckets {
  /** Whether `key` has at least `n` tokens now. */
  has(key: string, n: number): boolean;
  /** Takes `n` tokens (callers check has() first). */
  take(key: string, n: number): void;
}

export function createTokenBuckets({
  burst,
  perSecond,
  now = Date.now,
  maxKeys = 100_000,
}: {
  burst: number;
  perSecond: number;
  now?: () => number;
  maxKeys?: number;
}): TokenBuckets {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const level = (key: string) => {
    const t = now();
    const b = buckets.get(key);
    if (!b) return { tokens: burst, at: t };
    return { tokens: Math.min(burst, b.tokens + ((t - b.at) / 1000) * perSecond), at: t };
  };
  return {
    has: (key, n) => level(key).tokens >= n,
    take(key, n) {
      const b = level(key);
      if (!buckets.has(key) && buckets.size >= maxKeys) {
        for (const [k] of buckets) if (level(k).tokens >= burst) buckets.delete(k);
        if (buckets.size >= maxKeys) buckets.delete(buckets.keys().next().value as string);
      }
      buckets.delete(key);
      buckets.set(key, { tokens: b.tokens - n, at: b.at });
    },
  };
}

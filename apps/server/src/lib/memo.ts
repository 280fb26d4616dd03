// A bounded in-process cache of async answers with a time to live: figures that change only when data is
// loaded are computed once per key, and a failed computation is not kept. Rebuildable, so safe to lose.
export interface Memo<V> {
  get(key: string, compute: () => Promise<V>): Promise<V>;
  clear(): void;
  /** Forgets the entries whose key matches (the answers of the cities a data load changed). */
  deleteWhere(matches: (key: string) => boolean): void;
}

export function createMemo<V>({
  ttlMs,
  maxEntries = 1_000,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}): Memo<V> {
  const entries = new Map<string, { value: Promise<V>; expires: number }>();
  return {
    get(key, compute) {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value;
      if (hit) entries.delete(key);
      const value = compute();
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expires: now() + ttlMs });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
    deleteWhere(matches) {
      for (const key of [...entries.keys()]) if (matches(key)) entries.delete(key);
    },
  };
}

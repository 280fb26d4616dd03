// "Data changed" events (ADR 0015): after a CSV import or a seed, every running app instance must forget the answers
// it derived from the rows that changed. The message and its Redis channel live here, beside the importer and the
// seed, so that `npm run data:import` and `npm run db:seed` (processes of their own) and the server speak the same
// format; the server's bus (apps/server/src/lib/data-events.ts) subscribes to it.
import type { DatabaseHandle } from '@fjt/db';
import { validateRows, type ImportKind } from './import.ts';

/** The Redis pub/sub channel every instance listens on. */
export const DATA_CHANGED_CHANNEL = 'fjt:data-changed';

/** What changed: an import of one kind, a seed, or (a subscriber that may have missed news) anything at all. */
export type DataChangeKind = ImportKind | 'seed' | 'unknown';

export interface DataChanged {
  /** The cities whose rows changed; 'all' when the change is not confined to cities (a seed) or unknown. */
  cityIds: readonly number[] | 'all';
  kinds: readonly DataChangeKind[];
  /** When the change was committed (ISO 8601). */
  at: string;
  /** The process that published it (the server skips its own, which it has already applied). */
  origin?: string;
}

const KINDS: readonly DataChangeKind[] = ['estates', 'listings', 'deals', 'rentals', 'seed', 'unknown'];

export function dataChanged(
  kinds: readonly DataChangeKind[],
  cityIds: readonly number[] | 'all',
  origin?: string,
): DataChanged {
  return {
    cityIds: cityIds === 'all' ? 'all' : [...new Set(cityIds)].sort((a, b) => a - b),
    kinds,
    at: new Date().toISOString(),
    ...(origin ? { origin } : {}),
  };
}

/**
 * Reads a message off the channel. Anything malformed still means "something changed": it is read as a change of
 * everything, never ignored, since dropping caches is always safe and keeping stale ones is not.
 */
export function parseDataChanged(text: string): DataChanged {
  const everything: DataChanged = { cityIds: 'all', kinds: ['unknown'], at: new Date().toISOString() };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return everything;
  }
  if (!raw || typeof raw !== 'object') return everything;
  const { cityIds, kinds, at, origin } = raw as Record<string, unknown>;
  const cities =
    cityIds === 'all'
      ? 'all'
      : Array.isArray(cityIds) && cityIds.every((id) => Number.isSafeInteger(id) && (id as number) > 0)
        ? (cityIds as number[])
        : null;
  if (!cities) return everything;
  return {
    cityIds: cities,
    kinds: Array.isArray(kinds)
      ? kinds.filter((k): k is DataChangeKind => KINDS.includes(k as DataChangeKind))
      : ['unknown'],
    at: typeof at === 'string' ? at : everything.at,
    ...(typeof origin === 'string' ? { origin } : {}),
  };
}

/**
 * The cities a CSV file touches, read before it is imported: the cities named by the file (estates) or of the
 * estates it names, and the cities its rows are stored under now (a row moved to another estate or city changes
 * both). Rows are already known to be valid when this runs; an invalid file changes nothing and needs no event.
 */
export async function importCityIds(handle: DatabaseHandle, kind: ImportKind, csv: string): Promise<number[]> {
  const { rows } = validateRows(kind, csv);
  const cities = new Set<number>();
  const values = (column: string) => [
    ...new Set(rows.map((r) => r.v[column]).filter((v) => v !== null && v !== undefined)),
  ];
  const add = async (table: string, column: string, list: unknown[], type: 'text' | 'int') => {
    // one array parameter per query, whatever the file's size (ANY keeps it one statement on both drivers)
    for (let i = 0; i < list.length; i += 10_000) {
      const found = await handle.sql.query<{ city_id: number }>(
        `SELECT DISTINCT city_id::int AS city_id FROM "${table}" WHERE "${column}" = ANY($1::${type}[])`,
        [list.slice(i, i + 10_000)],
      );
      for (const r of found) cities.add(Number(r.city_id));
    }
  };
  const table = { estates: 'estate', listings: 'listing', deals: 'deal', rentals: 'rental' }[kind];
  await add(table, 'external_id', values('external_id'), 'text');
  if (kind === 'estates') {
    for (const id of values('city_id')) cities.add(id as number);
  } else {
    await add('estate', 'external_id', values('estate_external_id'), 'text');
    await add('estate', 'id', values('estate_id'), 'int');
  }
  return [...cities].sort((a, b) => a - b);
}

export interface PublishOptions {
  /** Connection attempts before giving up (each waits up to `connectTimeoutMs`). */
  attempts?: number;
  connectTimeoutMs?: number;
}

/**
 * Publishes one event on Redis from a process of its own (the import and seed commands): connects, publishes, quits.
 * Returns how many subscribers (running app instances) received it; throws when Redis cannot be reached after a few
 * attempts — the data is in, but running servers do not know, which the caller must say.
 */
export async function publishDataChanged(
  redisUrl: string,
  event: DataChanged,
  { attempts = 3, connectTimeoutMs = 3000 }: PublishOptions = {},
): Promise<number> {
  // loaded only here: commands without REDIS_URL never load the client
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: connectTimeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => {}); // reported through the rejected connect/publish below
  let lastError: unknown;
  try {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        if (redis.status !== 'ready') await redis.connect();
        return await redis.publish(DATA_CHANGED_CHANNEL, JSON.stringify(event));
      } catch (error) {
        lastError = error;
        redis.disconnect();
        if (attempt < attempts) await new Promise((r) => setTimeout(r, 250 * attempt));
      }
    }
    throw new Error(`Redis unreachable after ${attempts} attempts: ${(lastError as Error)?.message ?? lastError}`);
  } finally {
    if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis.disconnect();
  }
}

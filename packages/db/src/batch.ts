// Query batching: the row queries a page issues at once (a dozen small per-estate lookups) go to the database as
// one statement. The embedded PGlite runs one query at a time and each round trip costs ~0.5 ms of protocol and
// parsing before any work, so an estate page's 24 round trips cost more than the lookups themselves; one statement
// of 24 subqueries costs one round trip. Queries issued in the same turn of the event loop (one loader's
// Promise.all, or several concurrent requests) are collected and sent on the next turn.
//
// Each query becomes `(SELECT coalesce(json_agg(t), '[]') FROM (query) t)`, so its rows come back as JSON: only
// queries whose columns survive JSON unchanged may be batched — text (dates through to_char), int and float8
// (round(...)::float8, count(*)::int), boolean, json/jsonb and arrays of those. numeric, bigint and timestamps do
// not (the drivers give strings or Dates, JSON gives numbers or strings): cast them in the query.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';
import { queryRows } from './rows.ts';

/** More subqueries than this in one statement are sent as another statement. */
const MAX_BATCH = 64;

interface Pending {
  query: SQL;
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
}

export interface QueryBatcher {
  /** The query's rows, as `queryRows` would give them (for JSON-safe columns, see above). */
  rows<Row>(query: SQL): Promise<Row[]>;
}

const batchers = new WeakMap<Database, QueryBatcher>();

/** The database's batcher: one per database, so every repo's queries of a turn go in one statement. */
export function queryBatcher(db: Database): QueryBatcher {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = createQueryBatcher(db)));
  return batcher;
}

function createQueryBatcher(db: Database): QueryBatcher {
  let pending: Pending[] = [];

  const runAlone = (item: Pending) => queryRows<unknown>(db, item.query).then(item.resolve, item.reject);

  const runBatch = async (items: Pending[]) => {
    if (items.length === 1) return runAlone(items[0]!);
    const parts = items.map((item) => sql`(SELECT coalesce(json_agg(t), '[]'::json) FROM (${item.query}) t)`);
    let results: unknown[][];
    try {
      const [row] = await queryRows<{ r: unknown[][] }>(
        db,
        sql`SELECT json_build_array(${sql.join(parts, sql`, `)}) AS r`,
      );
      results = row!.r;
    } catch {
      // One bad query fails the whole statement: run each on its own, so only its own caller sees its error.
      await Promise.all(items.map(runAlone));
      return;
    }
    items.forEach((item, i) => item.resolve(results[i] ?? []));
  };

  const flush = () => {
    const items = pending;
    pending = [];
    for (let i = 0; i < items.length; i += MAX_BATCH) void runBatch(items.slice(i, i + MAX_BATCH));
  };

  return {
    rows<Row>(query: SQL): Promise<Row[]> {
      return new Promise<Row[]>((resolve, reject) => {
        // a setImmediate runs after every promise continuation of this turn: the whole Promise.all is in
        if (pending.length === 0) setImmediate(flush);
        pending.push({ query, resolve: resolve as (rows: unknown[]) => void, reject });
      });
    },
  };
}

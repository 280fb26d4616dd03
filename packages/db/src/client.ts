// Opens the database: PGlite embedded in DATA_DIR by default, PostgreSQL when a URL is given.
// Both go through Drizzle's pg-core dialect, so every query and migration runs unchanged on either.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Driver = 'pglite' | 'postgres';

/** A raw SQL runner shared by the migrator and the test helpers; both drivers answer `{ rows }`. */
export interface SqlRunner {
  exec(sqlText: string): Promise<void>;
  query<Row = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<Row[]>;
}

export interface DatabaseHandle {
  db: Database;
  driver: Driver;
  sql: SqlRunner;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as an uncompressed tarball (test snapshots). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * PostgreSQL only: one pooled connection of its own until released, for what must stay on one session (an
   * advisory lock is held by the session that took it; the pool would hand the unlock to another).
   */
  session?: () => Promise<SqlRunner & { release(): void }>;
  /**
   * PostgreSQL only: the pool's connections now and the time queries have spent waiting for one (the /metrics
   * page). PGlite has one connection and queues queries inside itself, where nothing can be counted.
   */
  poolStats?: () => PoolStats;
}

export interface PoolStats {
  /** Connections open, idle among them, and queries queued for one. */
  total: number;
  idle: number;
  waiting: number;
  /** Connections handed out so far and the seconds spent getting them (a new connection's start-up included). */
  acquired: number;
  acquireSeconds: number;
}

export interface OpenOptions {
  /** postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; 'memory://' for an in-memory database. */
  dataDir?: string | undefined;
  /** PostgreSQL only: the schema to put first on the search_path (test isolation). */
  searchPath?: string | undefined;
  poolSize?: number | undefined;
  /**
   * PostgreSQL only: told when an idle pooled connection dies (the server restarted, failed over, or an admin ended
   * it); the pool replaces it on the next query. Without a listener node-postgres would throw it out of the process.
   */
  onIdleError?: ((error: Error) => void) | undefined;
  /** PGlite only: start from this data directory tarball (a `dumpDataDir()` of an earlier database). */
  loadDataDir?: Blob | undefined;
}

export async function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.dataDir ?? './var/db', options.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir === 'memory://';
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : dataDir, {
    extensions: { pg_trgm },
    // An embedded single-process database has no replicas to feed: with minimal WAL, bulk loads into tables
    // truncated in the same transaction (the seed) skip the write-ahead log entirely.
    postgresqlconf: ['wal_level = minimal', 'max_wal_senders = 0'],
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    sql: {
      exec: async (text) => {
        await client.exec(text);
      },
      query: async <Row>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows,
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(url: string, options: OpenOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  pool.on('error', (error) => {
    if (options.onIdleError) options.onIdleError(error);
    else console.warn(`postgres: an idle connection ended (${error.message}); the pool opens another when needed`);
  });
  // Fail at start-up, not on the first request, when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const acquiring = timeAcquisitions(pool);
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
  return {
    db,
    driver: 'postgres',
    sql: {
      exec: async (text) => {
        await pool.query(text);
      },
      query: async <Row>(text: string, params?: unknown[]) =>
        (await pool.query(text, params as unknown[])).rows as Row[],
    },
    session: async () => {
      const client = await pool.connect();
      return {
        exec: async (text) => {
          await client.query(text);
        },
        query: async <Row>(text: string, params?: unknown[]) =>
          (await client.query(text, params as unknown[])).rows as Row[],
        release: () => client.release(),
      };
    },
    close: () => pool.end(),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      acquired: acquiring.acquired,
      acquireSeconds: acquiring.seconds,
    }),
  };
}

/**
 * Counts how long each checkout of a connection takes: every query goes through pool.connect (pool.query calls it
 * with a callback, transactions with none), so timing it there sees all waits for a free connection at the cost of
 * two clock reads per query.
 */
function timeAcquisitions(pool: pg.Pool): { acquired: number; seconds: number } {
  const totals = { acquired: 0, seconds: 0 };
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
  const count = (started: number) => {
    totals.acquired += 1;
    totals.seconds += (performance.now() - started) / 1000;
  };
  (pool as unknown as { connect: typeof connect }).connect = (callback) => {
    const started = performance.now();
    if (typeof callback === 'function') {
      return connect((...args: unknown[]) => {
        count(started);
        callback(...args);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then(
      (client) => {
        count(started);
        return client;
      },
      (error: unknown) => {
        count(started);
        throw error;
      },
    );
  };
  return totals;
}

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
  };
}

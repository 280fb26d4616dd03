// Test helper: every test file gets a fresh, migrated database of its own.
// PGlite in memory by default; a throw-away database in PostgreSQL when TEST_DATABASE_URL is set.
//
// Migrating (and seeding) a database per file is most of what an integration test file costs, so a test run
// prepares each starting point once (vitest's global setup, vitest.global-setup.ts: `prepareTestTemplates`) and
// every file copies it: PGlite loads a data-directory tarball, PostgreSQL creates a database from a template
// database. Without a prepared template (a script, or a vitest run without the global setup) the database is
// migrated here, as before.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { migrate } from './migrate.ts';

export interface TestDatabase extends DatabaseHandle {
  /** The schema the tables live in ('public'). */
  schema: string;
  /** Drops the database (PostgreSQL) and closes the connection. */
  destroy(): Promise<void>;
}

/**
 * A prepared starting point: 'migrated' (every migration, no rows) or a dataset scale seeded on top of it
 * ('small'). Its name is the key the global setup stores it under.
 */
export type TestTemplate = string;

/** Where the run's templates are (set by the global setup, inherited by the test workers). */
const TEMPLATES_ENV = 'FJT_TEST_TEMPLATES';

interface TemplateIndex {
  /** PGlite: template name → tarball path. */
  pglite?: Record<TestTemplate, string>;
  /** PostgreSQL: template name → database name; and the prefix every database of this run is named with. */
  postgres?: { url: string; prefix: string; databases: Record<TestTemplate, string> };
}

function templateIndex(): TemplateIndex {
  const raw = process.env[TEMPLATES_ENV];
  return raw ? (JSON.parse(raw) as TemplateIndex) : {};
}

/**
 * A fresh database for one test file: migrated, or a copy of the run's prepared `template` (e.g. 'small', already
 * seeded) when there is one. Callers that want a seeded database still call seedDatabase(), which sees the
 * template's seed_run row and does nothing; without a template it seeds as before.
 */
export async function createTestDatabase(template: TestTemplate = 'migrated'): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const index = templateIndex();
  if (!url) {
    const tarball = index.pglite?.[template] ?? index.pglite?.['migrated'];
    const handle = await openDatabase({
      dataDir: 'memory://',
      loadDataDir: tarball ? new BytesBlob(readFileSync(tarball)) : undefined,
    });
    if (!tarball) await migrate(handle.sql);
    return { ...handle, schema: 'public', destroy: () => handle.close() };
  }
  const run = index.postgres?.url === url ? index.postgres : undefined;
  const from = run ? (run.databases[template] ?? run.databases['migrated']) : undefined;
  const name = `${run?.prefix ?? 'fjt_t'}_${randomBytes(6).toString('hex')}`;
  await adminExec(url, `CREATE DATABASE "${name}"${from ? ` TEMPLATE "${from}"` : ''}`);
  let handle: DatabaseHandle;
  try {
    // destroy() drops the database WITH (FORCE): the connections it ends on purpose are no news
    handle = await openDatabase({ databaseUrl: databaseUrl(url, name), poolSize: 4, onIdleError: () => {} });
    if (!from) {
      await handle.sql.exec(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
      await migrate(handle.sql);
    }
  } catch (error) {
    await dropDatabase(url, name);
    throw error;
  }
  return {
    ...handle,
    schema: 'public',
    destroy: async () => {
      await handle.close();
      await dropDatabase(url, name);
    },
  };
}

/**
 * The global setup's half: builds the run's templates — 'migrated', then each of `seeded` (name → a function that
 * fills a migrated database) — and publishes them to the test workers through the environment. Returns the
 * teardown that removes them (and any database of this run a crashed file left behind).
 */
export async function prepareTestTemplates(
  seeded: Record<TestTemplate, (handle: DatabaseHandle) => Promise<unknown>>,
  workDir: string,
): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  const index: TemplateIndex = {};
  if (!url) {
    index.pglite = {};
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(handle.sql);
      index.pglite['migrated'] = await dumpTo(handle, join(workDir, 'migrated.tar'));
      for (const [name, fill] of Object.entries(seeded)) {
        // Each seeded template starts from the migrated state, on a database of its own.
        const copy = await openDatabase({
          dataDir: 'memory://',
          loadDataDir: new BytesBlob(readFileSync(index.pglite['migrated'])),
        });
        try {
          await fill(copy);
          index.pglite[name] = await dumpTo(copy, join(workDir, `${name}.tar`));
        } finally {
          await copy.close();
        }
      }
    } finally {
      await handle.close();
    }
    process.env[TEMPLATES_ENV] = JSON.stringify(index);
    return async () => {};
  }
  // A name of its own for this run: runs of other checkouts against the same server never meet.
  const prefix = `fjt_${randomBytes(4).toString('hex')}`;
  const databases: Record<TestTemplate, string> = {};
  const teardown = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`${prefix}\\_%`],
      );
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  try {
    const build = async (
      name: TestTemplate,
      from: string | undefined,
      fill: (h: DatabaseHandle) => Promise<unknown>,
    ) => {
      const db = `${prefix}_tpl_${name}`;
      await adminExec(url, `CREATE DATABASE "${db}"${from ? ` TEMPLATE "${from}"` : ''}`);
      const handle = await openDatabase({ databaseUrl: databaseUrl(url, db), poolSize: 4 });
      try {
        await fill(handle);
      } finally {
        await handle.close();
      }
      databases[name] = db;
    };
    await build('migrated', undefined, async (handle) => {
      await handle.sql.exec(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
      await migrate(handle.sql);
    });
    // The seeded ones side by side: the server does most of the work, on cores of its own.
    await Promise.all(Object.entries(seeded).map(([name, fill]) => build(name, databases['migrated'], fill)));
  } catch (error) {
    await teardown();
    throw error;
  }
  process.env[TEMPLATES_ENV] = JSON.stringify({ postgres: { url, prefix, databases } } satisfies TemplateIndex);
  return teardown;
}

async function dumpTo(handle: DatabaseHandle, file: string): Promise<string> {
  // A checkpoint first: a copy then starts without replaying the write-ahead log.
  await handle.sql.exec('CHECKPOINT');
  const tarball = await handle.dumpDataDir!();
  writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()));
  return file;
}

/** The same server URL with another database name. */
function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** CREATE/DROP DATABASE run outside a transaction, on a connection of their own. */
export async function adminExec(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function dropDatabase(url: string, name: string): Promise<void> {
  await adminExec(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/**
 * A Blob over bytes already in memory. PGlite reads a tarball with `arrayBuffer()`, which Node's own Blob answers by
 * copying the data through a stream in small chunks; this one hands the bytes over in one piece.
 */
class BytesBlob extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
  }
  override get size(): number {
    return this.#bytes.byteLength;
  }
  override get type(): string {
    return 'application/x-tar';
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#bytes;
    return Promise.resolve(
      byteOffset === 0 && byteLength === buffer.byteLength && buffer instanceof ArrayBuffer
        ? buffer
        : (buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer),
    );
  }
}

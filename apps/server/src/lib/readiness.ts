// Readiness (/readyz): may a load balancer send this instance traffic? Only when it is not shutting down, its
// database answers, every migration this code knows of is applied and the seed has finished. Liveness (/healthz)
// is a different question — is the process up — and must not fail while, say, another instance seeds.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR, type SqlRunner } from '@fjt/db';

/** The checks, by the names /readyz may say (nothing about the database or its driver beyond that). */
export type ReadinessCheck = 'shutting down' | 'database' | 'migrations' | 'seed';

export type Readiness = { ready: true } | { ready: false; failed: ReadinessCheck };

/** The seed's dataset name in seed_run (packages/dataset/src/seed.ts: DATASET). */
const SEED_DATASET = 'market';

/** The migrations of this code: drizzle-kit's journal (what migrate() applies, in order). */
export function journalTags(dir = MIGRATIONS_DIR): string[] {
  const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((e) => e.tag);
}

export interface ReadinessOptions {
  sql: SqlRunner;
  shuttingDown: () => boolean;
  /** Every migration tag that must be applied; default the journal's. */
  migrations?: readonly string[];
  /** A database that does not answer within this long is not ready (a probe must not hang). */
  timeoutMs?: number;
}

export function createReadiness({
  sql,
  shuttingDown,
  migrations = journalTags(),
  timeoutMs = 2000,
}: ReadinessOptions): () => Promise<Readiness> {
  class Timeout extends Error {}
  const withTimeout = <T>(work: Promise<T>) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Timeout(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  };
  /** Runs one check's query: a slow or lost database fails 'database'; an error of the query itself fails `check`. */
  const run = async <T>(check: ReadinessCheck, query: () => Promise<T>): Promise<T | ReadinessCheck> => {
    try {
      return await withTimeout(query());
    } catch (error) {
      return error instanceof Timeout ? 'database' : check;
    }
  };
  return async () => {
    if (shuttingDown()) return { ready: false, failed: 'shutting down' };
    const alive = await run('database', () => sql.query('SELECT 1'));
    if (typeof alive === 'string') return { ready: false, failed: alive };
    // before the first migration the table does not exist: that is "not migrated", not "database down"
    const applied = await run('migrations', () => sql.query<{ tag: string }>('SELECT tag FROM __migrations'));
    if (typeof applied === 'string') return { ready: false, failed: applied };
    const tags = new Set(applied.map((r) => r.tag));
    if (!migrations.every((tag) => tags.has(tag))) return { ready: false, failed: 'migrations' };
    const seeded = await run('seed', () =>
      sql.query<{ n: number }>('SELECT count(*)::int AS n FROM seed_run WHERE dataset = $1', [SEED_DATASET]),
    );
    if (typeof seeded === 'string') return { ready: false, failed: seeded };
    if (!(Number(seeded[0]?.n) > 0)) return { ready: false, failed: 'seed' };
    // a shutdown may have begun while the queries ran
    return shuttingDown() ? { ready: false, failed: 'shutting down' } : { ready: true };
  };
}

// Start-up work that must run once however many instances start at the same moment (ADR 0018): migrations and
// the first seed. On PostgreSQL the instances queue on one session-level advisory lock, so the first migrates and
// seeds while the others wait, then find everything applied and seeded and skip; a crashed holder's session ends
// and with it the lock. PGlite is one process's own database: nothing to queue behind.
import type { DatabaseHandle } from './client.ts';

/** The advisory lock key of start-up work: 'fjts' read as a 32-bit integer (any constant would do). */
export const STARTUP_LOCK_KEY = 0x666a7473;

export interface StartupLock {
  /** Releases the lock (and its connection); a second call does nothing. */
  release(): Promise<void>;
}

/**
 * Takes the start-up lock, waiting while another instance holds it (`onWait` is told once, before waiting). For
 * code that cannot be wrapped in a callback (serve.ts); otherwise use withStartupLock.
 */
export async function acquireStartupLock(
  database: Pick<DatabaseHandle, 'driver' | 'session'>,
  options: { onWait?: () => void } = {},
): Promise<StartupLock> {
  if (database.driver !== 'postgres' || !database.session) return { release: async () => {} };
  const session = await database.session();
  try {
    const [got] = await session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      STARTUP_LOCK_KEY,
    ]);
    if (!got?.locked) {
      options.onWait?.();
      await session.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    }
  } catch (error) {
    session.release();
    throw error;
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      try {
        await session.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
      } finally {
        session.release();
      }
    },
  };
}

/** Runs `fn` (migrate, seed) holding the start-up lock; the lock is released however `fn` ends. */
export async function withStartupLock<T>(
  database: Pick<DatabaseHandle, 'driver' | 'session'>,
  fn: () => Promise<T>,
  options: { onWait?: () => void } = {},
): Promise<T> {
  const lock = await acquireStartupLock(database, options);
  try {
    return await fn();
  } finally {
    await lock.release();
  }
}

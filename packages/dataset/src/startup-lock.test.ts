// The start-up lock (ADR 0018): two instances starting at the same moment on one fresh PostgreSQL database migrate
// and seed it once — one does the work, the other waits and finds it done — with no error (without the lock both
// would create the same tables and load the same rows). PostgreSQL only: PGlite is one process's own database.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { STARTUP_LOCK_KEY, migrate, openDatabase, withStartupLock, type DatabaseHandle } from '@fjt/db';
import { adminExec } from '@fjt/db/testing';
import { seedDatabase } from './seed.ts';

const url = process.env.TEST_DATABASE_URL;

const admin = (statement: string) => adminExec(url!, statement);

describe('start-up lock', () => {
  it('runs the work directly on PGlite (nothing to queue behind)', async () => {
    let ran = 0;
    const result = await withStartupLock({ driver: 'pglite' }, async () => ++ran);
    expect(result).toBe(1);
  });

  describe.skipIf(!url)('on PostgreSQL', () => {
    const name = `fjt_lock_${randomBytes(5).toString('hex')}`;
    const handles: DatabaseHandle[] = [];
    afterAll(async () => {
      await Promise.all(handles.map((h) => h.close()));
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });

    it(
      'lets two instances starting together migrate and seed a fresh database once',
      { timeout: 180_000 },
      async () => {
        await admin(`CREATE DATABASE "${name}"`);
        const at = new URL(url!);
        at.pathname = `/${name}`;
        // Two pools, as two processes have: the lock is per session, so it queues them like separate instances.
        for (let i = 0; i < 2; i++) handles.push(await openDatabase({ databaseUrl: at.toString(), poolSize: 4 }));
        const waited: number[] = [];
        const startup = (handle: DatabaseHandle, i: number) =>
          withStartupLock(
            handle,
            async () => {
              const migrated = await migrate(handle.sql);
              const seeded = await seedDatabase(handle, { scale: 'small', progress: false });
              return { migrated: migrated.applied.length, skipped: seeded.skipped === true };
            },
            { onWait: () => waited.push(i) },
          );
        const results = await Promise.all(handles.map(startup));

        // one migrated and seeded; the other waited for it, then had no migration to apply and skipped the seed
        const first = results.find((r) => !r.skipped);
        const second = results.find((r) => r.skipped);
        expect(first?.migrated).toBeGreaterThan(0);
        expect(second).toEqual({ migrated: 0, skipped: true });
        expect(waited).toHaveLength(1);
        // the market seeded once (the community's parts have rows of their own)
        const [market] = await handles[0]!.sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM seed_run WHERE dataset = 'market'`,
        );
        expect(market?.n).toBe(1);
        const [estates] = await handles[0]!.sql.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM estate WHERE city_id = 605',
        );
        expect(estates?.n).toBeGreaterThan(100);
        // the lock was released: a later instance takes it at once
        const session = await handles[1]!.session!();
        try {
          const [free] = await session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
            STARTUP_LOCK_KEY,
          ]);
          expect(free?.locked).toBe(true);
          await session.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        } finally {
          session.release();
        }
      },
    );
  });
});

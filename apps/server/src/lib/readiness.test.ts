// Readiness, each state: ready only with the database answering, every migration of the journal applied, the seed
// finished and no shutdown under way; otherwise the one check that failed, by name.
import { describe, expect, it } from 'vitest';
import type { SqlRunner } from '@fjt/db';
import { createReadiness, journalTags } from './readiness.ts';

interface FakeDb {
  down?: boolean;
  hangs?: boolean;
  migrationsTable?: boolean;
  applied?: string[];
  seedRows?: number;
}

/** A database that answers the three readiness queries as told. */
function fakeSql(state: FakeDb): SqlRunner & { queries: string[] } {
  const queries: string[] = [];
  return {
    queries,
    exec: async () => {},
    async query<Row>(text: string): Promise<Row[]> {
      queries.push(text);
      if (state.hangs) return new Promise(() => {});
      if (state.down) throw new Error('connect ECONNREFUSED');
      if (text === 'SELECT 1') return [{ '?column?': 1 }] as Row[];
      if (text.includes('__migrations')) {
        if (state.migrationsTable === false) throw new Error('relation "__migrations" does not exist');
        return (state.applied ?? []).map((tag) => ({ tag })) as Row[];
      }
      if (text.includes('seed_run')) return [{ n: state.seedRows ?? 0 }] as Row[];
      throw new Error(`unexpected query ${text}`);
    },
  };
}

const MIGRATIONS = ['0000_first', '0001_second'];
const ready = (state: FakeDb, shuttingDown = false, timeoutMs = 500) => {
  const sql = fakeSql(state);
  return { sql, check: createReadiness({ sql, migrations: MIGRATIONS, shuttingDown: () => shuttingDown, timeoutMs }) };
};

describe('readiness', () => {
  it('is ready with the database up, every migration applied and the seed done', async () => {
    const { check } = ready({ applied: [...MIGRATIONS, '0002_newer_elsewhere'], seedRows: 1 });
    expect(await check()).toEqual({ ready: true });
  });

  it('says shutting down first, without asking the database', async () => {
    const { check, sql } = ready({ applied: MIGRATIONS, seedRows: 1 }, true);
    expect(await check()).toEqual({ ready: false, failed: 'shutting down' });
    expect(sql.queries).toEqual([]);
  });

  it('says database when it refuses or does not answer in time', async () => {
    expect(await ready({ down: true }).check()).toEqual({ ready: false, failed: 'database' });
    const started = Date.now();
    expect(await ready({ hangs: true }, false, 50).check()).toEqual({ ready: false, failed: 'database' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('says migrations when one of the journal is missing, or none has run', async () => {
    expect(await ready({ applied: ['0000_first'], seedRows: 1 }).check()).toEqual({
      ready: false,
      failed: 'migrations',
    });
    expect(await ready({ migrationsTable: false }).check()).toEqual({ ready: false, failed: 'migrations' });
  });

  it('says seed while the seed has not finished', async () => {
    expect(await ready({ applied: MIGRATIONS, seedRows: 0 }).check()).toEqual({ ready: false, failed: 'seed' });
  });

  it('reads the real journal of packages/db', () => {
    const tags = journalTags();
    expect(tags.length).toBeGreaterThan(5);
    expect(tags[0]).toMatch(/^0000_/);
  });
});

// Test helper: every test file gets a fresh, migrated database.
// PGlite in memory by default; a throw-away schema in PostgreSQL when TEST_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { migrate } from './migrate.ts';

export interface TestDatabase extends DatabaseHandle {
  /** The schema the tables live in ('public' on PGlite). */
  schema: string;
  /** Drops the schema (PostgreSQL) and closes the connection. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await migrate(handle.sql);
    return { ...handle, schema: 'public', destroy: () => handle.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: url, poolSize: 1 });
  await admin.sql.exec(`CREATE SCHEMA "${schema}"`);
  await admin.sql.exec(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  await admin.close();
  // pg_trgm lives in public; keep it on the path after the test schema.
  const handle = await openDatabase({ databaseUrl: url, searchPath: `${schema},public`, poolSize: 4 });
  await migrate(handle.sql, { schema });
  return {
    ...handle,
    schema,
    destroy: async () => {
      await handle.sql.exec(`DROP SCHEMA "${schema}" CASCADE`);
      await handle.close();
    },
  };
}

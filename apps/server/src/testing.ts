// Integration-test fixture: the app on a fresh database seeded with the small dataset (city 605 杭州),
// PGlite in memory or a throw-away PostgreSQL schema when TEST_DATABASE_URL is set.
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { seedDatabase } from '@fjt/dataset';
import { buildApp } from './app.ts';

export interface SeededApp {
  database: TestDatabase;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startSeededApp(): Promise<SeededApp> {
  const database = await createTestDatabase();
  await seedDatabase(database, { scale: 'small' });
  const app = await buildApp({ env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false }, database });
  await app.ready();
  return {
    database,
    app,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

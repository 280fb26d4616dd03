// Integration-test fixture: the app on a fresh database seeded with the small dataset (city 605 杭州),
// PGlite in memory or a throw-away PostgreSQL schema when TEST_DATABASE_URL is set. seededApp() gives a test
// file one, started before its tests and closed after them.
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { seedDatabase } from '@fjt/dataset';
import { buildApp } from './app.ts';

export interface SeededApp {
  database: TestDatabase;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** 'small' is 杭州 only; 'sample' is every city, a little (the consistency check over all cities). */
export async function startSeededApp(scale: 'small' | 'sample' = 'small'): Promise<SeededApp> {
  const database = await createTestDatabase();
  await seedDatabase(database, { scale });
  // As outside production (API_DOCS defaults on there): the OpenAPI document is part of what tests check.
  const app = await buildApp({ env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false, API_DOCS: true }, database });
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

/**
 * The seeded app for one test file: started before its tests (beforeAll), closed after them (afterAll). Read `app`
 * and `database` inside tests and hooks, not at the top of the file.
 */
export function seededApp(scale: 'small' | 'sample' = 'small'): {
  readonly app: FastifyInstance;
  readonly database: TestDatabase;
} {
  let seeded: SeededApp | undefined;
  beforeAll(async () => {
    seeded = await startSeededApp(scale);
  });
  afterAll(async () => {
    await seeded?.close();
  });
  const started = () => {
    if (!seeded) throw new Error('seededApp: the app is started in beforeAll; read it inside a test');
    return seeded;
  };
  return {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
  };
}

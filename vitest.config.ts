import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests, and integration tests that open a real database
// (PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set; see packages/db/src/testing.ts).
export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves a core to its main process, which only collects results: on a
    // 2-core machine that ran the files one at a time, leaving the second core (and, on PostgreSQL, the server's
    // time) unused.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/domain/src/**/*.test.ts',
            'apps/web/app/**/*.test.{ts,tsx}',
            'apps/web/vite-plugins/**/*.test.ts',
            'tools/**/*.test.ts',
            'apps/server/src/lib/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: [
            'packages/db/src/**/*.test.ts',
            'packages/dataset/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
          ],
          // Pure helpers of the server run with the unit tests.
          exclude: ['apps/server/src/lib/**', '**/node_modules/**'],
          environment: 'node',
          // Migrates and seeds the template databases each file copies (packages/db/src/testing.ts).
          globalSetup: ['./vitest.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

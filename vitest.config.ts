import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests, and integration tests that open a real database
// (PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set; see packages/db/src/testing.ts).
export default defineConfig({
  test: {
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

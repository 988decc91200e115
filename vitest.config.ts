import { defineConfig } from 'vitest/config';

/**
 * Projects: pure unit tests, and the server's API tests run twice, once on embedded PGlite and once on the
 * PostgreSQL server (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; `skip` drops
 * that leg).
 */
const serverTests = ['apps/server/src/**/*.test.ts'];
const postgresLeg = process.env.TEST_DATABASE_URL !== 'skip';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/*/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server:pglite',
          include: serverTests,
          env: { KOI_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresLeg
        ? [
            {
              test: {
                name: 'server:postgres',
                include: serverTests,
                env: { KOI_TEST_DB: 'postgres' },
                globalSetup: ['apps/server/test/postgres-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});

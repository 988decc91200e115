import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Projects: pure unit tests, and the server's API tests run twice, once on embedded PGlite and once on the
 * PostgreSQL server (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; `skip` drops
 * that leg).
 */
const serverTests = ['apps/server/src/**/*.test.ts'];
/*
 * Test files that replace a module with vi.mock run in a fresh module graph of their own; every other server
 * file shares its worker's graph with the files before it (isolate: false), so the app's ~900 modules are
 * loaded once a worker instead of once a file. Server tests build their own app and database per file and
 * keep no state in modules, which is what sharing the graph needs.
 */
const mockingServerTests = ['apps/server/src/modules/auth/captcha.test.ts'];
const postgresLeg = process.env.TEST_DATABASE_URL !== 'skip';

export default defineConfig({
  test: {
    // Two test files at a time on this two-core machine (Vitest's default is one fewer worker than cores, so
    // one). Most server tests spend their time waiting on PostgreSQL, the sandbox process or a chain's block
    // timer rather than on the CPU, so a second worker shortens the run instead of competing with the first.
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'apps/sandbox/src/**/*.test.ts'] },
      },
      {
        // The player app's component and store tests; its Vite config supplies the React plugin and dedupe.
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/jsdom-stubs.ts', './src/test/setup.ts'],
          // The root hoists React 18 for an old peer range; this preload makes the web package's React 19 the
          // only copy that any test module (ours or a library's) loads.
          execArgv: [
            '--import',
            fileURLToPath(new URL('./apps/web/src/test/one-react.mjs', import.meta.url)),
          ],
        },
      },
      {
        // The operator console's component tests, the same set-up as the player app's, on its own React copy.
        extends: './apps/admin/vite.config.ts',
        test: {
          name: 'admin',
          root: 'apps/admin',
          environment: 'jsdom',
          // antd's first render in a cold worker takes seconds on this shared machine.
          testTimeout: 20_000,
          include: ['src/**/*.test.{ts,tsx}'],
          // The browser API stubs are the player app's (one copy for both apps), then the console's own set-up.
          setupFiles: ['../web/src/test/jsdom-stubs.ts', './src/test/setup.ts'],
          execArgv: [
            '--import',
            `${new URL('./apps/web/src/test/one-react.mjs', import.meta.url).href}?app=admin`,
          ],
        },
      },
      {
        test: {
          name: 'server:pglite',
          include: serverTests,
          exclude: mockingServerTests,
          isolate: false,
          env: { KOI_TEST_DB: 'pglite' },
          globalSetup: ['apps/server/test/pglite-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server:pglite:isolated',
          include: mockingServerTests,
          env: { KOI_TEST_DB: 'pglite' },
          globalSetup: ['apps/server/test/pglite-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresLeg
        ? [
            {
              test: {
                name: 'server:postgres:isolated',
                include: mockingServerTests,
                env: { KOI_TEST_DB: 'postgres' },
                globalSetup: ['apps/server/test/postgres-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
            {
              test: {
                name: 'server:postgres',
                include: serverTests,
                exclude: mockingServerTests,
                isolate: false,
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

import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The test files under `dir` (relative to the repository, or to `base` when given) that replace a module with
 * vi.mock: found by reading them, so that a new mocking file can never join a shared module graph by accident.
 */
function mockingTests(dir: string, base = '') {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file}`)
    .filter((file) => fs.readFileSync(file, 'utf8').includes('vi.mock('))
    .map((file) => file.slice(base.length));
}

/**
 * Projects: pure unit tests, both apps' component tests, and the server's tests, those that use a database
 * twice, once on embedded PGlite and once on the PostgreSQL server (TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; `skip` drops that leg), the others once.
 */
const serverTests = ['apps/server/src/**/*.test.ts'];
/*
 * Test files that replace a module with vi.mock run in a fresh module graph of their own; every other server
 * file shares its worker's graph with the files before it (isolate: false), so the app's ~900 modules are
 * loaded once a worker instead of once a file. Server tests build their own app and database per file and
 * keep no state in modules, which is what sharing the graph needs.
 */
const mockingServerTests = mockingTests('apps/server/src');
const postgresLeg = process.env.TEST_DATABASE_URL !== 'skip';
/*
 * Server test files that open no test database (pure rules, the embedded database's own directory lock, the
 * command line against the sandbox) run once, not once a leg: on both legs they ran the same code twice, about
 * 37 s of a run. A file listed here that starts using the legs' helpers would run on one leg only, so the
 * config refuses it.
 */
const legFreeServerTests = [
  'bench/helperPriority.test.ts',
  'bench/pageCore.test.ts',
  'bench/traceBlocking.test.ts',
  'src/banner.test.ts',
  'src/config.test.ts',
  'src/cli/sandbox.cli.test.ts',
  'src/db/data-dir-lock.test.ts',
  'src/db/locks.test.ts',
  'src/lib/change-cache.test.ts',
  'src/lib/coalesce.test.ts',
  'src/lib/group-commit.test.ts',
  'src/lib/hooks.test.ts',
  'src/lib/rich-text.test.ts',
  'src/lib/svg-raster.test.ts',
  'src/plugins/rate-limit.test.ts',
  'src/modules/agents/commission.test.ts',
  'src/modules/events/domain.test.ts',
  'src/modules/operators/recovery-codes.test.ts',
  'src/modules/promotions/rules.test.ts',
].map((file) => `apps/server/${file}`);
for (const file of legFreeServerTests) {
  if (
    /test\/(db|app|wallet|race|servers)'|KOI_TEST_DB|createTestDatabase/.test(fs.readFileSync(file, 'utf8'))
  )
    throw new Error(`${file} uses a test database: it belongs on both legs, not in legFreeServerTests`);
}

/*
 * The component tests of both apps share their worker's module graph too (isolate: false): a fresh graph a
 * file loaded React, antd and the app's strings again for each of ~50 files, which took about three
 * quarters of those projects' time (238 s against 86 s for both apps on this machine). What a file leaves
 * behind in the DOM, storage and replaced globals is cleared after each test by the apps' set-up files;
 * the stores and caches a test uses, it sets up itself. Files that vi.mock a module need a graph of their
 * own, as a mock replaces the module for every later file of a shared graph.
 */
const mockingWebTests = mockingTests('apps/web/src', 'apps/web/');

/** A project of the player app's component and store tests; its Vite config supplies React and dedupe. */
function webProject(name: string, files: { include: string[]; exclude?: string[]; isolate?: boolean }) {
  return {
    extends: './apps/web/vite.config.ts',
    test: {
      name,
      root: 'apps/web',
      environment: 'jsdom' as const,
      ...files,
      setupFiles: ['./src/test/jsdom-stubs.ts', './src/test/setup.ts'],
      // The root hoists React 18 for an old peer range; this preload makes the web package's React 19 the
      // only copy that any test module (ours or a library's) loads.
      execArgv: ['--import', fileURLToPath(new URL('./apps/web/src/test/one-react.mjs', import.meta.url))],
    },
  };
}

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
      // The player app's component and store tests, in a shared module graph; the files that vi.mock a module
      // in a fresh graph each (see webProject).
      webProject('web', { include: ['src/**/*.test.{ts,tsx}'], exclude: mockingWebTests, isolate: false }),
      webProject('web:isolated', { include: mockingWebTests }),
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
          isolate: false,
          // The browser API stubs are the player app's (one copy for both apps), then the console's own set-up.
          setupFiles: ['../web/src/test/jsdom-stubs.ts', './src/test/setup.ts'],
          execArgv: [
            '--import',
            `${new URL('./apps/web/src/test/one-react.mjs', import.meta.url).href}?app=admin`,
          ],
        },
      },
      {
        test: { name: 'server', include: legFreeServerTests, isolate: false, testTimeout: 30_000 },
      },
      {
        test: {
          name: 'server:pglite',
          include: serverTests,
          exclude: [...mockingServerTests, ...legFreeServerTests],
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
                exclude: [...mockingServerTests, ...legFreeServerTests],
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

// Console end-to-end run (`npm run -w @koi/admin test:e2e`): builds the console into a private directory,
// creates two operators with the real command line (`npm run koi -- operator:create … --json`) on a fresh
// data directory, starts the real API server on a free port, runs the scenarios in Debian's Chromium, saves
// screenshots to artifacts/admin/, and stops the server whatever happens.
//
// The operators are created before the server starts: the default embedded database (PGlite) belongs to one
// process at a time, so the command line and the server cannot share the data directory concurrently.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/test/sim.ts';

const adminDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(adminDir, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-admin-e2e-'));
const dataDir = path.join(work, 'data');
const adminDist = path.join(work, 'admin-dist');
const serverEnv = {
  ...process.env,
  HOST: '127.0.0.1',
  KOI_DATA_DIR: dataDir,
  ADMIN_DIST_DIR: adminDist,
  // The player app is not under test here; pointing at an empty folder keeps the run independent of its build.
  WEB_DIST_DIR: path.join(work, 'no-web'),
  CAPTCHA: 'off',
  RATE_LIMIT: 'off',
  LOG_LEVEL: 'warn',
  DEMO_SIGNUP_BONUS: '100',
  // Adjustments above 1000 USDT wait for a second operator; the scenario adjusts 5000.
  ADJUSTMENT_APPROVAL_ABOVE: '1000',
};

function cleanup() {
  fs.rmSync(work, { recursive: true, force: true });
}

console.log('[admin-e2e] building the console…');
const viteBin = path.join(
  path.dirname(createRequire(path.join(adminDir, 'package.json')).resolve('vite/package.json')),
  'bin/vite.js',
);
const build = spawnSync(
  process.execPath,
  [viteBin, 'build', '--outDir', adminDist, '--emptyOutDir', '--logLevel', 'warn'],
  { cwd: adminDir, stdio: 'inherit' },
);
if (build.status !== 0) {
  cleanup();
  process.exit(build.status ?? 1);
}

/** `npm run koi -- operator:create --username u --role r --json`, exactly as an operator would run it. */
function createOperator(username, role) {
  const run = spawnSync(
    'npm',
    ['run', '-s', 'koi', '--', 'operator:create', '--username', username, '--role', role, '--json'],
    { cwd: repoRoot, env: serverEnv, encoding: 'utf8' },
  );
  const line = run.stdout
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (run.status !== 0 || !line) {
    throw new Error(`operator:create ${username} failed (${run.status}): ${run.stdout}\n${run.stderr}`);
  }
  return { ...JSON.parse(line), role };
}

let code = 1;
let server;
try {
  const suffix = Date.now().toString(36).slice(-5);
  const operators = {
    boss: createOperator(`boss_${suffix}`, 'admin'),
    second: createOperator(`fin_${suffix}`, 'finance'),
  };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: { ...serverEnv, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not become healthy in time');
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(`[admin-e2e] server ready at ${base}`);
  const files = process.argv.slice(2).length
    ? process.argv.slice(2)
    : fs
        .readdirSync(import.meta.dirname)
        .filter((f) => f.endsWith('.e2e.mjs'))
        .map((f) => path.join(import.meta.dirname, f));
  const run = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...files], {
    cwd: adminDir,
    env: {
      ...process.env,
      KOI_E2E_BASE: base,
      KOI_SCREENSHOTS: path.join(repoRoot, 'artifacts/admin'),
      KOI_E2E_OPERATORS: JSON.stringify(operators),
    },
    stdio: 'inherit',
  });
  code = run.status ?? 1;
} catch (error) {
  console.error('[admin-e2e]', error);
} finally {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => {
      const timer = setTimeout(() => {
        server.kill('SIGKILL');
        r();
      }, 5000);
      server.once('exit', () => {
        clearTimeout(timer);
        r();
      });
    });
  }
  cleanup();
}
process.exit(code);

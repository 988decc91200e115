// End-to-end run: builds the web app, starts the real API server on a free port with a fresh data
// directory, runs the scenarios in Debian's Chromium (playwright-core, no browser download), saves
// screenshots to artifacts/screenshots/, and stops the server whatever happens.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildApp,
  createOperator,
  freePort,
  scenarioFiles,
  startSandbox,
  stopServer,
  waitForHealth,
} from '@koi/e2e/harness';

const webDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(webDir, '../..');

// The run serves its own build of the app from a private directory (see buildApp).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-e2e-'));
const webDist = path.join(dataDir, 'web-dist');
console.log('[e2e] building the web app…');
const buildStatus = buildApp(webDir, webDist);
// The first screen's JavaScript budget (152 KB gzip, scripts/bundle-size.mjs), checked on the build the run serves.
const status =
  buildStatus === 0
    ? spawnSync(process.execPath, [path.join(webDir, 'scripts/bundle-size.mjs'), '--dist', webDist], {
        stdio: 'inherit',
      }).status
    : buildStatus;
if (status !== 0) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(status || 1);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;

const sandboxPort = await freePort();
const {
  child: sandbox,
  url: sandboxUrl,
  serverEnv: sandboxEnv,
  paymentSecret,
} = startSandbox({
  repoRoot,
  port: sandboxPort,
  dataDir,
  koiUrl: base,
});

// The money journey's finance operator, made with the real command line before the server starts (the
// embedded database belongs to one process at a time); the scenario signs in with its TOTP secret.
const operator = createOperator(
  { repoRoot, env: { ...process.env, KOI_DATA_DIR: path.join(dataDir, 'data'), LOG_LEVEL: 'warn' } },
  `e2e_fin_${Date.now().toString(36).slice(-5)}`,
  'finance',
);
// The community scenario's moderator (support: the community area), made the same way.
const moderator = createOperator(
  { repoRoot, env: { ...process.env, KOI_DATA_DIR: path.join(dataDir, 'data'), LOG_LEVEL: 'warn' } },
  `e2e_mod_${Date.now().toString(36).slice(-5)}`,
  'support',
);

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    KOI_DATA_DIR: path.join(dataDir, 'data'),
    WEB_DIST_DIR: webDist,
    CAPTCHA: 'off',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    // New players get 100 USDT through the ledger, so the originals scenario bets real money on the real server.
    DEMO_SIGNUP_BONUS: '100',
    // The money journey plays its deposit's turnover with one 98 % dice round, so that the run never depends on
    // luck; this run counts bets up to 99 % as valid (the default 95 % and its refusal are the server tests').
    VALID_BET_MAX_WIN_CHANCE: '99',
    // The VIP scenario settles today's rebates at once through the test route.
    KOI_TEST_ROUTES: 'on',
    ...sandboxEnv,
    // The sandbox payment channel (its hosted page), so the channel journey pays and comes back to the app.
    PAYMENT_SANDBOX_URL: sandboxUrl,
    PAYMENT_SANDBOX_SECRET: paymentSecret,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let code = 1;
try {
  await waitForHealth(`${base}/api/health`, server);
  await waitForHealth(`${sandboxUrl}/health`, sandbox);
  console.log(`[e2e] server ready at ${base}`);
  const files = scenarioFiles(import.meta.dirname);
  // tsx lets scenarios import the TypeScript workspace packages (@koi/fair) the app itself uses.
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
    cwd: webDir,
    env: {
      ...process.env,
      KOI_E2E_BASE: base,
      KOI_E2E_SANDBOX: sandboxUrl,
      KOI_E2E_OPERATOR: JSON.stringify(operator),
      KOI_E2E_MODERATOR: JSON.stringify(moderator),
      KOI_SCREENSHOTS: path.join(repoRoot, 'artifacts/screenshots'),
    },
    stdio: 'inherit',
  });
  code = run.status ?? 1;
} catch (error) {
  console.error('[e2e]', error);
} finally {
  sandbox.kill('SIGTERM');
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);

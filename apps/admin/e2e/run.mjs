// Console end-to-end run (`npm run -w @koi/admin test:e2e`): builds the console into a private directory,
// starts the sandbox (TRON chain and payout rail) as a real process, creates four operators with the real
// command line (`npm run koi -- operator:create … --json`) on a fresh data directory, starts the real API server on a free port, runs the scenarios in Debian's Chromium, saves
// screenshots to artifacts/admin/, and stops the server whatever happens.
//
// The operators are created before the server starts: the default embedded database (PGlite) belongs to one
// process at a time, so the command line and the server cannot share the data directory concurrently.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The e2e harness both apps share: sandbox, operators, build, ports, health and stopping.
import * as harness from '@koi/e2e/harness';

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
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  DEMO_SIGNUP_BONUS: '100',
  // Adjustments above 1000 USDT wait for a second operator; the scenario adjusts 5000.
  ADJUSTMENT_APPROVAL_ABOVE: '1000',
  // Deposit matches above 100 USDT wait for a second operator; the deposits scenario matches 150.
  DEPOSIT_MATCH_APPROVAL_ABOVE: '100',
  // Withdrawals above 50 USDT need two finance operators; the withdrawal scenario applies for 60.
  WITHDRAW_TWO_OPERATORS_ABOVE: '50',
};

function cleanup() {
  fs.rmSync(work, { recursive: true, force: true });
}

console.log('[admin-e2e] building the console…');
const buildStatus = harness.buildApp(adminDir, adminDist);
if (buildStatus !== 0) {
  cleanup();
  process.exit(buildStatus ?? 1);
}

const createOperator = (username, role) =>
  harness.createOperator({ repoRoot, env: serverEnv }, username, role);

let code = 1;
let server;
let sandbox;
try {
  const suffix = Date.now().toString(36).slice(-5);
  const operators = {
    boss: createOperator(`boss_${suffix}`, 'admin'),
    second: createOperator(`fin_${suffix}`, 'finance'),
    // The deposits scenario's two finance operators (each signs in once: a TOTP code is usable once).
    depositA: createOperator(`depa_${suffix}`, 'finance'),
    depositB: createOperator(`depb_${suffix}`, 'finance'),
    // The withdrawal review scenario's two finance operators (two-operator approval needs two people).
    payA: createOperator(`pay_a_${suffix}`, 'finance'),
    payB: createOperator(`pay_b_${suffix}`, 'finance'),
    // The community scenario's moderator (support: the community area).
    community: createOperator(`com_${suffix}`, 'support'),
    redpackets: createOperator(`rp_${suffix}`, 'admin'),
    // The promotions scenario's admin (its own, so its one sign-in never meets another's TOTP step).
    promo: createOperator(`promo_${suffix}`, 'admin'),
    // The agents scenario's admin (its own first sign-in, like the others').
    agents: createOperator(`agt_${suffix}`, 'admin'),
  };
  const port = await harness.freePort();
  const base = `http://127.0.0.1:${port}`;
  sandbox = harness.startSandbox({ repoRoot, port: await harness.freePort(), dataDir: work, koiUrl: base });
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...serverEnv,
      ...sandbox.serverEnv,
      PORT: String(port),
      // The sandbox payment channel, so its channels are seeded for the channels screen.
      PAYMENT_SANDBOX_URL: sandbox.url,
      PAYMENT_SANDBOX_SECRET: sandbox.paymentSecret,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await harness.waitForHealth(`${base}/api/health`, server, 90_000);
  await harness.waitForHealth(`${sandbox.url}/health`, sandbox.child);
  console.log(`[admin-e2e] server ready at ${base}`);
  const files = harness.scenarioFiles(import.meta.dirname);
  const run = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...files], {
    cwd: adminDir,
    env: {
      ...process.env,
      KOI_E2E_BASE: base,
      KOI_SCREENSHOTS: path.join(repoRoot, 'artifacts/admin'),
      KOI_E2E_OPERATORS: JSON.stringify(operators),
      KOI_E2E_SANDBOX: sandbox.url,
      KOI_E2E_SANDBOX_CONTROL: sandbox.controlSecret,
    },
    stdio: 'inherit',
  });
  code = run.status ?? 1;
} catch (error) {
  console.error('[admin-e2e]', error);
} finally {
  sandbox?.child.kill('SIGTERM');
  if (server) await harness.stopServer(server);
  cleanup();
}
process.exit(code);

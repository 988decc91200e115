// What the e2e runs of the player app and the console start around the Koi server: the sandbox (decision 19)
// as a real process, standing in for the TRON network and the payout rail so a run pays deposits and
// withdrawals on its chain; operators made with the real command line; and the steps both runs take around
// them (a private build, a free port, waiting for health, the scenario files, stopping the server).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import bs58check from 'bs58check';

const hex = () => randomBytes(24).toString('hex');

/**
 * Starts the sandbox on `port` with its data under `dataDir`, for a Koi server at `koiUrl`. Returns the
 * process, its URL, the control secret (for faults in tests), and the environment the Koi server needs to
 * talk to it (TronGrid, the payout rail, one fresh receiving address).
 */
export function startSandbox({ repoRoot, port, dataDir, koiUrl }) {
  const url = `http://127.0.0.1:${port}`;
  const keys = {
    TRONGRID_API_KEY: hex(),
    PAYOUT_API_KEY: hex(),
    PAYMENT_SANDBOX_SECRET: hex(),
    // The simulator's own seamless games and 开元棋牌 (KY), a transfer-wallet provider, as `npm start` has them.
    PROVIDER_SECRETS: `sim=${hex()},ky=${hex()}`,
  };
  // The sandbox hosts a Telegram bot that the server runs (decision 37), as `npm start` has it.
  const bot = { name: 'KoiE2eBot', token: `7000000999:${randomBytes(24).toString('base64url')}` };
  keys.TELEGRAM_BOTS = `${bot.name}=${bot.token}`;
  const controlSecret = hex();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/sandbox/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...keys,
      SANDBOX_PORT: String(port),
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_DATA_DIR: path.join(dataDir, 'sandbox'),
      SANDBOX_CONTROL_SECRET: controlSecret,
      KOI_URL: koiUrl,
      TRON_BLOCK_MS: '500',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Any valid TRON address can receive on the sandbox chain; a fresh one per run (0x41 + 20 random bytes).
  const depositAddress = bs58check.encode(Buffer.concat([Buffer.from([0x41]), randomBytes(20)]));
  const serverEnv = {
    TRONGRID_API_KEY: keys.TRONGRID_API_KEY,
    TRONGRID_URL: url,
    PAYOUT_URL: url,
    PROVIDER_SIM_URL: url,
    PROVIDER_SECRETS: keys.PROVIDER_SECRETS,
    PAYOUT_API_KEY: keys.PAYOUT_API_KEY,
    DEPOSIT_ADDRESSES: depositAddress,
    DEPOSIT_WATCH_INTERVAL_MS: '1000',
    // The deposit popup links to the sandbox wallet page (absent unless configured, as in production).
    SANDBOX_WALLET_URL: `${url}/tron/wallet`,
    TELEGRAM_BOT_TOKEN: bot.token,
    TELEGRAM_BOT_NAME: bot.name,
    TELEGRAM_API_URL: url,
    // The bot's button opens the app at the address the browser uses in the run.
    TELEGRAM_MINI_APP_URL: koiUrl,
  };
  return { child, url, controlSecret, paymentSecret: keys.PAYMENT_SANDBOX_SECRET, serverEnv };
}

/**
 * `npm run koi -- operator:create --username u --role r --json`, exactly as an operator would run it. It must
 * run before the server starts: the embedded database (PGlite) belongs to one process at a time.
 */
export function createOperator({ repoRoot, env }, username, role) {
  const run = spawnSync(
    'npm',
    ['run', '-s', 'koi', '--', 'operator:create', '--username', username, '--role', role, '--json'],
    { cwd: repoRoot, env, encoding: 'utf8' },
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

/** A TCP port free on the loopback interface right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Builds the Vite app in `appDir` into `outDir` with the app's own Vite, and answers the build's exit status.
 * Other engineers build the apps' dist folders in the same working tree at any moment, so each run builds
 * into a private directory and serves that.
 */
export function buildApp(appDir, outDir) {
  const viteBin = path.join(
    path.dirname(createRequire(path.join(appDir, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  return spawnSync(
    process.execPath,
    [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: appDir, stdio: 'inherit' },
  ).status;
}

/** Waits until `url` answers 2xx, failing early when `child` (the process serving it) has exited. */
export async function waitForHealth(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become healthy in time`);
}

/** The scenario files named on the command line, or else every `*.e2e.mjs` in `dir`. */
export function scenarioFiles(dir, argv = process.argv.slice(2)) {
  if (argv.length) return argv;
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.e2e.mjs'))
    .map((f) => path.join(dir, f));
}

/** SIGTERM, then SIGKILL after five seconds if the server has not finished its requests and exited. */
export async function stopServer(server) {
  if (server.exitCode !== null) return;
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

// What the e2e runs of the player app and the console start around the Koi server: the sandbox (decision 19)
// as a real process, standing in for the TRON network and the payout rail so a run pays deposits and
// withdrawals on its chain; and operators made with the real command line.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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
  const keys = { TRONGRID_API_KEY: hex(), PAYOUT_API_KEY: hex(), PAYMENT_SANDBOX_SECRET: hex() };
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
      // The e2e runs play no provider game; the sandbox still needs one provider's secret to start.
      PROVIDER_SECRETS: `sim=${hex()}`,
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
    PAYOUT_API_KEY: keys.PAYOUT_API_KEY,
    DEPOSIT_ADDRESSES: depositAddress,
    DEPOSIT_WATCH_INTERVAL_MS: '1000',
    // The deposit popup links to the sandbox wallet page (absent unless configured, as in production).
    SANDBOX_WALLET_URL: `${url}/tron/wallet`,
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

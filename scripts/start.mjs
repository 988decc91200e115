#!/usr/bin/env node
/**
 * `npm start`: the platform in demo mode. Starts the sandbox (which stands in for every external system:
 * game providers, TronGrid, a hosted payment channel, the payout rail, an audit witness; decision 19) and the Koi server,
 * wired to each other.
 *
 * Secrets are never committed: each comes from its environment variable, or is generated once and kept in
 * the data directory (readable by this user only) so that restarts keep working. SANDBOX=off (or the older
 * PROVIDER_SIM=off) starts the server alone.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import bs58check from 'bs58check';

const root = path.resolve(import.meta.dirname, '..');
const cwd = process.env.INIT_CWD ?? process.cwd();
const dataDir = path.resolve(cwd, process.env.KOI_DATA_DIR ?? './data');
const port = Number(process.env.PORT ?? 8080);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? process.env.SIM_PORT ?? 8090);
const withSandbox = process.env.SANDBOX !== 'off' && process.env.PROVIDER_SIM !== 'off';

/** The variable's value, else a random secret generated once into `KOI_DATA_DIR/<file>`. */
function secret(variable, file) {
  if (variable && process.env[variable]) return process.env[variable];
  fs.mkdirSync(dataDir, { recursive: true });
  const full = path.join(dataDir, file);
  if (!fs.existsSync(full)) fs.writeFileSync(full, randomBytes(32).toString('hex'), { mode: 0o600 });
  return fs.readFileSync(full, 'utf8').trim();
}

/**
 * The catalogue's game providers (apps/server/src/modules/games/catalogue.seed.ts), each of which the
 * sandbox plays; each gets its own secret, as each real provider would issue one.
 */
const PROVIDER_CODES = [
  'pg',
  'ag',
  'im',
  'jdb',
  'sabah',
  'cmd',
  'mg',
  'cq9',
  'pp',
  'bf',
  'fg',
  'ky',
  'vr',
  'sim',
];

/** `PROVIDER_SECRETS` (`code=secret,…`): the variable, else one secret per provider generated once. */
function providerSecrets() {
  if (process.env.PROVIDER_SECRETS) return process.env.PROVIDER_SECRETS;
  return PROVIDER_CODES.map((code) => `${code}=${secret(null, `provider-${code}.secret`)}`).join(',');
}

/**
 * A receiving address for demo deposits on the sandbox chain, made once into `KOI_DATA_DIR/deposit-address`
 * (any valid TRON address works there: the sandbox chain accepts transfers to every address).
 */
function demoDepositAddress() {
  fs.mkdirSync(dataDir, { recursive: true });
  const full = path.join(dataDir, 'deposit-address');
  if (!fs.existsSync(full)) {
    fs.writeFileSync(full, bs58check.encode(Buffer.concat([Buffer.from([0x41]), randomBytes(20)])));
  }
  return fs.readFileSync(full, 'utf8').trim();
}

/**
 * The sandbox's Telegram bot (decision 37): a token in BotFather's shape (`<bot id>:<secret>`), made once into
 * `KOI_DATA_DIR/telegram-bot.token`, shared by the sandbox (which hosts the bot) and the server (which runs it).
 */
function sandboxBotToken() {
  fs.mkdirSync(dataDir, { recursive: true });
  const full = path.join(dataDir, 'telegram-bot.token');
  if (!fs.existsSync(full)) {
    const id = 7_000_000_000 + randomBytes(3).readUIntBE(0, 3);
    fs.writeFileSync(full, `${id}:${randomBytes(24).toString('base64url')}`, { mode: 0o600 });
  }
  return fs.readFileSync(full, 'utf8').trim();
}

const children = [];
function run(name, script, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, INIT_CWD: cwd, ...env },
    stdio: 'inherit',
  });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    console.error(`${name} exited (${signal ?? code}); stopping`);
    stop(code ?? 1);
  });
  return child;
}

let shuttingDown = false;
function stop(code = 0) {
  shuttingDown = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(
    () => process.exit(code),
  );
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// A demo bonus so a new player can try the games right away; set DEMO_SIGNUP_BONUS=0 to turn it off.
const serverEnv = {
  DEMO_SIGNUP_BONUS: process.env.DEMO_SIGNUP_BONUS ?? '100',
  // The audit log's key; the koi command line reads the same file when the variable is unset.
  AUDIT_HMAC_KEY: secret('AUDIT_HMAC_KEY', 'audit-hmac.key'),
};
if (withSandbox) {
  const url = `http://127.0.0.1:${sandboxPort}`;
  // Shared by both processes: each system's key, as the real system would issue one to Koi.
  const shared = {
    PROVIDER_SECRETS: providerSecrets(),
    TRONGRID_API_KEY: secret('TRONGRID_API_KEY', 'trongrid.key'),
    PAYMENT_MERCHANT_ID: process.env.PAYMENT_MERCHANT_ID ?? 'koi',
    PAYMENT_SANDBOX_SECRET: secret('PAYMENT_SANDBOX_SECRET', 'payment-sandbox.secret'),
    PAYOUT_API_KEY: secret('PAYOUT_API_KEY', 'payout.key'),
  };
  // Telegram: unless a real bot is configured, the sandbox hosts one and the server runs it against the
  // sandbox's Bot API, so /start and the Mini App sign-in work from the sandbox chat page.
  const sandboxBot = process.env.TELEGRAM_BOT_TOKEN
    ? null
    : { name: process.env.TELEGRAM_BOT_NAME ?? 'KoiSandboxBot', token: sandboxBotToken() };
  if (sandboxBot) {
    shared.TELEGRAM_BOTS = `${sandboxBot.name}=${sandboxBot.token}`;
    Object.assign(serverEnv, {
      TELEGRAM_BOT_TOKEN: sandboxBot.token,
      TELEGRAM_BOT_NAME: sandboxBot.name,
      TELEGRAM_API_URL: process.env.TELEGRAM_API_URL ?? url,
    });
    console.log(`Sandbox Telegram chat: http://localhost:${sandboxPort}/telegram/chat`);
  }
  run('sandbox', 'apps/sandbox/src/server.ts', {
    ...shared,
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_DATA_DIR: process.env.SANDBOX_DATA_DIR ?? path.join(dataDir, 'sandbox'),
    SANDBOX_CONTROL_SECRET: secret('SANDBOX_CONTROL_SECRET', 'sandbox-control.secret'),
    KOI_URL: `http://127.0.0.1:${port}`,
  });
  Object.assign(serverEnv, {
    ...shared,
    PROVIDER_SIM_URL: process.env.PROVIDER_SIM_URL ?? url,
    TRONGRID_URL: process.env.TRONGRID_URL ?? url,
    PAYMENT_SANDBOX_URL: process.env.PAYMENT_SANDBOX_URL ?? url,
    PAYOUT_URL: process.env.PAYOUT_URL ?? url,
    DEPOSIT_ADDRESSES: process.env.DEPOSIT_ADDRESSES ?? demoDepositAddress(),
    // The deposit popup links to the sandbox wallet page, so a person can pay a demo deposit end to end.
    SANDBOX_WALLET_URL: process.env.SANDBOX_WALLET_URL ?? `${url}/tron/wallet`,
    // The sandbox witnesses the audit chain's checkpoints, as an external party would in production.
    AUDIT_WITNESS_URL: process.env.AUDIT_WITNESS_URL ?? `${url}/witness/logs/koi`,
  });
}
run('server', 'apps/server/src/server.ts', serverEnv);

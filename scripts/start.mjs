#!/usr/bin/env node
/**
 * `npm start`: the platform in demo mode. Starts the provider simulator (which stands in for the external
 * game providers, decision 15) and the Koi server, wired to each other with a shared signing secret.
 *
 * The secret is never committed: it comes from PROVIDER_SIM_SECRET, or is generated once and kept in the
 * data directory (readable by this user only) so that restarts keep working. PROVIDER_SIM=off starts the
 * server alone.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cwd = process.env.INIT_CWD ?? process.cwd();
const dataDir = path.resolve(cwd, process.env.KOI_DATA_DIR ?? './data');
const port = Number(process.env.PORT ?? 8080);
const simPort = Number(process.env.SIM_PORT ?? 8090);
const withSim = process.env.PROVIDER_SIM !== 'off';

function simSecret() {
  if (process.env.PROVIDER_SIM_SECRET) return process.env.PROVIDER_SIM_SECRET;
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'provider-sim.secret');
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
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
const serverEnv = { DEMO_SIGNUP_BONUS: process.env.DEMO_SIGNUP_BONUS ?? '100' };
if (withSim) {
  const secret = simSecret();
  run('provider simulator', 'apps/provider-sim/src/server.ts', {
    SIM_PORT: String(simPort),
    KOI_URL: `http://127.0.0.1:${port}`,
    PROVIDER_SIM_SECRET: secret,
  });
  Object.assign(serverEnv, { PROVIDER_SIM_URL: `http://127.0.0.1:${simPort}`, PROVIDER_SIM_SECRET: secret });
}
run('server', 'apps/server/src/server.ts', serverEnv);

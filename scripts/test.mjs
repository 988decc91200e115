#!/usr/bin/env node
/**
 * `npm test`: runs every test on a fresh machine of this kind. It starts PostgreSQL and Redis when they are
 * installed but down, installs Chromium and CJK fonts when the browser tests need them and they are absent,
 * then runs the Vitest projects (unit, server on PGlite, server on PostgreSQL, web and admin components) and
 * the browser end-to-end runs (the player app and the operator console, side by side).
 */
import { execSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const ok = (cmd) => spawnSync('sh', ['-c', cmd], { stdio: 'ignore' }).status === 0;
const run = (cmd, opts = {}) => {
  console.log(`\n$ ${cmd}`);
  const r = spawnSync('sh', ['-c', cmd], { stdio: 'inherit', cwd: root, ...opts });
  return r.status ?? 1;
};
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL === 'skip') return;
  if (process.env.TEST_DATABASE_URL) return; // someone else's server: not ours to start
  if (ok('pg_isready -q -h 127.0.0.1 -p 5432')) return;
  if (!has('pg_ctlcluster')) {
    console.warn(
      'PostgreSQL is not running and pg_ctlcluster is not installed; the PostgreSQL leg will fail.',
    );
    return;
  }
  for (const version of fs.readdirSync('/etc/postgresql')) {
    console.log(`starting PostgreSQL ${version}`);
    run(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`);
  }
  for (let i = 0; i < 30 && !ok('pg_isready -q -h 127.0.0.1 -p 5432'); i += 1) sleep(500);
}

function ensureRedis() {
  if (ok('redis-cli -h 127.0.0.1 -p 6379 ping')) return;
  if (!has('redis-server')) {
    console.warn(
      'Redis is not running and redis-server is not installed; the Redis rate-limit test will fail.',
    );
    return;
  }
  console.log('starting Redis');
  run('redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no');
  for (let i = 0; i < 20 && !ok('redis-cli -h 127.0.0.1 -p 6379 ping'); i += 1) sleep(250);
}

function appPackage(app) {
  const file = path.join(root, `apps/${app}/package.json`);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium') && ok('fc-list | grep -qi "noto.*cjk"')) return;
  console.log('installing Chromium and CJK fonts for the browser tests (apt-get)');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk`,
    {
      stdio: 'inherit',
    },
  );
}

ensurePostgres();
ensureRedis();
const web = appPackage('web');
const admin = appPackage('admin');
const e2e = Boolean(web?.scripts?.['test:e2e']) && process.env.KOI_E2E !== 'skip';
const adminE2e = Boolean(admin?.scripts?.['test:e2e']) && process.env.KOI_E2E !== 'skip';
if (e2e || adminE2e) ensureChromium();

/** Runs `cmd` with its output kept aside; resolves to its exit status and that output. */
function runQuietly(cmd) {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', cmd], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code) => resolve({ cmd, status: code ?? 1, output: Buffer.concat(chunks) }));
  });
}

let status = run('npx vitest run');
if (status === 0) {
  // The two browser runs share nothing (each builds its app into a directory of its own and starts its own
  // server, sandbox and Chromium on free ports), and each leaves the two cores partly idle while it waits on
  // timers, the sandbox chain and the browser (about 62 % and 51 % busy alone), so they run side by side: on
  // one two-core machine both ended in 515 s, where alone they took 299 s and 285 s (584 s one after the
  // other). Each one's output is printed whole when both are done.
  const runs = [];
  if (e2e) runs.push(runQuietly('npm run -w @koi/web test:e2e'));
  if (adminE2e) runs.push(runQuietly('npm run -w @koi/admin test:e2e'));
  if (runs.length)
    console.log(`\n$ ${runs.length === 2 ? 'web and console browser runs, side by side' : 'browser run'}`);
  for (const result of await Promise.all(runs)) {
    console.log(`\n$ ${result.cmd}`);
    process.stdout.write(result.output);
    if (result.status !== 0) {
      console.log(`(${result.cmd}: exit ${result.status})`);
      status = status || result.status;
    }
  }
}
process.exit(status);

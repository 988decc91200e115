/**
 * `npm run bench:api`: Koi's hottest read calls under load, beside a bare reference server.
 *
 * A throwaway PostgreSQL database; Koi runs as its own process (src/server.ts, one worker,
 * REDIS_URL when BENCH_REDIS_URL or a local Redis answers) and so does a bare Fastify + node-postgres server
 * (bench/bare-info.server.ts) that answers POST /api/plat/info with one SQL query on the same database. The
 * load generator is autocannon, in this process, BENCH_CONNECTIONS connections, each signed in as its own
 * player (some with turnover requirements and settled bets, so the remaining-turnover fold is exercised).
 * Before measuring, both servers must answer every player's info identically.
 *
 * Measured, in order: info on the bare server and on Koi, alternating BENCH_ROUNDS times (the machine is
 * shared; alternating spreads other people's load over both), then GET /api/plat/game/hot and GET /api/banner
 * on Koi. Then ledger:verify. The last line is
 *   bench:api ratio=<koi/bare for info> info_rps=… bare_rps=… hot_rps=… p99_ms=<koi info p99> banner_rps=… violations=…
 *
 * BENCH_DATABASE_URL  server to use (default postgres://postgres@127.0.0.1:5432/postgres)
 * BENCH_DURATION      seconds per measurement (default 8)
 * BENCH_ROUNDS        alternating bare/Koi info rounds (default 2)
 * BENCH_CONNECTIONS   concurrent connections (default 32)
 * BENCH_REDIS_URL     Redis for Koi ('off' for none; default redis://127.0.0.1:6379 when it answers)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openPostgres } from '../src/db/client';
import { withDatabase } from '../test/db';
import { verifyLedger } from '../src/modules/wallet/wallet.cli';
import { freePort, stopProcess } from '../test/sim';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'bench-pass-1';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Redis for Koi: BENCH_REDIS_URL, or the local default when something answers on its port. */
async function redisUrl(): Promise<string | null> {
  const configured = process.env.BENCH_REDIS_URL;
  if (configured === 'off') return null;
  if (configured) return configured;
  const up = await new Promise<boolean>((resolve) => {
    const socket = net.connect(6379, '127.0.0.1');
    socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
    setTimeout(() => resolve(false), 500).unref();
  }).catch(() => false);
  return up ? 'redis://127.0.0.1:6379' : null;
}

const children: ChildProcess[] = [];

async function startProcess(script: string, env: Record<string, string>, port: number, probe: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, PORT: String(port), INIT_CWD: SERVER_DIR },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 900; i += 1) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      await fetch(`${base}${probe}`, { method: probe === '/api/plat/info' ? 'POST' : 'GET' });
      return base;
    } catch {
      await pause(100);
    }
  }
  throw new Error(`${script} did not start`);
}

async function stopAll() {
  await Promise.all(children.map((child) => stopProcess(child, 10_000)));
}

const form = (fields: Record<string, string | boolean>, token?: string) => ({
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  },
  body: JSON.stringify(fields),
});

async function call(base: string, url: string, fields: Record<string, string | boolean>, token?: string) {
  const res = await fetch(`${base}${url}`, form(fields, token));
  const json = (await res.json()) as { code: number; result: unknown; message: string };
  if (json.code !== 200) throw new Error(`${url}: ${json.code} ${json.message}`);
  return json.result;
}

interface Measured {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(
  url: string,
  opts: { method?: 'GET' | 'POST'; tokens?: string[]; seconds?: number },
): Promise<Measured> {
  let next = 0;
  const result = await autocannon({
    url,
    method: opts.method ?? 'GET',
    connections: CONNECTIONS,
    duration: opts.seconds ?? DURATION,
    headers: opts.method === 'POST' ? { 'content-type': 'application/json' } : {},
    body: opts.method === 'POST' ? '{}' : undefined,
    // Each connection is one signed-in player, as 32 browsers would be.
    setupClient: opts.tokens
      ? (client) => {
          const token = opts.tokens![next++ % opts.tokens!.length]!;
          client.setHeaders({ 'content-type': 'application/json', authorization: `Bearer ${token}` });
        }
      : undefined,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const show = (name: string, m: Measured) =>
  console.log(
    `    ${name.padEnd(28)} ${m.rps.toFixed(0).padStart(6)} req/s  p99 ${m.p99.toFixed(1)} ms` +
      (m.errors || m.non2xx ? `  errors ${m.errors} non-2xx ${m.non2xx}` : ''),
  );

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const dbName = `koi_bench_api_${process.pid}`;
  await admin.query(`create database "${dbName}"`);
  const databaseUrl = withDatabase(SERVER_URL, dbName);
  const redis = await redisUrl();
  let violations: number;
  try {
    const koiPort = await freePort();
    const koi = await startProcess(
      'src/server.ts',
      {
        // Not NODE_ENV=production: the server refuses CAPTCHA=off there, and the bench signs players up
        // without a captcha. Nothing on the measured paths depends on NODE_ENV; workers and keys are set here.
        KOI_WORKERS: '1',
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        ...(redis ? { REDIS_URL: redis } : {}),
        CAPTCHA: 'off',
        AUDIT_HMAC_KEY: randomBytes(32).toString('hex'),
        // One address hammers the API; the limiter would (rightly) refuse most of it.
        RATE_LIMIT: 'off',
        JOBS: 'off',
        LOG_LEVEL: 'warn',
        DEMO_SIGNUP_BONUS: '100',
        SEED_DEMO: 'on',
      },
      koiPort,
      '/api/health',
    );
    console.log(`Koi on ${koi} (PostgreSQL, ${redis ? `Redis ${redis}` : 'no Redis'}, one worker)`);

    // Players, each signed in; every fourth owes turnover and has settled bets on both sides of a requirement.
    const tokens: string[] = [];
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    for (let i = 0; i < CONNECTIONS; i += 1) {
      const username = `bench_${i}_${randomBytes(3).toString('hex')}`;
      await call(koi, '/api/home/register', {
        username,
        password: PASSWORD,
        confrimPas: PASSWORD,
        captcha: '',
        code: '',
        device: `bench-${i}`,
        age_confirmed: true,
      });
      const { token } = (await call(koi, '/api/home/login', {
        username,
        password: PASSWORD,
        captcha: '',
        device: `bench-${i}`,
      })) as { token: string };
      tokens.push(token);
      if (i % 4 !== 0) continue;
      const { rows } = await db.query<{ id: string }>('select id from players where username = $1', [
        username,
      ]);
      const requirement = (amount: number) =>
        db.query(
          `insert into turnover_requirements (player_id, source_type, source_id, base_micro, multiple_centis,
             required_micro, created_at) values ($1, 'bonus', $2, $3, 100, $3, clock_timestamp())`,
          [rows[0]!.id, randomUUID(), amount * 1_000_000],
        );
      const bets = async (n: number) => {
        for (let b = 0; b < n; b += 1) {
          await call(
            koi,
            '/api/originals/dice/bet',
            { idempotency_key: randomUUID(), amount: '1', target: '50.50', direction: 'over' },
            token,
          );
        }
      };
      await requirement(2);
      await bets(3);
      await requirement(5 + i);
      await bets(2);
    }
    await db.end();

    const barePort = await freePort();
    const bare = await startProcess(
      'bench/bare-info.server.ts',
      { DATABASE_URL: databaseUrl, SESSION_IDLE_MS: String(7 * 24 * 3_600_000) },
      barePort,
      '/api/plat/info',
    );

    // Both answer alike, or the comparison means nothing.
    for (const token of tokens) {
      const [a, b] = await Promise.all(
        [koi, bare].map((base) => call(base, '/api/plat/info', {}, token).then((r) => JSON.stringify(r))),
      );
      if (a !== b) throw new Error(`Koi and the bare server disagree:\n  koi  ${a}\n  bare ${b}`);
    }
    console.log(`${tokens.length} players; Koi and the bare server return the same info for each.`);

    // Warm-up (JIT, pools, caches), not counted.
    await measure(`${bare}/api/plat/info`, { method: 'POST', tokens, seconds: 2 });
    await measure(`${koi}/api/plat/info`, { method: 'POST', tokens, seconds: 2 });
    await measure(`${koi}/api/plat/game/hot`, { seconds: 1 });
    await measure(`${koi}/api/banner`, { seconds: 1 });

    console.log(`POST /api/plat/info, ${CONNECTIONS} connections, ${DURATION} s each, alternating:`);
    const bareRuns: Measured[] = [];
    const koiRuns: Measured[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const b = await measure(`${bare}/api/plat/info`, { method: 'POST', tokens });
      show(`bare Fastify + pg, round ${round + 1}`, b);
      bareRuns.push(b);
      const k = await measure(`${koi}/api/plat/info`, { method: 'POST', tokens });
      show(`Koi, round ${round + 1}`, k);
      koiRuns.push(k);
    }
    const hot = await measure(`${koi}/api/plat/game/hot`, {});
    show('Koi GET /api/plat/game/hot', hot);
    const banner = await measure(`${koi}/api/banner`, {});
    show('Koi GET /api/banner', banner);
    const failed = [...bareRuns, ...koiRuns, hot, banner].some((m) => m.errors || m.non2xx);
    if (failed) throw new Error('some requests failed; the numbers above are not comparable');

    const database = openPostgres(databaseUrl, { max: 2 });
    violations = await verifyLedger(database, (line) => console.log(line));
    await database.close();

    const bareRps = median(bareRuns.map((m) => m.rps));
    const koiRps = median(koiRuns.map((m) => m.rps));
    const p99 = median(koiRuns.map((m) => m.p99));
    await stopAll();
    console.log(
      `bench:api ratio=${(koiRps / bareRps).toFixed(2)} info_rps=${koiRps.toFixed(0)} bare_rps=${bareRps.toFixed(0)} hot_rps=${hot.rps.toFixed(0)} p99_ms=${p99.toFixed(1)} banner_rps=${banner.rps.toFixed(0)} violations=${violations}`,
    );
  } finally {
    await stopAll();
    await admin.query(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
    await admin.end();
  }
  if (violations) process.exitCode = 1;
}

await main();
// autocannon's and fetch's pooled sockets would keep the process alive for minutes after the servers stopped.
process.exit(process.exitCode ?? 0);

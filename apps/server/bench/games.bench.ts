/**
 * `npm run bench:games`: the seamless provider wallet over real HTTP, beside the wallet service alone.
 *
 * (a) HTTP: the sandbox's game provider (its own process) plays rounds for 32 concurrent players; each round is
 *     a signed debit (bet) and a signed credit (win) to Koi's /api/providers/sim/transaction/* endpoints,
 *     each one a database transaction that records the provider transaction, moves the money through the
 *     ledger and updates the round. Measured: debit+credit round trips per second, and each pair's latency
 *     as the simulator sees it.
 * (b) Service: the same bet+win pairs through the wallet service directly (no HTTP, no provider records),
 *     32 concurrent players, in the same run against the same PostgreSQL server. (a) and (b) take turns in
 *     BENCH_SLICES slices each (with (a) run whole and then (b), whatever load comes and goes on this shared
 *     machine in between falls on one side only: three such runs' ratios spread from 0.46 to 0.59).
 * (c) HTTP again against the real server process (src/server.ts) on the same database, started with
 *     KOI_WORKERS=1 and then KOI_WORKERS=2 (node:cluster, one port), with a second sandbox pointed at it, so
 *     the three HTTP figures can be compared side by side.
 * Then ledger:verify. Everything happens in a throwaway database dropped at the end. The last line is
 *   bench:games ratio=<http/service> http_rps=<pairs/s> service_tps=<pairs/s> p99_ms=<http p99> violations=<n>
 *     w1_rps=… w1_p99_ms=… w1_ratio=… w2_rps=… w2_p99_ms=… w2_ratio=… load=<1-minute load average at the end>
 *     cpu_us_koi=… cpu_us_sim=… cpu_us_pg=… service_cpu_us=…
 * (the cpu_us fields: CPU microseconds per pair in phase (a) of this process, which is Koi plus the bench's
 * control client, of the sandbox and of the PostgreSQL backends, and of the service phase in all; on a
 * saturated machine pairs/s follow the total, so they say where the time goes even when the load is noisy)
 * (the first five fields: the in-process server).
 *
 * Each phase is measured warm: before its clock starts it runs BENCH_WARMUP pairs the same way, so that the
 * three processes' JIT compilers and PostgreSQL's plan caches are done with the path before it is timed. (Timed
 * cold, the HTTP phase spends a quarter of Koi's and the sandbox's CPU in V8's optimising compiler (--perf),
 * while the service phase runs after it on code and connections already warm.)
 * The simulator plays each player's rounds in autoplay runs of BENCH_AUTOPLAY rounds (one control call, then
 * the rounds one after the other, each timed by the simulator from its bet to its win's answer), so the
 * bench's own control call per round is not what the HTTP figure measures.
 *
 * BENCH_DATABASE_URL  server to use (default postgres://postgres@127.0.0.1:5432/postgres)
 * BENCH_ROUNDS        rounds (debit+credit pairs) per phase (default 3000)
 * BENCH_WARMUP        pairs run before each phase is timed (default 1500)
 * BENCH_AUTOPLAY      rounds per control call of the HTTP phases (default 10; 1 = a control call per round)
 * BENCH_CONCURRENCY   concurrent players (default 32)
 * BENCH_SLICES        (a) and (b) take turns in this many slices of BENCH_ROUNDS / BENCH_SLICES pairs each
 *                     (default 3), and each phase's figures are over all its slices
 * BENCH_REAL          0 skips (c), the real server processes (its w1_/w2_ fields then read 0): for quick
 *                     comparisons of (a) and (b) while working on the seamless wallet
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SystemAccount, TransferCode, toMicro } from '@koi/ledger';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openPostgres } from '../src/db/client';
import { withDatabase } from '../test/db';
import { systemClock } from '../src/lib/clock';
import { verifyLedger } from '../src/modules/wallet/wallet.cli';
import { createWalletService } from '../src/modules/wallet/wallet.service';
import { freePort, startSandbox } from '../test/sim';
import { summarise, type PhaseResult } from './measure';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1500);
const AUTOPLAY = Number(process.env.BENCH_AUTOPLAY ?? 10);
const SLICES = Math.max(1, Number(process.env.BENCH_SLICES ?? 3));

/**
 * Runs `total` pairs on CONCURRENCY workers. One call of `op` plays `perCall` pairs: it answers the latency of
 * each pair it played (autoplay), or nothing, and then its own duration is the one pair's latency.
 */
async function drive(total: number, op: (worker: number) => Promise<number[] | void>, perCall = 1) {
  const latencies: number[] = [];
  let started = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (started < total) {
        started += perCall;
        const s = performance.now();
        const each = await op(worker);
        if (each) latencies.push(...each);
        else latencies.push(performance.now() - s);
      }
    }),
  );
  return { ...summarise(latencies, (performance.now() - t0) / 1000), latencies };
}

type Slice = Awaited<ReturnType<typeof drive>> & { cpu: Cpu };

/** One phase from its slices: every pair's latency, the slices' seconds added up, CPU per pair over all. */
function merged(slices: Slice[]) {
  const result = summarise(
    slices.flatMap((s) => s.latencies),
    slices.reduce((sum, s) => sum + s.seconds, 0),
  );
  const per = (part: keyof Cpu) => slices.reduce((sum, s) => sum + s.cpu[part] * s.count, 0) / result.count;
  return { ...result, cpu: { self: per('self'), sandbox: per('sandbox'), postgres: per('postgres') } };
}

/**
 * One autoplay run of the simulator for each worker's player: AUTOPLAY seamless rounds of 1 USDT, each a bet
 * and a win over HTTP to Koi; answers each round's latency and fails on a round that did not settle.
 */
function autoplay(control: (path: string, init: { body: unknown }) => Promise<unknown>, sessions: string[]) {
  return async (worker: number) => {
    const { rounds } = (await control('/control/providers/play', {
      body: { session_id: sessions[worker], amount: '1', rounds: AUTOPLAY },
    })) as { rounds: { state: string; ms: number }[] };
    const failed = rounds.find((r) => r.state !== 'settled');
    if (failed || rounds.length !== AUTOPLAY)
      throw new Error(`round not settled: ${JSON.stringify(failed ?? rounds).slice(0, 300)}`);
    return rounds.map((r) => r.ms);
  };
}

/** CPU milliseconds a process has used (Linux /proc; 0 where it cannot be read). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 100 Hz ticks
  } catch {
    return 0;
  }
}

/**
 * Where a phase's CPU goes, per pair: this process (the bench client, and Koi in the in-process phase), the
 * sandbox's process, and the PostgreSQL backends serving the bench database. Measured around `run`, so the
 * figures say which side to make cheaper when the machine is saturated.
 */
async function withCpu<T extends { count: number }>(
  admin: pg.Client,
  dbName: string,
  sandboxPid: number | undefined,
  run: () => Promise<T>,
) {
  const backends = async () =>
    (
      await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [dbName])
    ).rows.map((r) => r.pid);
  const pgBefore = new Map((await backends()).map((pid) => [pid, cpuMs(pid)]));
  const self = process.cpuUsage();
  const sandbox = cpuMs(sandboxPid);
  const result = await run();
  const used = process.cpuUsage(self);
  const selfMs = (used.user + used.system) / 1000;
  const sandboxMs = cpuMs(sandboxPid) - sandbox;
  let pgMs = 0;
  for (const pid of new Set([...pgBefore.keys(), ...(await backends())]))
    pgMs += cpuMs(pid) - (pgBefore.get(pid) ?? 0);
  const per = (ms: number) => (ms * 1000) / result.count;
  const cpu: Cpu = { self: per(selfMs), sandbox: per(sandboxMs), postgres: per(pgMs) };
  return { ...result, cpu };
}
interface Cpu {
  self: number;
  sandbox: number;
  postgres: number;
}
const fmtCpu = (c: Cpu) =>
  `    CPU per pair: this process ${c.self.toFixed(0)} µs, sandbox ${c.sandbox.toFixed(0)} µs, PostgreSQL ${c.postgres.toFixed(0)} µs`;

const fmt = (r: PhaseResult) =>
  `${r.perSecond.toFixed(0)} pairs/s (${(r.perSecond * 2).toFixed(0)} transfers/s), p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.count} pairs in ${r.seconds.toFixed(1)} s`;

/** The real server (src/server.ts) with `workers` processes on `port`, wired to `sandbox`, on `databaseUrl`. */
async function startServer(opts: {
  workers: number;
  port: number;
  databaseUrl: string;
  sandbox: Awaited<ReturnType<typeof startSandbox>>;
}): Promise<ChildProcess> {
  const serverDir = path.resolve(import.meta.dirname, '..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      // Not NODE_ENV=production: the server refuses CAPTCHA=off there, and the bench signs players up
      // without a captcha. Nothing on the measured paths depends on NODE_ENV; workers and keys are set here.
      KOI_WORKERS: String(opts.workers),
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATABASE_URL: opts.databaseUrl,
      PROVIDER_SIM_URL: opts.sandbox.url,
      PROVIDER_SECRETS: [...opts.sandbox.secrets].map(([code, s]) => `${code}=${s}`).join(','),
      CAPTCHA: 'off',
      AUDIT_HMAC_KEY: randomBytes(32).toString('hex'),
      RATE_LIMIT: 'off',
      JOBS: 'off',
      SEED_DEMO: 'off',
      LOG_LEVEL: 'error',
      INIT_CWD: serverDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 1200; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${opts.port}/api/health`)).ok) {
        // With several workers, wait a moment longer so that every worker is listening, not only the first.
        if (opts.workers > 1) await new Promise((r) => setTimeout(r, 3000));
        return child;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

function stopServer(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

async function main() {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const dbName = `koi_bench_games_${process.pid}`;
  await admin.query(`create database "${dbName}"`);
  const database = openPostgres(withDatabase(SERVER_URL, dbName), { max: 40 });
  const koiPort = await freePort();
  const sandbox = await startSandbox({ koiUrl: `http://127.0.0.1:${koiPort}` });
  try {
    const app = await buildApp(testConfig({ ...sandbox.koiConfig, logLevel: 'warn' }), {
      database,
    });
    await app.listen({ port: koiPort, host: '127.0.0.1' });
    const wallet = createWalletService({ db: database.db, clock: systemClock });

    // 32 players, signed in through the API, each with money and an open simulator session.
    const sessions: string[] = [];
    const playerIds: number[] = [];
    const tokens: string[] = [];
    for (let i = 0; i < CONCURRENCY; i += 1) {
      const username = `bench_${i}_${randomBytes(3).toString('hex')}`;
      const fields = {
        username,
        password: 'bench-pass-1',
        confrimPas: 'bench-pass-1',
        captcha: '',
        code: '',
        device: '',
        age_confirmed: true,
      };
      await app.inject({ method: 'POST', url: '/api/home/register', payload: fields });
      const login = await app.inject({
        method: 'POST',
        url: '/api/home/login',
        payload: { username, password: 'bench-pass-1' },
      });
      const token = (login.json() as { result: { token: string } }).result.token;
      tokens.push(token);
      const row = await database.db.execute(`select id from players where username = '${username}'`);
      const playerId = Number((row as unknown as { rows: { id: string }[] }).rows[0]!.id);
      playerIds.push(playerId);
      await wallet.transfer({
        key: `bench-dep-${playerId}`,
        debit: { system: SystemAccount.DEPOSIT_CLEARING },
        credit: { player: playerId },
        amountMicro: toMicro('1000000'),
        code: TransferCode.DEPOSIT,
      });
      const launch = await app.inject({
        method: 'GET',
        url: '/api/game/login?game_code=sim-fruit&plat_type=14',
        headers: { authorization: `Bearer ${token}` },
      });
      sessions.push((launch.json() as { result: { url: string } }).result.url.split('/play/')[1]!);
    }

    const play = autoplay(sandbox.control, sessions);
    const servicePair = async (worker: number) => {
      const playerId = playerIds[worker]!;
      const id = randomUUID();
      await wallet.transfer({
        key: `sb:${id}`,
        debit: { player: playerId },
        credit: { system: SystemAccount.HOUSE },
        amountMicro: 1_000_000n,
        code: TransferCode.BET,
        reference: { type: 'round', id },
      });
      await wallet.transfer({
        key: `sw:${id}`,
        debit: { system: SystemAccount.HOUSE },
        credit: { player: playerId },
        amountMicro: 950_000n,
        code: TransferCode.WIN,
        reference: { type: 'round', id },
      });
    };
    await drive(WARMUP, play, AUTOPLAY);
    await drive(WARMUP, servicePair);
    // (a) and (b) take turns, SLICES times each, so that whatever else the machine does during the run (other
    // processes, a checkpoint, autovacuum of the tables the warm-up filled) falls on both sides alike.
    const httpSlices: Slice[] = [];
    const serviceSlices: Slice[] = [];
    const slice = Math.ceil(ROUNDS / SLICES);
    for (let i = 0; i < SLICES; i += 1) {
      httpSlices.push(await withCpu(admin, dbName, sandbox.pid, () => drive(slice, play, AUTOPLAY)));
      serviceSlices.push(await withCpu(admin, dbName, sandbox.pid, () => drive(slice, servicePair)));
    }
    const http = merged(httpSlices);
    const service = merged(serviceSlices);
    console.log(
      `(a) HTTP seamless, ${CONCURRENCY} concurrent players: ${http.count} rounds in ${SLICES} slices, taking turns with (b)`,
    );
    console.log(`    ${fmt(http)}`);
    console.log(fmtCpu(http.cpu));
    console.log(`(b) wallet service only, ${CONCURRENCY} concurrent players: ${service.count} bet+win pairs`);
    console.log(`    ${fmt(service)}`);
    console.log(fmtCpu(service.cpu));

    await app.close();

    // (c) The real server process, one worker and then two, through a sandbox of its own.
    const realPort = await freePort();
    const sandbox2 = await startSandbox({ koiUrl: `http://127.0.0.1:${realPort}` });
    const real: Record<number, Awaited<ReturnType<typeof drive>>> = {};
    try {
      const sessions2: string[] = [];
      const stopCodes: (number | null)[] = [];
      for (const workers of process.env.BENCH_REAL === '0' ? [] : [1, 2]) {
        const server = await startServer({
          workers,
          port: realPort,
          databaseUrl: withDatabase(SERVER_URL, dbName),
          sandbox: sandbox2,
        });
        try {
          if (!sessions2.length) {
            for (const token of tokens) {
              const launch = await fetch(
                `http://127.0.0.1:${realPort}/api/game/login?game_code=sim-fruit&plat_type=14`,
                { headers: { authorization: `Bearer ${token}` } },
              );
              const url = ((await launch.json()) as { result: { url: string } }).result.url;
              sessions2.push(url.split('/play/')[1]!);
            }
          }
          const play2 = autoplay(sandbox2.control, sessions2);
          await drive(WARMUP, play2, AUTOPLAY);
          console.log(
            `(c) HTTP seamless, real server with KOI_WORKERS=${workers}, ${CONCURRENCY} concurrent players: running ${ROUNDS} rounds…`,
          );
          real[workers] = await drive(ROUNDS, play2, AUTOPLAY);
          console.log(`    ${fmt(real[workers])}`);
        } finally {
          stopCodes.push(await stopServer(server));
        }
      }
      // SIGTERM must drain every worker and exit 0 (cluster.ts), under load too.
      if (stopCodes.some((c) => c !== 0)) throw new Error(`server exits on SIGTERM: ${stopCodes.join(', ')}`);
    } finally {
      await sandbox2.stop();
    }

    const violations = await verifyLedger(database, (line) => console.log(line));
    const ratio = http.perSecond / service.perSecond;
    const none = { perSecond: 0, p99: 0, p50: 0, count: 0, seconds: 0 };
    const r1 = real[1] ?? none;
    const r2 = real[2] ?? none;
    const load = os.loadavg()[0]!;
    console.log('side by side (pairs/s, p99 ms, ratio to the service):');
    for (const [name, r] of [
      ['in-process server', http],
      ['KOI_WORKERS=1    ', r1],
      ['KOI_WORKERS=2    ', r2],
    ] as const) {
      console.log(
        `  ${name}  ${r.perSecond.toFixed(0).padStart(6)}  ${r.p99.toFixed(1).padStart(8)}  ${(r.perSecond / service.perSecond).toFixed(3)}`,
      );
    }
    console.log(
      `HTTP/service ratio ${ratio.toFixed(3)}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `bench:games ratio=${ratio.toFixed(3)} http_rps=${http.perSecond.toFixed(0)} service_tps=${service.perSecond.toFixed(0)} p99_ms=${http.p99.toFixed(2)} violations=${violations}` +
        ` w1_rps=${r1.perSecond.toFixed(0)} w1_p99_ms=${r1.p99.toFixed(2)} w1_ratio=${(r1.perSecond / service.perSecond).toFixed(3)}` +
        ` w2_rps=${r2.perSecond.toFixed(0)} w2_p99_ms=${r2.p99.toFixed(2)} w2_ratio=${(r2.perSecond / service.perSecond).toFixed(3)} load=${load.toFixed(2)}` +
        ` cpu_us_koi=${http.cpu.self.toFixed(0)} cpu_us_sim=${http.cpu.sandbox.toFixed(0)} cpu_us_pg=${http.cpu.postgres.toFixed(0)}` +
        ` service_cpu_us=${(service.cpu.self + service.cpu.postgres).toFixed(0)}`,
    );
    process.exitCode = violations === 0 ? 0 : 1;
  } finally {
    await sandbox.stop();
    await database.close().catch(() => undefined);
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
}

await main();

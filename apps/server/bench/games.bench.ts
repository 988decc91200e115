/**
 * `npm run bench:games`: the seamless provider wallet over real HTTP, beside the wallet service alone.
 *
 * (a) HTTP: the sandbox's game provider (its own process) plays rounds for 32 concurrent players; each round is
 *     a signed debit (bet) and a signed credit (win) to Koi's /api/providers/sim/transaction/* endpoints,
 *     each one a database transaction that records the provider transaction, moves the money through the
 *     ledger and updates the round. Measured: debit+credit round trips per second, and each pair's latency
 *     as the simulator sees it.
 * (b) Service: the same bet+win pairs through the wallet service directly (no HTTP, no provider records),
 *     32 concurrent players, in the same run against the same PostgreSQL server.
 * Then ledger:verify. Everything happens in a throwaway database dropped at the end. The last line is
 *   bench:games ratio=<http/service> http_rps=<pairs/s> service_tps=<pairs/s> p99_ms=<http p99> violations=<n>
 *
 * BENCH_DATABASE_URL  server to use (default postgres://postgres@127.0.0.1:5432/postgres)
 * BENCH_ROUNDS        rounds (debit+credit pairs) per phase (default 3000)
 * BENCH_CONCURRENCY   concurrent players (default 32)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { SystemAccount, TransferCode, toMicro } from '@koi/ledger';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openPostgres } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { verifyLedger } from '../src/modules/wallet/wallet.cli';
import { createWalletService } from '../src/modules/wallet/wallet.service';
import { freePort, startSandbox } from '../test/sim';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

const withDatabase = (url: string, name: string) =>
  Object.assign(new URL(url), { pathname: `/${name}` }).toString();
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function drive(total: number, op: (worker: number) => Promise<void>) {
  const latencies: number[] = [];
  let started = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (started < total) {
        started += 1;
        const s = performance.now();
        await op(worker);
        latencies.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    count: latencies.length,
    seconds,
  };
}

const fmt = (r: { perSecond: number; p50: number; p99: number; count: number; seconds: number }) =>
  `${r.perSecond.toFixed(0)} pairs/s (${(r.perSecond * 2).toFixed(0)} transfers/s), p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.count} pairs in ${r.seconds.toFixed(1)} s`;

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

    const play = async (worker: number) => {
      const round = (await sandbox.control('/control/providers/play', {
        body: { session_id: sessions[worker], amount: '1' },
      })) as { state: string };
      if (round.state !== 'settled')
        throw new Error(`round not settled: ${JSON.stringify(round).slice(0, 300)}`);
    };
    for (let w = 0; w < CONCURRENCY; w += 1) await play(w); // warm-up
    console.log(`(a) HTTP seamless, ${CONCURRENCY} concurrent players: running ${ROUNDS} rounds…`);
    const http = await drive(ROUNDS, play);
    console.log(`    ${fmt(http)}`);

    console.log(
      `(b) wallet service only, ${CONCURRENCY} concurrent players: running ${ROUNDS} bet+win pairs…`,
    );
    const service = await drive(ROUNDS, async (worker) => {
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
    });
    console.log(`    ${fmt(service)}`);

    const violations = await verifyLedger(database, (line) => console.log(line));
    await app.close();
    const ratio = http.perSecond / service.perSecond;
    console.log(`HTTP/service ratio ${ratio.toFixed(3)}`);
    console.log(
      `bench:games ratio=${ratio.toFixed(3)} http_rps=${http.perSecond.toFixed(0)} service_tps=${service.perSecond.toFixed(0)} p99_ms=${http.p99.toFixed(2)} violations=${violations}`,
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

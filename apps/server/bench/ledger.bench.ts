/**
 * `npm run bench:ledger`: the wallet ledger's throughput against the PostgreSQL server.
 *
 * (a) Raw ceiling: plain PostgreSQL transactions, each one conditional UPDATE (debit if covered) and one
 *     INSERT, over the same number of connections and workers, driven straight through node-postgres.
 * (b) Koi: 32 concurrent players, each placing a bet and receiving a win (two ledger transfers) through the
 *     wallet service, again and again.
 * Then `ledger:verify` runs on the result. Everything happens in a throwaway database that is dropped at the
 * end. The last line is machine-readable:
 *   bench:ledger ratio=<b/a> koi_tps=<b> ceiling_tps=<a> p99_ms=<p99> violations=<n>
 *
 * BENCH_DATABASE_URL   server to use (default postgres://postgres@127.0.0.1:5432/postgres)
 * BENCH_TRANSFERS      transfers per phase (default 16000)
 * BENCH_CONCURRENCY    concurrent players / workers (default 32)
 * BENCH_BATCHING=off   one transaction per transfer instead of the service's default group commit
 * BENCH_BATCH_MAX, BENCH_IN_FLIGHT   group-commit bounds (defaults from wallet.batcher.ts)
 */
import pg from 'pg';
import { SystemAccount, TransferCode, toMicro } from '@koi/ledger';
import { systemClock } from '../src/lib/clock';
import { verifyLedger } from '../src/modules/wallet/wallet.cli';
import { DEFAULT_BATCHING } from '../src/modules/wallet/wallet.batcher';
import { createWalletService } from '../src/modules/wallet/wallet.service';
import { createPlayers } from '../src/modules/wallet/wallet.fixtures';
import { inThrowawayDatabase, SERVER_URL, summarise, type PhaseResult } from './measure';

const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 16_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const WARMUP_PER_WORKER = 20;
/** BENCH_BATCHING=off sends every transfer on its own; otherwise group commit with these bounds. */
const BATCHING =
  process.env.BENCH_BATCHING === 'off'
    ? (false as const)
    : {
        ...DEFAULT_BATCHING,
        maxBatch: Number(process.env.BENCH_BATCH_MAX ?? DEFAULT_BATCHING.maxBatch),
        maxInFlight: Number(process.env.BENCH_IN_FLIGHT ?? DEFAULT_BATCHING.maxInFlight),
      };

/**
 * Runs `workers` loops until `total` transfers are done. Each operation performs one or more transfers and
 * reports each one's latency through `record`.
 */
async function drive(
  workers: number,
  total: number,
  op: (worker: number, record: (ms: number) => void) => Promise<void>,
): Promise<PhaseResult> {
  const latencies: number[] = [];
  const record = (ms: number) => latencies.push(ms);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (latencies.length < total) await op(worker, record);
    }),
  );
  return summarise(latencies, (performance.now() - started) / 1000);
}

/** Times one call. */
async function timed<T>(record: (ms: number) => void, call: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await call();
  record(performance.now() - t0);
  return result;
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

async function main() {
  return inThrowawayDatabase('koi_bench', CONCURRENCY, async (database, { name: dbName, url }) => {
    await database.migrate();
    console.log(
      `bench:ledger on ${new URL(SERVER_URL).host}/${dbName}: ${TRANSFERS} transfers per phase, ${CONCURRENCY} concurrent`,
    );

    // (a) The raw ceiling.
    const raw = new pg.Pool({ connectionString: url, max: CONCURRENCY });
    await raw.query(`create table bench_raw_accounts (id int primary key, balance bigint not null)`);
    await raw.query(
      `create table bench_raw_log (id bigint generated always as identity primary key, account int not null, amount bigint not null, created_at timestamptz not null default now())`,
    );
    await raw.query(
      `insert into bench_raw_accounts select g, 1000000000000 from generate_series(0, ${CONCURRENCY - 1}) g`,
    );
    const rawTransaction = (worker: number, record: (ms: number) => void) =>
      timed(record, async () => {
        const client = await raw.connect();
        try {
          await client.query('begin');
          const updated = await client.query(
            'update bench_raw_accounts set balance = balance - $1 where id = $2 and balance >= $1',
            [1000, worker],
          );
          if (updated.rowCount !== 1) throw new Error('raw ceiling: balance exhausted');
          await client.query('insert into bench_raw_log (account, amount) values ($1, $2)', [worker, 1000]);
          await client.query('commit');
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      });
    await drive(CONCURRENCY, CONCURRENCY * WARMUP_PER_WORKER, rawTransaction);
    const ceiling = await drive(CONCURRENCY, TRANSFERS, rawTransaction);
    await raw.end();
    console.log(
      `(a) raw ceiling : ${fmt(ceiling.perSecond, 0)} transactions/s  p50 ${fmt(ceiling.p50, 2)} ms  p99 ${fmt(ceiling.p99, 2)} ms  (${ceiling.count} in ${fmt(ceiling.seconds, 2)} s)`,
    );

    // (b) Koi: bet + win pairs through the wallet service.
    const wallet = createWalletService({ db: database.db, clock: systemClock, batching: BATCHING });
    await wallet.ensureSystemAccounts();
    const players = await createPlayers(database.db, wallet, CONCURRENCY);
    for (const id of players) {
      await wallet.transfer({
        key: `bench:deposit:${id}`,
        debit: { system: SystemAccount.DEPOSIT_CLEARING },
        credit: { player: id },
        amountMicro: toMicro('1000000'),
        code: TransferCode.DEPOSIT,
      });
    }
    const bet = toMicro('1');
    const win = toMicro('0.95');
    let round = 0;
    const pair = async (worker: number, record: (ms: number) => void) => {
      const player = players[worker]!;
      round += 1;
      const roundId = `${worker}:${round}`;
      const placed = await timed(record, () =>
        wallet.transfer({
          key: `bench:bet:${roundId}`,
          debit: { player },
          credit: { system: SystemAccount.HOUSE },
          amountMicro: bet,
          code: TransferCode.BET,
          reference: { type: 'round', id: roundId },
        }),
      );
      if (!placed.created) throw new Error('bet was not created');
      await timed(record, () =>
        wallet.transfer({
          key: `bench:win:${roundId}`,
          debit: { system: SystemAccount.HOUSE },
          credit: { player },
          amountMicro: win,
          code: TransferCode.WIN,
          reference: { type: 'round', id: roundId },
        }),
      );
    };
    await drive(CONCURRENCY, CONCURRENCY * WARMUP_PER_WORKER, pair);
    const koi = await drive(CONCURRENCY, TRANSFERS, pair);
    const grouping = BATCHING
      ? `group commit on: up to ${BATCHING.maxBatch} transfers per call, ${BATCHING.maxInFlight} calls in flight`
      : 'group commit off: one transaction per transfer';
    console.log(`    ${grouping}`);
    console.log(
      `(b) koi bet+win : ${fmt(koi.perSecond, 0)} transfers/s     p50 ${fmt(koi.p50, 2)} ms  p99 ${fmt(koi.p99, 2)} ms  (${koi.count} in ${fmt(koi.seconds, 2)} s)`,
    );
    const ratio = koi.perSecond / ceiling.perSecond;
    console.log(
      `ratio b/a: ${fmt(ratio, 2)} (target >= 0.5), koi p99 ${fmt(koi.p99, 2)} ms (target < 20 ms)`,
    );

    const violations = await verifyLedger(database, (line) => console.log(line));
    console.log(
      `bench:ledger ratio=${fmt(ratio, 2)} koi_tps=${fmt(koi.perSecond, 0)} ceiling_tps=${fmt(ceiling.perSecond, 0)} p99_ms=${fmt(koi.p99, 2)} violations=${violations}`,
    );
    return violations === 0 ? 0 : 1;
  });
}

process.exitCode = await main();

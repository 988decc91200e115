import pg from 'pg';
import { openPostgres, type Database } from '../src/db/client';
import { withDatabase } from '../test/db';

/** The PostgreSQL server the benches run against (BENCH_DATABASE_URL). */
export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * What every bench reports about a phase: how many operations a second, the median and the 99th percentile of
 * their latencies. The benches time their operations differently (one transfer, a bet and win pair, an
 * autoplay run), so they collect the latencies themselves and summarise them here, the same way.
 */
export interface PhaseResult {
  /** Operations a second over the whole phase. */
  perSecond: number;
  p50: number;
  p99: number;
  count: number;
  seconds: number;
}

/** The `p`th percentile of latencies sorted ascending (0 when there are none). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Summarises a phase's latencies (milliseconds, sorted here) measured over `seconds`. */
export function summarise(latencies: number[], seconds: number): PhaseResult {
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    count: latencies.length,
    seconds,
  };
}

/** Runs `call` and answers its result with the seconds it took. */
export async function timed<T>(call: () => Promise<T>): Promise<{ seconds: number; result: T }> {
  const t0 = performance.now();
  const result = await call();
  return { seconds: (performance.now() - t0) / 1000, result };
}

/**
 * Watches the process's resident memory (every 20 ms, and whenever `sample` is called) until `stop`: the
 * benches that load a day's rows into memory report its peak.
 */
export function peakMemory() {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 20);
  return {
    sample,
    stop: () => clearInterval(timer),
    /** The peak so far, in MiB. */
    peakMb: () => {
      sample();
      return Math.round(peak / 1_048_576);
    },
  };
}

/**
 * Runs a bench in a throwaway database created on SERVER_URL (named `<prefix>_<pid>_<time>`, with a pool of
 * `poolMax` connections), which is dropped afterwards even when the bench throws, so no run leaves one behind.
 */
export async function inThrowawayDatabase<T>(
  prefix: string,
  poolMax: number,
  run: (database: Database, created: { name: string; url: string }) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
    const url = withDatabase(SERVER_URL, name);
    const database = openPostgres(url, { max: poolMax });
    try {
      return await run(database, { name, url });
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    await admin.end();
  }
}

/**
 * inThrowawayDatabase for the benches that write their rows with their own SQL: the database migrated, the
 * app's pool on it (4 connections), one plain client (`raw`) beside it, and its URL for a bench that opens
 * a pool of its own.
 */
export async function withThrowawayDatabase<T>(
  prefix: string,
  body: (opened: { database: Database; raw: pg.Client; url: string }) => Promise<T>,
): Promise<T> {
  return inThrowawayDatabase(prefix, 4, async (database, { url }) => {
    const raw = new pg.Client({ connectionString: url });
    try {
      await database.migrate();
      await raw.connect();
      return await body({ database, raw, url });
    } finally {
      await raw.end().catch(() => undefined);
    }
  });
}

import pg from 'pg';
import { openPostgres, type Database } from '../src/db/client';
import { withDatabase } from '../test/db';

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
 * A throwaway database on the server at `serverUrl` for the length of `body`, migrated, with the app's pool on it
 * (`database`, 4 connections) and one plain client (`raw`) for the bench's own SQL; dropped afterwards, also
 * when `body` throws. `prefix` names it, with the process id and the time, so runs never meet.
 */
export async function withThrowawayDatabase<T>(
  serverUrl: string,
  prefix: string,
  body: (opened: { database: Database; raw: pg.Client }) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
    const url = withDatabase(serverUrl, name);
    const database = openPostgres(url, { max: 4 });
    const raw = new pg.Client({ connectionString: url });
    try {
      await database.migrate();
      await raw.connect();
      return await body({ database, raw });
    } finally {
      await raw.end().catch(() => undefined);
      await database.close();
    }
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    await admin.end();
  }
}

import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';

/*
 * Every core. One Node process runs JavaScript on one core, so the server starts KOI_WORKERS
 * processes (node:cluster) that accept connections on the same port; the primary only starts, restarts and
 * stops them. Nothing is shared in memory between workers, and nothing needs to be:
 * - money and records live in PostgreSQL, whose locks already make several nodes safe (the ledger and the
 *   seamless wallet were built for several nodes);
 * - background jobs run on one node at a time through PostgreSQL advisory locks (modules/jobs/jobs.ts), and
 *   migrations and SQL functions are applied under an advisory lock (db/client.ts), so workers behave exactly
 *   like separate machines;
 * - rate-limit counters and live balance signals go through Redis when REDIS_URL is set; without it each
 *   worker keeps its own, which the primary says in the log.
 * The embedded database (PGlite) is one process's files and cannot be opened by two: with it the server runs
 * one process whatever KOI_WORKERS says, and says so.
 */

export interface ClusterLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** How many server processes to run, and why fewer than asked when that is the case. */
export function workerPlan(config: Pick<Config, 'workers' | 'databaseUrl' | 'redisUrl'>): {
  workers: number;
  notes: string[];
} {
  const notes: string[] = [];
  if (config.workers > 1 && !config.databaseUrl) {
    notes.push(
      `KOI_WORKERS=${config.workers} ignored: the embedded database (PGlite) can be used by one process only, so one server process runs; set DATABASE_URL to PostgreSQL to use every core`,
    );
    return { workers: 1, notes };
  }
  if (config.workers > 1 && !config.redisUrl) {
    notes.push(
      'REDIS_URL is not set: each worker keeps its own rate-limit counters (limits are per worker) and live balance signals reach only streams on the worker that made the change; set REDIS_URL to share them',
    );
  }
  return { workers: config.workers, notes };
}

/** A worker that dies this soon after its start counts as a crash loop; restarts are then spaced out. */
const QUICK_DEATH_MS = 5_000;
const RESTART_BACKOFF_MS = 2_000;
/** How long SIGTERM waits for the workers to finish their requests before it gives up on them. */
const DRAIN_TIMEOUT_MS = 15_000;

/**
 * The primary: forks `count` workers, restarts one that dies, and on SIGTERM or SIGINT asks every worker to
 * drain (each closes its listener, finishes in-flight requests and closes its database pool, see server.ts),
 * then exits 0 when all exited cleanly (1 if one did not, or the drain timed out).
 */
export function runPrimary(count: number, log: ClusterLog): void {
  let stopping = false;
  let failedDrain = false;
  const startedAt = new Map<number, number>();
  const listening = new Set<number>();
  cluster.on('listening', (worker) => listening.add(worker.id));

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    return worker;
  };
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    const served = listening.delete(worker.id);
    if (stopping) {
      // A worker still starting when asked to stop may die of the signal before its handler exists; it served
      // nothing, so that is a clean stop too.
      if (code !== 0 && (served || signal !== 'SIGTERM')) failedDrain = true;
      if (alive().length === 0) {
        log.info({ failedDrain }, 'all workers stopped');
        process.exit(failedDrain ? 1 : 0);
      }
      return;
    }
    // A worker only exits on its own when something went wrong (crash, out of memory, killed): replace it,
    // after a pause when it died right after starting, so a broken start does not spin the CPU.
    const delay = lived < QUICK_DEATH_MS ? RESTART_BACKOFF_MS : 0;
    log.error(
      { pid: worker.process.pid, code, signal, restartInMs: delay },
      'server worker died; starting a new one',
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delay).unref();
  });

  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (stopping) return;
      stopping = true;
      log.info({ signal: sig, workers: alive().length }, 'draining workers');
      const workers = alive();
      if (workers.length === 0) process.exit(0);
      for (const worker of workers) worker.process.kill('SIGTERM');
      setTimeout(() => {
        log.error({ workers: alive().length }, 'workers did not drain in time; exiting');
        process.exit(1);
      }, DRAIN_TIMEOUT_MS).unref();
    });
  }

  for (let i = 0; i < count; i += 1) fork();
  log.info({ workers: count }, 'started server workers');
}

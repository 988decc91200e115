import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export interface Job {
  name: string;
  /** A distinct number per job: the PostgreSQL advisory lock that makes one node run it at a time. */
  lockId: number;
  everyMs: number;
  run(): Promise<number>;
}

/**
 * Background loops inside the server (architecture: "each guarded by a PostgreSQL advisory lock so that
 * exactly one node runs a singleton loop"). On a PostgreSQL server a tick runs only where
 * pg_try_advisory_xact_lock succeeds; the embedded database belongs to one process, so there it just runs.
 * A failing tick is logged and retried on the next one; ticks of one job never overlap.
 */
export function startJobs(
  database: Database,
  jobs: Job[],
  log: FastifyBaseLogger,
): { stop(): Promise<void> } {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;

  for (const job of jobs) {
    let busy = false;
    const tick = async () => {
      if (busy || stopped) return;
      busy = true;
      try {
        let done = 0;
        if (database.kind === 'pglite') {
          done = await job.run();
        } else {
          await database.db.transaction(async (tx) => {
            const rows = (await tx.execute(
              sql`select pg_try_advisory_xact_lock(${job.lockId}) as locked`,
            )) as unknown as {
              rows: { locked: boolean }[];
            };
            if (rows.rows[0]?.locked) done = await job.run();
          });
        }
        if (done > 0) log.info({ job: job.name, done }, 'background job');
      } catch (err) {
        log.error({ err, job: job.name }, 'background job failed');
      } finally {
        busy = false;
      }
    };
    const timer = setInterval(() => {
      const p = tick();
      running.add(p);
      void p.finally(() => running.delete(p));
    }, job.everyMs);
    timer.unref();
    timers.push(timer);
  }

  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...running]);
    },
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AdvisoryLock } from '../../db/locks';
import { createTestDatabase } from '../../../test/db';
import { startJobs, type Job } from './jobs';

const noop = () => undefined;
const quiet = {
  info: noop,
  warn: noop,
  error: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
} as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A job whose every tick takes `tickMs`, counting its ticks and the most of them that ever ran at once. */
function overlapProbe(name: string, lockId: number, everyMs: number, tickMs: number) {
  const seen = { runs: 0, most: 0 };
  let running = 0;
  const job: Job = {
    name,
    lockId,
    everyMs,
    async run() {
      running += 1;
      seen.most = Math.max(seen.most, running);
      seen.runs += 1;
      await sleep(tickMs);
      running -= 1;
      return 1;
    },
  };
  return { job, seen };
}

describe('background jobs', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('runs a job every interval and never overlaps its own ticks', async () => {
    const { job, seen } = overlapProbe('slow', AdvisoryLock.TEST_JOB_SLOW, 20, 70);
    const jobs = startJobs(database, [job], quiet);
    await sleep(400);
    await jobs.stop();
    expect(seen.runs).toBeGreaterThanOrEqual(3);
    expect(seen.most).toBe(1);
  });

  it('keeps running after a failing tick', async () => {
    let calls = 0;
    const jobs = startJobs(
      database,
      [
        {
          name: 'flaky',
          lockId: AdvisoryLock.TEST_JOB_FLAKY,
          everyMs: 20,
          async run() {
            calls += 1;
            if (calls === 1) throw new Error('first tick fails');
            return 0;
          },
        },
      ],
      quiet,
    );
    await sleep(200);
    await jobs.stop();
    expect(calls).toBeGreaterThanOrEqual(3);
  });

  it.runIf(process.env.KOI_TEST_DB === 'postgres')('runs a singleton job on one node at a time', async () => {
    // Two "nodes" share the database; the advisory lock lets only one of them run a tick at any moment.
    const { job, seen } = overlapProbe('singleton', AdvisoryLock.TEST_JOB_SINGLETON, 15, 60);
    const a = startJobs(database, [job], quiet);
    const b = startJobs(database, [job], quiet);
    await sleep(500);
    await Promise.all([a.stop(), b.stop()]);
    expect(seen.runs).toBeGreaterThanOrEqual(3);
    expect(seen.most).toBe(1);
  });
});

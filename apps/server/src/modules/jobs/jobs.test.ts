import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../../test/db';
import { startJobs } from './jobs';

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

describe('background jobs', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('runs a job every interval and never overlaps its own ticks', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const jobs = startJobs(
      database,
      [
        {
          name: 'slow',
          lockId: 7_461_901,
          everyMs: 20,
          async run() {
            running += 1;
            most = Math.max(most, running);
            runs += 1;
            await sleep(70);
            running -= 1;
            return 1;
          },
        },
      ],
      quiet,
    );
    await sleep(400);
    await jobs.stop();
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
  });

  it('keeps running after a failing tick', async () => {
    let calls = 0;
    const jobs = startJobs(
      database,
      [
        {
          name: 'flaky',
          lockId: 7_461_902,
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
    let running = 0;
    let most = 0;
    let runs = 0;
    const job = {
      name: 'singleton',
      lockId: 7_461_903,
      everyMs: 15,
      async run() {
        running += 1;
        most = Math.max(most, running);
        runs += 1;
        await sleep(60);
        running -= 1;
        return 0;
      },
    };
    const a = startJobs(database, [job], quiet);
    const b = startJobs(database, [job], quiet);
    await sleep(500);
    await Promise.all([a.stop(), b.stop()]);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
  });
});

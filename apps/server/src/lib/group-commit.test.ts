import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createGroupCommit, type Pending } from './group-commit';

/** A batcher whose batches are recorded and answered when the test says (`release`). */
function recording(opts: {
  maxBatch: number;
  maxInFlight: number;
  maxQueued?: number;
  gatherTurn?: boolean;
}) {
  const batches: number[][] = [];
  const waiting: (() => void)[] = [];
  let running = 0;
  let mostRunning = 0;
  const group = createGroupCommit<number, number>(
    { maxQueued: 1_000, gatherTurn: true, ...opts },
    async (batch: Pending<number, number>[]) => {
      batches.push(batch.map((item) => item.input));
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      await new Promise<void>((resolve) => waiting.push(resolve));
      running -= 1;
      for (const item of batch) item.resolve(item.input * 10);
    },
  );
  const release = async () => {
    while (waiting.length) waiting.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { group, batches, release, mostRunning: () => mostRunning };
}

describe('group commit', () => {
  it('splits requests submitted in one turn into full batches, no more in flight than allowed', async () => {
    const r = recording({ maxBatch: 25, maxInFlight: 2 });
    const answers = Promise.all(Array.from({ length: 60 }, (_, i) => r.group.submit(i)));
    await new Promise((resolve) => setImmediate(resolve));
    // The first two batches are full; the rest waits for a slot.
    expect(r.batches.map((b) => b.length)).toEqual([25, 25]);
    await r.release();
    expect(r.batches.map((b) => b.length)).toEqual([25, 25, 10]);
    await r.release();
    expect(await answers).toEqual(Array.from({ length: 60 }, (_, i) => i * 10));
    expect(r.mostRunning()).toBe(2);
    // Each request went in exactly one batch, in submission order.
    expect(r.batches.flat()).toEqual(Array.from({ length: 60 }, (_, i) => i));
  });

  it('without gathering, sends the first request that finds a free slot at once, alone', async () => {
    const r = recording({ maxBatch: 25, maxInFlight: 1, gatherTurn: false });
    const answers = Promise.all(Array.from({ length: 10 }, (_, i) => r.group.submit(i)));
    expect(r.batches).toEqual([[0]]);
    await r.release();
    expect(r.batches).toEqual([[0], [1, 2, 3, 4, 5, 6, 7, 8, 9]]);
    await r.release();
    expect(await answers).toHaveLength(10);
  });

  it('sends a lone request on its own after one microtask', async () => {
    const r = recording({ maxBatch: 25, maxInFlight: 2 });
    const answer = r.group.submit(7);
    await Promise.resolve();
    expect(r.batches).toEqual([[7]]);
    await r.release();
    expect(await answer).toBe(70);
  });

  it('refuses at once beyond the queue bound, and rejects a batch whose runner throws', async () => {
    const r = recording({ maxBatch: 1, maxInFlight: 1, maxQueued: 2 });
    const queued = [r.group.submit(1), r.group.submit(2)];
    await expect(r.group.submit(3)).rejects.toMatchObject({ key: 'UNAVAILABLE' });
    await r.release();
    await r.release();
    expect(await Promise.all(queued)).toEqual([10, 20]);

    const failing = createGroupCommit<number, number>({ maxBatch: 10, maxInFlight: 1, maxQueued: 10 }, () =>
      Promise.reject(new AppError('UNAVAILABLE')),
    );
    const results = await Promise.allSettled([failing.submit(1), failing.submit(2)]);
    expect(results.map((x) => x.status)).toEqual(['rejected', 'rejected']);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createCoalescer } from './coalesce';

describe('createCoalescer', () => {
  it('runs once per key for a burst, after the delay, and again for a later burst', async () => {
    vi.useFakeTimers();
    try {
      const runs: string[] = [];
      const c = createCoalescer<string>(100, async (k) => {
        runs.push(k);
      });
      for (let i = 0; i < 50; i += 1) c.touch('a');
      c.touch('b');
      expect(runs).toEqual([]);
      await vi.advanceTimersByTimeAsync(100);
      expect(runs.sort()).toEqual(['a', 'b']);
      c.touch('a');
      await vi.advanceTimersByTimeAsync(100);
      expect(runs.filter((k) => k === 'a')).toHaveLength(2);
      c.touch('a');
      c.stop();
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs.filter((k) => k === 'a')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('absorbs touches while the work runs, and a failed run is reported and does not block the key', async () => {
    vi.useFakeTimers();
    try {
      let release = () => {};
      let calls = 0;
      const failures: unknown[] = [];
      const c = createCoalescer<number>(
        10,
        async () => {
          calls += 1;
          if (calls === 1) await new Promise<void>((r) => (release = r));
          else throw new Error('failed');
        },
        (error, key) => failures.push([key, (error as Error).message]),
      );
      c.touch(1);
      await vi.advanceTimersByTimeAsync(10);
      c.touch(1);
      await vi.advanceTimersByTimeAsync(50);
      expect(calls).toBe(1);
      release();
      await vi.advanceTimersByTimeAsync(0);
      c.touch(1);
      await vi.advanceTimersByTimeAsync(10);
      expect(calls).toBe(2);
      c.touch(1);
      await vi.advanceTimersByTimeAsync(10);
      expect(calls).toBe(3);
      expect(failures).toEqual([
        [1, 'failed'],
        [1, 'failed'],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

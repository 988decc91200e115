import { describe, expect, it } from 'vitest';
import { traceBlocking, type TraceEvent } from './traceBlocking';

const main = { pid: 1, tid: 7 };
const task = (ts: number, durMs: number, cpuMs = durMs): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ...main,
  ts,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});

describe('traceBlocking', () => {
  const fcp: TraceEvent = { name: 'firstContentfulPaint', ph: 'R', ...main, ts: 1_000_000 };

  it("counts the main thread's top-level tasks after the first paint, each for what it lasts multiplied over 50 ms", () => {
    const events = [
      fcp,
      task(500_000, 40), // before the first contentful paint: not counted
      task(1_100_000, 10, 4), // 100 ms wall and 40 ms CPU at 10x: 50 and 0
      task(1_105_000, 3), // nested inside the one before: part of it
      { ...task(1_200_000, 30), tid: 8 }, // another thread
      task(1_300_000, 20, 20), // 200 ms at 10x: 150 both
      task(9_000_000, 20), // after the trace's end
    ];
    expect(traceBlocking(events, fcp.ts, 5_000_000, 10)).toEqual({ wall: 200, cpu: 150 });
  });

  it('falls back to the wall time for a task without a thread duration, and says nothing without a first paint', () => {
    const withoutCpu = { ...task(1_100_000, 10), tdur: undefined };
    expect(traceBlocking([fcp, withoutCpu], fcp.ts, 5_000_000, 10)).toEqual({ wall: 50, cpu: 50 });
    const none = traceBlocking([task(1_100_000, 10)], fcp.ts, 5_000_000, 10);
    expect(none.cpu).toBeNaN();
    expect(none.wall).toBeNaN();
  });
});

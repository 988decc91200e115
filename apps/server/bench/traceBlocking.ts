export interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/**
 * The blocking time of the page's own main-thread tasks, recomputed from the run's trace at the run's CPU
 * slowdown, twice: from each task's wall time, and from the CPU time the main thread spent running it (the
 * trace's thread duration). Each task from the observed first contentful paint to the end of the trace counts
 * for what it lasts, multiplied, over 50 ms. Lighthouse's own figure comes from its simulation, which reorders
 * tasks, but it multiplies wall times as the first figure does.
 *
 * Why both: on this 2-core machine a task's wall time is often several times its CPU time (a trace of the
 * signed-in home had tasks of 45-66 ms wall with 1-15 ms of CPU), as Chromium's browser, GPU and network
 * processes and Lighthouse itself take the cores from the page's main thread, and synchronous calls (fetch's
 * loader, font matching) wait for them. The multiplier turns those waits into blocking time that no change
 * to the page can remove; the CPU figure is the part the page's code accounts for.
 */
export function traceBlocking(
  events: TraceEvent[],
  fromTs: number,
  toTs: number,
  multiplier: number,
): { cpu: number; wall: number } {
  const fcp = events
    .filter((e) => e.name === 'firstContentfulPaint')
    .sort((a, b) => Math.abs(a.ts - fromTs) - Math.abs(b.ts - fromTs))[0];
  if (!fcp) return { cpu: NaN, wall: NaN };
  const tasks = events
    .filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.name === 'RunTask' && e.ph === 'X' && e.dur)
    .sort((a, b) => a.ts - b.ts);
  let cpu = 0;
  let wall = 0;
  let end = -Infinity;
  for (const task of tasks) {
    // Only top-level tasks: a nested RunTask is part of the one around it.
    if (task.ts < end) continue;
    end = task.ts + task.dur!;
    if (task.ts < fromTs || task.ts > toTs) continue;
    const blocking = (ms: number) => Math.max(0, ms * multiplier - 50);
    wall += blocking(task.dur! / 1000);
    cpu += blocking((task.tdur ?? task.dur!) / 1000);
  }
  return { cpu, wall };
}

/**
 * Which of the page's tasks Lighthouse counted as blocking, read from its own simulation (Lantern) of the run
 * just finished: bench:web prints them with BENCH_WEB_REPORT, so a change is aimed at the tasks the score
 * counts rather than at the trace's longest.
 *
 * Lantern rebuilds the load as a graph of network requests and main-thread tasks, drops the tasks shorter than
 * 10 ms as observed (unless several requests hang on them), multiplies each remaining task by the CPU slowdown,
 * and plays the graph again on the simulated network; the blocking time is each simulated task's part over
 * 50 ms between the simulated first paint and time to interactive. Its simulator keeps the node timings of
 * every simulation it ran, under the metric's name, for debugging (`Simulator.allNodeTimings`); the
 * pessimistic blocking-time simulation is read here, the one whose tasks are the same as the optimistic's.
 */
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

interface NodeTiming {
  startTime: number;
  endTime: number;
}
interface TraceEvent {
  name: string;
  dur?: number;
  tdur?: number;
  args?: { data?: { url?: string; functionName?: string } };
}
interface CpuNode {
  type: string;
  startTime: number;
  duration: number;
  event: TraceEvent;
  childEvents: TraceEvent[];
}

export interface BlockingTask {
  /** Simulated start and duration, ms. */
  start: number;
  simulatedMs: number;
  /** As observed in the trace: its start after the page's request, its length (wall and the thread's CPU), ms. */
  observedStart: number;
  observedMs: number;
  cpuMs: number;
  /** The task's longest inner events, named. */
  what: string;
}

const nameOf = (e: TraceEvent) => {
  const url = e.args?.data?.url?.split('/').pop();
  const fn = e.args?.data?.functionName;
  return `${e.name}${url ? `(${url}${fn ? ` ${fn}` : ''})` : ''}`;
};

/** The simulated tasks of at least `minMs` in the last blocking-time simulation, in simulated order. */
export function lanternBlockingTasks(minMs = 50): BlockingTask[] {
  const all = (
    Lantern.Simulation.Simulator as unknown as { allNodeTimings: Map<string, Map<CpuNode, NodeTiming>> }
  ).allNodeTimings;
  const timings = all.get('pessimisticTotalBlockingTime');
  if (!timings) return [];
  const tasks: BlockingTask[] = [];
  const origin = Math.min(...[...timings.keys()].map((node) => node.startTime));
  for (const [node, timing] of timings) {
    const simulatedMs = timing.endTime - timing.startTime;
    if (node.type !== 'cpu' || simulatedMs < minMs) continue;
    const inner = node.childEvents
      .filter((e) => (e.dur ?? 0) >= 1000 && e.name !== 'RunTask')
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 4)
      .map((e) => `${nameOf(e)} ${((e.dur ?? 0) / 1000).toFixed(1)}`);
    tasks.push({
      start: timing.startTime,
      simulatedMs,
      observedStart: (node.startTime - origin) / 1000,
      observedMs: node.duration / 1000,
      cpuMs: (node.event.tdur ?? 0) / 1000,
      what: inner.join(', '),
    });
  }
  return tasks.sort((a, b) => a.start - b.start);
}

/**
 * Gives the page's main thread a core of its own while bench:web measures it: every Chromium renderer's main
 * thread runs on the machine's last CPU, and everything else the bench runs (Chromium's other processes and
 * threads, the renderers' own helper threads, Koi, and Lighthouse in the bench's own process) on the others.
 *
 * Why: Lighthouse's simulation multiplies each main-thread task by the CPU slowdown as the trace measured it,
 * from its start to its end, so any time the main thread spends off the CPU in the middle of a task is counted
 * as the page's work, ten times over on a calibrated run. Lowering the helpers' priority (helperPriority.ts)
 * does not stop that: Chromium raises its display threads itself (the GPU process's VizCompositorThread, the
 * compositor and IO threads run at nice -8, "display critical"), so they still take the main thread's core
 * whenever they wake. On a 2-core machine, in a one-run sample of every thread's CPU, the GPU process's
 * compositor alone used 4.7 s at nice -8 while the page loaded. Two calibrated benches of one build on that
 * machine, ten runs each: with the helpers at nice 10 only, Lighthouse's blocking time read 178-3,300 ms
 * (performance 61-93, median 67), and recomputed from the traces (traceBlocking.ts) 775-5,051 ms from the
 * tasks' wall time against 65-802 ms from their CPU time; with the page's main thread on a core of its own,
 * 253-1,288 ms (performance 72-94, median 80.5), and 557-2,216 ms against 311-1,103 ms. A phone runs the
 * page's main thread on a big core and draws with a GPU; no part of it shares that core with the browser's
 * compositor, a server or the tool measuring it.
 *
 * Only the main thread: with every thread of the renderer on the page's core (its compositor and IO threads,
 * which Chromium also runs at nice -8, its raster and V8's helper threads), eight calibrated runs read
 * 761-4,988 ms, and 1,321-8,130 ms from the traces' wall time against 386-1,379 ms from their CPU time.
 * With the renderer's ThreadPoolForeground workers beside it (V8 runs its parallel young-generation collection
 * there, which the main thread waits for), ten runs read 541-4,062 ms against 196-3,078 ms over fifteen with
 * the main thread alone.
 *
 * Lighthouse's CPU benchmark (the calibration) runs in a renderer's main thread too, so it is measured on the
 * same core as the page.
 *
 * A thread keeps the affinity of the thread that created it. The bench and Koi are set once, every thread
 * (their later threads inherit it); Chromium's processes are set once they appear, and each renderer's main
 * thread is moved to the page's core, after which the threads it starts would inherit that core, so a poll
 * moves every new thread of the tree that is not a renderer's main thread back to the others.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { commandLine, processTree, threadsOf } from './helperPriority';

/** The CPUs (in `taskset -c` list form) for the page's main thread and for everything else. */
export interface CoreSplit {
  page: string;
  others: string;
}

/**
 * The last of the CPUs this process may use for the page, the rest for the others; null with one CPU, where
 * there is no choice. `allowed` is a `Cpus_allowed_list` ("0-3", "0,2,5-6"), this process's by default.
 */
export function coreSplit(allowed: string = affinityOf(process.pid)): CoreSplit | null {
  const cpus = cpuList(allowed);
  if (cpus.length < 2) return null;
  return { page: String(cpus.at(-1)), others: cpus.slice(0, -1).join(',') };
}

/** The CPUs a `Cpus_allowed_list` names, in order. */
function cpuList(list: string): number[] {
  return list
    .split(',')
    .filter(Boolean)
    .flatMap((part) => {
      const [from, to = from] = part.split('-').map(Number);
      return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i);
    });
}

/** The CPUs a thread may run on, as /proc lists them (`Cpus_allowed_list`, e.g. "0-1"); '' once it ended. */
export function affinityOf(pid: number, tid: number = pid): string {
  try {
    const status = fs.readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
    return /^Cpus_allowed_list:\s*(\S+)/m.exec(status)?.[1] ?? '';
  } catch {
    return '';
  }
}

/** Sets a thread's CPUs, or every thread of a process's (`all`); false when it is gone or taskset failed. */
export function setAffinity(tid: number, cpus: string, all = false): boolean {
  const args = all ? ['-a', '-p', '-c', cpus, String(tid)] : ['-p', '-c', cpus, String(tid)];
  return spawnSync('taskset', args, { stdio: 'ignore' }).status === 0;
}

/** A renderer's main thread is the one whose id is its process's (`--type=renderer`; the zygote is not one). */
export const isRendererProcess = (commandLine: string) => /--type=renderer\b/.test(commandLine);

/** How often the Chromium tree is looked at for new processes and threads while a browser runs. */
export const PIN_POLL_MS = 25;

/**
 * Keeps a process tree split between the two sets of CPUs: its renderers' main threads on the page's, every
 * other thread on the others'. `poll()` is one pass: it reads the process list and the tree's threads from
 * /proc and runs taskset only for a thread not yet placed; `start()` repeats it every PIN_POLL_MS until
 * `stop()`.
 */
export class PagePinning {
  /** The threads already placed, as "pid/tid", with where they were placed. */
  private readonly placed = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly root: number,
    private readonly split: CoreSplit,
  ) {}

  poll(): void {
    for (const pid of processTree(this.root)) {
      const threads = threadsOf(pid);
      if (threads.length === 0) continue;
      // A renderer forked by the zygote carries the zygote's command line for its first moments; it is read
      // on each pass until then, so its main thread is moved once it says what it is.
      const renderer = isRendererProcess(commandLine(pid));
      for (const tid of threads) {
        const where = renderer && tid === pid ? this.split.page : this.split.others;
        const key = `${pid}/${tid}`;
        if (this.placed.get(key) === where) continue;
        if (setAffinity(tid, where)) this.placed.set(key, where);
      }
    }
  }

  start(): this {
    this.poll();
    this.timer = setInterval(() => this.poll(), PIN_POLL_MS);
    this.timer.unref();
    return this;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** What `clearPageCore` moved: how many threads, and how to give each its CPUs back. */
export interface ClearedCore {
  moved: number;
  /** Gives every moved thread that still runs the CPUs it had; returns how many it gave back. */
  restore(): number;
}

/** Every process of the machine but those of `own` (the bench's tree, which the bench places itself). */
export function otherProcesses(own: ReadonlySet<number>): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => !own.has(pid));
}

/**
 * Moves every thread of `pids` that may run on the page's CPU off it, for as long as the bench runs (the
 * bench passes the machine's other processes, `otherProcesses`). A thread allowed on the page's CPU and on
 * others keeps the others; one bound to the page's CPU alone (a kernel thread of that CPU, or a thread
 * someone pinned there) is left where it is, as is one the kernel or its owner does not let this user move.
 * `restore()` undoes it.
 *
 * Why: with Chromium, Koi and the bench off the page's core, the core was still shared. On a 2-core
 * virtual machine, in a sample of every thread's CPU time over one page load with the renderer's main
 * thread on a core of its own, the kernel's DAMON thread (kdamond, which samples memory for reclaim) took
 * 132-205 ms on that core, the machine's agent (at nice -10) 40-60 ms, and Redis 23-29 ms; the main thread
 * waited 500-780 ms to run (its `run_delay` in /proc/<pid>/schedstat), and 84-161 ms with kdamond alone
 * moved to the other core. Every such wait inside a task is counted by Lighthouse's simulation
 * as the page's own work, ten times over on a calibrated run.
 */
export function clearPageCore(split: CoreSplit, pids: Iterable<number>): ClearedCore {
  const page = Number(split.page);
  const moved: { tid: number; cpus: string }[] = [];
  for (const pid of pids) {
    for (const tid of threadsOf(pid)) {
      const cpus = affinityOf(pid, tid);
      const allowed = cpuList(cpus);
      if (!allowed.includes(page) || allowed.length < 2) continue;
      const rest = allowed.filter((cpu) => cpu !== page).join(',');
      if (setAffinity(tid, rest)) moved.push({ tid, cpus });
    }
  }
  return {
    moved: moved.length,
    restore: () => moved.filter(({ tid, cpus }) => setAffinity(tid, cpus)).length,
  };
}

/** How long a thread has run, and waited runnable for a CPU, since it started, in ms. */
export interface Scheduling {
  ranMs: number;
  waitedMs: number;
}

/**
 * A thread's `Scheduling`, from the first two fields of /proc/<pid>/task/<tid>/schedstat; null once it has ended
 * or where the kernel keeps no such figures.
 */
export function schedulingOf(pid: number, tid: number = pid): Scheduling | null {
  try {
    const [ran, waited] = fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').trim().split(/\s+/);
    if (ran === undefined || waited === undefined) return null;
    return { ranMs: Number(ran) / 1e6, waitedMs: Number(waited) / 1e6 };
  } catch {
    return null;
  }
}

/**
 * The page's main thread in a Chromium tree: of its renderers' main threads, the one that has run longest (the
 * others, a spare renderer and the browser's own pages, barely run), with how long it waited for its core.
 * bench:web prints the wait of each run: what is left of the sharing that `PagePinning` and `clearPageCore`
 * take away.
 */
export function pageMainThread(root: number): (Scheduling & { pid: number }) | null {
  let page: (Scheduling & { pid: number }) | null = null;
  for (const pid of processTree(root)) {
    if (!isRendererProcess(commandLine(pid))) continue;
    const figures = schedulingOf(pid);
    if (figures && (!page || figures.ranMs > page.ranMs)) page = { pid, ...figures };
  }
  return page;
}

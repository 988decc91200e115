/**
 * Lowers the CPU priority of a process tree, every thread of it, except the processes `keep` picks: bench:web
 * gives Chromium's processes other than its renderers (the browser process, the GPU process, the network
 * service) and Koi itself a lower priority than the page's renderer.
 *
 * Why: Lighthouse's simulation multiplies each main-thread task of the page by the CPU slowdown as the trace
 * measured it, from its start to its end. On this 2-core machine the renderer's main thread shares the cores
 * with Chromium's browser process (answering the DevTools protocol and capturing a screenshot of each frame
 * for Lighthouse's filmstrip), the GPU process (drawing every frame in software) and the server, and is taken
 * off the CPU in the middle of its tasks: in bench:web's traces a task with 0.2 ms of CPU lasted 27.5 ms, which
 * the simulated phone counted as 281 ms. A phone runs those on cores and a GPU of their own. With the
 * helpers at nice 10 the renderer gets the CPU first whenever it has work, and the tasks' lengths come close
 * to the page's own (the trace's blocking time from wall time fell from 1,200-2,300 ms to 190-1,400 ms at the
 * same slowdown); the helpers still run whenever the renderer waits.
 *
 * Linux keeps the nice value per thread, so each thread is set; threads and processes started later by a
 * lowered thread inherit its value (Chromium's zygote, which forks the renderers, is kept as it is).
 */
import fs from 'node:fs';
import os from 'node:os';

/** The pid and every descendant of it, read from /proc. */
export function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name in parentheses may hold spaces; the parent pid is the second field after it.
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while the list was read.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) {
    for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  }
  return tree;
}

/** A process's thread ids, read from /proc; none once it has ended. */
export function threadsOf(pid: number): number[] {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [];
  }
}

/** A process's command line, its arguments joined by spaces; '' once it has ended. */
export function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/** Sets `nice` on every thread of `root`'s tree except the processes `keep` picks; returns the pids set. */
export function lowerPriority(
  root: number,
  nice: number,
  keep: (commandLine: string) => boolean = () => false,
): number[] {
  const lowered: number[] = [];
  for (const pid of processTree(root)) {
    if (keep(commandLine(pid))) continue;
    const threads = threadsOf(pid);
    if (threads.length === 0) continue;
    for (const tid of threads) {
      try {
        os.setPriority(tid, nice);
      } catch {
        // The thread ended meanwhile.
      }
    }
    lowered.push(pid);
  }
  return lowered;
}

/** Chromium's processes that run the page, and the zygote that forks them: kept at their priority. */
export const isChromiumRenderer = (commandLine: string) => /--type=(?:renderer|zygote)\b/.test(commandLine);

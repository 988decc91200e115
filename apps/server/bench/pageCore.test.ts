import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startFamily, stopFamilies } from './processFamily';
import { commandLine, processTree, threadsOf } from './helperPriority';
import {
  affinityOf,
  clearPageCore,
  coreSplit,
  isRendererProcess,
  otherProcesses,
  pageMainThread,
  PagePinning,
  schedulingOf,
  setAffinity,
} from './pageCore';

afterEach(stopFamilies);

describe("the page's core", () => {
  it('gives the last CPU to the page and the rest to the others, and nothing on one CPU', () => {
    expect(coreSplit('0')).toBeNull();
    expect(coreSplit('')).toBeNull();
    expect(coreSplit('0-1')).toEqual({ page: '1', others: '0' });
    expect(coreSplit('0-7')).toEqual({ page: '7', others: '0,1,2,3,4,5,6' });
    expect(coreSplit('0,2,5-6')).toEqual({ page: '6', others: '0,2,5' });
  });

  it('tells a renderer from the zygote and the other processes', () => {
    expect(isRendererProcess('/usr/lib/chromium/chromium --type=renderer --enable-blink')).toBe(true);
    expect(isRendererProcess('/usr/lib/chromium/chromium --type=zygote --no-zygote-sandbox')).toBe(false);
    expect(isRendererProcess('/usr/lib/chromium/chromium --type=gpu-process')).toBe(false);
  });

  /** Polls until the renderer (the child whose command line says so) has been placed; returns its pid. */
  async function pinned() {
    const split = coreSplit()!;
    const root = await startFamily();
    const tree = processTree(root);
    const pinning = new PagePinning(root, split);
    // The renamed child may still carry the shell's command line on the first pass; a later pass moves it.
    for (let i = 0; i < 100; i += 1) {
      pinning.poll();
      if (tree.some((pid) => affinityOf(pid) === split.page)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const renderer = tree.filter((pid) => affinityOf(pid) === split.page);
    expect(renderer).toHaveLength(1);
    for (const pid of tree) {
      if (pid !== renderer[0]) expect(affinityOf(pid), String(pid)).toBe(split.others);
    }
    // Node starts its other threads after the main one, which may already be on the page's CPU by then, and
    // they inherit it: later passes place them. Polled as the bench does, until the threads stop coming.
    const threadsOf = () => fs.readdirSync(`/proc/${renderer[0]}/task`).map(Number);
    const placed = (tid: number) =>
      affinityOf(renderer[0]!, tid) === (tid === renderer[0] ? split.page : split.others);
    let threads = threadsOf();
    for (let i = 0; i < 100; i += 1) {
      pinning.poll();
      await new Promise((r) => setTimeout(r, 20));
      const now = threadsOf();
      if (now.length > 1 && now.length === threads.length && now.every(placed)) break;
      threads = now;
    }
    threads = threadsOf();
    expect(threads.length).toBeGreaterThan(1);
    return { split, renderer: renderer[0]!, threads };
  }

  it.skipIf(!coreSplit())(
    "moves a renderer's main thread to the page's CPU, its other threads and every other process to the others",
    async () => {
      const { split, renderer, threads } = await pinned();
      for (const tid of threads) {
        expect(affinityOf(renderer, tid), String(tid)).toBe(tid === renderer ? split.page : split.others);
      }
    },
  );

  /** Every thread of a process tree, as [pid, tid]. */
  const threadsOfTree = (root: number) =>
    processTree(root).flatMap((pid) => threadsOf(pid).map((tid) => [pid, tid] as const));

  it.skipIf(!coreSplit())(
    "moves other processes' threads off the page's CPU and gives them their CPUs back, leaving a thread bound to it",
    async () => {
      const split = coreSplit()!;
      const root = await startFamily();
      const all = affinityOf(process.pid);
      const tree = processTree(root);
      for (const pid of tree) expect(setAffinity(pid, all, true)).toBe(true);
      // One process is bound to the page's CPU alone, as a kernel thread of that CPU is: it stays there.
      const bound = tree.at(-1)!;
      expect(setAffinity(bound, split.page, true)).toBe(true);
      const threads = threadsOfTree(root);

      const cleared = clearPageCore(split, tree);
      const free = threads.filter(([pid]) => pid !== bound);
      expect(cleared.moved).toBe(free.length);
      for (const [pid, tid] of free) expect(affinityOf(pid, tid), `${pid}/${tid}`).toBe(split.others);
      for (const [pid, tid] of threads.filter(([pid]) => pid === bound)) {
        expect(affinityOf(pid, tid)).toBe(split.page);
      }

      expect(cleared.restore()).toBe(free.length);
      for (const [pid, tid] of free) expect(affinityOf(pid, tid), `${pid}/${tid}`).toBe(all);
    },
  );

  it("leaves the bench's own processes to the bench, and gives back nothing for a thread that ended", async () => {
    const others = otherProcesses(new Set([process.pid]));
    expect(others).not.toContain(process.pid);
    expect(others).toContain(1);

    const split = coreSplit() ?? { page: '1', others: '0' };
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    const cleared = clearPageCore(split, [child.pid!]);
    expect(cleared.moved).toBe(coreSplit() ? 1 : 0);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    expect(cleared.restore()).toBe(0);
    expect(clearPageCore(split, [2 ** 22 + 1]).moved).toBe(0);
  });

  const schedstat = fs.existsSync(`/proc/${process.pid}/task/${process.pid}/schedstat`);

  it.skipIf(!schedstat)(
    "reads how long a thread ran and waited, and finds a tree's renderer main thread",
    async () => {
      const own = schedulingOf(process.pid)!;
      expect(own.ranMs).toBeGreaterThan(0);
      expect(own.waitedMs).toBeGreaterThanOrEqual(0);
      // Work done in between is counted (on a busy machine the thread gets less than the 30 ms it spins).
      const end = Date.now() + 30;
      while (Date.now() < end);
      expect(schedulingOf(process.pid)!.ranMs).toBeGreaterThan(own.ranMs + 1);

      const root = await startFamily();
      let renderer: number | undefined;
      for (let i = 0; i < 100 && renderer === undefined; i += 1) {
        renderer = processTree(root).find((pid) => isRendererProcess(commandLine(pid)));
        if (renderer === undefined) await new Promise((r) => setTimeout(r, 20));
      }
      expect(renderer).toBeDefined();
      expect(pageMainThread(root)?.pid).toBe(renderer);
      expect(pageMainThread(2 ** 22 + 1)).toBeNull();
    },
  );

  it('reads and sets nothing for a process that ended', () => {
    expect(schedulingOf(2 ** 22 + 1)).toBeNull();
    expect(affinityOf(2 ** 22 + 1)).toBe('');
    expect(setAffinity(2 ** 22 + 1, '0')).toBe(false);
    expect(() => new PagePinning(2 ** 22 + 1, { page: '1', others: '0' }).poll()).not.toThrow();
  });
});

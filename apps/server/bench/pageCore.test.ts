import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startFamily, stopFamilies } from './processFamily';
import { processTree } from './helperPriority';
import { affinityOf, coreSplit, isRendererProcess, PagePinning, setAffinity } from './pageCore';

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

  it('reads and sets nothing for a process that ended', () => {
    expect(affinityOf(2 ** 22 + 1)).toBe('');
    expect(setAffinity(2 ** 22 + 1, '0')).toBe(false);
    expect(() => new PagePinning(2 ** 22 + 1, { page: '1', others: '0' }).poll()).not.toThrow();
  });
});

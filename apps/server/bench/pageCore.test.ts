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

  it.skipIf(!coreSplit())(
    "moves a renderer's main thread to the page's CPU and every other process to the others",
    async () => {
      const split = coreSplit()!;
      const root = await startFamily();
      const tree = processTree(root);
      const pinning = new PagePinning(root, split);
      // The renamed child may still carry the shell's command line on the first pass; a later pass moves it.
      for (let i = 0; i < 50; i += 1) {
        pinning.poll();
        if (tree.some((pid) => affinityOf(pid) === split.page)) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const renderer = tree.filter((pid) => affinityOf(pid) === split.page);
      expect(renderer).toHaveLength(1);
      for (const pid of tree) {
        if (pid !== renderer[0]) expect(affinityOf(pid), String(pid)).toBe(split.others);
      }
    },
  );

  it('reads and sets nothing for a process that ended', () => {
    expect(affinityOf(2 ** 22 + 1)).toBe('');
    expect(setAffinity(2 ** 22 + 1, '0')).toBe(false);
    expect(() => new PagePinning(2 ** 22 + 1, { page: '1', others: '0' }).poll()).not.toThrow();
  });
});

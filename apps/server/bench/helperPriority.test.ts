import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startFamily, stopFamilies } from './processFamily';
import { isChromiumRenderer, lowerPriority, processTree } from './helperPriority';

/** A thread's nice value, from /proc (the 19th field of its stat). */
const niceOf = (pid: number, tid = pid) => {
  const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};

afterEach(stopFamilies);

describe('the helpers’ priority', () => {
  it('lowers every process of the tree but the ones kept, each of its threads', async () => {
    const root = await startFamily();
    const tree = processTree(root);
    expect(tree).toHaveLength(3);
    expect(tree[0]).toBe(root);

    const lowered = lowerPriority(root, 10, isChromiumRenderer);
    expect(lowered).toHaveLength(2);
    for (const pid of tree) {
      const kept = !lowered.includes(pid);
      expect(niceOf(pid), `${pid} kept: ${kept}`).toBe(kept ? 0 : 10);
    }
  });

  it('leaves a process that ended alone', () => {
    expect(processTree(2 ** 22 + 1)).toEqual([2 ** 22 + 1]);
    expect(lowerPriority(2 ** 22 + 1, 10)).toEqual([]);
  });

  it("keeps Chromium's renderers and the zygote that forks them", () => {
    expect(isChromiumRenderer('/usr/lib/chromium/chromium --type=renderer --enable-blink')).toBe(true);
    expect(isChromiumRenderer('/usr/lib/chromium/chromium --type=zygote --no-zygote-sandbox')).toBe(true);
    expect(isChromiumRenderer('/usr/lib/chromium/chromium --type=gpu-process')).toBe(false);
    expect(isChromiumRenderer('/usr/lib/chromium/chromium --type=utility --utility-sub-type=network')).toBe(
      false,
    );
    expect(isChromiumRenderer('/usr/lib/chromium/chromium --headless=new --remote-debugging-port=9222')).toBe(
      false,
    );
  });
});

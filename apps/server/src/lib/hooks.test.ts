import { describe, expect, it } from 'vitest';
import { createHooks } from './hooks';

describe('hooks', () => {
  it('runs every hook in the order added, each awaited before the next', async () => {
    const hooks = createHooks<[number]>();
    const seen: string[] = [];
    hooks.add(async (n) => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push(`slow ${n}`);
    });
    hooks.add(async (n) => void seen.push(`fast ${n}`));
    await hooks.run(1);
    expect(seen).toEqual(['slow 1', 'fast 1']);
  });

  it('stops at the first failure and passes it to the caller', async () => {
    const hooks = createHooks<[]>();
    let after = false;
    hooks.add(async () => Promise.reject(new Error('refused')));
    hooks.add(async () => void (after = true));
    await expect(hooks.run()).rejects.toThrow('refused');
    expect(after).toBe(false);
  });

  it('does nothing when no module registered', async () => {
    await expect(createHooks<[number]>().run(1)).resolves.toBeUndefined();
  });
});

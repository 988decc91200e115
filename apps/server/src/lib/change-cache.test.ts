import { describe, expect, it } from 'vitest';
import { createPublicChangeCache, keptPublicValue, type PublicChanges } from './change-cache';
import { manualClock } from './clock';

/** A change feed the test drives: `change(table)` and `reset()` are what the database's notifications do. */
function feed(live = true) {
  const onChange: ((table: string) => void)[] = [];
  const onReset: (() => void)[] = [];
  const changes: PublicChanges = {
    on: (_topic, handler) => void onChange.push(handler),
    onReset: (handler) => void onReset.push(handler),
    isLive: () => live,
  };
  return {
    changes,
    change: (table: string) => onChange.forEach((h) => h(table)),
    reset: () => onReset.forEach((h) => h()),
  };
}

describe('a public change cache', () => {
  it('keeps a value until a table it was read from changes or the feed resets', async () => {
    const f = feed();
    const cache = createPublicChangeCache<string>({
      ttlMs: 60_000,
      max: 2,
      clock: manualClock(),
      changes: f.changes,
    });
    let loads = 0;
    const read = () =>
      cache.through(
        'home',
        async () => `v${++loads}`,
        () => ['games', 'banners'],
      );
    expect(await read()).toBe('v1');
    expect(await read()).toBe('v1');
    f.change('players');
    expect(await read()).toBe('v1');
    f.change('games');
    expect(await read()).toBe('v2');
    f.reset();
    expect(await read()).toBe('v3');
  });

  it('keeps nothing while the feed is down, since no change would reach it', async () => {
    const cache = createPublicChangeCache<string>({
      ttlMs: 60_000,
      max: 2,
      clock: manualClock(),
      changes: feed(false).changes,
    });
    let loads = 0;
    const read = () =>
      cache.through(
        'home',
        async () => `v${++loads}`,
        () => ['games'],
      );
    expect(await read()).toBe('v1');
    expect(await read()).toBe('v2');
  });

  it('keeps one value (a first screen) until a table it was read from changes', async () => {
    const f = feed();
    let loads = 0;
    const value = keptPublicValue({
      clock: manualClock(),
      changes: f.changes,
      tables: ['banners', 'config_items'],
      load: async () => ++loads,
    });
    expect([await value(), await value()]).toEqual([1, 1]);
    f.change('games');
    expect(await value()).toBe(1);
    f.change('config_items');
    expect(await value()).toBe(2);
  });
});

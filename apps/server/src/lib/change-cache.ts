import type { Clock } from './clock';

/**
 * A short-lived in-process cache whose entries are dropped the moment the data behind them changes.
 *
 * Each entry carries tags (a player id, a table name); `invalidate(tag)` drops every entry with that tag and
 * `clear()` drops all. The owner wires those to the change feed (modules/events/events.changes.ts), which
 * hears every committed change on every node.
 *
 * The race this guards against: a load reads the database, the change commits and its notification arrives
 * and drops nothing (the entry is not stored yet), then the load stores what it read before the change. So
 * every invalidation bumps an epoch, and a load stores its value only if no invalidation happened while it
 * ran; otherwise it still answers its own request (which raced the change) but leaves the cache empty.
 *
 * `enabled()` false (the change feed is down) bypasses the cache entirely; entries also expire after ttlMs,
 * which bounds the harm of anything unforeseen. At most `max` entries are kept, oldest dropped first.
 */
export function createChangeCache<V>(opts: {
  ttlMs: number;
  max: number;
  clock: Clock;
  enabled: () => boolean;
}) {
  const entries = new Map<string, { value: V; tags: string[]; expiresAt: number }>();
  const byTag = new Map<string, Set<string>>();
  let epoch = 0;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  }

  return {
    /** The cached value, if the cache is usable and the entry is fresh. */
    get(key: string): V | undefined {
      if (!opts.enabled()) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= opts.clock.now().getTime()) {
        drop(key);
        return undefined;
      }
      return entry.value;
    },

    /** Taken before reading the database for a value `put` will store. */
    stamp: () => epoch,

    /**
     * Stores a value read since `stamp`, unless a change was heard meanwhile (the value may predate it).
     * Absent answers (an unknown token) are not cached: guessing tokens must not fill memory.
     */
    put(key: string, value: V, tags: string[], stamp: number) {
      if (stamp !== epoch || !opts.enabled() || value === null || value === undefined) return;
      drop(key);
      entries.set(key, { value, tags, expiresAt: opts.clock.now().getTime() + opts.ttlMs });
      for (const tag of tags) {
        let keys = byTag.get(tag);
        if (!keys) byTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
      while (entries.size > opts.max) drop(entries.keys().next().value!);
    },

    /** The cached value or a fresh one from `load`, stored unless a change raced the load. */
    async through(key: string, load: () => Promise<V>, tagsOf: (value: V) => string[]): Promise<V> {
      const hit = this.get(key);
      if (hit !== undefined) return hit;
      const started = epoch;
      const value = await load();
      if (value !== null && value !== undefined) this.put(key, value, tagsOf(value), started);
      return value;
    },

    invalidate(tag: string) {
      epoch += 1;
      for (const key of [...(byTag.get(tag) ?? [])]) drop(key);
    },

    clear() {
      epoch += 1;
      entries.clear();
      byTag.clear();
    },

    size: () => entries.size,
  };
}

export type ChangeCache<V> = ReturnType<typeof createChangeCache<V>>;

/** What a public-data cache hears of the change feed (modules/events ChangeFeed). */
export interface PublicChanges {
  on(topic: 'public', handler: (table: string) => void): void;
  onReset(handler: () => void): void;
  isLive: () => boolean;
}

/**
 * A change cache of public data (the same for every reader), tagged with the tables it was read from: a
 * committed change to a table drops what was read from it, a reset of the feed drops everything, and the
 * cache is bypassed while the feed is down.
 */
export function createPublicChangeCache<V>(opts: {
  ttlMs: number;
  max: number;
  clock: Clock;
  changes: PublicChanges;
}): ChangeCache<V> {
  const cache = createChangeCache<V>({ ...opts, enabled: opts.changes.isLive });
  opts.changes.on('public', (table) => cache.invalidate(table));
  opts.changes.onReset(() => cache.clear());
  return cache;
}

/** How long a kept public value lives at most, whatever the change feed says (it bounds the unforeseen). */
const PUBLIC_VALUE_TTL_MS = 10 * 60_000;

/**
 * One public value read by `load` from `tables`, kept until one of them changes (createPublicChangeCache): a
 * page's first screen, asked for on every page load, costs no query until the data behind it changes.
 */
export function keptPublicValue<V>(opts: {
  clock: Clock;
  changes: PublicChanges;
  tables: string[];
  load: () => Promise<V>;
}): () => Promise<V> {
  const cache = createPublicChangeCache<V>({ ttlMs: PUBLIC_VALUE_TTL_MS, max: 1, ...opts });
  return () => cache.through('value', opts.load, () => opts.tables);
}

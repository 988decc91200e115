import type { Database } from '../../db/client';
import type { HubLogger } from './events.hub';

/**
 * The PostgreSQL channel the koi_notify_* functions (events/sql) notify on, called by triggers that each table's
 * owner files in its own sql folder.
 */
export const CHANGES_CHANNEL = 'koi_changes';

export type ChangeTopic = 'player' | 'public';

/**
 * "Something a cache relies on changed", heard on every node: the payload is `<topic>:<key>[,<key>…]`, e.g.
 * `player:42` (a session of player 42 was revoked, or the player was frozen, self-excluded, …),
 * `player:42,57` (one statement changed both) or `public:banners`.
 *
 * Why PostgreSQL notifications and not the Redis hub beside this file: every node already shares the
 * database, so this works with and without Redis and across any number of processes and machines; the
 * notification is sent by a trigger, so no write path (sign-out, freeze, password reset, self-exclusion, the
 * operator console, a seed, an SQL console) can forget to send it; and NOTIFY is transactional, delivered
 * only once the change is committed and readable, so a node that drops its entry and reloads at once reads
 * the new state, never the old one.
 *
 * A cache built on this feed must be used only while `live` is true: while the listening connection is down
 * notifications are lost, so every reset (down and up) empties the caches and, until the listener is back,
 * every read goes to the database.
 */
export function createChangeFeed(deps: { database: Pick<Database, 'listen'>; log: HubLogger }) {
  const handlers = new Map<ChangeTopic, Set<(key: string) => void>>();
  const resets = new Set<() => void>();
  let live = false;
  let stop: (() => Promise<void>) | null = null;

  function onMessage(payload: string) {
    const colon = payload.indexOf(':');
    if (colon < 0) return;
    const topic = payload.slice(0, colon) as ChangeTopic;
    // One notification may name several keys (`player:1,2,3`: a statement that changed many players).
    for (const key of payload.slice(colon + 1).split(',')) {
      for (const handler of handlers.get(topic) ?? []) handler(key);
    }
  }

  function onState(listening: boolean) {
    if (!listening && live) deps.log.warn({}, 'change feed lost; caches bypassed until it is back');
    live = listening;
    for (const reset of resets) reset();
  }

  return {
    /** Starts listening; resolves once the first attempt is over (listening or retrying in the background). */
    async start() {
      stop ??= await deps.database.listen(CHANGES_CHANNEL, onMessage, onState);
    },

    /** True while notifications are being received, i.e. while a cache may answer from memory. */
    isLive: () => live,

    /** Calls `handler` with the key of every change of `topic`. */
    on(topic: ChangeTopic, handler: (key: string) => void) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler);
    },

    /** Calls `handler` whenever the feed goes down or comes back: whatever was cached may be stale. */
    onReset(handler: () => void) {
      resets.add(handler);
    },

    async close() {
      const s = stop;
      stop = null;
      // Closing on purpose is not a lost feed: no warning (the caches are still reset through onState).
      live = false;
      await s?.();
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;

import { Redis } from 'ioredis';

/** Where the hub reports a Redis problem (a Fastify/pino logger fits). */
export interface HubLogger {
  warn(details: object, message: string): void;
}

/**
 * What a player's own stream can be told: their balance changed, or they have a new notification (a like, a
 * comment, a reply). Each is a hint to refetch, never the data itself, so a stream carries nothing the player's
 * own API calls would not show them.
 */
export type PlayerSignal = 'balance' | 'notification';
export const PLAYER_SIGNALS: readonly PlayerSignal[] = ['balance', 'notification'];
export type BalanceListener = (signal: PlayerSignal) => void;
/** A topic's event as written to the stream: its SSE event name and its JSON data. */
export type TopicListener = (event: string, data: unknown) => void;

/**
 * The Redis channel of players' own signals, which every node publishes to and subscribes on. A balance
 * signal is a JSON array of player ids; any other signal is `{ signal, ids }` (a node that knows only the
 * array form passes those over rather than mistaking them for balance changes).
 */
export const BALANCE_CHANNEL = 'koi:events:balance';
/**
 * The Redis channel of topic events (a live room: `redpacket.room.3`); the message is JSON
 * `{ topic, event, data }`. Topics are public to every signed-in stream that asks for them, so what is published
 * on one must be what any player may see (ids and kinds of change, not amounts owed by someone).
 */
export const TOPIC_CHANNEL = 'koi:events:topic';

/**
 * Fan-out of "this player's balance changed" to every node's open streams.
 *
 * With Redis (REDIS_URL), a publish goes only to Redis, and every node, this one included, delivers what its
 * dedicated subscriber connection receives (a connection in subscriber mode can run no other command, hence
 * two connections). Delivery through Redis alone keeps one path for local and remote streams, so a signal is
 * never delivered twice. Without Redis, the process is the whole platform and delivery is a direct call.
 *
 * Signals are hints: the client refetches its balance. A signal lost while Redis is down costs nothing but
 * freshness; the web app's 30-second poll still runs. So publishing never throws and never waits.
 */
export function createBalanceHub(opts: { redisUrl?: string; log: HubLogger }) {
  const listeners = new Map<number, Set<BalanceListener>>();
  const topicListeners = new Map<string, Set<TopicListener>>();
  let closed = false;

  function deliver(playerIds: number[], signal: PlayerSignal) {
    for (const id of playerIds) {
      for (const listener of listeners.get(id) ?? []) listener(signal);
    }
  }

  function deliverTopic(topic: string, event: string, data: unknown) {
    for (const listener of topicListeners.get(topic) ?? []) listener(event, data);
  }

  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  /** Resolves once the subscriber listens, so a node never misses a signal published after it is ready. */
  let ready: Promise<void> = Promise.resolve();
  if (opts.redisUrl) {
    const options = { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false };
    publisher = new Redis(opts.redisUrl, options);
    subscriber = new Redis(opts.redisUrl, options);
    for (const connection of [publisher, subscriber]) {
      connection.on('error', (err: Error) =>
        opts.log.warn({ err: err.message }, 'redis error (balance signals degrade to polling)'),
      );
    }
    subscriber.on('message', (channel: string, message: string) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(message);
      } catch {
        return;
      }
      if (channel === TOPIC_CHANNEL) {
        const { topic, event, data } = (parsed ?? {}) as { topic?: unknown; event?: unknown; data?: unknown };
        if (typeof topic === 'string' && typeof event === 'string') deliverTopic(topic, event, data);
        return;
      }
      const ids = (list: unknown[]) => list.filter((id): id is number => Number.isSafeInteger(id));
      if (Array.isArray(parsed)) {
        deliver(ids(parsed), 'balance');
        return;
      }
      const { signal, ids: list } = (parsed ?? {}) as { signal?: unknown; ids?: unknown };
      if (PLAYER_SIGNALS.includes(signal as PlayerSignal) && Array.isArray(list)) {
        deliver(ids(list), signal as PlayerSignal);
      }
    });
    ready = subscriber.subscribe(BALANCE_CHANNEL, TOPIC_CHANNEL).then(
      () => undefined,
      (err: Error) => opts.log.warn({ err: err.message }, 'balance signal subscription failed'),
    );
  }

  return {
    ready: () => ready,

    /** Tells every node that these players' balances changed (or, with `signal`, that other news). Never throws. */
    publish(playerIds: number[], signal: PlayerSignal = 'balance') {
      if (closed || playerIds.length === 0) return;
      if (publisher) {
        const message = signal === 'balance' ? playerIds : { signal, ids: playerIds };
        publisher
          .publish(BALANCE_CHANNEL, JSON.stringify(message))
          .catch((err: Error) => opts.log.warn({ err: err.message }, 'player signal publish failed'));
      } else {
        deliver(playerIds, signal);
      }
    },

    /** Calls `listener` with each signal for the player until the returned function is called. */
    subscribe: (playerId: number, listener: BalanceListener) => listen(listeners, playerId, listener),

    /** Tells every node's streams that follow `topic` of an event. Never throws. */
    publishTopic(topic: string, event: string, data: unknown) {
      if (closed) return;
      if (publisher) {
        publisher
          .publish(TOPIC_CHANNEL, JSON.stringify({ topic, event, data }))
          .catch((err: Error) => opts.log.warn({ err: err.message }, 'topic event publish failed'));
      } else {
        deliverTopic(topic, event, data);
      }
    },

    /** Calls `listener` on each event of `topic` until the returned function is called. */
    subscribeTopic: (topic: string, listener: TopicListener) => listen(topicListeners, topic, listener),

    /** Open listeners for the player on this node. */
    count: (playerId: number) => listeners.get(playerId)?.size ?? 0,

    close() {
      closed = true;
      publisher?.disconnect();
      subscriber?.disconnect();
    },
  };
}

export type BalanceHub = ReturnType<typeof createBalanceHub>;

/**
 * Adds `listener` to the set of `key` until the returned function is called; the last listener to leave
 * removes the key, so a map of listeners holds no empty sets of players or topics no stream follows any more.
 */
function listen<K, L>(sets: Map<K, Set<L>>, key: K, listener: L): () => void {
  let set = sets.get(key);
  if (!set) sets.set(key, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && sets.get(key) === set) sets.delete(key);
  };
}

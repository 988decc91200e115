/**
 * Typed facts that a module announces to modules above it in the layer map (modules/README.md). A lower module
 * never imports a higher one; when a higher one must learn of a lower one's fact (a round settled, a deposit was
 * credited, a player was frozen), the lower one emits it here and the higher one subscribes when it is built.
 *
 * Delivery is in-process and after commit: an emitter calls `emit` only once its transaction has committed, and
 * each handler runs on its own later microtask, so a slow or failing subscriber can neither hold the emitter's
 * transaction open nor make its request fail. A handler's error is logged and dropped. These are signals, not
 * a durable queue: a subscriber whose work must survive a crash reads the owner's tables (e.g. the bets module's
 * valid-bet feed) from a job that keeps its own cursor, and uses the event only to do that work sooner.
 */
export interface DomainEvents {
  /**
   * A round of any game (original, seamless or transfer-wallet provider) was settled or rolled back, so the
   * bets module's valid-bet feed changed for this player. It may come twice for one round (a retried call):
   * it means "read the feed again", never "add this round".
   */
  'bet.settled': { playerId: number; providerId: number; roundId: string };
  /** A deposit (TRC20 or payment channel) was credited to the player's balance. */
  'deposit.credited': { playerId: number; amountMicro: bigint; source: 'trc20' | 'channel' | 'operator' };
  /**
   * A player was frozen by an operator (`cause: 'operator'`) or excluded themselves (`'self_exclusion'`),
   * emitted after the change committed; promotions forfeit the promotional part of open bonuses.
   */
  'player.frozen': { playerId: number; frozen: boolean; cause: 'operator' | 'self_exclusion' };
}

export type DomainEventName = keyof DomainEvents;
export type DomainHandler<K extends DomainEventName> = (payload: DomainEvents[K]) => void | Promise<void>;

export interface DomainEventLogger {
  error(details: object, message: string): void;
}

export interface DomainEventBus {
  on<K extends DomainEventName>(name: K, handler: DomainHandler<K>): () => void;
  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void;
}

export function createDomainEvents(log: DomainEventLogger): DomainEventBus {
  const handlers = new Map<DomainEventName, Set<DomainHandler<never>>>();
  return {
    on(name, handler) {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler as DomainHandler<never>);
      return () => set.delete(handler as DomainHandler<never>);
    },
    emit(name, payload) {
      for (const handler of handlers.get(name) ?? []) {
        queueMicrotask(() => {
          Promise.resolve()
            .then(() => (handler as DomainHandler<typeof name>)(payload))
            .catch((err: unknown) =>
              log.error(
                { err: err instanceof Error ? err.message : String(err), event: name },
                'event handler failed',
              ),
            );
        });
      }
    },
  };
}

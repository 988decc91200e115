/**
 * A list of functions a module calls at one point of its work, filled by modules built after it. This is how a
 * lower module lets a higher one act inside its transaction (auth opening a player: promotions grant the
 * sign-up bonus in the same transaction) or right after a fact (auth ending a player's sessions: providers end
 * the game sessions), without importing it: the higher module registers when it is built, so the lower one
 * never names it and app.ts builds every module in one pass, bottom up.
 *
 * Hooks run one after another in the order they were added, each awaited, so a hook that runs in the caller's
 * transaction sees what the hooks before it wrote; the first failure propagates to the caller (and so rolls
 * back its transaction), which is what a step inside a transaction must do. Facts that need no such coupling
 * are domain events (modules/events/domain.ts), delivered after commit.
 */
export interface Hooks<A extends unknown[]> {
  add(hook: (...args: A) => Promise<void>): void;
  run(...args: A): Promise<void>;
}

export function createHooks<A extends unknown[]>(): Hooks<A> {
  const list: ((...args: A) => Promise<void>)[] = [];
  return {
    add: (hook) => void list.push(hook),
    async run(...args) {
      for (const hook of list) await hook(...args);
    },
  };
}

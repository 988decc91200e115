import { useEffect, useState } from 'react';

/** How long after the page's load event the first screen is left to itself, at most. */
const SETTLE_MS = 1_500;

/**
 * The performance mark set when the first screen is done; each later turn (AFTER_FIRST_SCREEN) sets
 * `${FIRST_SCREEN_MARK}+<turn>`. The browser budget test (e2e/budget.e2e.mjs) reads them.
 */
export const FIRST_SCREEN_MARK = 'koi:first-screen-done';

let done = false;
let waiting: Promise<void> | null = null;

/**
 * Resolves once the page has loaded and the browser has had a quiet moment (or SETTLE_MS passed): the first
 * screen's pictures and requests have had the network and the main thread to themselves.
 */
function firstScreenDone(): Promise<void> {
  waiting ??= new Promise<void>((resolve) => {
    const settle = () => {
      const finish = () => {
        done = true;
        performance.mark?.(FIRST_SCREEN_MARK);
        resolve();
      };
      if (typeof requestIdleCallback === 'function') requestIdleCallback(finish, { timeout: SETTLE_MS });
      else setTimeout(finish, 200);
    };
    if (document.readyState === 'complete') settle();
    else window.addEventListener('load', settle, { once: true });
  });
  return waiting;
}

/** A quiet moment of the browser's (requestIdleCallback, or SETTLE_MS at most). */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: SETTLE_MS });
    else setTimeout(resolve, 200);
  });
}

/**
 * The work after the first screen, in turns. Turn 0 is the first screen being done; each later turn comes
 * one more quiet moment after the one before. Given all at once, the signed-in home's later work (the
 * balance counter, the balance stream, the session reminder, the notice after a sign-in link: a dozen files
 * and their start-up) ran as one burst of main-thread tasks right after the page loaded, inside the
 * blocking-time window of bench:web, where the guest's home has none of it. In turns, each part starts in
 * a task of its own when the browser is free.
 */
export const AFTER_FIRST_SCREEN = { counter: 0, balanceStream: 1, reminder: 2, notice: 3 } as const;
const turns: Promise<void>[] = [];
const turnsDone: boolean[] = [];
function turn(n: number): Promise<void> {
  turns[n] ??= (n === 0 ? firstScreenDone() : turn(n - 1).then(idle)).then(() => {
    turnsDone[n] = true;
    performance.mark?.(`${FIRST_SCREEN_MARK}+${n}`);
  });
  return turns[n];
}

/**
 * False until the first screen is done (see firstScreenDone) and `after` more quiet moments have passed
 * (AFTER_FIRST_SCREEN names the turns), then true for good. Work a player does not see
 * on arrival waits for it: the session reminder, the balance stream, the notice after a sign-in link. Loading
 * their code and opening their dialog while the home page still paints made the banner (the page's largest
 * picture) share a slow phone's network and CPU with them.
 */
export function useFirstScreenDone(after = 0): boolean {
  const [ready, setReady] = useState(() => (after === 0 ? done : Boolean(turnsDone[after])));
  useEffect(() => {
    if (ready) return;
    let live = true;
    void turn(after).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready, after]);
  return ready;
}

import { startTransition, useEffect, useState } from 'react';

/** How long after the page's load event the first screen is left to itself, at most. */
const SETTLE_MS = 1_500;

/**
 * The performance mark set when the first screen is done; each later turn (AFTER_FIRST_SCREEN) sets
 * `${FIRST_SCREEN_MARK}+<turn>`. The browser budget test (e2e/budget.e2e.mjs) reads them.
 */
export const FIRST_SCREEN_MARK = 'koi:first-screen-done';

let done = false;
let waiting: Promise<void> | null = null;
let resolveCommitted: () => void;
const committed = new Promise<void>((resolve) => {
  resolveCommitted = resolve;
});

/**
 * Says that the app's first render has committed: called by every useFirstScreenDone after its first commit
 * and by the app's root (main.tsx), so that a screen without a part that waits still lets its turns come.
 */
export const firstRenderCommitted = () => resolveCommitted();

/**
 * Resolves once the app's first render has committed, the page has loaded and the browser has had a quiet
 * moment (or SETTLE_MS passed): the first screen's pictures and requests have had the network and the main
 * thread to themselves.
 *
 * The commit matters when the first render waits. After a sign-in link, main.tsx holds the first render for
 * the link's exchange; meanwhile the page loaded (the scripts and the splash's banner were all it had asked
 * for) and the browser was idle, so the first screen counted as done before it existed. The signed-in home
 * then drew in its first render everything that waits for the first screen (the hot strip's twenty tiles
 * and their looping copy with forty pictures, the balance counter), where a guest's draws four tiles and a
 * placeholder: in bench:web its first layout had 238 objects to the guest's 166, and its pictures shared the
 * network with the first screen's.
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
    const loaded = () => void committed.then(settle);
    if (document.readyState === 'complete') loaded();
    else window.addEventListener('load', loaded, { once: true });
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

/** How long no request of the page may have finished before its loading counts as over, and the longest wait. */
const LOADING_QUIET_MS = 3_000;
const LOADING_QUIET_MAX_MS = 15_000;

/**
 * Resolves once no request of the page has finished for LOADING_QUIET_MS (the resource timing entries'
 * ends), or LOADING_QUIET_MAX_MS after it was asked, whichever comes first.
 */
function loadingQuiet(): Promise<void> {
  const asked = performance.now();
  return new Promise((resolve) => {
    const check = () => {
      const now = performance.now();
      const entries = (performance.getEntriesByType?.('resource') ?? []) as PerformanceResourceTiming[];
      const lastEnd = entries.reduce((last, e) => Math.max(last, e.responseEnd), 0);
      const wait = Math.min(LOADING_QUIET_MS - (now - lastEnd), LOADING_QUIET_MAX_MS - (now - asked));
      if (wait <= 0) resolve();
      else setTimeout(check, wait);
    };
    check();
  });
}

/**
 * The work after the first screen, in turns. Turn 0 is the first screen being done; each later turn comes
 * one more quiet moment after the one before. Given all at once, the signed-in home's later work (the
 * balance counter, the session reminder, the notice after a sign-in link, the balance stream: a dozen files
 * and their start-up) ran as one burst of main-thread tasks right after the page loaded, inside the
 * blocking-time window of bench:web, where the guest's home has none of it. In turns, each part starts in
 * a task of its own when the browser is free.
 *
 * Only the balance counter's turn follows the first screen directly: the counter shows the balance. The
 * session reminder's turn, and with it the notice's and the invite links' after it, waits until the page's
 * own loading is over (loadingQuiet): a player opening the app looks at their balance and the games first,
 * and a reminder or notice drawn while pictures and data still arrive is drawn into a busy page. Given a
 * quiet moment only, the three came within the first second after the load: in bench:web's signed-in runs
 * they were a dozen more scripts in the page's first seconds (174.6 against 161.3 KB) and about 30 ms more of
 * the main thread's own scripting, which the simulated phone multiplies eightfold; without the notice alone
 * (its modal makes the whole page behind it inert, a style pass over every element) the signed-in blocking
 * time was about half.
 *
 * The balance stream comes last, once the page's loading is over again (loadingQuiet), not merely after a
 * quiet moment: its request never ends, so opened among the page's requests it holds one of the browser's
 * few connections to the server (six over HTTP/1.1) for as long as the page lives, while pictures and data
 * still wait for one. It also kept bench:web's Lighthouse from ever seeing the signed-in page loaded (a fetch
 * that never ends counts as a request still loading, unlike an EventSource, which the stream cannot be as it
 * sends the bearer header): its trace ran to the 45-second limit and counted the page's later life (the
 * 30-second user-info refresh, the counter) where the guest's trace ends a few seconds after the load. Until
 * the stream opens, the balance is the one user info just loaded, refreshed every 30 seconds.
 */
export const AFTER_FIRST_SCREEN = { counter: 0, reminder: 1, notice: 2, balanceStream: 3 } as const;
const turns: Promise<void>[] = [];
const turnsDone: boolean[] = [];
function turn(n: number): Promise<void> {
  const wait =
    n === AFTER_FIRST_SCREEN.reminder || n === AFTER_FIRST_SCREEN.balanceStream ? loadingQuiet : idle;
  turns[n] ??= (n === 0 ? firstScreenDone() : turn(n - 1).then(wait)).then(() => {
    turnsDone[n] = true;
    performance.mark?.(`${FIRST_SCREEN_MARK}+${n}`);
  });
  return turns[n];
}

/** Resolves once the first screen is done and `after` more turns have passed: useFirstScreenDone outside React. */
export const afterFirstScreen = (after = 0): Promise<void> => turn(after);

/**
 * False until the first screen is done (see firstScreenDone) and `after` more turns have passed
 * (AFTER_FIRST_SCREEN names them), then true for good. Work a player does not see
 * on arrival waits for it: the session reminder, the balance stream, the notice after a sign-in link. Loading
 * their code and opening their dialog while the home page still paints made the banner (the page's largest
 * picture) share a slow phone's network and CPU with them.
 */
export function useFirstScreenDone(after = 0): boolean {
  const [ready, setReady] = useState(() => (after === 0 ? done : Boolean(turnsDone[after])));
  useEffect(() => {
    firstRenderCommitted();
    if (ready) return;
    let live = true;
    // A turn's work is never urgent, so it renders as a transition: React renders it in slices and the main
    // thread stays free between them. As an ordinary update, the first turn (the balance counter and refresh
    // button, the hot strip's looping copy with its twenty tiles) rendered in one task of 20-30 ms
    // unthrottled, the longest of the signed-in home's after its first render.
    void turn(after).then(() => {
      if (live) startTransition(() => setReady(true));
    });
    return () => {
      live = false;
    };
  }, [ready, after]);
  return ready;
}

import { useEffect, useState } from 'react';

/** How long after the page's load event the first screen is left to itself, at most. */
const SETTLE_MS = 1_500;

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

/**
 * False until the first screen is done (see firstScreenDone), then true for good. Work a player does not see
 * on arrival waits for it: the session reminder, the balance stream, the notice after a sign-in link. Loading
 * their code and opening their dialog while the home page still paints made the banner (the page's largest
 * picture) share a slow phone's network and CPU with them.
 */
export function useFirstScreenDone(): boolean {
  const [ready, setReady] = useState(done);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void firstScreenDone().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}

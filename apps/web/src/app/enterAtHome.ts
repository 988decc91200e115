/**
 * The root address (`/`, where a player arrives from a link, the home-screen icon or a sign-in link) opens
 * home. It is rewritten to `/home` before the router starts, keeping the query and the hash: the router's
 * own redirect (RootRedirect, still there for a navigation to `/` inside the app) would first render the
 * root route, then navigate in a transition, and the home page's first render, the first screen's largest
 * paint, waited behind that transition's commits for about a third of a second on a slow phone.
 *
 * The same call writes the history entry's index the router keeps in `history.state.idx` (what
 * react-router's browser history writes, with a replaceState of its own, when it finds none). A
 * replaceState costs 3-6 ms of the main thread on this machine's Chromium, unthrottled; two of them were
 * part of the app's first task, which a phone's blocking time counts several times over. When the router's
 * keeping of the index changes, it writes its own again: one call more, never a wrong index.
 */
export function enterAtHome(
  loc: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): boolean {
  if (loc.pathname !== '/') return false;
  history.replaceState(withRouterIndex(history.state), '', `/home${loc.search}${loc.hash}`);
  return true;
}

/** The entry's state with the router's index: kept when there is one (a reload), 0 for a new entry. */
function withRouterIndex(state: unknown): Record<string, unknown> {
  const kept = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  return typeof kept.idx === 'number' ? kept : { ...kept, idx: 0 };
}

/**
 * The root address (`/`, where a player arrives from a link, the home-screen icon or a sign-in link) opens
 * home. It is rewritten to `/home` before the router starts, keeping the query and the hash: the router's
 * own redirect (RootRedirect, still there for a navigation to `/` inside the app) would first render the
 * root route, then navigate in a transition, and the home page's first render, the first screen's largest
 * paint, waited behind that transition's commits for about a third of a second on a slow phone.
 */
export function enterAtHome(
  loc: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): boolean {
  if (loc.pathname !== '/') return false;
  history.replaceState(history.state, '', `/home${loc.search}${loc.hash}`);
  return true;
}

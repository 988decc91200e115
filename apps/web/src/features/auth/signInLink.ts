/*
 * Sign-in links (decision 31). A link `/?token=<code>` (from the Telegram bot, an operator, or the player's
 * own "open on another device") carries a one-time code that works for 2 minutes and once. The code is
 * taken out of the address bar before anything else of the app runs (main.tsx imports ./captureSignInLink
 * first), so it never reaches the history, a bookmark, a shared screenshot or a Referer header; it is kept
 * only in this module's memory until start-up trades it for a session. This file imports nothing, so that
 * capturing runs before any other module of the app is evaluated.
 */

let pending: string | null = null;

/** Removes `token` from the address (keeping every other parameter) and keeps its value for start-up. */
export function captureSignInCode(
  loc: Pick<Location, 'href'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): string | null {
  const url = new URL(loc.href);
  if (!url.searchParams.has('token')) return null;
  const code = url.searchParams.get('token') ?? '';
  url.searchParams.delete('token');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  pending = code.trim() || null;
  return pending;
}

/** The captured code, once. */
export function takeSignInCode(): string | null {
  const code = pending;
  pending = null;
  return code;
}

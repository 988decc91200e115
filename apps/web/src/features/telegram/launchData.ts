/*
 * The Mini App's launch data. Telegram opens a Mini App at the button's URL with the signed launch data in the
 * fragment (`#tgWebAppData=…&tgWebAppVersion=…`); its telegram-web-app.js reads it from there and offers it as
 * `Telegram.WebApp.initData`. Koi does not load that script (the content security policy allows only its own
 * scripts, and the sandbox has none), so the fragment is read here, and the script's value is used when a
 * page that does load it got there first. The fragment is removed from the address at once: the data signs
 * its holder in (once, within 5 minutes), so it must not stay in the history or a shared link.
 */

type TelegramWindow = { Telegram?: { WebApp?: { initData?: string } } };

export interface LaunchData {
  /** The signed query string, exactly as Telegram sent it. */
  initData: string;
  /** The user's first name, from the (not yet verified) data, only to greet them. */
  firstName: string;
}

export function takeLaunchData(
  loc: Pick<Location, 'href'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
  win: TelegramWindow = window as TelegramWindow,
): LaunchData | null {
  const url = new URL(loc.href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const fromFragment = fragment.get('tgWebAppData');
  if (fromFragment !== null) history.replaceState(history.state, '', `${url.pathname}${url.search}`);
  const initData = win.Telegram?.WebApp?.initData || fromFragment || '';
  if (!initData) return null;
  let firstName = '';
  try {
    const user = JSON.parse(new URLSearchParams(initData).get('user') ?? '{}') as { first_name?: unknown };
    if (typeof user.first_name === 'string') firstName = user.first_name.slice(0, 64);
  } catch {
    // The name is only for the greeting; the server verifies everything.
  }
  return { initData, firstName };
}

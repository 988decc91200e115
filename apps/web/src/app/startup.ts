import type { QueryClient } from '@tanstack/react-query';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import i18n from '../i18n';
import { useAuthStore } from '../stores/auth';
import { useUiStore } from '../stores/ui';
import { forgetStoredPassword } from '../features/auth/remember';
import { exchangeSignInCode } from '../features/auth/api/session';
import { seedUserInfo, userInfoQuery } from '../features/auth/api/userInfo';
import { takeSignInCode } from '../features/auth/signInLink';
import { bannersQuery } from '../features/content/api/banners';
import { bulletinQuery } from '../features/content/api/bulletin';
import { gameTypesQuery } from '../features/games/api/gameTypes';
import { hotGamesQuery } from '../features/games/api/hotGames';
import { payChannelsQuery } from '../features/money/api/payChannels';
import { afterFirstScreen } from '../lib/useFirstScreenDone';
import { seedFirstScreen } from './firstScreen';

/**
 * Decision 31: a sign-in link's code (taken out of the address bar by captureSignInLink before the app ran)
 * is traded for a session. With nobody signed in on this browser that happens at once and the notice opens
 * once, as after a sign-in. With a player signed in, the switch-account dialog asks first: a link opened by
 * mistake, or sent by someone else, must never silently replace the signed-in player (who could then be
 * made to deposit into the sender's account). Returns the exchange when it started at once (it settles once
 * the session is stored or the code was refused), otherwise null.
 */
export function startSignInLink(
  code: string | null = takeSignInCode(),
  queryClient?: QueryClient,
): Promise<boolean> | null {
  if (!code) return null;
  if (useAuthStore.getState().token) {
    useUiStore.getState().askSwitchAccount(code);
    return null;
  }
  return signInWithCode(code, queryClient);
}

/**
 * Trades a link's code for a session of this browser; false when the code was refused (a toast said why).
 * Given the query client, the user info the exchange answers with goes into it, so the first screen after a
 * sign-in link renders with the player's name and balance (main.tsx waits for this) and asks for nothing
 * more. Asked for by the screen instead, the request left only after the first render had committed (a query
 * starts in an effect), and its answer rendered the header and the balance card a second time, inside the
 * blocking-time window of bench:web's signed-in runs; asked for after the exchange, it was a second round trip
 * before the first render. When the server could not read the user info (null), it is asked for here.
 */
export async function signInWithCode(code: string, queryClient?: QueryClient): Promise<boolean> {
  let exchanged: Awaited<ReturnType<typeof exchangeSignInCode>>;
  try {
    exchanged = await exchangeSignInCode(code);
  } catch {
    return false;
  }
  const { token, user } = exchanged;
  useAuthStore.getState().setToken(token);
  if (queryClient) {
    if (user) seedUserInfo(queryClient, token, user);
    else await queryClient.prefetchQuery(userInfoQuery(token));
  }
  useUiStore.getState().setNoticeOpen(true);
  return true;
}

/** Spec §4: a `code` query parameter is saved as invited_code (decision 7 names the key). */
export function saveInviteCode(search: string = window.location.search) {
  const code = new URLSearchParams(search).get('code');
  if (code) writeStorage(STORAGE_KEYS.invitedCode, code.slice(0, 32));
}

/** Spec §4: a saved robot_token (from the chat-bot link) signs in when no token is stored. */
export function adoptRobotToken() {
  const robot = readStorage(STORAGE_KEYS.robotToken);
  if (robot && !useAuthStore.getState().token) useAuthStore.getState().setToken(robot);
}

/** Reads and clears the show-dialog flag (the notice opens once after a token sign-in). */
export function takeShowDialogFlag(): boolean {
  const shown = readStorage(STORAGE_KEYS.showDialog) === '1';
  removeStorage(STORAGE_KEYS.showDialog);
  return shown;
}

const STARTUP_QUERIES = [gameTypesQuery, bannersQuery, bulletinQuery, hotGamesQuery] as const;
/**
 * Spec §4 also loads the channel rate and the task data at start. The channel list (with each channel's rate)
 * is optional: an operator may run TRC20 only, so its failure never opens the retry dialog. It is shown on the
 * recharge screen only, so it is asked for once the first screen is done (the counter's turn), not beside the
 * first screen's own requests: each fetch's start is main-thread work of start-up's task, and in bench:web's
 * traces that task was stalled inside a fetch's start (13.8 ms with no CPU, counted twelvefold). Task data has
 * no endpoint yet (/api/plat/task/list is not built), so nothing is asked for it.
 */
const OPTIONAL_STARTUP_QUERIES = [payChannelsQuery] as const;

/**
 * Spec §4: categories, banners, config and hot games load once at start. When any of them fails (network
 * down, server restarting) the retry dialog offers to load them again, rather than leaving a half-empty home.
 */
export function loadStartupData(queryClient: QueryClient) {
  const loads = STARTUP_QUERIES.map((q) =>
    queryClient.prefetchQuery(q as Parameters<QueryClient['prefetchQuery']>[0]),
  );
  void afterFirstScreen().then(() => {
    for (const q of OPTIONAL_STARTUP_QUERIES) void queryClient.prefetchQuery(q);
  });
  void Promise.all(loads).then(() => {
    const failed = STARTUP_QUERIES.some((q) => queryClient.getQueryState(q.queryKey)?.status === 'error');
    if (failed) {
      useUiStore.getState().showRetry(i18n.t('common.retryText'), () => {
        for (const q of STARTUP_QUERIES) void queryClient.invalidateQueries({ queryKey: q.queryKey });
        loadStartupData(queryClient);
      });
    }
  });
}

/**
 * Start-up, before the first render: the first screen's data index.html carries (banners, bulletin, and the
 * categories and hot games in the app's language), query parameters, then the once-per-load data that was not
 * carried (categories, banners, config, hot games) start in parallel with the route chunk, so the lobby is at
 * most two hops away. Returns a sign-in link's exchange
 * when one is under way (startSignInLink), otherwise null.
 */
export function startApp(queryClient: QueryClient): Promise<boolean> | null {
  seedFirstScreen(queryClient, i18n.language);
  forgetStoredPassword();
  saveInviteCode();
  adoptRobotToken();
  const signingIn = startSignInLink(takeSignInCode(), queryClient);
  loadStartupData(queryClient);
  // The visitor id (a 35 KB library and a burst of work) is not computed here: the first screen does not
  // need it. Opening the login dialog starts it (stores/ui.ts), alongside the dialog's own code.
  return signingIn;
}

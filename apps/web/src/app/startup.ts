import type { QueryClient } from '@tanstack/react-query';
import { getDevice } from '../lib/device';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import i18n from '../i18n';
import { useAuthStore } from '../stores/auth';
import { useUiStore } from '../stores/ui';
import { forgetStoredPassword } from '../features/auth/remember';
import { bannersQuery } from '../features/content/api/banners';
import { bulletinQuery } from '../features/content/api/bulletin';
import { gameTypesQuery } from '../features/games/api/gameTypes';
import { hotGamesQuery } from '../features/games/api/hotGames';

/**
 * Spec §2/§4: a `token` in the query signs in: the token is stored, the show-dialog flag set, and the page
 * reloads at the origin (so the token leaves the address bar and history). Without one the flag is cleared
 * once it has been read. Returns true when a reload is under way.
 */
export function consumeTokenQuery(
  loc: Pick<Location, 'search' | 'origin' | 'replace'> = window.location,
): boolean {
  const params = new URLSearchParams(loc.search);
  const token = params.get('token');
  if (!token) return false;
  useAuthStore.getState().setToken(token);
  writeStorage(STORAGE_KEYS.showDialog, '1');
  loc.replace(`${loc.origin}/`);
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
 * Spec §4: categories, banners, config and hot games load once at start. When any of them fails (network
 * down, server restarting) the retry dialog offers to load them again, rather than leaving a half-empty home.
 */
export function loadStartupData(queryClient: QueryClient) {
  const loads = STARTUP_QUERIES.map((q) =>
    queryClient.prefetchQuery(q as Parameters<QueryClient['prefetchQuery']>[0]),
  );
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
 * Start-up, before the first render: query parameters, then the once-per-load data (categories, banners,
 * config, hot games) start in parallel with the route chunk, so the lobby is at most two hops away.
 */
export function startApp(queryClient: QueryClient): boolean {
  forgetStoredPassword();
  saveInviteCode();
  if (consumeTokenQuery()) return false;
  adoptRobotToken();
  loadStartupData(queryClient);
  // The visitor id is computed early so the captcha request does not wait for it.
  void getDevice();
  return true;
}

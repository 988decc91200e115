import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InGameResult, UserInfo } from '@koi/contract';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';
import { readJson, STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { useAuthStore } from '../../../stores/auth';

export const userKeys = {
  all: ['user'] as const,
  info: (token: string | null) => ['user', 'info', token] as const,
  inGame: (token: string | null) => ['user', 'in-game', token] as const,
};

/** Spec §4: refreshed every 30 s while signed in. */
export const USER_INFO_INTERVAL_MS = 30_000;

/** Spec §3: user info is cached locally so the greeting paints before the first response. */
const keepUserInfo = (info: UserInfo) => writeStorage(STORAGE_KEYS.userInfo, JSON.stringify(info));

export async function fetchUserInfo(): Promise<UserInfo> {
  const info = await api.post<UserInfo>('/api/plat/info');
  keepUserInfo(info);
  return info;
}

/** The signed-in player's info under their session: what the hook reads and what a sign-in fetches ahead. */
export const userInfoQuery = (token: string | null) =>
  queryOptions({ queryKey: userKeys.info(token), queryFn: fetchUserInfo, staleTime: STALE.SECONDS_30 });

/** User info the server answered with something else (a sign-in link's exchange): kept as a read of it is. */
export function seedUserInfo(queryClient: QueryClient, token: string, info: UserInfo) {
  keepUserInfo(info);
  queryClient.setQueryData(userInfoQuery(token).queryKey, info);
}

export function useUserInfoQuery() {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    ...userInfoQuery(token),
    enabled: Boolean(token),
    refetchInterval: token ? USER_INFO_INTERVAL_MS : false,
    // Spec §4: when the page becomes visible again and the player is signed in, user info reloads.
    refetchOnWindowFocus: 'always',
    placeholderData: () => readJson<UserInfo>(STORAGE_KEYS.userInfo) ?? undefined,
  });
}

/**
 * What transfer-wallet games hold of the player's money (the server asks each provider that may hold some).
 * Read when the balance card shows and whenever the page becomes visible again, not on a timer: each read may
 * be a call to a provider.
 */
export function useInGameQuery() {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: userKeys.inGame(token),
    queryFn: () => api.get<InGameResult>('/api/plat/in-game', undefined, { silent: true }),
    enabled: Boolean(token),
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
}

/** Refresh button (spec §4): recall provider balances, then reload user info. */
export function useRefreshBalanceMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<boolean>('/api/plat/refresh'),
    onSettled: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useLogoutMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<boolean>('/api/home/logout', undefined, { silent: true }),
    // Logout clears the token even when the server call fails: the player asked to leave.
    onSettled: () => {
      useAuthStore.getState().clearToken();
      client.removeQueries({ queryKey: userKeys.all });
    },
  });
}

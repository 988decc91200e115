import {
  QueryClient,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useAuthStore } from '../stores/auth';
import { ApiError } from './http';

/** Named stale times (style guide): the numbers say how fresh each kind of data must be. */
export const STALE = {
  SECONDS_30: 30_000,
  MINUTES_5: 5 * 60_000,
  HOURS_1: 60 * 60_000,
  INFINITY: Infinity,
} as const;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE.SECONDS_30,
        // The client already toasted the failure; retrying a business rejection or a 401 only repeats it.
        retry: (count, error) =>
          !(error instanceof ApiError && (error.cancelled || error.status === 401 || error.code > 0)) &&
          count < 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * A read of the signed-in player's own data (addresses, limits, sessions, reports). Its key is made from the
 * session token, so one player's answer is never shown to the next on a shared phone, and it is not asked
 * at all while signed out, when the server could only answer 401. Fresh for 30 s unless `options` say else.
 */
export function usePlayerQuery<T>(
  key: (token: string | null) => QueryKey,
  fetch: () => Promise<T>,
  options?: Omit<UseQueryOptions<T>, 'queryKey' | 'queryFn' | 'enabled'>,
) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: key(token),
    queryFn: fetch,
    enabled: Boolean(token),
    staleTime: STALE.SECONDS_30,
    ...options,
  });
}

/**
 * For a mutation's onSuccess or onSettled: marks the named query families stale so what is on screen
 * reloads, and resolves once they have, so the mutation counts as done only with fresh data shown.
 */
export function useInvalidate(...families: QueryKey[]) {
  const client = useQueryClient();
  return () => Promise.all(families.map((queryKey) => client.invalidateQueries({ queryKey })));
}

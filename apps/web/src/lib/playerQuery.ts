import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useAuthStore } from '../stores/auth';
import { STALE } from './query';

// Apart from query.ts, which the first screen loads: only the screens of a signed-in player use these.

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
 * A paged read of the signed-in player's own data, keyed and guarded by the session token as usePlayerQuery
 * is: page 1 first, then the page `nextPage` names after the ones loaded (undefined once the last is in).
 * `enabled` false holds it back while its own arguments are not ready. Fresh for 30 s.
 */
export function usePlayerPages<P>(
  key: (token: string | null) => QueryKey,
  fetchPage: (page: number) => Promise<P>,
  nextPage: (last: P, pages: P[]) => number | undefined,
  enabled = true,
) {
  const token = useAuthStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: key(token),
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(token) && enabled,
    staleTime: STALE.SECONDS_30,
  });
}

/**
 * The `loadMore` of an infinite scroll over a usePlayerPages read: the next page, and its failure thrown so
 * antd-mobile's InfiniteScroll keeps the rows shown and offers its retry at the bottom.
 */
export const loadNextPage =
  (query: { fetchNextPage: () => Promise<{ isError: boolean; error: unknown }> }) => async () => {
    const next = await query.fetchNextPage();
    if (next.isError) throw next.error;
  };

/**
 * For a mutation's onSuccess or onSettled: marks the named query families stale so what is on screen
 * reloads, and resolves once they have, so the mutation counts as done only with fresh data shown.
 */
export function useInvalidate(...families: QueryKey[]) {
  const client = useQueryClient();
  return () => Promise.all(families.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/**
 * A write that changes what several screens show (a claim or a withdrawal moves money): once it has settled,
 * whether it went through or not, the named query families reload, and only then does it count as done.
 */
export function useReloadingMutation<V = void, R = unknown>(
  families: QueryKey[],
  mutationFn: (input: V) => Promise<R>,
) {
  const invalidate = useInvalidate(...families);
  return useMutation({ mutationFn, onSettled: invalidate });
}

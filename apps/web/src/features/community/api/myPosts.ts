import { useInfiniteQuery } from '@tanstack/react-query';
import type { CommunityPost } from '@koi/contract';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';
import { useAuthStore } from '../../../stores/auth';
import { communityKeys, COMMUNITY_PAGE_SIZE, nextListPage, type ListPage } from './keys';

/** GET /api/community/my-posts: the player's posts with their review state, newest first. */
export function useMyPostsQuery() {
  const token = useAuthStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: communityKeys.mine(token),
    queryFn: ({ pageParam }) =>
      api.get<ListPage<CommunityPost>>('/api/community/my-posts', {
        page: pageParam,
        size: COMMUNITY_PAGE_SIZE,
      }),
    initialPageParam: 1,
    getNextPageParam: nextListPage,
    enabled: Boolean(token),
    staleTime: STALE.SECONDS_30,
  });
}

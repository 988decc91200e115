import { useInfiniteQuery } from '@tanstack/react-query';
import type { CommunityPost } from '@koi/contract';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';
import { useAuthStore } from '../../../stores/auth';
import { communityKeys, COMMUNITY_PAGE_SIZE, nextListPage, type ListPage } from './keys';

export type FeedTab = 'new' | 'hot';

/** GET /api/community/posts: approved posts, newest or hot, page by page. */
export const fetchFeed = (tab: FeedTab, page: number, size = COMMUNITY_PAGE_SIZE) =>
  api.get<ListPage<CommunityPost>>('/api/community/posts', { tab, page, size });

export function useFeedQuery(tab: FeedTab) {
  const token = useAuthStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: communityKeys.feed(token, tab),
    queryFn: ({ pageParam }) => fetchFeed(tab, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextListPage,
    enabled: Boolean(token),
    staleTime: STALE.SECONDS_30,
  });
}

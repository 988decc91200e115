import type { CommunityPost } from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerPages } from '../../../lib/playerQuery';
import { communityKeys, COMMUNITY_PAGE_SIZE, nextListPage, type ListPage } from './keys';

export type FeedTab = 'new' | 'hot';

/** GET /api/community/posts: approved posts, newest or hot, page by page. */
export const fetchFeed = (tab: FeedTab, page: number, size = COMMUNITY_PAGE_SIZE) =>
  api.get<ListPage<CommunityPost>>('/api/community/posts', { tab, page, size });

export function useFeedQuery(tab: FeedTab) {
  return usePlayerPages(
    (token) => communityKeys.feed(token, tab),
    (page) => fetchFeed(tab, page),
    nextListPage,
  );
}

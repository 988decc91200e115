import type { CommunityPost } from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerPages } from '../../../lib/playerQuery';
import { communityKeys, COMMUNITY_PAGE_SIZE, nextListPage, type ListPage } from './keys';

/** GET /api/community/my-posts: the player's posts with their review state, newest first. */
export function useMyPostsQuery() {
  return usePlayerPages(
    communityKeys.mine,
    (page) =>
      api.get<ListPage<CommunityPost>>('/api/community/my-posts', { page, size: COMMUNITY_PAGE_SIZE }),
    nextListPage,
  );
}

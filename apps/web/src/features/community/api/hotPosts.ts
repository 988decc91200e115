import type { CommunityPost } from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerQuery } from '../../../lib/playerQuery';
import { communityKeys, type ListPage } from './keys';

/** The interaction tab's hot list: the first five of the hot feed. */
export const HOT_LIST_SIZE = 5;

export const useHotPostsQuery = () =>
  usePlayerQuery(
    (token) => [...communityKeys.feed(token, 'hot'), 'top'],
    async () =>
      (
        await api.get<ListPage<CommunityPost>>('/api/community/posts', {
          tab: 'hot',
          page: 1,
          size: HOT_LIST_SIZE,
        })
      ).data,
  );

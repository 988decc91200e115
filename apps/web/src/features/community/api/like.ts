import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CommunityPost } from '@koi/contract';
import { api } from '../../../lib/http';
import type { ListPage } from './keys';

type LikeResult = { liked: boolean; like_count: number };

/** POST /api/community/posts/:id/like with the state wanted, so a double tap never counts twice. */
export const setLike = (postId: number, liked: boolean) =>
  api.post<LikeResult>(`/api/community/posts/${postId}/like`, { liked: liked ? 1 : 0 });

type Cached = InfiniteData<ListPage<CommunityPost>> | CommunityPost[] | undefined;

/** The cached list with the post's like state replaced by the server's answer. */
function patched(data: Cached, postId: number, result: LikeResult): Cached {
  const patch = (p: CommunityPost) => (p.id === postId ? { ...p, ...result } : p);
  if (!data) return data;
  if (Array.isArray(data)) return data.map(patch);
  return { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map(patch) })) };
}

/**
 * Likes or unlikes, then writes the answer into every cached list showing the post (the feeds, the hot list,
 * my posts) instead of reloading them, so the list does not jump while the player scrolls.
 */
export function useLikeMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, liked }: { postId: number; liked: boolean }) => setLike(postId, liked),
    onSuccess: (result, { postId }) => {
      for (const family of [
        ['community', 'feed'],
        ['community', 'mine'],
      ]) {
        client.setQueriesData<Cached>({ queryKey: family }, (data) => patched(data, postId, result));
      }
    },
  });
}

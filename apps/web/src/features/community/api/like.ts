import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CommunityPost } from '@koi/contract';
import { api } from '../../../lib/http';
import type { ListPage } from './keys';

type LikeResult = { liked: boolean; like_count: number };

/** POST /api/community/posts/:id/like with the state wanted, so a double tap never counts twice. */
export const setLike = (postId: number, liked: boolean) =>
  api.post<LikeResult>(`/api/community/posts/${postId}/like`, { liked: liked ? 1 : 0 });

/** Writes the server's answer into every cached list that shows the post, without reloading the lists. */
function patchPost(client: ReturnType<typeof useQueryClient>, postId: number, result: LikeResult) {
  const patch = (p: CommunityPost) => (p.id === postId ? { ...p, ...result } : p);
  client.setQueriesData<InfiniteData<ListPage<CommunityPost>>>({ queryKey: ['community', 'feed'] }, (data) =>
    data && 'pages' in data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map(patch) })) }
      : Array.isArray(data)
        ? ((data as CommunityPost[]).map(patch) as never)
        : data,
  );
}

export function useLikeMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, liked }: { postId: number; liked: boolean }) => setLike(postId, liked),
    onSuccess: (result, { postId }) => patchPost(client, postId, result),
  });
}

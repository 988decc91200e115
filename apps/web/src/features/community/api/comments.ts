import { useMutation } from '@tanstack/react-query';
import type { CommunityComment } from '@koi/contract';
import { api } from '../../../lib/http';
import { useInvalidate, usePlayerQuery } from '../../../lib/playerQuery';
import { communityKeys, type ListPage } from './keys';

/** The first 100 comments of a post, oldest first (a post with more is rare; the rest stay on the server). */
export const COMMENTS_SHOWN = 100;

/** Asked only while a post's comments are open (the component mounts when they open). */
export const useCommentsQuery = (postId: number) =>
  usePlayerQuery(
    (token) => communityKeys.comments(token, postId),
    () =>
      api.get<ListPage<CommunityComment>>(`/api/community/posts/${postId}/comments`, {
        page: 1,
        size: COMMENTS_SHOWN,
      }),
  );

export function useCommentMutation(postId: number) {
  const invalidate = useInvalidate(['community', 'comments'], ['community', 'feed']);
  return useMutation({
    mutationFn: ({ content, parentId }: { content: string; parentId?: number }) =>
      api.post<CommunityComment>(`/api/community/posts/${postId}/comments`, { content, parent_id: parentId }),
    onSuccess: () => invalidate(),
  });
}

export const reportPost = (postId: number, reason: string) =>
  api.post<true>(`/api/community/posts/${postId}/report`, { reason });

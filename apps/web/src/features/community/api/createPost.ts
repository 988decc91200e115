import { useMutation } from '@tanstack/react-query';
import type { CommunityPost } from '@koi/contract';
import { api } from '../../../lib/http';
import { useInvalidate } from '../../../lib/playerQuery';
import { communityKeys } from './keys';

/** POST /api/community/posts: the text and up to three images in one multipart request. */
export const createPost = (content: string, images: File[]) =>
  api.post<CommunityPost>(
    '/api/community/posts',
    { content },
    { contentType: 'multipart', files: { images } },
  );

export function useCreatePostMutation() {
  const invalidate = useInvalidate(communityKeys.all);
  return useMutation({
    mutationFn: ({ content, images }: { content: string; images: File[] }) => createPost(content, images),
    onSuccess: () => invalidate(),
  });
}

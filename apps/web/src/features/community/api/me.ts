import { api } from '../../../lib/http';
import { usePlayerQuery } from '../../../lib/playerQuery';
import { communityKeys } from './keys';

export interface CommunityMe {
  banned: boolean;
  review_required: boolean;
  max_chars: number;
  max_images: number;
  image_max_bytes: number;
}

/** GET /api/community/me: whether the player may post, whether posts wait for review, and the limits. */
export const useCommunityMeQuery = () =>
  usePlayerQuery(communityKeys.me, () => api.get<CommunityMe>('/api/community/me'));

import type {
  AdminBuyLink,
  AdminCommunityBan,
  AdminCommunityComment,
  AdminCommunityPost,
  AdminCommunityReport,
  PostStatusName,
} from '@koi/contract';
import { http, type Params } from '../../lib/http';

/** The console's community calls (contract `admin/community.ts`), one line each. */
const A = '/api/admin';
type Page<T> = { data: T[]; total: number };
type BuyLinkFields = Omit<AdminBuyLink, 'id' | 'created_at'>;
/** The review decisions on a post, each a route of its own (`POST …/posts/:id/<verb>`). */
export type PostVerb = 'approve' | 'reject' | 'hide' | 'restore';

export const communityApi = {
  posts: (params: Params) => http.get<Page<AdminCommunityPost>>(`${A}/community/posts`, params),
  /** A review decision; approving takes no reason, the others must have one. */
  decide: (verb: PostVerb, id: number, reason?: string) =>
    http.post<AdminCommunityPost>(
      `${A}/community/posts/${id}/${verb}`,
      reason === undefined ? {} : { reason },
    ),
  comments: (postId: number, params: Params) =>
    http.get<Page<AdminCommunityComment>>(`${A}/community/posts/${postId}/comments`, params),
  /** Hides a comment from other players, or shows it again, with the audited reason. */
  setComment: (verb: 'hide' | 'restore', id: number, reason: string) =>
    http.post<AdminCommunityComment>(`${A}/community/comments/${id}/${verb}`, { reason }),
  reports: (params: Params) => http.get<Page<AdminCommunityReport>>(`${A}/community/reports`, params),
  dismiss: (id: number) => http.post<AdminCommunityReport>(`${A}/community/reports/${id}/dismiss`),
  bans: (params: Params) => http.get<Page<AdminCommunityBan>>(`${A}/community/bans`, params),
  ban: (username: string, reason: string) =>
    http.post<AdminCommunityBan>(`${A}/community/bans`, { username, reason }),
  banPlayer: (playerId: number, reason: string) =>
    http.post<AdminCommunityBan>(`${A}/community/bans`, { player_id: playerId, reason }),
  lift: (playerId: number, reason: string) =>
    http.post<true>(`${A}/community/bans/${playerId}/lift`, { reason }),
  settings: () =>
    http.get<{ review_required: boolean; updated_at: string | null }>(`${A}/community/settings`),
  setReview: (review: boolean) =>
    http.post<{ review_required: boolean }>(`${A}/community/settings`, { review_required: review }),
  buyLinks: () => http.get<AdminBuyLink[]>(`${A}/buy-links`),
  createBuyLink: (body: BuyLinkFields) => http.post<AdminBuyLink>(`${A}/buy-links`, body),
  updateBuyLink: (id: number, body: Partial<BuyLinkFields>) =>
    http.post<AdminBuyLink>(`${A}/buy-links/${id}`, body),
  deleteBuyLink: (id: number) => http.post<true>(`${A}/buy-links/${id}/delete`),
};

export type { PostStatusName };

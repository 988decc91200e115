import { z } from 'zod';
import {
  flagField,
  intField,
  isoTime,
  listResult,
  optionalText,
  pageQuery,
  playerFields,
  requiredText,
  text,
} from '../common';
import { POST_STATUSES } from '../community';
import { reasonField, sortField } from './shared';

// Community moderation and the /buy list (community area)

export const adminCommunityPost = z.object({
  id: z.number().int(),
  player_id: z.number().int().nullable(),
  username: z.string().describe('The author’s username, unmasked; empty for 官方 posts'),
  content: z.string(),
  images: z.array(z.string()),
  status: z.enum(POST_STATUSES),
  reason: z.string(),
  like_count: z.number().int(),
  comment_count: z.number().int(),
  open_reports: z.number().int(),
  author_banned: z.boolean(),
  reviewed_by: z.number().int().nullable(),
  reviewed_at: isoTime.nullable(),
  created_at: isoTime,
});
export type AdminCommunityPost = z.infer<typeof adminCommunityPost>;

/** GET /api/admin/community/posts: by status (pending = the review queue, oldest first), any status when empty. */
export const adminCommunityPostsQuery = z.strictObject({
  status: z.enum(POST_STATUSES).optional(),
  player_id: intField({ min: 1 }).optional(),
  ...pageQuery,
});
export const adminCommunityPostsResult = listResult(adminCommunityPost);
export const adminCommunityPostResult = adminCommunityPost;
/** POST /api/admin/community/posts/:id/approve */
export const adminCommunityApproveRequest = z.strictObject({});
/**
 * POST /api/admin/community/posts/:id/reject, …/hide and …/restore, and the same of a comment: the reason is
 * audited, and for reject and hide shown to the author.
 */
export const adminCommunityReasonRequest = z.strictObject({ reason: reasonField });

export const adminCommunityComment = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  ...playerFields,
  parent_id: z.number().int().nullable(),
  reply_to: z.string().nullable().describe('The username the reply answers'),
  content: z.string(),
  hidden: z.boolean(),
  hidden_reason: z.string(),
  hidden_by: z.number().int().nullable(),
  hidden_at: isoTime.nullable(),
  created_at: isoTime,
});
export type AdminCommunityComment = z.infer<typeof adminCommunityComment>;
/** GET /api/admin/community/posts/:id/comments: all of a post's comments, hidden ones too, oldest first. */
export const adminCommunityCommentsQuery = z.strictObject({ ...pageQuery });
export const adminCommunityCommentsResult = listResult(adminCommunityComment);
/**
 * POST /api/admin/community/comments/:id/hide and …/restore, with the audited reason. A hidden comment is gone
 * for other players and from the post's count; its author sees it marked hidden with this reason.
 */
export const adminCommunityCommentResult = adminCommunityComment;

export const adminCommunityReport = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  post_excerpt: z.string(),
  post_status: z.enum(POST_STATUSES),
  reporter: z.string(),
  reason: z.string(),
  status: z.enum(['open', 'resolved']),
  resolved_by: z.number().int().nullable(),
  resolved_at: isoTime.nullable(),
  created_at: isoTime,
});
export type AdminCommunityReport = z.infer<typeof adminCommunityReport>;
/** GET /api/admin/community/reports: open ones first. */
export const adminCommunityReportsQuery = z.strictObject({
  status: z.enum(['open', 'resolved']).optional().default('open'),
  ...pageQuery,
});
export const adminCommunityReportsResult = listResult(adminCommunityReport);
/** POST /api/admin/community/reports/:id/dismiss: the post stays as it is. */
export const adminCommunityReportResult = adminCommunityReport;

export const adminCommunityBan = z.object({
  ...playerFields,
  reason: z.string(),
  banned_by: z.number().int(),
  created_at: isoTime,
});
export type AdminCommunityBan = z.infer<typeof adminCommunityBan>;
export const adminCommunityBansResult = listResult(adminCommunityBan);
export const adminCommunityBansQuery = z.strictObject({ ...pageQuery });
/** POST /api/admin/community/bans: by player id or username. */
export const adminCommunityBanRequest = z.strictObject({
  player_id: intField({ min: 1 }).optional(),
  username: optionalText(64),
  reason: reasonField,
});
export const adminCommunityBanResult = adminCommunityBan;
export const adminCommunityPlayerParams = z.strictObject({ player_id: intField({ min: 1 }) });
/** POST /api/admin/community/bans/:player_id/lift */
export const adminCommunityLiftRequest = z.strictObject({ reason: reasonField });
export const adminCommunityLiftResult = z.literal(true);

/** GET/POST /api/admin/community/settings */
export const adminCommunitySettings = z.object({
  review_required: z.boolean(),
  updated_at: isoTime.nullable(),
});
export const adminCommunitySettingsRequest = z.strictObject({ review_required: flagField() });

export const adminBuyLink = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  link: z.string(),
  note: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  created_at: isoTime,
});
export type AdminBuyLink = z.infer<typeof adminBuyLink>;
/** GET /api/admin/buy-links: all, enabled or not. */
export const adminBuyLinksResult = z.array(adminBuyLink);
/** POST /api/admin/buy-links: the link must be https (checked by the server with a clear message). */
export const adminBuyLinkCreateRequest = z.strictObject({
  name: requiredText(60),
  logo: optionalText(512),
  link: requiredText(512),
  note: optionalText(300),
  sort: sortField.optional().default(0),
  enabled: flagField().optional().default(true),
});
/** POST /api/admin/buy-links/:id: any subset. */
export const adminBuyLinkUpdateRequest = z.strictObject({
  name: requiredText(60).optional(),
  logo: text(512).optional(),
  link: requiredText(512).optional(),
  note: text(300).optional(),
  sort: sortField.optional(),
  enabled: flagField().optional(),
});
export const adminBuyLinkResult = adminBuyLink;
export const adminBuyLinkDeleteResult = z.literal(true);

import { z } from 'zod';
import { flagField, intField, isoTime, listResult, optionalText, pageQuery, text } from './common';

/*
 * The player community (decision 28): posts of at most 500 characters with up to three images, shown to others
 * once an operator approved them; likes, comments and replies, reports; the interaction tab's notifications;
 * and /buy, the operator's list of places to buy USDT. Text is plain text everywhere: the server stores and
 * answers exactly what was written, and every client shows it as text, never as HTML.
 */

export const POST_MAX_CHARS = 500;
export const POST_MAX_IMAGES = 3;
/** The largest image a player may upload, before it is re-encoded (phone photos of 12 MP fit). */
export const POST_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const COMMENT_MAX_CHARS = 200;
export const REPORT_REASON_MAX_CHARS = 100;
/** What the upload accepts, judged by the file's first bytes; everything is stored re-encoded as WebP. */
export const POST_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Where a post stands: 审核中, visible, rejected (with the reason), hidden by an operator. */
export const POST_STATUSES = ['pending', 'approved', 'rejected', 'hidden'] as const;
export type PostStatusName = (typeof POST_STATUSES)[number];

export const communityAuthor = z.object({
  /** The author's name, masked for everyone but the author (`ab***yz`); 官方 posts have an empty name. */
  name: z.string(),
  official: z.boolean(),
});

export const communityPost = z.object({
  id: z.number().int(),
  author: communityAuthor,
  content: z.string().describe('Plain text; show it as text, never as HTML'),
  images: z.array(z.string()).describe('Image URLs (re-encoded WebP served by /api/community/images/:name)'),
  like_count: z.number().int(),
  comment_count: z.number().int(),
  liked: z.boolean().describe('Whether the signed-in player likes it'),
  mine: z.boolean(),
  status: z.enum(POST_STATUSES),
  /** Why an operator rejected or hid it; only the author sees it (empty for others). */
  reason: z.string(),
  created_at: isoTime,
});
export type CommunityPost = z.infer<typeof communityPost>;

export const COMMUNITY_TABS = ['new', 'hot'] as const;
/** GET /api/community/posts: the feed of approved posts, newest first or hot (likes and comments of 7 days). */
export const communityFeedQuery = z.strictObject({
  tab: z.enum(COMMUNITY_TABS).optional().default('new'),
  ...pageQuery,
});
export const communityFeedResult = listResult(communityPost);

/** GET /api/community/my-posts: the player's own posts with their review state. */
export const communityMyPostsQuery = z.strictObject({ ...pageQuery });
export const communityMyPostsResult = listResult(communityPost);

export const communityPostParams = z.strictObject({ id: intField({ min: 1 }) });
/** GET /api/community/posts/:id */
export const communityPostResult = communityPost;

/**
 * POST /api/community/posts: multipart/form-data with `content` and up to three files named `images`
 * (a JSON or form body with `content` alone posts text only). Answers the new post (pending while review is on).
 */
export const communityCreateFields = z.object({ content: text(4000).optional().default('') });

export const communityComment = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  author: communityAuthor,
  /** The comment this one answers (null for a comment on the post) and whom it answers. */
  parent_id: z.number().int().nullable(),
  reply_to: z.string().nullable(),
  content: z.string(),
  mine: z.boolean(),
  /**
   * An operator hid the comment. Other players no longer get it (nor the notification it caused, nor a place
   * in the post's comment count); its author still does, marked hidden, with the operator's reason.
   */
  hidden: z.boolean(),
  hidden_reason: z.string().describe('Why the operator hid it; for its author alone, empty otherwise'),
  created_at: isoTime,
});
export type CommunityComment = z.infer<typeof communityComment>;

/**
 * GET /api/community/posts/:id/comments: oldest first; hidden comments only for their author. A reply to a
 * hidden comment stays: it is its own author's words, and hiding is decided comment by comment.
 */
export const communityCommentsQuery = z.strictObject({ ...pageQuery });
export const communityCommentsResult = listResult(communityComment);

/** POST /api/community/posts/:id/comments */
export const communityCommentRequest = z.strictObject({
  content: text(2000),
  parent_id: intField({ min: 1 }).optional().describe('The comment this replies to'),
});
export const communityCommentResult = communityComment;

/** POST /api/community/posts/:id/like: sets the like (1) or takes it back (0); repeating it changes nothing. */
export const communityLikeRequest = z.strictObject({ liked: flagField().optional().default(true) });
export const communityLikeResult = z.object({ liked: z.boolean(), like_count: z.number().int() });

/** POST /api/community/posts/:id/report */
export const communityReportRequest = z.strictObject({ reason: optionalText(1000) });
export const communityReportResult = z.literal(true);

export const NOTIFICATION_KINDS = ['like', 'comment', 'reply'] as const;
export const communityNotification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  actor: z.string().describe('Masked name of who liked, commented or replied'),
  post_id: z.number().int(),
  post_excerpt: z.string(),
  comment_excerpt: z.string().describe('The comment or reply; empty for a like'),
  read: z.boolean(),
  created_at: isoTime,
});
export type CommunityNotification = z.infer<typeof communityNotification>;
/** GET /api/community/notifications: newest first, with how many are unread. */
export const communityNotificationsQuery = z.strictObject({ ...pageQuery });
export const communityNotificationsResult = listResult(communityNotification).extend({
  unread: z.number().int(),
});
/** POST /api/community/notifications/read: marks every notification read. */
export const communityReadResult = z.object({ unread: z.literal(0) });

/** The status of the player's own standing in the community (banned or not, review on or not). */
export const communityMeResult = z.object({
  banned: z.boolean(),
  review_required: z.boolean(),
  max_chars: z.number().int(),
  max_images: z.number().int(),
  image_max_bytes: z.number().int(),
});

// Buy USDT (/buy)

/** Whether a buy link may be listed: an absolute https URL with a host, nothing else (decision 28). */
export function isHttpsLink(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for.
  if (!value || /[\u0000-\u001f\u007f-\u009f\s]/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const buyLink = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().describe('Image URL; empty shows the name’s first letter'),
  link: z.string().describe('https URL, opened in a new window'),
  note: z.string(),
  sort: z.number().int(),
});
export type BuyLink = z.infer<typeof buyLink>;
/** GET /api/buy/links: enabled places to buy USDT, by sort. */
export const buyLinksResult = z.array(buyLink);

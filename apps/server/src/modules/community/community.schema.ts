import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  bigintNumber,
  counter,
  createdAt,
  doneBy,
  flag,
  id,
  listed,
  rowRef,
  state,
  ts,
  updatedAt,
} from '../../db/columns';
import { players, playerRef } from '../auth/auth.schema';

/**
 * Where a post stands in review (decision 28): written posts wait for an operator when review is on, and are
 * shown to other players only once approved. A hidden post was approved (or pending) and taken down later.
 */
export const PostStatus = { PENDING: 1, APPROVED: 2, REJECTED: 3, HIDDEN: 4 } as const;
export type PostStatusValue = (typeof PostStatus)[keyof typeof PostStatus];

export const communityPosts = pgTable(
  'community_posts',
  {
    id: id(),
    /** The author; null for the operator's own posts (the demo's), shown as 官方. */
    playerId: bigintNumber('player_id').references(() => players.id),
    content: text('content').notNull(),
    /** Stored names of the re-encoded images (`<sha256>.webp`), at most three, in the author's order. */
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: state('status', PostStatus.PENDING),
    /** Why an operator rejected or hid the post; shown to its author. */
    reason: text('reason').notNull().default(''),
    likeCount: counter('like_count'),
    commentCount: counter('comment_count'),
    ...doneBy('reviewed'),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [
    index('community_posts_status_idx').on(t.status, t.createdAt),
    index('community_posts_player_idx').on(t.playerId, t.createdAt),
    // Serving an image asks which posts carry its name (`images @> array[name]`), on every image request.
    index('community_posts_images_idx').using('gin', t.images),
  ],
);

/** One row per player who likes a post: the primary key makes a second like of the same player impossible. */
export const communityLikes = pgTable(
  'community_likes',
  {
    postId: rowRef('post_id', () => communityPosts.id),
    playerId: playerRef(),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.playerId] })],
);

export const communityComments = pgTable(
  'community_comments',
  {
    id: id(),
    postId: rowRef('post_id', () => communityPosts.id),
    playerId: playerRef(),
    /** The comment this one replies to (one level: replies to a reply point at the same thread). */
    parentId: bigintNumber('parent_id'),
    /** Whom the reply addresses (the parent's author), so a reply to a reply names the right person. */
    replyToPlayerId: bigintNumber('reply_to_player_id'),
    content: text('content').notNull(),
    /**
     * Which operator hid the comment and when (null while it is shown). A hidden comment is gone for other
     * players and left out of the post's comment count; its author still sees it, marked hidden with the
     * reason.
     */
    ...doneBy('hidden'),
    /** Why the operator hid the comment; shown to its author alone. */
    hiddenReason: text('hidden_reason').notNull().default(''),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [index('community_comments_post_idx').on(t.postId, t.id)],
);

export const ReportStatus = { OPEN: 1, RESOLVED: 2 } as const;

export const communityReports = pgTable(
  'community_reports',
  {
    id: id(),
    postId: rowRef('post_id', () => communityPosts.id),
    playerId: playerRef(),
    reason: text('reason').notNull(),
    status: state('status', ReportStatus.OPEN),
    ...doneBy('resolved'),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [
    // One report per player and post: reporting again changes nothing, and one player cannot pile reports up.
    uniqueIndex('community_reports_post_player_uq').on(t.postId, t.playerId),
    index('community_reports_status_idx').on(t.status, t.createdAt),
  ],
);

export const NotificationKind = { LIKE: 1, COMMENT: 2, REPLY: 3 } as const;

/** What the interaction tab lists: someone liked, commented on or replied to something of the recipient's. */
export const communityNotifications = pgTable(
  'community_notifications',
  {
    id: id(),
    playerId: playerRef(),
    actorId: rowRef('actor_id', () => players.id),
    kind: smallint('kind').notNull(),
    postId: rowRef('post_id', () => communityPosts.id),
    commentId: bigintNumber('comment_id'),
    readAt: ts('read_at'),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [
    index('community_notifications_player_idx').on(t.playerId, t.id),
    // A like notifies once per liker and post, however often the like is taken back and given again.
    uniqueIndex('community_notifications_like_uq')
      .on(t.playerId, t.actorId, t.postId)
      .where(sql`kind = 1`),
  ],
);

/** Players an operator stopped from posting and commenting; lifting the ban deletes the row. */
export const communityBans = pgTable('community_bans', {
  playerId: bigintNumber('player_id')
    .primaryKey()
    .references(() => players.id),
  reason: text('reason').notNull(),
  bannedBy: bigintNumber('banned_by').notNull(),
  createdAt: createdAt().defaultNow(),
});

/** The community's one settings row (id 1): whether posts wait for review (decision 28: on by default). */
export const communitySettings = pgTable('community_settings', {
  id: integer('id').primaryKey(),
  reviewRequired: flag('review_required', true),
  updatedAt: updatedAt().defaultNow(),
});

/** Places to buy USDT that the operator lists on /buy (decision 28); Koi itself sells nothing. */
export const buyLinks = pgTable('buy_links', {
  id: id(),
  name: text('name').notNull(),
  logo: text('logo').notNull().default(''),
  link: text('link').notNull(),
  note: text('note').notNull().default(''),
  ...listed(),
  createdAt: createdAt().defaultNow(),
});

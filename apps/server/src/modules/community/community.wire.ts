import type {
  AdminBuyLink,
  AdminCommunityBan,
  AdminCommunityComment,
  AdminCommunityPost,
  AdminCommunityReport,
  BuyLink,
  CommunityComment,
  CommunityNotification,
  CommunityPost,
} from '@koi/contract';
import { consoleWire } from '../../lib/console-wire';
import { NAME_OF_STATUS } from './community.admin';
import type {
  BanRow,
  BuyLinkRow,
  CommentRow,
  NotificationRow,
  PostRow,
  ReportRow,
} from './community.repository';
import { PostStatus } from './community.schema';
import { excerpt, maskName } from './community.text';

/* The community module's one mapping from its camelCase rows to the snake_case wire (decision 3). */

type Names = Map<number, string>;

/** Where the player app loads a stored image from (community.routes.ts serves it to who may see the post). */
export const imageUrl = (name: string) => `/api/community/images/${name}`;
/** Where the console loads one from (community.admin.routes.ts, any post's for the community permission). */
export const adminImageUrl = (name: string) => `/api/admin/community/images/${name}`;

const author = (playerId: number | null, names: Names, viewer: number) => ({
  name:
    playerId === null
      ? ''
      : playerId === viewer
        ? (names.get(playerId) ?? '')
        : maskName(names.get(playerId) ?? ''),
  official: playerId === null,
});

export const postWire = (p: PostRow, names: Names, viewer: number): CommunityPost => {
  const mine = p.playerId === viewer;
  return {
    id: p.id,
    author: author(p.playerId, names, viewer),
    content: p.content,
    images: p.images.map(imageUrl),
    like_count: p.likeCount,
    comment_count: p.commentCount,
    liked: p.liked,
    mine,
    status: NAME_OF_STATUS[p.status]!,
    // An operator's reason is for the author alone.
    reason: mine ? p.reason : '',
    created_at: p.createdAt.toISOString(),
  };
};

export const commentWire = (c: CommentRow, names: Names, viewer: number): CommunityComment => ({
  id: c.id,
  post_id: c.postId,
  author: author(c.playerId, names, viewer),
  parent_id: c.parentId,
  reply_to: c.replyToPlayerId === null ? null : author(c.replyToPlayerId, names, viewer).name,
  content: c.content,
  mine: c.playerId === viewer,
  hidden: c.hiddenAt !== null,
  // An operator's reason is for the author alone (others never get a hidden comment at all).
  hidden_reason: c.playerId === viewer ? c.hiddenReason : '',
  created_at: c.createdAt.toISOString(),
});

export const adminCommentWire = (c: CommentRow, names: Names): AdminCommunityComment => ({
  id: c.id,
  post_id: c.postId,
  player_id: c.playerId,
  username: names.get(c.playerId) ?? '',
  parent_id: c.parentId,
  reply_to: c.replyToPlayerId === null ? null : (names.get(c.replyToPlayerId) ?? ''),
  content: c.content,
  hidden: c.hiddenAt !== null,
  hidden_reason: c.hiddenReason,
  hidden_by: c.hiddenBy,
  hidden_at: c.hiddenAt ? c.hiddenAt.toISOString() : null,
  created_at: c.createdAt.toISOString(),
});

const KIND_NAMES = { 1: 'like', 2: 'comment', 3: 'reply' } as const;

export const notificationWire = (n: NotificationRow, names: Names): CommunityNotification => ({
  id: n.id,
  kind: KIND_NAMES[n.kind as 1 | 2 | 3],
  actor: maskName(names.get(n.actorId) ?? ''),
  post_id: n.postId,
  post_excerpt: excerpt(n.postContent),
  comment_excerpt: n.commentContent === null ? '' : excerpt(n.commentContent, 60),
  read: n.readAt !== null,
  created_at: n.createdAt.toISOString(),
});

export const buyLinkWire = (b: BuyLinkRow): BuyLink => ({
  id: b.id,
  name: b.name,
  logo: b.logo,
  link: b.link,
  note: b.note,
  sort: b.sort,
});

export const adminBuyLinkWire: (b: BuyLinkRow) => AdminBuyLink = consoleWire(buyLinkWire);

export const adminPostWire = (
  p: PostRow,
  ctx: { names: Names; reports: Map<number, number>; banned: Set<number> },
): AdminCommunityPost => ({
  id: p.id,
  player_id: p.playerId,
  username: p.playerId === null ? '' : (ctx.names.get(p.playerId) ?? ''),
  content: p.content,
  images: p.images.map(adminImageUrl),
  status: NAME_OF_STATUS[p.status]!,
  reason: p.reason,
  like_count: p.likeCount,
  comment_count: p.commentCount,
  open_reports: ctx.reports.get(p.id) ?? 0,
  author_banned: p.playerId !== null && ctx.banned.has(p.playerId),
  reviewed_by: p.reviewedBy,
  reviewed_at: p.reviewedAt ? p.reviewedAt.toISOString() : null,
  created_at: p.createdAt.toISOString(),
});

export const adminReportWire = (
  r: ReportRow & { postContent: string; postStatus: number },
  names: Names,
): AdminCommunityReport => ({
  id: r.id,
  post_id: r.postId,
  post_excerpt: excerpt(r.postContent, 80),
  post_status: NAME_OF_STATUS[r.postStatus] ?? NAME_OF_STATUS[PostStatus.PENDING]!,
  reporter: names.get(r.playerId) ?? '',
  reason: r.reason,
  status: r.status === 1 ? 'open' : 'resolved',
  resolved_by: r.resolvedBy,
  resolved_at: r.resolvedAt ? r.resolvedAt.toISOString() : null,
  created_at: r.createdAt.toISOString(),
});

export const adminBanWire = (b: BanRow, names: Names): AdminCommunityBan => ({
  player_id: b.playerId,
  username: names.get(b.playerId) ?? '',
  reason: b.reason,
  banned_by: b.bannedBy,
  created_at: b.createdAt.toISOString(),
});

import { COMMENT_MAX_CHARS, POST_MAX_CHARS, POST_MAX_IMAGES, REPORT_REASON_MAX_CHARS } from '@koi/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { pageWindow } from '../../lib/paging';
import type { AuthService } from '../auth';
import type { BalanceHub } from '../events';
import { IMAGE_NAME, type ImageStore, type StagedImage } from './community.images';
import {
  createCommunityRepository,
  NotificationKind,
  PostStatus,
  type CommentRow,
  type PostRow,
} from './community.repository';
import { charCount, cleanText } from './community.text';

/*
 * The player's side of the community (decision 28). A post is written by a player who is not banned, checked
 * (text length, image count, every image by content) before anything is stored, and waits for an operator
 * while review is on (the default); others see it only once approved, its author sees it all along with its
 * state. Likes are one row per player and post, so a like given twice, or fifty times at once, is one like;
 * the post's counter moves in the same transaction as that row. Comments and replies notify the people they
 * concern, never the one who wrote them; once the notification has committed, the recipient's open streams are
 * told (`notification` on /api/plat/events), so the interaction tab updates without being reopened.
 */

type Paging = { page: number; size: number };

/**
 * How old a staged image must be before the sweep settles it: far longer than an insert of one row takes, so
 * the sweep does not meet an insert still running. Should one be slower still, nothing is lost: the sweep
 * moves the file into place once the row exists, and `promote` writes the bytes it holds when the file is gone.
 */
export const STAGED_MAX_AGE_MS = 15 * 60_000;

export function createCommunityService(deps: {
  db: Db;
  clock: Clock;
  images: ImageStore;
  players: Pick<AuthService, 'usernamesOf'>;
  /** Tells recipients' open streams of new notifications, after commit (events module's hub). */
  signals?: Pick<BalanceHub, 'publish'>;
}) {
  const { db, clock, images, players } = deps;
  const signal = (recipients: number[]) => {
    if (recipients.length) deps.signals?.publish(recipients, 'notification');
  };
  const repo = createCommunityRepository(db);

  const refuseBanned = async (playerId: number) => {
    if (await repo.findBan(playerId)) throw new AppError('COMMUNITY_BANNED');
  };

  /** A post the player may see: approved, or their own in any state. */
  const visiblePost = async (postId: number, viewer: number): Promise<PostRow> => {
    const post = await repo.findPost(postId, viewer);
    if (!post || (post.status !== PostStatus.APPROVED && post.playerId !== viewer)) {
      throw new AppError('POST_NOT_FOUND');
    }
    return post;
  };

  /** An approved post (likes, comments and reports are for posts others can see). */
  const approvedPost = async (postId: number, viewer: number): Promise<PostRow> => {
    const post = await repo.findPost(postId, viewer);
    if (!post || post.status !== PostStatus.APPROVED) throw new AppError('POST_NOT_FOUND');
    return post;
  };

  const namesOf = (ids: (number | null)[]) =>
    players.usernamesOf([...new Set(ids.filter((id): id is number => id !== null))]);

  return {
    async me(playerId: number) {
      return { banned: (await repo.findBan(playerId)) !== null, reviewRequired: await repo.reviewRequired() };
    },

    async feed(viewer: number, tab: 'new' | 'hot', paging: Paging) {
      const page = await repo.feed(viewer, tab, clock.now(), pageWindow(paging));
      return { ...page, names: await namesOf(page.rows.map((r) => r.playerId)) };
    },

    async myPosts(playerId: number, paging: Paging) {
      const page = await repo.myPosts(playerId, pageWindow(paging));
      return { ...page, names: await namesOf([playerId]) };
    },

    async post(postId: number, viewer: number) {
      const post = await visiblePost(postId, viewer);
      return { post, names: await namesOf([post.playerId]) };
    },

    /**
     * Writes a post: text of 1–500 characters and at most three images, each re-encoded (community.images.ts).
     * Every check runs before the first image is written; the images are staged before the insert and moved
     * into place after it committed, so a refused or failed post leaves no file behind.
     */
    async create(playerId: number, input: { content: string; images: Buffer[] }) {
      await refuseBanned(playerId);
      const content = cleanText(input.content);
      if (content === '') throw new AppError('POST_EMPTY');
      const length = charCount(content);
      if (length > POST_MAX_CHARS) throw new AppError('POST_TOO_LONG', { max: POST_MAX_CHARS, length });
      if (input.images.length > POST_MAX_IMAGES) {
        throw new AppError('POST_TOO_MANY_IMAGES', { max: POST_MAX_IMAGES });
      }
      const encoded = [];
      for (const file of input.images) encoded.push(await images.reencode(file));
      const staged: StagedImage[] = [];
      let row;
      try {
        for (const image of encoded) staged.push(await images.stage(image.webp));
        const review = await repo.reviewRequired();
        row = await repo.insertPost({
          playerId,
          content,
          images: staged.map((image) => image.name),
          status: review ? PostStatus.PENDING : PostStatus.APPROVED,
          createdAt: clock.now(),
        });
      } catch (error) {
        await images.discard(staged);
        throw error;
      }
      for (const image of staged) await images.promote(image);
      return { post: { ...row, liked: false }, names: await namesOf([playerId]) };
    },

    /**
     * Sets the player's like of a post (`liked`) or takes it back; setting what is already set changes
     * nothing, so repeated and concurrent calls end in the same single like.
     */
    async like(playerId: number, postId: number, liked: boolean) {
      await approvedPost(postId, playerId);
      const notified: number[] = [];
      const result = await db.transaction(async (tx) => {
        const r = createCommunityRepository(tx);
        const now = clock.now();
        if (liked) {
          if (await r.addLike(postId, playerId, now)) {
            const likeCount = await r.bumpLikes(postId, 1);
            const post = (await r.findPost(postId, null))!;
            if (post.playerId !== null && post.playerId !== playerId) {
              const added = await r.addNotification({
                playerId: post.playerId,
                actorId: playerId,
                kind: NotificationKind.LIKE,
                postId,
                createdAt: now,
              });
              if (added) notified.push(post.playerId);
            }
            return { liked: true, likeCount };
          }
        } else if (await r.removeLike(postId, playerId)) {
          return { liked: false, likeCount: await r.bumpLikes(postId, -1) };
        }
        return { liked, likeCount: (await r.findPost(postId, null))!.likeCount };
      });
      signal(notified);
      return result;
    },

    async comments(postId: number, viewer: number, paging: Paging) {
      await visiblePost(postId, viewer);
      const page = await repo.comments(postId, viewer, pageWindow(paging));
      const names = await namesOf(page.rows.flatMap((c) => [c.playerId, c.replyToPlayerId]));
      return { ...page, names };
    },

    /** A comment on an approved post, or a reply to one of its comments (threads are one level deep). */
    async comment(playerId: number, postId: number, input: { content: string; parentId?: number }) {
      await refuseBanned(playerId);
      const post = await approvedPost(postId, playerId);
      const content = cleanText(input.content);
      if (content === '') throw new AppError('COMMENT_EMPTY');
      const length = charCount(content);
      if (length > COMMENT_MAX_CHARS)
        throw new AppError('COMMENT_TOO_LONG', { max: COMMENT_MAX_CHARS, length });
      let parent: CommentRow | null = null;
      if (input.parentId !== undefined) {
        parent = await repo.findComment(input.parentId);
        // A hidden comment cannot be answered: others no longer see it.
        if (!parent || parent.postId !== postId || parent.hiddenAt !== null) {
          throw new AppError('COMMENT_NOT_FOUND');
        }
      }
      const notified: number[] = [];
      const comment = await db.transaction(async (tx) => {
        const r = createCommunityRepository(tx);
        const now = clock.now();
        const row = await r.insertComment({
          postId,
          playerId,
          parentId: parent ? (parent.parentId ?? parent.id) : null,
          replyToPlayerId: parent ? parent.playerId : null,
          content,
          createdAt: now,
        });
        await r.bumpComments(postId);
        const notify = async (recipient: number | null, kind: number) => {
          if (recipient === null || recipient === playerId) return;
          const added = await r.addNotification({
            playerId: recipient,
            actorId: playerId,
            kind,
            postId,
            commentId: row.id,
            createdAt: now,
          });
          if (added) notified.push(recipient);
        };
        if (parent) await notify(parent.playerId, NotificationKind.REPLY);
        if (!parent || parent.playerId !== post.playerId)
          await notify(post.playerId, NotificationKind.COMMENT);
        return row;
      });
      signal(notified);
      return { comment, names: await namesOf([playerId, comment.replyToPlayerId]) };
    },

    /** Reports an approved post; a second report of the same player changes nothing. */
    async report(playerId: number, postId: number, reason: string) {
      await approvedPost(postId, playerId);
      const text = cleanText(reason);
      if (text === '' || charCount(text) > REPORT_REASON_MAX_CHARS) {
        throw new AppError('REPORT_REASON_INVALID', { max: REPORT_REASON_MAX_CHARS });
      }
      await repo.addReport({ postId, playerId, reason: text, createdAt: clock.now() });
      return true as const;
    },

    async notifications(playerId: number, paging: Paging) {
      const page = await repo.notifications(playerId, pageWindow(paging));
      return { ...page, names: await namesOf(page.rows.map((n) => n.actorId)) };
    },

    async markRead(playerId: number) {
      await repo.markRead(playerId, clock.now());
      return { unread: 0 as const };
    },

    buyLinks: () => repo.enabledBuyLinks(),

    /**
     * A stored image, when a post the viewer may see carries it (approved, or their own in any state); null
     * otherwise, exactly as for a name nothing carries, so the answer tells nothing about hidden posts.
     */
    async image(name: string, viewer: number): Promise<Buffer | null> {
      if (!IMAGE_NAME.test(name)) return null;
      const posts = await repo.postsCarrying(name);
      const visible = posts.some((p) => p.status === PostStatus.APPROVED || p.playerId === viewer);
      return visible ? images.read(name) : null;
    },

    /** Settles images staged by inserts that never finished and are older than `STAGED_MAX_AGE_MS`. */
    sweepStagedImages: () =>
      images.sweep(new Date(clock.now().getTime() - STAGED_MAX_AGE_MS), (names) =>
        repo.referencedImages(names),
      ),
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;

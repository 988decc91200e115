import { isHttpsLink, isSafeLink, type PostStatusName } from '@koi/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { pageWindow } from '../../lib/paging';
import { auditedRows, type AuditWrite } from '../audit';
import type { AuthService } from '../auth';
import { createCommunityRepository, PostStatus, ReportStatus, type BuyLinkRow } from './community.repository';
import { IMAGE_NAME, type ImageStore } from './community.images';
import type { PostStatusValue } from './community.schema';

/*
 * The console's side of the community: the review queue (approve, or reject with a reason the author sees),
 * hiding a post that is up (and restoring it), hiding and restoring comments, reports, bans from posting, whether review is on, and the /buy
 * list. Every change runs in one transaction with its audit entry, and checks the state it changes under a row
 * lock, so two operators deciding the same post at once cannot both win.
 */

export const STATUS_OF_NAME: Record<PostStatusName, PostStatusValue> = {
  pending: PostStatus.PENDING,
  approved: PostStatus.APPROVED,
  rejected: PostStatus.REJECTED,
  hidden: PostStatus.HIDDEN,
};
export const NAME_OF_STATUS = Object.fromEntries(
  Object.entries(STATUS_OF_NAME).map(([name, value]) => [value, name]),
) as Record<number, PostStatusName>;
const STATUS_WORDS: Record<PostStatusName, { zh: string; en: string }> = {
  pending: { zh: '审核中', en: 'under review' },
  approved: { zh: '已通过', en: 'approved' },
  rejected: { zh: '已驳回', en: 'rejected' },
  hidden: { zh: '已下架', en: 'hidden' },
};

type BuyLinkFields = Pick<BuyLinkRow, 'name' | 'logo' | 'link' | 'note' | 'sort' | 'enabled'>;

/** A buy link must be https (decision 28); a logo is empty, an https image or a path on Koi's own site. */
function checkBuyLink(fields: Partial<BuyLinkFields>) {
  if (fields.link !== undefined && !isHttpsLink(fields.link)) {
    throw new AppError('BUY_LINK_INVALID', {
      reason: { zh: '链接须为 https:// 开头的完整网址', en: 'the link must be a full https:// address' },
    });
  }
  if (
    fields.logo !== undefined &&
    fields.logo !== '' &&
    !isHttpsLink(fields.logo) &&
    !(fields.logo.startsWith('/') && isSafeLink(fields.logo))
  ) {
    throw new AppError('BUY_LINK_INVALID', {
      reason: {
        zh: '图标须为 https:// 图片地址或站内路径',
        en: 'the logo must be an https:// image or a site path',
      },
    });
  }
}

/** The console's review decisions on a post (community.admin.routes.ts declares one route per verb). */
export const POST_DECISIONS = {
  approve: { from: [PostStatus.PENDING], to: PostStatus.APPROVED, keepsReason: false },
  reject: { from: [PostStatus.PENDING], to: PostStatus.REJECTED, keepsReason: true },
  hide: { from: [PostStatus.PENDING, PostStatus.APPROVED], to: PostStatus.HIDDEN, keepsReason: true },
  restore: { from: [PostStatus.HIDDEN], to: PostStatus.APPROVED, keepsReason: false },
} as const satisfies Record<string, { from: PostStatusValue[]; to: PostStatusValue; keepsReason: boolean }>;
export type PostDecision = keyof typeof POST_DECISIONS;

export function createCommunityAdmin(deps: {
  db: Db;
  clock: Clock;
  images: Pick<ImageStore, 'read'>;
  players: Pick<AuthService, 'usernamesOf' | 'playerIdByUsername'>;
}) {
  const { db, clock, images, players } = deps;
  const repo = createCommunityRepository(db);
  const buyLinkRows = auditedRows(db, {
    insert: (tx, fields: BuyLinkFields) =>
      createCommunityRepository(tx).insertBuyLink({ ...fields, createdAt: clock.now() }),
    lock: (tx, id) => createCommunityRepository(tx).lockBuyLink(id),
    update: async (tx, id, set: Partial<BuyLinkFields>) =>
      (await createCommunityRepository(tx).updateBuyLink(id, set))!,
    remove: (tx, id) => createCommunityRepository(tx).deleteBuyLink(id),
    notFound: 'BUY_LINK_NOT_FOUND',
  });

  /** Moves a post from one of `from` to `to` under its row lock, with the audit entry in the same transaction. */
  const decide = (
    id: number,
    operatorId: number,
    from: readonly PostStatusValue[],
    to: PostStatusValue,
    reason: string,
    audit: AuditWrite,
  ) =>
    db.transaction(async (tx) => {
      const r = createCommunityRepository(tx);
      const before = await r.lockPost(id);
      if (!before) throw new AppError('POST_NOT_FOUND');
      if (!from.includes(before.status as PostStatusValue)) {
        throw new AppError('POST_NOT_PENDING', { status: STATUS_WORDS[NAME_OF_STATUS[before.status]!] });
      }
      const now = clock.now();
      const after = (await r.updatePost(id, {
        status: to,
        reason,
        reviewedBy: operatorId,
        reviewedAt: now,
      }))!;
      // Hiding a post answers the reports against it.
      if (to === PostStatus.HIDDEN) await r.resolveReportsOf(id, operatorId, now);
      await audit(tx, {
        before: { status: NAME_OF_STATUS[before.status], reason: before.reason },
        after: { status: NAME_OF_STATUS[after.status], reason: after.reason },
      });
      return after;
    });

  /** Posts with what the console shows beside them: usernames, open reports, whether the author is banned. */
  const withContext = async <R extends { id: number; playerId: number | null }>(rows: R[]) => {
    const authorIds = [...new Set(rows.map((r) => r.playerId).filter((id): id is number => id !== null))];
    const [names, reports, banned] = await Promise.all([
      players.usernamesOf(authorIds),
      repo.openReportCounts(rows.map((r) => r.id)),
      repo.bannedAmong(authorIds),
    ]);
    return { names, reports, banned };
  };

  return {
    async posts(
      filter: { status?: PostStatusName; playerId?: number },
      paging: { page: number; size: number },
    ) {
      const page = await repo.adminPosts(
        { status: filter.status ? STATUS_OF_NAME[filter.status] : undefined, playerId: filter.playerId },
        pageWindow(paging),
      );
      return { ...page, ...(await withContext(page.rows)) };
    },

    async postContext(id: number) {
      const post = await repo.findPost(id, null);
      if (!post) throw new AppError('POST_NOT_FOUND');
      return { post, ...(await withContext([post])) };
    },

    /**
     * The review decisions, by the verb the console's route names: from which states each moves a post, to
     * which, and whether the reason is kept for the author (approving and restoring clear it).
     */
    decide: (verb: PostDecision, id: number, operatorId: number, reason: string, audit: AuditWrite) => {
      const move = POST_DECISIONS[verb];
      return decide(id, operatorId, move.from, move.to, move.keepsReason ? reason : '', audit);
    },

    /** A post's comments for the console: all of them, hidden ones with who hid them and why. */
    async comments(postId: number, paging: { page: number; size: number }) {
      if (!(await repo.findPost(postId, null))) throw new AppError('POST_NOT_FOUND');
      const page = await repo.comments(postId, null, pageWindow(paging));
      const ids = page.rows.flatMap((c) => [c.playerId, c.replyToPlayerId ?? c.playerId]);
      return { ...page, names: await players.usernamesOf([...new Set(ids)]) };
    },

    /**
     * Hides a shown comment (`hidden` true) or shows a hidden one again, under its row lock and with the audit
     * entry in the same transaction; the post's comment count follows, so it counts what players see.
     */
    async setCommentHidden(
      id: number,
      hidden: boolean,
      operatorId: number,
      reason: string,
      audit: AuditWrite,
    ) {
      const row = await db.transaction(async (tx) => {
        const r = createCommunityRepository(tx);
        const before = await r.lockComment(id);
        if (!before) throw new AppError('COMMUNITY_COMMENT_NOT_FOUND');
        if ((before.hiddenAt !== null) === hidden) {
          throw new AppError(hidden ? 'COMMENT_ALREADY_HIDDEN' : 'COMMENT_NOT_HIDDEN');
        }
        const after = (await r.updateComment(id, {
          hiddenAt: hidden ? clock.now() : null,
          hiddenBy: hidden ? operatorId : null,
          hiddenReason: hidden ? reason : '',
        }))!;
        await r.bumpComments(before.postId, hidden ? -1 : 1);
        const state = (c: typeof before) => ({ hidden: c.hiddenAt !== null, reason: c.hiddenReason });
        await audit(tx, { before: state(before), after: { ...state(after), post_id: after.postId } });
        return after;
      });
      return { row, names: await players.usernamesOf([row.playerId]) };
    },

    /** A stored image for the console: any post's, whatever its state; null for a name no post carries. */
    async image(name: string): Promise<Buffer | null> {
      if (!IMAGE_NAME.test(name)) return null;
      return (await repo.postsCarrying(name)).length > 0 ? images.read(name) : null;
    },

    async reports(status: 'open' | 'resolved', paging: { page: number; size: number }) {
      const page = await repo.reports(
        status === 'open' ? ReportStatus.OPEN : ReportStatus.RESOLVED,
        pageWindow(paging),
      );
      return { ...page, names: await players.usernamesOf([...new Set(page.rows.map((r) => r.playerId))]) };
    },

    async dismissReport(id: number, operatorId: number, audit: AuditWrite) {
      const row = await db.transaction(async (tx) => {
        const r = createCommunityRepository(tx);
        const before = await r.lockReport(id);
        if (!before || before.status !== ReportStatus.OPEN) throw new AppError('REPORT_NOT_FOUND');
        const after = (await r.updateReport(id, {
          status: ReportStatus.RESOLVED,
          resolvedBy: operatorId,
          resolvedAt: clock.now(),
        }))!;
        await audit(tx, { before: { status: 'open' }, after: { status: 'resolved', post_id: after.postId } });
        return after;
      });
      const post = (await repo.findPost(row.postId, null))!;
      const names = await players.usernamesOf([row.playerId]);
      return { ...row, postContent: post.content, postStatus: post.status, names };
    },

    async bans(paging: { page: number; size: number }) {
      const page = await repo.bans(pageWindow(paging));
      return { ...page, names: await players.usernamesOf(page.rows.map((r) => r.playerId)) };
    },

    /** The player by id or username (the console form takes either). */
    async resolvePlayer(input: { playerId?: number; username: string }): Promise<number> {
      if (input.playerId !== undefined) {
        const names = await players.usernamesOf([input.playerId]);
        if (names.has(input.playerId)) return input.playerId;
      } else if (input.username !== '') {
        const id = await players.playerIdByUsername(input.username);
        if (id !== null) return id;
      }
      throw new AppError('PLAYER_NOT_FOUND_COMMUNITY');
    },

    async ban(playerId: number, operatorId: number, reason: string, audit: AuditWrite) {
      const row = await db.transaction(async (tx) => {
        const r = createCommunityRepository(tx);
        const before = await r.findBan(playerId);
        const after = await r.ban({ playerId, reason, bannedBy: operatorId, createdAt: clock.now() });
        await audit(tx, { before, after });
        return after;
      });
      return { row, names: await players.usernamesOf([playerId]) };
    },

    async lift(playerId: number, audit: AuditWrite) {
      await db.transaction(async (tx) => {
        const before = await createCommunityRepository(tx).lift(playerId);
        if (!before) throw new AppError('COMMUNITY_NOT_BANNED');
        await audit(tx, { before });
      });
      return true as const;
    },

    async settings() {
      const row = await repo.settings();
      return { reviewRequired: row ? row.reviewRequired : true, updatedAt: row?.updatedAt ?? null };
    },

    async setSettings(reviewRequired: boolean, audit: AuditWrite) {
      return db.transaction(async (tx) => {
        const r = createCommunityRepository(tx);
        const before = await r.reviewRequired();
        const row = await r.setReviewRequired(reviewRequired, clock.now());
        await audit(tx, { before: { review_required: before }, after: { review_required: reviewRequired } });
        return { reviewRequired: row.reviewRequired, updatedAt: row.updatedAt };
      });
    },

    buyLinks: () => repo.allBuyLinks(),

    async createBuyLink(fields: BuyLinkFields, audit: AuditWrite) {
      checkBuyLink(fields);
      return buyLinkRows.create(fields, audit);
    },

    async updateBuyLink(id: number, patch: Partial<BuyLinkFields>, audit: AuditWrite) {
      checkBuyLink(patch);
      return buyLinkRows.update(id, patch, audit);
    },

    deleteBuyLink: buyLinkRows.remove,
  };
}

export type CommunityAdmin = ReturnType<typeof createCommunityAdmin>;

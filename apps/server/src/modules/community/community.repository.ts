import { and, asc, desc, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countRows } from '../../db/client';
import {
  findRow,
  insertNew,
  insertRow,
  keysPresent,
  lockRow,
  pageWithTotal,
  selectPage,
  selectRows,
  updateRow,
} from '../../db/rows';
import type { PageWindow } from '../../lib/paging';
import {
  buyLinks,
  communityBans,
  communityComments,
  communityLikes,
  communityNotifications,
  communityPosts,
  communityReports,
  communitySettings,
  NotificationKind,
  PostStatus,
  ReportStatus,
  type PostStatusValue,
} from './community.schema';

export type PostRow = typeof communityPosts.$inferSelect & { liked: boolean };
export type CommentRow = typeof communityComments.$inferSelect;
export type ReportRow = typeof communityReports.$inferSelect;
export type BanRow = typeof communityBans.$inferSelect;
export type BuyLinkRow = typeof buyLinks.$inferSelect;
export type NotificationRow = typeof communityNotifications.$inferSelect & {
  postContent: string;
  commentContent: string | null;
};

/**
 * How hot a post is: its likes and (twice weighted) comments, divided by its age in hours plus two to the
 * power 1.5, so a post with many reactions yesterday falls below a lively one of this hour (the ranking news
 * aggregators use). The age is counted from `now`, the service's clock.
 */
const hotScore = (now: Date) =>
  sql`(${communityPosts.likeCount} + 2 * ${communityPosts.commentCount} + 1)::float8
      / power(greatest(extract(epoch from (${now.toISOString()}::timestamptz - ${communityPosts.createdAt})) / 3600, 0) + 2, 1.5)`;

export function createCommunityRepository(db: DbOrTx) {
  /** The post's columns and whether `viewer` likes it. */
  const postColumns = (viewer: number | null) => ({
    ...getTableColumns(communityPosts),
    liked:
      viewer === null
        ? sql<boolean>`false`
        : sql<boolean>`exists (select 1 from ${communityLikes} where ${communityLikes.postId} = ${communityPosts.id} and ${communityLikes.playerId} = ${viewer})`,
  });

  const postsPage = (viewer: number | null, where: SQL | undefined, orderBy: SQL[], page: PageWindow) =>
    pageWithTotal(db, communityPosts, db.select(postColumns(viewer)).from(communityPosts).$dynamic(), {
      where,
      orderBy,
      ...page,
    });

  return {
    insertPost: (row: typeof communityPosts.$inferInsert) => insertRow(db, communityPosts, row),

    /** Approved posts, newest first or hottest first. */
    feed: (viewer: number, tab: 'new' | 'hot', now: Date, page: PageWindow) =>
      postsPage(
        viewer,
        eq(communityPosts.status, PostStatus.APPROVED),
        tab === 'hot'
          ? [desc(hotScore(now)), desc(communityPosts.id)]
          : [desc(communityPosts.createdAt), desc(communityPosts.id)],
        page,
      ),

    myPosts: (playerId: number, page: PageWindow) =>
      postsPage(
        playerId,
        eq(communityPosts.playerId, playerId),
        [desc(communityPosts.createdAt), desc(communityPosts.id)],
        page,
      ),

    async findPost(id: number, viewer: number | null): Promise<PostRow | null> {
      const [row] = await db
        .select(postColumns(viewer))
        .from(communityPosts)
        .where(eq(communityPosts.id, id));
      return row ?? null;
    },

    lockPost: (id: number) => lockRow(db, communityPosts, eq(communityPosts.id, id)),

    /** Who may see the posts that carry an image (its status and author); none for a name no post has. */
    postsCarrying: (name: string) =>
      db
        .select({ status: communityPosts.status, playerId: communityPosts.playerId })
        .from(communityPosts)
        .where(sql`${communityPosts.images} @> array[${name}]::text[]`),

    /** Those of `names` that some post carries. */
    async referencedImages(names: string[]): Promise<Set<string>> {
      if (names.length === 0) return new Set();
      const list = sql`array[${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )}]::text[]`;
      const rows = await db
        .selectDistinct({ name: sql<string>`unnest(${communityPosts.images})` })
        .from(communityPosts)
        .where(sql`${communityPosts.images} && ${list}`);
      const wanted = new Set(names);
      return new Set(rows.map((r) => r.name).filter((n) => wanted.has(n)));
    },

    // ----- likes -----

    /** Records the like; false when the player already liked the post (the primary key decides). */
    addLike: (postId: number, playerId: number, now: Date) =>
      insertNew(db, communityLikes, { postId, playerId, createdAt: now }),

    async removeLike(postId: number, playerId: number): Promise<boolean> {
      const rows = await db
        .delete(communityLikes)
        .where(and(eq(communityLikes.postId, postId), eq(communityLikes.playerId, playerId)))
        .returning({ gone: sql`1` });
      return rows.length === 1;
    },

    /** Moves the post's counter by `delta` in the same statement as reading it back. */
    async bumpLikes(postId: number, delta: number): Promise<number> {
      const [row] = await db
        .update(communityPosts)
        .set({ likeCount: sql`${communityPosts.likeCount} + ${delta}` })
        .where(eq(communityPosts.id, postId))
        .returning({ likeCount: communityPosts.likeCount });
      return row!.likeCount;
    },

    likeCountOf: async (postId: number) =>
      (await countRows(db, communityLikes, eq(communityLikes.postId, postId))) as number,

    // ----- comments -----

    insertComment: (row: typeof communityComments.$inferInsert) => insertRow(db, communityComments, row),

    findComment: (id: number) => findRow(db, communityComments, eq(communityComments.id, id)),

    lockComment: (id: number) => lockRow(db, communityComments, eq(communityComments.id, id)),

    updateComment: (id: number, set: Partial<typeof communityComments.$inferInsert>) =>
      updateRow(db, communityComments, eq(communityComments.id, id), set),

    /** Moves the post's comment count by `delta` (a new comment, or one hidden or restored). */
    async bumpComments(postId: number, delta = 1) {
      await db
        .update(communityPosts)
        .set({ commentCount: sql`${communityPosts.commentCount} + ${delta}` })
        .where(eq(communityPosts.id, postId));
    },

    /**
     * A post's comments, oldest first: for a player (`viewer`) the shown ones and their own hidden ones, for
     * the console (`viewer` null) all of them.
     */
    comments: (postId: number, viewer: number | null, page: PageWindow) =>
      selectPage(db, communityComments, {
        where: and(
          eq(communityComments.postId, postId),
          viewer === null
            ? undefined
            : or(isNull(communityComments.hiddenAt), eq(communityComments.playerId, viewer)),
        ),
        orderBy: [asc(communityComments.id)],
        ...page,
      }),

    // ----- reports -----

    addReport: (row: typeof communityReports.$inferInsert) =>
      insertNew(db, communityReports, row, [communityReports.postId, communityReports.playerId]),

    // ----- notifications -----

    /** One notification; a like notifies once per liker and post however often it is given again. */
    /** True when the row was added; false when it was already there (a like given again). */
    addNotification: (row: typeof communityNotifications.$inferInsert) =>
      insertNew(db, communityNotifications, row),

    async notifications(playerId: number, page: PageWindow) {
      // A hidden comment is gone for everyone but its author, so is what it notified.
      const where = and(
        eq(communityNotifications.playerId, playerId),
        sql`not exists (select 1 from ${communityComments} where ${communityComments.id} = ${communityNotifications.commentId} and ${communityComments.hiddenAt} is not null)`,
      );
      const [result, unread] = await Promise.all([
        pageWithTotal(
          db,
          communityNotifications,
          db
            .select({
              ...getTableColumns(communityNotifications),
              postContent: communityPosts.content,
              commentContent: communityComments.content,
            })
            .from(communityNotifications)
            .innerJoin(communityPosts, eq(communityPosts.id, communityNotifications.postId))
            .leftJoin(communityComments, eq(communityComments.id, communityNotifications.commentId))
            .$dynamic(),
          { where, orderBy: [desc(communityNotifications.id)], ...page },
        ),
        countRows(db, communityNotifications, and(where, isNull(communityNotifications.readAt))),
      ]);
      return { ...result, unread: Number(unread) };
    },

    async markRead(playerId: number, now: Date) {
      await db
        .update(communityNotifications)
        .set({ readAt: now })
        .where(and(eq(communityNotifications.playerId, playerId), isNull(communityNotifications.readAt)));
    },

    // ----- bans and settings -----

    findBan: (playerId: number) => findRow(db, communityBans, eq(communityBans.playerId, playerId)),

    async reviewRequired(): Promise<boolean> {
      const row = await findRow(db, communitySettings, eq(communitySettings.id, 1));
      return row ? row.reviewRequired : true;
    },

    settings: () => findRow(db, communitySettings, eq(communitySettings.id, 1)),

    async setReviewRequired(reviewRequired: boolean, now: Date) {
      const [row] = await db
        .insert(communitySettings)
        .values({ id: 1, reviewRequired, updatedAt: now })
        .onConflictDoUpdate({ target: communitySettings.id, set: { reviewRequired, updatedAt: now } })
        .returning();
      return row!;
    },

    // ----- console -----

    adminPosts(filter: { status?: PostStatusValue; playerId?: number }, page: PageWindow) {
      const where = and(
        filter.status === undefined ? undefined : eq(communityPosts.status, filter.status),
        filter.playerId === undefined ? undefined : eq(communityPosts.playerId, filter.playerId),
      );
      // The review queue is worked oldest first; every other list shows the latest first.
      const order =
        filter.status === PostStatus.PENDING
          ? [asc(communityPosts.id)]
          : [desc(communityPosts.createdAt), desc(communityPosts.id)];
      return postsPage(null, where, order, page);
    },

    async openReportCounts(postIds: number[]): Promise<Map<number, number>> {
      if (postIds.length === 0) return new Map();
      const rows = await db
        .select({ postId: communityReports.postId, n: sql<number>`count(*)::int` })
        .from(communityReports)
        .where(and(inArray(communityReports.postId, postIds), eq(communityReports.status, ReportStatus.OPEN)))
        .groupBy(communityReports.postId);
      return new Map(rows.map((r) => [r.postId, r.n]));
    },

    bannedAmong: (playerIds: number[]): Promise<Set<number>> =>
      keysPresent(db, communityBans.playerId, playerIds),

    updatePost: (id: number, set: Partial<typeof communityPosts.$inferInsert>) =>
      updateRow(db, communityPosts, eq(communityPosts.id, id), set),

    async resolveReportsOf(postId: number, operatorId: number, now: Date) {
      await db
        .update(communityReports)
        .set({ status: ReportStatus.RESOLVED, resolvedBy: operatorId, resolvedAt: now })
        .where(and(eq(communityReports.postId, postId), eq(communityReports.status, ReportStatus.OPEN)));
    },

    reports: (status: number, page: PageWindow) =>
      pageWithTotal(
        db,
        communityReports,
        db
          .select({
            ...getTableColumns(communityReports),
            postContent: communityPosts.content,
            postStatus: communityPosts.status,
          })
          .from(communityReports)
          .innerJoin(communityPosts, eq(communityPosts.id, communityReports.postId))
          .$dynamic(),
        {
          where: eq(communityReports.status, status),
          orderBy: [status === ReportStatus.OPEN ? asc(communityReports.id) : desc(communityReports.id)],
          ...page,
        },
      ),

    lockReport: (id: number) => lockRow(db, communityReports, eq(communityReports.id, id)),

    updateReport: (id: number, set: Partial<typeof communityReports.$inferInsert>) =>
      updateRow(db, communityReports, eq(communityReports.id, id), set),

    bans: (page: PageWindow) =>
      selectPage(db, communityBans, { orderBy: [desc(communityBans.createdAt)], ...page }),

    /** Bans the player, or keeps the ban there is (answering the stored row either way). */
    async ban(row: typeof communityBans.$inferInsert) {
      await db.insert(communityBans).values(row).onConflictDoNothing();
      return (await findRow(db, communityBans, eq(communityBans.playerId, row.playerId)))!;
    },

    async lift(playerId: number): Promise<BanRow | null> {
      const [row] = await db.delete(communityBans).where(eq(communityBans.playerId, playerId)).returning();
      return row ?? null;
    },

    // ----- buy links -----

    enabledBuyLinks: () =>
      selectRows(db, buyLinks, {
        where: eq(buyLinks.enabled, true),
        orderBy: [asc(buyLinks.sort), asc(buyLinks.id)],
        // A page of places to buy, never an unbounded list.
        limit: 50,
      }),

    allBuyLinks: () => db.select().from(buyLinks).orderBy(asc(buyLinks.sort), asc(buyLinks.id)),

    lockBuyLink: (id: number) => lockRow(db, buyLinks, eq(buyLinks.id, id)),

    insertBuyLink: (row: typeof buyLinks.$inferInsert) => insertRow(db, buyLinks, row),

    updateBuyLink: (id: number, set: Partial<typeof buyLinks.$inferInsert>) =>
      updateRow(db, buyLinks, eq(buyLinks.id, id), set),

    async deleteBuyLink(id: number) {
      await db.delete(buyLinks).where(eq(buyLinks.id, id));
    },

    countBuyLinks: () => countRows(db, buyLinks, undefined),
    countOfficialPosts: () => countRows(db, communityPosts, isNull(communityPosts.playerId)),
  };
}

export type CommunityRepository = ReturnType<typeof createCommunityRepository>;
export { NotificationKind, PostStatus, ReportStatus };

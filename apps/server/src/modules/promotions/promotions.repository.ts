import { and, asc, desc, eq, gte, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { exists, findRow, insertNew, inWindow, pageWithTotal, selectRows, sumMicro } from '../../db/rows';
import type { PageWindow } from '../../lib/paging';
import {
  bonusGrants,
  GrantStatus,
  luckSeeds,
  promotionClaims,
  promotionFlags,
  promotions,
  PromotionStatus,
  type PromotionRow,
  type PromotionInsert,
  type ClaimRow,
  type GrantRow,
} from './promotions.schema';

export interface ClaimFilter extends PageWindow {
  promotionId?: number;
  playerId?: number;
  from?: Date | null;
  to?: Date | null;
}

/** SQL of the promotions module. Nothing here decides; the service does. */
export function createPromotionsRepository(db: DbOrTx) {
  return {
    promotion: (id: number): Promise<PromotionRow | null> => findRow(db, promotions, eq(promotions.id, id)),

    /** Running promotions whose period contains `now`, in the operators' order. */
    running(now: Date): Promise<PromotionRow[]> {
      return selectRows(db, promotions, {
        where: and(
          eq(promotions.status, PromotionStatus.RUNNING),
          lte(promotions.startsAt, now),
          sql`(${promotions.endsAt} is null or ${promotions.endsAt} > ${now.toISOString()}::timestamptz)`,
        ),
        orderBy: [desc(promotions.sort), asc(promotions.id)],
      });
    },

    all(): Promise<PromotionRow[]> {
      return db.select().from(promotions).orderBy(desc(promotions.sort), desc(promotions.id));
    },

    async insert(row: PromotionInsert): Promise<PromotionRow> {
      return (await db.insert(promotions).values(row).returning())[0]!;
    },

    async update(id: number, set: Partial<PromotionInsert>): Promise<PromotionRow | null> {
      return (await db.update(promotions).set(set).where(eq(promotions.id, id)).returning())[0] ?? null;
    },

    async lock(id: number): Promise<PromotionRow | null> {
      return (await db.select().from(promotions).where(eq(promotions.id, id)).for('update'))[0] ?? null;
    },

    /**
     * Spends from the budget, in the claim's transaction: the conditional UPDATE waits for a concurrent claim's
     * row lock and re-checks against what it left, so the budget is met exactly and never passed.
     */
    async spend(id: number, amountMicro: bigint): Promise<boolean> {
      const rows = await db
        .update(promotions)
        .set({ spentMicro: sql`${promotions.spentMicro} + ${amountMicro.toString()}::bigint` })
        .where(
          and(
            eq(promotions.id, id),
            eq(promotions.status, PromotionStatus.RUNNING),
            sql`(${promotions.budgetMicro} is null or ${promotions.spentMicro} + ${amountMicro.toString()}::bigint <= ${promotions.budgetMicro})`,
          ),
        )
        .returning({ id: promotions.id });
      return rows.length === 1;
    },

    /** Inserts the claim unless its player key or household key is taken; the row, or null when taken. */
    async insertClaim(row: typeof promotionClaims.$inferInsert): Promise<ClaimRow | null> {
      const rows = await db.insert(promotionClaims).values(row).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },

    async setClaimGrant(claimId: number, grantId: number) {
      await db.update(promotionClaims).set({ grantId }).where(eq(promotionClaims.id, claimId));
    },

    /** The player's claims of the promotion in these periods. */
    async claimsIn(promotionId: number, playerId: number, periodKeys: string[]): Promise<ClaimRow[]> {
      if (periodKeys.length === 0) return [];
      return selectRows(db, promotionClaims, {
        where: and(
          eq(promotionClaims.promotionId, promotionId),
          eq(promotionClaims.playerId, playerId),
          inArray(promotionClaims.periodKey, periodKeys),
        ),
      });
    },

    /** Whether any of the players claimed the promotion in the period (a household's earlier claim). */
    async anyClaimed(promotionId: number, playerIds: number[], periodKey: string): Promise<boolean> {
      if (playerIds.length === 0) return false;
      return exists(
        db,
        promotionClaims,
        and(
          eq(promotionClaims.promotionId, promotionId),
          eq(promotionClaims.periodKey, periodKey),
          inArray(promotionClaims.playerId, playerIds),
        ),
      );
    },

    async claims(f: ClaimFilter): Promise<{
      rows: (ClaimRow & { title: string; titleEn: string | null; type: number })[];
      total: number;
    }> {
      const cond = and(
        f.promotionId ? eq(promotionClaims.promotionId, f.promotionId) : undefined,
        f.playerId ? eq(promotionClaims.playerId, f.playerId) : undefined,
        inWindow(promotionClaims.createdAt, { from: f.from ?? null, to: f.to ?? null }),
      );
      const { rows, total } = await pageWithTotal(
        db,
        promotionClaims,
        db
          .select({
            claim: promotionClaims,
            title: promotions.title,
            titleEn: promotions.titleEn,
            type: promotions.type,
          })
          .from(promotionClaims)
          .innerJoin(promotions, eq(promotions.id, promotionClaims.promotionId))
          .$dynamic(),
        {
          where: cond,
          orderBy: [desc(promotionClaims.createdAt), desc(promotionClaims.id)],
          limit: f.limit,
          offset: f.offset,
        },
      );
      return {
        rows: rows.map((r) => ({ ...r.claim, title: r.title, titleEn: r.titleEn, type: r.type })),
        total,
      };
    },

    // ----- grants -----

    insertGrant: (row: typeof bonusGrants.$inferInsert) => insertNew(db, bonusGrants, row),

    grantBySource: (sourceType: string, sourceId: string): Promise<GrantRow | null> =>
      findRow(
        db,
        bonusGrants,
        and(eq(bonusGrants.sourceType, sourceType), eq(bonusGrants.sourceId, sourceId)),
      ),

    grantsOf(playerId: number, limit = 100): Promise<GrantRow[]> {
      return selectRows(db, bonusGrants, {
        where: eq(bonusGrants.playerId, playerId),
        orderBy: [desc(bonusGrants.createdAt), desc(bonusGrants.id)],
        limit: limit,
      });
    },

    openGrantsOf(playerId: number): Promise<GrantRow[]> {
      return selectRows(db, bonusGrants, {
        where: and(eq(bonusGrants.playerId, playerId), eq(bonusGrants.status, GrantStatus.OPEN)),
        orderBy: [asc(bonusGrants.createdAt), asc(bonusGrants.id)],
      });
    },

    /** Closes an open grant once (cleared, forfeited or expired); false when it was no longer open. */
    async closeGrant(
      id: number,
      status: GrantStatus,
      at: Date,
      forfeitedMicro: bigint | null,
    ): Promise<boolean> {
      const rows = await db
        .update(bonusGrants)
        .set({ status, closedAt: at, forfeitedMicro })
        .where(and(eq(bonusGrants.id, id), eq(bonusGrants.status, GrantStatus.OPEN)))
        .returning({ id: bonusGrants.id });
      return rows.length === 1;
    },

    /**
     * What max-win cuts of the player's other grants took, those cleared in [from, to] (a cleared grant with
     * a forfeited amount is one whose winnings were cut; see the service's design note).
     */
    maxWinCutsBetween: (playerId: number, exceptId: number, from: Date, to: Date): Promise<bigint> =>
      sumMicro(
        db,
        bonusGrants.forfeitedMicro,
        and(
          eq(bonusGrants.playerId, playerId),
          eq(bonusGrants.status, GrantStatus.CLEARED),
          ne(bonusGrants.id, exceptId),
          gte(bonusGrants.closedAt, from),
          lte(bonusGrants.closedAt, to),
        ),
      ),

    /** Open grants whose expiry passed (the expiry job), a few at a time. */
    expiredOpenGrants(now: Date, limit: number): Promise<GrantRow[]> {
      return selectRows(db, bonusGrants, {
        where: and(
          eq(bonusGrants.status, GrantStatus.OPEN),
          isNotNull(bonusGrants.expiresAt),
          lte(bonusGrants.expiresAt, now),
        ),
        limit: limit,
      });
    },

    // ----- flags -----

    flag: (playerId: number) => findRow(db, promotionFlags, eq(promotionFlags.playerId, playerId)),

    async setFlag(row: typeof promotionFlags.$inferInsert) {
      await db
        .insert(promotionFlags)
        .values(row)
        .onConflictDoUpdate({
          target: promotionFlags.playerId,
          set: { reason: row.reason, operator: row.operator, createdAt: row.createdAt },
        });
    },

    async clearFlag(playerId: number): Promise<boolean> {
      const rows = await db
        .delete(promotionFlags)
        .where(eq(promotionFlags.playerId, playerId))
        .returning({ id: promotionFlags.playerId });
      return rows.length === 1;
    },

    flags: () => selectRows(db, promotionFlags, { orderBy: [desc(promotionFlags.createdAt)], limit: 200 }),

    // ----- luck seeds -----

    /** The day's seed, written once (a concurrent first writer wins and both read its row). */
    async luckSeed(day: string, make: () => { serverSeed: string; serverSeedHash: string }, at: Date) {
      const existing = await findRow(db, luckSeeds, eq(luckSeeds.day, day));
      if (existing) return existing;
      await db
        .insert(luckSeeds)
        .values({ day, ...make(), createdAt: at })
        .onConflictDoNothing();
      return (await findRow(db, luckSeeds, eq(luckSeeds.day, day)))!;
    },

    luckSeeds(fromDay: string, toDay: string) {
      return selectRows(db, luckSeeds, {
        where: and(gte(luckSeeds.day, fromDay), lte(luckSeeds.day, toDay)),
        orderBy: [desc(luckSeeds.day)],
      });
    },

    /** Claimed amount and count per promotion (the console's spend column checks budget against claims). */
    async claimTotals(): Promise<Map<number, { count: number; amountMicro: bigint }>> {
      const rows = await queryRows<{ promotion_id: number | string; n: number; amount: string }>(
        db,
        sql`select promotion_id, count(*)::int n, sum(amount_micro)::text amount from promotion_claims group by 1`,
      );
      return new Map(
        rows.map((r) => [Number(r.promotion_id), { count: r.n, amountMicro: BigInt(r.amount) }]),
      );
    },
  };
}

export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;

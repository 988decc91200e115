import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AdvisoryLock } from '../../db/locks';
import { findRow, insertRow, lockRow } from '../../db/rows';
import { fairSeeds, originalBets } from './originals.schema';

export type SeedRow = typeof fairSeeds.$inferSelect;
export type OriginalBetRow = typeof originalBets.$inferSelect;

/** SQL of the originals: seed pairs and settled bets, always scoped by player. */
export function createOriginalsRepository(db: DbOrTx) {
  return {
    /**
     * Waits for and holds, until the transaction ends, the lock on this player's seed pairs. A row lock on the
     * active seed is not enough: a bet that waited on it while a rotation retired the row finds no active row
     * when the lock is granted (its statement's snapshot predates the new pair), so every bet and rotation
     * takes this lock first, and its reads then start after the previous holder committed.
     */
    async lockPlayerSeeds(playerId: number) {
      await db.execute(
        sql`select pg_advisory_xact_lock(${AdvisoryLock.PLAYER_SEEDS}::int, ${playerId}::int)`,
      );
    },

    activeSeed: (playerId: number, opts: { lock?: boolean } = {}): Promise<SeedRow | null> =>
      (opts.lock ? lockRow : findRow)(
        db,
        fairSeeds,
        and(eq(fairSeeds.playerId, playerId), eq(fairSeeds.active, true)),
      ),

    /** Inserts a new active pair unless one exists (the partial unique index decides a race). */
    async insertSeed(row: typeof fairSeeds.$inferInsert) {
      await db.insert(fairSeeds).values(row).onConflictDoNothing();
    },

    async takeNonce(seedId: number): Promise<number> {
      const rows = await db
        .update(fairSeeds)
        .set({ nextNonce: sql`${fairSeeds.nextNonce} + 1` })
        .where(eq(fairSeeds.id, seedId))
        .returning({ next: fairSeeds.nextNonce });
      return rows[0]!.next - 1;
    },

    async retireSeed(seedId: number, now: Date) {
      await db.update(fairSeeds).set({ active: false, revealedAt: now }).where(eq(fairSeeds.id, seedId));
    },

    findBetByKey: (playerId: number, key: string): Promise<OriginalBetRow | null> =>
      findRow(
        db,
        originalBets,
        and(eq(originalBets.playerId, playerId), eq(originalBets.idempotencyKey, key)),
      ),

    insertBet: (row: typeof originalBets.$inferInsert): Promise<OriginalBetRow> =>
      insertRow(db, originalBets, row),

    /**
     * The player's settled bets named by seed pair and nonce, each with its pair. The two lists select a
     * superset (every seed with every nonce) through the (seed_id, nonce) index; the caller keeps the pairs it
     * asked for.
     */
    async betsWithSeeds(playerId: number, refs: { seedId: number; nonce: number }[]) {
      if (refs.length === 0) return [];
      return db
        .select({ bet: originalBets, seed: fairSeeds })
        .from(originalBets)
        .innerJoin(fairSeeds, and(eq(fairSeeds.id, originalBets.seedId), eq(fairSeeds.playerId, playerId)))
        .where(
          and(
            eq(originalBets.playerId, playerId),
            inArray(originalBets.seedId, [...new Set(refs.map((r) => r.seedId))]),
            inArray(originalBets.nonce, [...new Set(refs.map((r) => r.nonce))]),
          ),
        );
    },

    async seedById(playerId: number, seedId: number): Promise<SeedRow | null> {
      return findRow(db, fairSeeds, and(eq(fairSeeds.playerId, playerId), eq(fairSeeds.id, seedId)));
    },
  };
}

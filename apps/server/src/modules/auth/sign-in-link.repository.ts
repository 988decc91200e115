import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { players, signInCodes } from './auth.schema';

/** SQL of sign-in links (decision 31): one-time codes, kept apart from the sign-in hot path's repository. */
export function createSignInLinkRepository(db: DbOrTx) {
  return {
    async insertCode(row: typeof signInCodes.$inferInsert) {
      await db.insert(signInCodes).values(row);
    },

    /**
     * Uses a code up and answers its player, or null when the code is unknown, used or expired. One
     * conditional UPDATE decides: of any number of concurrent exchanges of one code exactly one sees the row
     * still unused, so a code opens at most one session.
     */
    async consumeCode(codeHash: string, now: Date) {
      const rows = await db
        .update(signInCodes)
        .set({ usedAt: now })
        .where(
          and(eq(signInCodes.codeHash, codeHash), isNull(signInCodes.usedAt), gt(signInCodes.expiresAt, now)),
        )
        .returning({ playerId: signInCodes.playerId });
      return rows[0]?.playerId ?? null;
    },

    async playerStatus(playerId: number) {
      const rows = await db
        .select({ status: players.status, username: players.username })
        .from(players)
        .where(eq(players.id, playerId))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  betRounds,
  games,
  players,
  providerSessions,
  providerTransactions,
  ProviderTxKind,
  RoundStatus,
} from '../../db/schema';

export type ProviderTxRow = typeof providerTransactions.$inferSelect;

/** SQL of the seamless wallet: sessions, provider transactions, rounds. */
export function createProvidersRepository(db: DbOrTx) {
  return {
    async insertSession(row: typeof providerSessions.$inferInsert) {
      await db.insert(providerSessions).values(row);
    },

    async findSession(tokenHash: string) {
      const rows = await db
        .select({
          playerId: providerSessions.playerId,
          providerId: providerSessions.providerId,
          gameCode: providerSessions.gameCode,
          expiresAt: providerSessions.expiresAt,
          username: players.username,
          status: players.status,
          selfExcludedUntil: players.selfExcludedUntil,
        })
        .from(providerSessions)
        .innerJoin(players, eq(players.id, providerSessions.playerId))
        .where(eq(providerSessions.tokenHash, tokenHash))
        .limit(1);
      return rows[0] ?? null;
    },

    async findPlayerByUsername(username: string) {
      const rows = await db
        .select({ id: players.id, username: players.username })
        .from(players)
        .where(eq(players.username, username))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Serialises every call about one round of one provider for the rest of the transaction, so that a
     * bet, its win and its rollback can never interleave (a rollback that overtakes its bet included).
     */
    async lockRound(providerId: number, roundId: string) {
      await db.execute(sql`select pg_advisory_xact_lock(${providerId}::int, hashtext(${roundId}))`);
    },

    /**
     * Everything a wallet call needs to know, in one query: whether it is a retry (its own uuid), the
     * transaction it names (a win's or rollback's bet; for a bet, itself) with that transaction's player
     * name, and whether that transaction was rolled back.
     */
    async findWithReference(providerId: number, ownUuid: string, betUuid: string) {
      const rows = await db
        .select({ tx: providerTransactions, username: players.username })
        .from(providerTransactions)
        .innerJoin(players, eq(players.id, providerTransactions.playerId))
        .where(
          and(
            eq(providerTransactions.providerId, providerId),
            sql`(${providerTransactions.transactionUuid} in (${ownUuid}, ${betUuid}) or (${providerTransactions.kind} = ${ProviderTxKind.ROLLBACK} and ${providerTransactions.referenceTransactionUuid} = ${betUuid}))`,
          ),
        )
        .limit(4);
      const bet = rows.find((r) => r.tx.transactionUuid === betUuid) ?? null;
      return {
        own: rows.find((r) => r.tx.transactionUuid === ownUuid)?.tx ?? null,
        bet: bet?.tx ?? null,
        betUsername: bet?.username ?? null,
        betRolledBack: rows.some(
          (r) => r.tx.kind === ProviderTxKind.ROLLBACK && r.tx.referenceTransactionUuid === betUuid,
        ),
      };
    },

    async insertTransaction(row: typeof providerTransactions.$inferInsert) {
      await db.insert(providerTransactions).values(row);
    },

    async gameTypeOf(providerId: number, gameCode: string): Promise<number | null> {
      const rows = await db
        .select({ type: games.gameTypeId })
        .from(games)
        .where(and(eq(games.platTypeId, providerId), eq(games.gameCode, gameCode)))
        .limit(1);
      return rows[0]?.type ?? null;
    },

    /** Adds to a round's stake and payout (creating it on first sight) and closes it when the provider says so. */
    async recordRound(r: {
      providerId: number;
      roundId: string;
      playerId: number;
      gameCode: string;
      gameTypeId: number;
      stakeDeltaMicro: bigint;
      payoutDeltaMicro: bigint;
      close: boolean;
      now: Date;
    }) {
      const closedAt = r.close ? r.now : null;
      await db
        .insert(betRounds)
        .values({
          providerId: r.providerId,
          roundId: r.roundId,
          playerId: r.playerId,
          gameCode: r.gameCode,
          gameTypeId: r.gameTypeId,
          stakeMicro: r.stakeDeltaMicro,
          payoutMicro: r.payoutDeltaMicro,
          status: r.close ? RoundStatus.CLOSED : RoundStatus.OPEN,
          openedAt: r.now,
          closedAt,
        })
        .onConflictDoUpdate({
          target: [betRounds.providerId, betRounds.roundId, betRounds.playerId],
          set: {
            stakeMicro: sql`${betRounds.stakeMicro} + ${r.stakeDeltaMicro}`,
            payoutMicro: sql`${betRounds.payoutMicro} + ${r.payoutDeltaMicro}`,
            status: r.close ? RoundStatus.CLOSED : sql`${betRounds.status}`,
            closedAt: r.close ? r.now : sql`${betRounds.closedAt}`,
          },
        });
    },

    async markRoundRolledBack(
      providerId: number,
      roundId: string,
      playerId: number,
      stakeMicro: bigint,
      now: Date,
    ) {
      await db
        .update(betRounds)
        .set({
          stakeMicro: sql`${betRounds.stakeMicro} - ${stakeMicro}`,
          status: sql`case when ${betRounds.stakeMicro} - ${stakeMicro} = 0 then ${RoundStatus.ROLLED_BACK} else ${betRounds.status} end`,
          closedAt: now,
        })
        .where(
          and(
            eq(betRounds.providerId, providerId),
            eq(betRounds.roundId, roundId),
            eq(betRounds.playerId, playerId),
          ),
        );
    },

    async findRound(providerId: number, roundId: string, playerId: number) {
      const rows = await db
        .select()
        .from(betRounds)
        .where(
          and(
            eq(betRounds.providerId, providerId),
            eq(betRounds.roundId, roundId),
            eq(betRounds.playerId, playerId),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type ProvidersRepository = ReturnType<typeof createProvidersRepository>;

import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
// Left from issue 9: sessions and provider transactions still join the auth module's players, and a game's
// category is read from the games module's table; both should come through those modules' services.
// eslint-disable-next-line no-restricted-imports
import { games, players } from '../../db/schema';
import { providerSessions, providerTransactions, ProviderTxKind } from './providers.schema';

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

    /**
     * The player a provider names, exactly as spelled. The lookup goes through the `lower(username)` index
     * (the only one on usernames; a plain `username =` would scan every player) and the exact spelling is
     * compared afterwards, since providers echo the name Koi gave them.
     */
    async findPlayerByUsername(username: string) {
      const rows = await db
        .select({ id: players.id, username: players.username })
        .from(players)
        .where(sql`lower(${players.username}) = lower(${username})`)
        .limit(1);
      const row = rows[0];
      return row && row.username === username ? row : null;
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
  };
}

export type ProvidersRepository = ReturnType<typeof createProvidersRepository>;

import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
// Left from issue 9: sessions and provider transactions still join the auth module's players, and a game's
// category is read from the games module's table; both should come through those modules' services.
// eslint-disable-next-line no-restricted-imports
import { games, players } from '../../db/schema';
import { providerAlerts, providerSessions, providerTransactions, ProviderTxKind } from './providers.schema';

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
          endedAt: providerSessions.endedAt,
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

    /** Ends every live provider session of the player (sign-out, freeze, self-exclusion); returns how many. */
    async endSessions(playerId: number, now: Date) {
      const rows = await db
        .update(providerSessions)
        .set({ endedAt: now })
        .where(
          and(
            eq(providerSessions.playerId, playerId),
            isNull(providerSessions.endedAt),
            gt(providerSessions.expiresAt, now),
          ),
        )
        .returning({ id: providerSessions.id });
      return rows.length;
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

    /** What the wallet needs to know of a provider's game: its category and its win rules. */
    async gameRulesOf(providerId: number, gameCode: string) {
      const rows = await db
        .select({
          gameTypeId: games.gameTypeId,
          multiWin: games.multiWin,
          maxWinMultiplier: games.maxWinMultiplier,
          maxWinPerRoundMicro: games.maxWinPerRoundMicro,
        })
        .from(games)
        .where(and(eq(games.platTypeId, providerId), eq(games.gameCode, gameCode)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Every accepted call of one round (a round has a handful), to total its live stake and wins. */
    async roundTransactions(providerId: number, roundId: string) {
      return db
        .select({
          kind: providerTransactions.kind,
          transactionUuid: providerTransactions.transactionUuid,
          referenceTransactionUuid: providerTransactions.referenceTransactionUuid,
          amountMicro: providerTransactions.amountMicro,
        })
        .from(providerTransactions)
        .where(
          and(eq(providerTransactions.providerId, providerId), eq(providerTransactions.roundId, roundId)),
        );
    },

    /** Records a refused call for operators; the provider's retries of the same call add nothing. */
    async insertAlert(row: typeof providerAlerts.$inferInsert) {
      await db.insert(providerAlerts).values(row).onConflictDoNothing();
    },

    async listAlerts(q: { limit: number; offset: number }) {
      const [rows, [total]] = await Promise.all([
        db.select().from(providerAlerts).orderBy(desc(providerAlerts.id)).limit(q.limit).offset(q.offset),
        db.select({ n: count() }).from(providerAlerts),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type ProvidersRepository = ReturnType<typeof createProvidersRepository>;

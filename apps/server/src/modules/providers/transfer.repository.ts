import { and, asc, eq, lt } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { countRows, queryRows, type DbOrTx } from '../../db/client';
import { insertRow, selectRows } from '../../db/rows';
import { providerTransfers, ProviderTransferState, TransferDirection } from './providers.schema';

export type TransferRow = typeof providerTransfers.$inferSelect;

/** SQL of the transfer wallet: Koi's moves of a player's balance into and out of a provider's own wallet. */
export function createTransferRepository(db: DbOrTx) {
  return {
    async insert(row: typeof providerTransfers.$inferInsert): Promise<TransferRow> {
      return insertRow(db, providerTransfers, row);
    },

    /** Ends a pending move in `state`; a move already ended (by a racing reconciler) is left as it is. */
    async resolve(id: number, state: number, at: Date): Promise<void> {
      await db
        .update(providerTransfers)
        .set({ state, resolvedAt: at })
        .where(and(eq(providerTransfers.id, id), eq(providerTransfers.state, ProviderTransferState.PENDING)));
    },

    /** The providers the player ever moved money into (optionally only one of them). */
    async providersMovedInto(playerId: number, onlyProviderId?: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ id: providerTransfers.providerId })
        .from(providerTransfers)
        .where(
          and(
            eq(providerTransfers.playerId, playerId),
            eq(providerTransfers.direction, TransferDirection.IN),
            onlyProviderId ? eq(providerTransfers.providerId, onlyProviderId) : undefined,
          ),
        );
      return rows.map((r) => r.id);
    },

    /**
     * The providers that may hold the player's money now: those whose latest move that did not fail was a move
     * in (a recall that brought everything back ends with a move out). A provider where the player lost it all
     * stays listed until the next move, and answers a zero balance.
     */
    async providersHolding(playerId: number): Promise<number[]> {
      const rows = await queryRows<{ provider_id: number; direction: number }>(
        db,
        sql`select distinct on (provider_id) provider_id, direction from provider_transfers
            where player_id = ${playerId} and state <> ${ProviderTransferState.FAILED}
            order by provider_id, id desc`,
      );
      return rows
        .filter((r) => Number(r.direction) === TransferDirection.IN)
        .map((r) => Number(r.provider_id));
    },

    /** Every provider Koi ever moved a player's money into: the transfer-wallet providers with rounds to read. */
    async providersEverMovedInto(): Promise<number[]> {
      const rows = await db
        .selectDistinct({ id: providerTransfers.providerId })
        .from(providerTransfers)
        .where(eq(providerTransfers.direction, TransferDirection.IN));
      return rows.map((r) => r.id);
    },

    /** Pending moves created before `before`, oldest first: the reconciler's work. */
    async pendingBefore(before: Date, limit: number): Promise<TransferRow[]> {
      return selectRows(db, providerTransfers, {
        where: and(
          eq(providerTransfers.state, ProviderTransferState.PENDING),
          lt(providerTransfers.createdAt, before),
        ),
        orderBy: [asc(providerTransfers.id)],
        limit,
      });
    },

    pendingCount(playerId: number): Promise<number> {
      return countRows(
        db,
        providerTransfers,
        and(
          eq(providerTransfers.playerId, playerId),
          eq(providerTransfers.state, ProviderTransferState.PENDING),
        ),
      );
    },
  };
}

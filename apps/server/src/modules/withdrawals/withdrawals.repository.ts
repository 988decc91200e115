import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { attemptLimit } from '../../db/attempts';
import { AdvisoryLock } from '../../db/locks';
import {
  exists,
  findRow,
  inStates,
  insertRow,
  lockRow,
  selectIds,
  selectPage,
  selectRows,
  updateCount,
  updateRow,
} from '../../db/rows';
import type { PageWindow } from '../../lib/paging';
import {
  AddressType,
  payoutMethods,
  withdrawalAddressEvents,
  withdrawalAddresses,
  withdrawals,
  WithdrawalState,
  withdrawPasswordGuards,
  type AddressRow,
  type WithdrawalRow,
} from './withdrawals.schema';

export type WithdrawalFilter = {
  playerId?: number;
  address?: string;
  minAmountMicro?: bigint;
  /** Only paying withdrawals waiting for a person: an unclear payout alerted, or a manual payout. */
  attention?: boolean;
};

/** SQL of the withdrawals module. Nothing here decides; the service does. */
export function createWithdrawalsRepository(db: DbOrTx) {
  const passwordAttempts = attemptLimit(db, withdrawPasswordGuards, {
    failures: withdrawPasswordGuards.failedAttempts,
    lockedUntil: withdrawPasswordGuards.lockedUntil,
  });
  /**
   * Ids of approved withdrawals matching `where`, for the payout job's two queues (payable and held); rail
   * payouts only while a rail is configured (`withRail`).
   */
  const approvedIds = (withRail: boolean, where: SQL | undefined, order: SQL, limit: number) =>
    selectIds(db, withdrawals, {
      where: and(
        eq(withdrawals.state, WithdrawalState.APPROVED),
        where,
        withRail ? undefined : sql`${withdrawals.addressType} <> ${AddressType.TRC20}`,
      ),
      orderBy: [order],
      limit,
    });
  /** The player's address `id`, unless it was deleted. */
  const live = (playerId: number, id: number) =>
    and(
      eq(withdrawalAddresses.id, id),
      eq(withdrawalAddresses.playerId, playerId),
      isNull(withdrawalAddresses.deletedAt),
    );
  /** Withdrawal `id` while its state is still applied: not yet fully approved, nor rejected. */
  const applied = (id: number) => and(eq(withdrawals.id, id), eq(withdrawals.state, WithdrawalState.APPLIED));
  /** The withdrawals matching `where` in `order`, `limit` from `offset`, with how many match in all. */
  const page = (where: SQL | undefined, orderBy: SQL[], limit: number, offset: number) =>
    selectPage(db, withdrawals, { where, orderBy, limit, offset });

  return {
    /**
     * Serialises this module's writes for one player until the transaction ends (address count, daily
     * withdrawal limits): two concurrent requests of the same player check and write one after the other.
     */
    async lockPlayer(playerId: number) {
      await db.execute(
        sql`select pg_advisory_xact_lock(${AdvisoryLock.PLAYER_WITHDRAWALS}::int, ${playerId}::int)`,
      );
    },

    // Addresses.

    /**
     * Other players who saved one of this player's withdrawal addresses (deleted ones too: an address once
     * shared still links the accounts), at most `limit`, with the address they share.
     */
    async sharingAddresses(playerId: number, limit: number) {
      const rows = await queryRows<{ player_id: number | string; address: string }>(
        db,
        sql`select distinct b.player_id, b.address
            from withdrawal_addresses a
            join withdrawal_addresses b on b.address = a.address and b.type = a.type and b.area = a.area
            where a.player_id = ${playerId} and b.player_id <> ${playerId}
            order by b.player_id limit ${limit}`,
      );
      return rows.map((r) => ({ playerId: Number(r.player_id), address: r.address }));
    },

    listAddresses(playerId: number): Promise<AddressRow[]> {
      return selectRows(db, withdrawalAddresses, {
        where: and(eq(withdrawalAddresses.playerId, playerId), isNull(withdrawalAddresses.deletedAt)),
        orderBy: [asc(withdrawalAddresses.id)],
      });
    },

    findLiveAddress: (playerId: number, id: number): Promise<AddressRow | null> =>
      findRow(db, withdrawalAddresses, live(playerId, id)),

    async insertAddress(row: typeof withdrawalAddresses.$inferInsert): Promise<AddressRow> {
      return insertRow(db, withdrawalAddresses, row);
    },

    /** Deletes (softly) only when the id, the owner and the address text all match a live address. */
    async deleteAddress(playerId: number, id: number, address: string, now: Date) {
      const named = and(live(playerId, id), eq(withdrawalAddresses.address, address));
      return (await updateCount(db, withdrawalAddresses, named, { deletedAt: now })) === 1;
    },

    async insertAddressEvent(row: typeof withdrawalAddressEvents.$inferInsert) {
      await db.insert(withdrawalAddressEvents).values(row);
    },

    /** TRC20 addresses the player saved (also deleted ones) or withdrew to: the poisoning guard's memory. */
    async usedTrc20Addresses(playerId: number): Promise<string[]> {
      const rows = await queryRows<{ address: string }>(
        db,
        sql`select address from ${withdrawalAddresses} where player_id = ${playerId} and type = ${AddressType.TRC20}
            union
            select address from ${withdrawals} where player_id = ${playerId} and address_type = ${AddressType.TRC20}`,
      );
      return rows.map((r) => r.address);
    },

    /**
     * A TRC20 address another player saved (also deleted) or withdrew to that looks like this one: the same
     * first and last `edge` characters but not the same address (the poisoning guard's rule, across players).
     */
    async lookAlikeOfOthers(address: string, playerId: number, edge: number): Promise<string | null> {
      const head = address.slice(0, edge);
      const tail = address.slice(-edge);
      const rows = await queryRows<{ address: string }>(
        db,
        sql`select address from ${withdrawalAddresses}
             where type = ${AddressType.TRC20} and player_id <> ${playerId} and address <> ${address}
               and left(address, ${edge}) = ${head} and right(address, ${edge}) = ${tail}
            union
            select address from ${withdrawals}
             where address_type = ${AddressType.TRC20} and player_id <> ${playerId} and address <> ${address}
               and left(address, ${edge}) = ${head} and right(address, ${edge}) = ${tail}
            order by 1 limit 1`,
      );
      return rows[0]?.address ?? null;
    },

    /** Other players who saved or withdrew to this address (operators' review context). */
    async otherPlayersUsing(address: string, playerId: number): Promise<number[]> {
      const rows = await queryRows<{ player_id: string | number }>(
        db,
        sql`select player_id from ${withdrawalAddresses} where address = ${address} and player_id <> ${playerId}
            union
            select player_id from ${withdrawals} where address = ${address} and player_id <> ${playerId}
            order by 1 limit 20`,
      );
      return rows.map((r) => Number(r.player_id));
    },

    // Withdrawal password attempts.

    async passwordGuard(playerId: number) {
      const row = await findRow(db, withdrawPasswordGuards, eq(withdrawPasswordGuards.playerId, playerId));
      return row ?? { playerId, failedAttempts: 0, lockedUntil: null };
    },

    /**
     * Reserves one password attempt before the password is checked: the counter moves only while it is
     * below the limit and no lock is in force, in one conditional UPDATE, so parallel guesses cannot all
     * pass. Returns the attempt number, or null when none is left.
     */
    async reservePasswordAttempt(playerId: number, max: number, now: Date): Promise<number | null> {
      await db.insert(withdrawPasswordGuards).values({ playerId }).onConflictDoNothing();
      return passwordAttempts.reserve(eq(withdrawPasswordGuards.playerId, playerId), max, now);
    },

    async lockWithdrawals(playerId: number, until: Date) {
      await db
        .update(withdrawPasswordGuards)
        .set({ lockedUntil: until, failedAttempts: 0 })
        .where(eq(withdrawPasswordGuards.playerId, playerId));
    },

    async clearPasswordAttempts(playerId: number) {
      await db
        .update(withdrawPasswordGuards)
        .set({ failedAttempts: 0, lockedUntil: null })
        .where(eq(withdrawPasswordGuards.playerId, playerId));
    },

    /** Clears a lock that has run out, so the next attempt starts a fresh count. */
    clearExpiredLock: (playerId: number, now: Date) =>
      passwordAttempts.clearExpiredLock(eq(withdrawPasswordGuards.playerId, playerId), now),

    // Withdrawals.

    findByRequest: (playerId: number, requestId: string): Promise<WithdrawalRow | null> =>
      findRow(db, withdrawals, and(eq(withdrawals.playerId, playerId), eq(withdrawals.requestId, requestId))),

    insertWithdrawal: (row: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> =>
      insertRow(db, withdrawals, row),

    /** Count and sum of the player's withdrawals since `from` that were not rejected (daily limits). */
    async totalsSince(playerId: number, from: Date) {
      const rows = await queryRows<{ n: number | string; total: string }>(
        db,
        sql`select count(*)::int n, coalesce(sum(amount_micro), 0)::text total from ${withdrawals}
            where player_id = ${playerId} and state <> ${WithdrawalState.REJECTED}
              and created_at >= ${from.toISOString()}::timestamptz`,
      );
      return { count: Number(rows[0]?.n ?? 0), amountMicro: BigInt(rows[0]?.total ?? '0') };
    },

    findById: (id: number) => findRow(db, withdrawals, eq(withdrawals.id, id)),

    /** The player's withdrawals created in [from, to), newest first, with the total (inout-records). */
    async playerRecords(playerId: number, from: Date, to: Date, { limit, offset }: PageWindow) {
      const where = and(
        eq(withdrawals.playerId, playerId),
        sql`${withdrawals.createdAt} >= ${from.toISOString()}::timestamptz`,
        sql`${withdrawals.createdAt} < ${to.toISOString()}::timestamptz`,
      );
      return page(where, [desc(withdrawals.createdAt), desc(withdrawals.id)], limit, offset);
    },

    /**
     * The review queue: a page of withdrawals in `states` (all when empty), oldest first, optionally of one
     * player, to one address or from a minimum amount, with the total.
     */
    async listByStates(states: number[], filter: WithdrawalFilter, { limit, offset }: PageWindow) {
      const where = and(
        inStates(withdrawals.state, states),
        filter.playerId !== undefined ? eq(withdrawals.playerId, filter.playerId) : undefined,
        filter.address !== undefined ? eq(withdrawals.address, filter.address) : undefined,
        filter.minAmountMicro !== undefined ? gte(withdrawals.amountMicro, filter.minAmountMicro) : undefined,
        filter.attention
          ? sql`${withdrawals.state} = ${WithdrawalState.PAYING} and (${withdrawals.alertedAt} is not null or ${withdrawals.manualPayout})`
          : undefined,
      );
      return page(where, [asc(withdrawals.createdAt), asc(withdrawals.id)], limit, offset);
    },

    /** Withdrawals of the player other than `excludeId` (review context: how often and how much). */
    async playerSummary(playerId: number, excludeId: number) {
      const rows = await queryRows<{
        n: number | string;
        paid: string;
        open: number | string;
        open_amount: string;
      }>(
        db,
        sql`select count(*)::int n,
                   coalesce(sum(amount_micro) filter (where state = ${WithdrawalState.PAID}), 0)::text paid,
                   count(*) filter (where state in (${WithdrawalState.APPLIED}, ${WithdrawalState.APPROVED}, ${WithdrawalState.PAYING}))::int open,
                   coalesce(sum(amount_micro) filter (where state in (${WithdrawalState.APPLIED}, ${WithdrawalState.APPROVED}, ${WithdrawalState.PAYING})), 0)::text open_amount
            from ${withdrawals} where player_id = ${playerId} and id <> ${excludeId}`,
      );
      return {
        count: Number(rows[0]?.n ?? 0),
        /** Completed (paid) withdrawals only. */
        paidMicro: BigInt(rows[0]?.paid ?? '0'),
        open: Number(rows[0]?.open ?? 0),
        /** Applied, approved or paying: held, not yet paid. */
        openMicro: BigInt(rows[0]?.open_amount ?? '0'),
      };
    },

    /**
     * The state machine's only write: moves a withdrawal from one of `from` to a new state in one
     * conditional UPDATE. Two operators (or an operator and a job) racing on one withdrawal: exactly one
     * UPDATE matches, the other gets null and reports the state it found.
     */
    async transition(
      id: number,
      from: WithdrawalState[],
      patch: Partial<typeof withdrawals.$inferInsert> & { updatedAt: Date },
    ): Promise<WithdrawalRow | null> {
      return updateRow(db, withdrawals, and(eq(withdrawals.id, id), inArray(withdrawals.state, from)), patch);
    },

    /** The withdrawal, locked until the transaction ends (an operator's decision). */
    lockWithdrawal: (id: number) => lockRow(db, withdrawals, eq(withdrawals.id, id)),

    /** The first of two approvals: recorded only while the withdrawal is applied and nobody approved yet. */
    async recordFirstApproval(id: number, operatorId: number, now: Date): Promise<WithdrawalRow | null> {
      const unapproved = and(applied(id), isNull(withdrawals.approvedBy));
      return updateRow(db, withdrawals, unapproved, { approvedBy: operatorId, updatedAt: now });
    },

    /**
     * The approval that moves applied -> approved. With `second`, only when another operator gave the first
     * approval (the table's check refuses the same operator twice as well).
     */
    async completeApproval(
      id: number,
      operatorId: number | null,
      second: boolean,
      now: Date,
    ): Promise<WithdrawalRow | null> {
      const firstByAnother = second
        ? sql`${withdrawals.approvedBy} is not null and ${withdrawals.approvedBy} <> ${operatorId}`
        : undefined;
      return updateRow(db, withdrawals, and(applied(id), firstByAnother), {
        ...(second ? { secondApprovedBy: operatorId } : { approvedBy: operatorId }),
        state: WithdrawalState.APPROVED,
        approvedAt: now,
        updatedAt: now,
      });
    },

    /**
     * Records a payout attempt's outcome without changing the state (unknown outcomes stay `paying`) and
     * when to ask the rail again.
     */
    async notePayoutAttempt(id: number, error: string | null, now: Date, nextCheckAt: Date) {
      const [row] = await db
        .update(withdrawals)
        .set({
          payoutAttempts: sql`${withdrawals.payoutAttempts} + 1`,
          lastPayoutError: error,
          nextCheckAt,
          updatedAt: now,
        })
        .where(eq(withdrawals.id, id))
        .returning();
      return row ?? null;
    },

    /** The operator's money-decision lock (db/locks.ts), held until the caller's transaction ends. */
    async lockOperatorDecisions(operatorId: number) {
      await db.execute(
        sql`select pg_advisory_xact_lock(${AdvisoryLock.OPERATOR_MONEY_DECISIONS}::int, ${operatorId}::int)`,
      );
    },

    /**
     * What the operator approved since `since`, first or second approval alike. A first approval has no
     * approved_at yet; its updated_at is the time of that approval (the next change would set approved_at or
     * reject it), so the day it counts on is the day it was given.
     */
    async operatorApprovedSince(operatorId: number, since: Date): Promise<bigint> {
      const rows = await queryRows<{ total: string }>(
        db,
        sql`select coalesce(sum(amount_micro), 0)::text as total from ${withdrawals}
            where (approved_by = ${operatorId} or second_approved_by = ${operatorId})
              and coalesce(approved_at, updated_at) >= ${since.toISOString()}::timestamptz`,
      );
      return BigInt(rows[0]?.total ?? '0');
    },

    /** The player's withdrawals asked for since `since` and not rejected (amounts without fees). */
    async playerWithdrawnSince(playerId: number, since: Date): Promise<bigint> {
      const rows = await queryRows<{ total: string }>(
        db,
        sql`select coalesce(sum(amount_micro), 0)::text as total from ${withdrawals}
            where player_id = ${playerId} and state <> ${WithdrawalState.REJECTED}
              and created_at >= ${since.toISOString()}::timestamptz`,
      );
      return BigInt(rows[0]?.total ?? '0');
    },

    /**
     * Whether the player ever bound or was paid to a payout address that one of `others` bound or was paid
     * to (deleted bindings included: an address once shared stays a link).
     */
    async sharesPayoutAddress(playerId: number, others: number[]): Promise<boolean> {
      if (others.length === 0) return false;
      const ids = sql.join(
        others.map((o) => sql`${o}`),
        sql`, `,
      );
      const rows = await queryRows<{ one: number }>(
        db,
        sql`with mine as (
              select address from ${withdrawalAddresses} where player_id = ${playerId}
              union select address from ${withdrawals} where player_id = ${playerId}
            ), theirs as (
              select address from ${withdrawalAddresses} where player_id in (${ids}) and player_id <> ${playerId}
              union select address from ${withdrawals} where player_id in (${ids}) and player_id <> ${playerId}
            )
            select 1 as one from mine join theirs using (address) limit 1`,
      );
      return rows.length > 0;
    },

    /**
     * Marks an approved withdrawal held (why it is not being paid), without counting a payout attempt; written
     * only when the reason changes, so the payout job's every tick does not rewrite the row.
     */
    async noteHeld(id: number, reason: string, now: Date) {
      await db
        .update(withdrawals)
        .set({ lastPayoutError: reason, updatedAt: now })
        .where(
          and(
            eq(withdrawals.id, id),
            eq(withdrawals.state, WithdrawalState.APPROVED),
            sql`${withdrawals.lastPayoutError} is distinct from ${reason}`,
          ),
        );
    },

    /**
     * Approved withdrawals the payout job may send now, oldest first: never held for the player's standing
     * (`noteHeld`), and rail payouts only while a rail is configured (`withRail`).
     */
    payableIds: (withRail: boolean, limit: number): Promise<number[]> =>
      approvedIds(withRail, isNull(withdrawals.lastPayoutError), asc(withdrawals.updatedAt), limit),

    /**
     * Approved withdrawals held for the player's standing, in id order after `afterId`: the payout job looks
     * at them again a batch at a time, apart from the payable ones.
     */
    heldIds: (withRail: boolean, afterId: number, limit: number): Promise<number[]> =>
      approvedIds(
        withRail,
        and(isNotNull(withdrawals.lastPayoutError), sql`${withdrawals.id} > ${afterId}`),
        asc(withdrawals.id),
        limit,
      ),

    /**
     * Paying rail payouts due for another status query: their next check time has come (a row from before
     * next checks existed is due once it has been quiet for `quietMs`), or it has been paying since before
     * `alertBefore` without an alert (asked once more, then alerted). Manual payouts are never asked.
     */
    async idsToReconcile(now: Date, quietMs: number, alertBefore: Date, limit: number): Promise<number[]> {
      const at = now.toISOString();
      return selectIds(db, withdrawals, {
        where: and(
          eq(withdrawals.state, WithdrawalState.PAYING),
          eq(withdrawals.manualPayout, false),
          sql`(coalesce(${withdrawals.nextCheckAt}, ${withdrawals.updatedAt} + ${`${quietMs} milliseconds`}::interval) <= ${at}::timestamptz
              or (${withdrawals.alertedAt} is null and ${withdrawals.payingSince} <= ${alertBefore.toISOString()}::timestamptz))`,
        ),
        orderBy: [asc(withdrawals.updatedAt)],
        limit,
      });
    },

    /** Whether another withdrawal was settled, or is proposed to be settled, with this chain transaction. */
    txHashTaken: (txHash: string, exceptId: number): Promise<boolean> =>
      exists(
        db,
        withdrawals,
        and(
          sql`${withdrawals.id} <> ${exceptId}`,
          sql`(${withdrawals.txHash} = ${txHash} or (${withdrawals.settleReference} = ${txHash} and not ${withdrawals.manualPayout}))`,
        ),
      ),

    /** Marks a paying withdrawal alerted, once: null when it is no longer paying or was alerted before. */
    raiseAlert: (id: number, now: Date): Promise<WithdrawalRow | null> =>
      updateRow(
        db,
        withdrawals,
        and(
          eq(withdrawals.id, id),
          eq(withdrawals.state, WithdrawalState.PAYING),
          isNull(withdrawals.alertedAt),
        ),
        { alertedAt: now },
      ),

    /** Writes or clears the settlement proposal of a withdrawal locked by the caller. */
    setProposal: (
      id: number,
      proposal: Pick<
        typeof withdrawals.$inferInsert,
        'settleOutcome' | 'settleReference' | 'settleNote' | 'settleProposedBy' | 'settleProposedAt'
      >,
      now: Date,
    ): Promise<WithdrawalRow | null> =>
      updateRow(db, withdrawals, and(eq(withdrawals.id, id), eq(withdrawals.state, WithdrawalState.PAYING)), {
        ...proposal,
        updatedAt: now,
      }),

    /** Paying withdrawals with an alert or an open manual step, for the console's alert banner. */
    async attentionCount(): Promise<{ alerts: number; manual: number }> {
      const [row] = await db
        .select({
          alerts: sql<number>`count(*) filter (where ${withdrawals.alertedAt} is not null)::int`,
          manual: sql<number>`count(*) filter (where ${withdrawals.manualPayout})::int`,
        })
        .from(withdrawals)
        .where(eq(withdrawals.state, WithdrawalState.PAYING));
      return { alerts: Number(row?.alerts ?? 0), manual: Number(row?.manual ?? 0) };
    },

    /** The operator-set off-chain payout methods (types 2 and 3); a missing row is a disabled type. */
    listPayoutMethods: () => db.select().from(payoutMethods).orderBy(asc(payoutMethods.addressType)),

    /** The method of one type, locked until the transaction ends (an operator's change, audited). */
    lockPayoutMethod: (type: number) => lockRow(db, payoutMethods, eq(payoutMethods.addressType, type)),

    async upsertPayoutMethod(row: typeof payoutMethods.$inferInsert) {
      const [saved] = await db
        .insert(payoutMethods)
        .values(row)
        .onConflictDoUpdate({
          target: payoutMethods.addressType,
          set: { enabled: row.enabled, name: row.name, updatedBy: row.updatedBy, updatedAt: row.updatedAt },
        })
        .returning();
      return saved!;
    },

    /** Withdrawal-address rows of a player's withdrawals, for the admin review (address age). */
    addressById: (id: number) => findRow(db, withdrawalAddresses, eq(withdrawalAddresses.id, id)),
  };
}

export type WithdrawalsRepository = ReturnType<typeof createWithdrawalsRepository>;

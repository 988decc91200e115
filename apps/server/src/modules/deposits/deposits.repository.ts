import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { AdvisoryLock } from '../../db/locks';
import { findRow, insertNew, keysPresent, lockRow, selectRows, updateRow, valuesByKey } from '../../db/rows';
import type { PageWindow } from '../../lib/paging';
import {
  chainCursors,
  chainTransfers,
  ChainTransferStatus,
  depositAddresses,
  depositLimits,
  DepositOrderStatus,
  depositOrders,
  depositUnmatched,
  UnmatchedStatus,
  type DepositOrderRow,
  type ChainTransferRow,
  type ChainCursorRow,
  type DepositLimitsRow,
  type UnmatchedRow,
  type DepositAddressRow,
} from './deposits.schema';

/** SQL of the deposits module. Nothing here decides; the service does, and the constraints enforce. */

/**
 * One of the player's deposit records as an owner's records query returns it: a TRC20 order here, a channel
 * order in the channels module. `status` is the order's own state; each owner maps it to the record status.
 */
export interface DepositRecordRow {
  kind: 'trc20' | 'channel';
  order_no: string;
  created_at: Date | string;
  amount_micro: string;
  actual_amount_micro: string;
  /** The channel's fee kept from the amount; '0' for TRC20 deposits (the chain fee is the sender's). */
  fee_micro: string;
  status: number;
  channel: string;
  tx_id: string | null;
}

/** Offsets 0.0000 … 0.0999 USDT in steps of 0.0001 (decision 20): 1 000 slots per amount and address. */
export const OFFSET_STEP_MICRO = 100n;
export const OFFSET_SLOTS = 1000;

export interface NewOrder {
  orderNo: string;
  playerId: number;
  amountMicro: bigint;
  country: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export interface IncomingTransfer {
  txId: string;
  eventKey: string;
  tokenContract: string;
  tokenSymbol: string;
  fromAddress: string;
  toAddress: string;
  amountMicro: bigint;
  blockTimestamp: Date;
  confirmed: boolean;
  status: number;
  firstSeenAt: Date;
}

/** The orders of one slot: a receiving address and the exact amount a payment to it carries. */
const slot = (addressId: number, amountMicro: bigint) =>
  and(eq(depositOrders.addressId, addressId), eq(depositOrders.actualAmountMicro, amountMicro));

export function createDepositsRepository(db: DbOrTx) {
  return {
    /**
     * Serialises order creation per player until the transaction ends, so "at most 3 open orders", "the same
     * amount returns the open order" and the deposit-limit check are read and acted on atomically.
     */
    async lockPlayer(playerId: number) {
      await db.execute(
        sql`select pg_advisory_xact_lock(${AdvisoryLock.PLAYER_DEPOSITS}::int, ${playerId}::int)`,
      );
    },

    /**
     * Marks past-due pending orders expired, freeing their (address, actual amount) slots. Rows another
     * transaction is completing or expiring right now are skipped (SKIP LOCKED) rather than waited for, in
     * id order, so two callers can never deadlock on each other's rows.
     */
    async expireDue(now: Date, limit = 500): Promise<number> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update deposit_orders set status = ${DepositOrderStatus.EXPIRED}
            where id in (select id from deposit_orders
                         where status = ${DepositOrderStatus.PENDING} and expires_at <= ${now}
                         order by id limit ${limit} for update skip locked)
            returning id`,
      );
      return rows.length;
    },

    async openOrders(playerId: number): Promise<DepositOrderRow[]> {
      return selectRows(db, depositOrders, {
        where: and(
          eq(depositOrders.playerId, playerId),
          eq(depositOrders.status, DepositOrderStatus.PENDING),
        ),
        orderBy: [asc(depositOrders.id)],
      });
    },

    orderByNo: (orderNo: string) => findRow(db, depositOrders, eq(depositOrders.orderNo, orderNo)),

    /**
     * The smallest free (address, offset) pair for `amount` among enabled addresses: smallest offset first,
     * then the address with the fewest open orders, from `fromOffset` on. It is only a candidate; the insert
     * below decides.
     *
     * An address's smallest free offset is `fromOffset` itself or one after an offset an open order holds, so
     * only those candidates are tested, against the open orders' offsets read once. (Probing and sorting
     * every one of the OFFSET_SLOTS offsets of every address on each pick is a thousand index probes per
     * deposit order: with it the race test of 50 players ordering one amount at once, three times, took 97 s
     * on PostgreSQL; it takes 2 s this way.)
     */
    async freeSlot(
      amountMicro: bigint,
      fromOffset = 0,
    ): Promise<{ addressId: number; address: string; offset: number } | null> {
      const [row] = await queryRows<{ id: number; address: string; k: number }>(
        db,
        sql`with addr as (
              select a.id, a.address,
                     (select count(*) from deposit_orders c
                      where c.address_id = a.id and c.status = ${DepositOrderStatus.PENDING}) as open_orders
              from deposit_addresses a where a.enabled),
            taken as (
              select o.address_id, ((o.actual_amount_micro - ${amountMicro}::bigint) / ${OFFSET_STEP_MICRO}::bigint)::int as k
              from deposit_orders o
              where o.status = ${DepositOrderStatus.PENDING}
                and o.actual_amount_micro between ${amountMicro}::bigint + ${fromOffset}::bigint * ${OFFSET_STEP_MICRO}::bigint
                                              and ${amountMicro}::bigint + ${OFFSET_SLOTS - 1}::bigint * ${OFFSET_STEP_MICRO}::bigint
                and (o.actual_amount_micro - ${amountMicro}::bigint) % ${OFFSET_STEP_MICRO}::bigint = 0)
            select addr.id::int as id, addr.address, c.k
            from addr cross join lateral (
              select ${fromOffset}::int as k
              union
              select t.k + 1 from taken t where t.address_id = addr.id) c
            where c.k <= ${OFFSET_SLOTS - 1}
              and not exists (select 1 from taken t where t.address_id = addr.id and t.k = c.k)
            order by c.k, addr.open_orders, addr.id
            limit 1`,
      );
      return row ? { addressId: Number(row.id), address: row.address, offset: Number(row.k) } : null;
    },

    /**
     * Takes the slot, or returns null when a concurrent order took it first. ON CONFLICT on the partial
     * unique index makes this the one place uniqueness is decided: a racing insert of the same pair waits for
     * the other transaction and then does nothing, and the caller picks again.
     */
    async insertOrder(
      o: NewOrder & { addressId: number; address: string; actualAmountMicro: bigint },
    ): Promise<DepositOrderRow | null> {
      const rows = await db
        .insert(depositOrders)
        .values({ ...o, status: DepositOrderStatus.PENDING })
        .onConflictDoNothing({
          target: [depositOrders.addressId, depositOrders.actualAmountMicro],
          where: sql`status = ${sql.raw(String(DepositOrderStatus.PENDING))}`,
        })
        .returning();
      return rows[0] ?? null;
    },

    /**
     * Sum of money this module credited to the player since `since` (TRC20 orders and operator matches; the
     * channels module adds its orders through the limits' CreditedElsewhere).
     */
    async creditedSince(playerId: number, since: Date): Promise<bigint> {
      const [row] = await queryRows<{ total: string | null }>(
        db,
        sql`select (
              coalesce((select sum(actual_amount_micro) from deposit_orders
                        where player_id = ${playerId} and status = ${DepositOrderStatus.COMPLETED}
                          and completed_at >= ${since}), 0)
            + coalesce((select sum(amount_micro) from deposit_unmatched
                        where match_player_id = ${playerId} and status = ${UnmatchedStatus.MATCHED}
                          and resolved_at >= ${since}), 0))::text as total`,
      );
      return BigInt(row?.total ?? '0');
    },

    limits: (playerId: number) => findRow(db, depositLimits, eq(depositLimits.playerId, playerId)),

    async saveLimits(row: DepositLimitsRow) {
      await db
        .insert(depositLimits)
        .values(row)
        .onConflictDoUpdate({ target: depositLimits.playerId, set: { ...row, playerId: undefined } });
    },

    lockLimits: (playerId: number) => lockRow(db, depositLimits, eq(depositLimits.playerId, playerId)),

    // --- chain -----------------------------------------------------------------------------------------

    async enabledAddresses(): Promise<DepositAddressRow[]> {
      return selectRows(db, depositAddresses, {
        where: eq(depositAddresses.enabled, true),
        orderBy: [asc(depositAddresses.id)],
      });
    },

    async allAddresses(): Promise<DepositAddressRow[]> {
      return db.select().from(depositAddresses).orderBy(asc(depositAddresses.id));
    },

    /**
     * The addresses the watcher polls: every enabled one, and a disabled one only while money may still come
     * to it for an order: it has a pending order, an order whose lifetime ended after `lateSince` (a late
     * payment goes to the unmatched queue), or a transfer seen but not yet confirmed.
     */
    async addressesToWatch(lateSince: Date): Promise<DepositAddressRow[]> {
      return selectRows(db, depositAddresses, {
        where: sql`${depositAddresses.enabled}
              or exists (select 1 from ${depositOrders} o where o.address_id = ${depositAddresses.id}
                           and (o.status = ${DepositOrderStatus.PENDING} or o.expires_at > ${lateSince}))
              or exists (select 1 from ${chainTransfers} c where c.to_address = ${depositAddresses.address}
                           and not c.confirmed)`,
        orderBy: [asc(depositAddresses.id)],
      });
    },

    addressByText: (address: string) => findRow(db, depositAddresses, eq(depositAddresses.address, address)),

    async insertAddress(address: string, label: string): Promise<DepositAddressRow | null> {
      const rows = await db
        .insert(depositAddresses)
        .values({ address, label })
        .onConflictDoNothing({ target: depositAddresses.address })
        .returning();
      return rows[0] ?? null;
    },

    setAddressEnabled: (id: number, enabled: boolean): Promise<DepositAddressRow | null> =>
      updateRow(db, depositAddresses, eq(depositAddresses.id, id), { enabled }),

    async cursor(address: string): Promise<ChainCursorRow> {
      await db.insert(chainCursors).values({ address }).onConflictDoNothing();
      const [row] = await db.select().from(chainCursors).where(eq(chainCursors.address, address));
      return row!;
    },

    async cursors(): Promise<ChainCursorRow[]> {
      return db.select().from(chainCursors).orderBy(asc(chainCursors.address));
    },

    async saveCursor(address: string, set: Partial<Omit<ChainCursorRow, 'address'>>) {
      await db.update(chainCursors).set(set).where(eq(chainCursors.address, address));
    },

    /**
     * Records a transfer once. A repeat delivery changes nothing except that a confirmed sighting marks an
     * unconfirmed row confirmed (never the other way round). Returns the row as stored.
     */
    async recordTransfer(t: IncomingTransfer): Promise<ChainTransferRow> {
      const [row] = await db
        .insert(chainTransfers)
        .values({ ...t, confirmedAt: t.confirmed ? t.firstSeenAt : null })
        .onConflictDoUpdate({
          target: [chainTransfers.txId, chainTransfers.eventKey],
          set: {
            confirmed: sql`chain_transfers.confirmed or excluded.confirmed`,
            confirmedAt: sql`coalesce(chain_transfers.confirmed_at, excluded.confirmed_at)`,
          },
        })
        .returning();
      return row!;
    },

    async txIdOf(chainTransferId: number): Promise<string | null> {
      const [row] = await db
        .select({ txId: chainTransfers.txId })
        .from(chainTransfers)
        .where(eq(chainTransfers.id, chainTransferId));
      return row?.txId ?? null;
    },

    /** Which of these transactions already have recorded transfers (their events need no second fetch). */
    knownTxIds: (txIds: string[]): Promise<Set<string>> => keysPresent(db, chainTransfers.txId, txIds),

    lockTransfer: (id: number) => lockRow(db, chainTransfers, eq(chainTransfers.id, id)),

    /** Confirmed transfers nothing has decided yet (a crash between recording and settling leaves these). */
    async unsettledConfirmed(limit = 200): Promise<ChainTransferRow[]> {
      return selectRows(db, chainTransfers, {
        where: and(eq(chainTransfers.status, ChainTransferStatus.SEEN), eq(chainTransfers.confirmed, true)),
        orderBy: [asc(chainTransfers.id)],
        limit,
      });
    },

    /**
     * The order a transfer paid: on that address, with that exact actual amount, whose lifetime contains the
     * block time, and not completed yet. Lifetimes of one (address, amount) never overlap (see the schema),
     * so there is at most one. Locked, because crediting completes it.
     */
    orderPaidBy: (addressId: number, amountMicro: bigint, at: Date): Promise<DepositOrderRow | null> =>
      lockRow(
        db,
        depositOrders,
        and(
          slot(addressId, amountMicro),
          inArray(depositOrders.status, [DepositOrderStatus.PENDING, DepositOrderStatus.EXPIRED]),
          sql`${depositOrders.createdAt} <= ${at} and ${at} < ${depositOrders.expiresAt}`,
        ),
        [desc(depositOrders.id)],
      ),

    /** An order for the same address and amount that ended before the transfer: the payment was late. */
    expiredBefore: (addressId: number, amountMicro: bigint, at: Date): Promise<DepositOrderRow | null> =>
      findRow(
        db,
        depositOrders,
        and(slot(addressId, amountMicro), sql`${depositOrders.expiresAt} <= ${at}`),
        [desc(depositOrders.expiresAt)],
      ),

    async completeOrder(id: number, chainTransferId: number | null, at: Date) {
      await db
        .update(depositOrders)
        .set({ status: DepositOrderStatus.COMPLETED, completedAt: at, chainTransferId })
        .where(eq(depositOrders.id, id));
    },

    async settleTransfer(
      id: number,
      set: { status: number; orderId?: number | null; playerId?: number | null; ledgerKey?: string | null },
      at: Date,
    ) {
      await db
        .update(chainTransfers)
        .set({ ...set, settledAt: at })
        .where(eq(chainTransfers.id, id));
    },

    /** Players a sender has funded before (credited transfers and operator matches), at most two. */
    async playersFundedBy(fromAddress: string): Promise<number[]> {
      const rows = await queryRows<{ player_id: number }>(
        db,
        sql`select distinct player_id::int as player_id from (
              select player_id from chain_transfers
              where from_address = ${fromAddress} and status = ${ChainTransferStatus.CREDITED} and player_id is not null
              union
              select u.match_player_id from deposit_unmatched u join chain_transfers c on c.id = u.chain_transfer_id
              where c.from_address = ${fromAddress} and u.status = ${UnmatchedStatus.MATCHED}
            ) f limit 2`,
      );
      return rows.map((r) => Number(r.player_id));
    },

    /**
     * The addresses this player has paid deposits from: senders of transfers credited to them, and of
     * unmatched transfers an operator matched to them (the withdrawal address-poisoning guard compares
     * new withdrawal addresses against these).
     */
    async senderAddressesOf(playerId: number): Promise<string[]> {
      const rows = await queryRows<{ from_address: string }>(
        db,
        sql`select from_address from chain_transfers
            where player_id = ${playerId} and status = ${ChainTransferStatus.CREDITED}
            union
            select c.from_address from deposit_unmatched u join chain_transfers c on c.id = u.chain_transfer_id
            where u.match_player_id = ${playerId} and u.status = ${UnmatchedStatus.MATCHED}
            limit 200`,
      );
      return rows.map((r) => r.from_address);
    },

    async queueUnmatched(row: typeof depositUnmatched.$inferInsert): Promise<UnmatchedRow | null> {
      const rows = await db.insert(depositUnmatched).values(row).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },

    /**
     * Other players credited from a TRC20 address that also paid this player (a sender wallet two accounts
     * share), at most `limit`, with the sender address.
     */
    async sharingSenders(playerId: number, limit: number) {
      const rows = await queryRows<{ player_id: number | string; from_address: string }>(
        db,
        sql`select distinct other.player_id, other.from_address
            from chain_transfers mine
            join chain_transfers other on other.from_address = mine.from_address
            where mine.player_id = ${playerId} and other.player_id is not null
              and other.player_id <> ${playerId}
            order by other.player_id limit ${limit}`,
      );
      return rows.map((r) => ({ playerId: Number(r.player_id), address: r.from_address }));
    },

    // --- records ---------------------------------------------------------------------------------------

    /** The player's TRC20 deposit orders in a time window, newest first. */
    async depositRecords(playerId: number, from: Date, to: Date, { limit, offset }: PageWindow) {
      return queryRows<DepositRecordRow & { total: number }>(
        db,
        sql`select 'trc20' as kind, o.order_no, o.created_at, o.amount_micro::text,
                   o.actual_amount_micro::text, '0' as fee_micro, o.status::int, 'USDT-TRC20' as channel, c.tx_id,
                   count(*) over ()::int as total
            from deposit_orders o left join chain_transfers c on c.id = o.chain_transfer_id
            where o.player_id = ${playerId} and o.created_at >= ${from} and o.created_at < ${to}
            order by o.created_at desc, o.order_no desc
            limit ${limit} offset ${offset}`,
      );
    },

    /** The queue's reasons for the channel orders among `channelOrderIds` that have a queue row. */
    queueReasonsOfChannelOrders: (channelOrderIds: number[]): Promise<Map<number, string>> =>
      valuesByKey(db, depositUnmatched.channelOrderId, depositUnmatched.reason, channelOrderIds),

    /** Queues a channel report once (unique by channel order and by channel reference); false when queued before. */
    queueChannelReport: (row: typeof depositUnmatched.$inferInsert) => insertNew(db, depositUnmatched, row),
  };
}

export type DepositsRepository = ReturnType<typeof createDepositsRepository>;

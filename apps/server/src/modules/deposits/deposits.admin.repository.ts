import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  findRow,
  inStates,
  inWindow,
  lockRow,
  pageWithTotal,
  updateRow,
  type ListWindow,
} from '../../db/rows';
import type { PageWindow } from '../../lib/paging';
import {
  chainCursors,
  chainTransfers,
  depositAddresses,
  DepositOrderStatus,
  depositOrders,
  depositUnmatched,
  UnmatchedStatus,
} from './deposits.schema';
import type { ChainTransferRow, DepositAddressRow, DepositOrderRow, UnmatchedRow } from './deposits.schema';

/**
 * SQL of the console's deposits area. Player names are read from `players` (the auth module's table) by id
 * for display only, as the wallet's explorer does; nothing here writes outside the deposits module's tables.
 */

export interface OrderSearch extends ListWindow {
  /** The states to list; empty for every state. */
  statuses: number[];
  playerId: number | null;
  orderNo: string;
  address: string;
}

export interface TransferSearch extends ListWindow {
  /** The states to list; empty for every state. */
  statuses: number[];
  address: string;
  fromAddress: string;
  txId: string;
}

export type AdminTransferRow = ChainTransferRow & {
  orderNo: string | null;
  unmatchedId: number | null;
  unmatchedStatus: number | null;
};

export function createDepositsAdminRepository(db: DbOrTx) {
  return {
    async addressesWithLoad(): Promise<(DepositAddressRow & { openOrders: number })[]> {
      const rows = await db
        .select({
          address: depositAddresses,
          openOrders: sql<number>`(select count(*)::int from deposit_orders o
                                   where o.address_id = ${depositAddresses.id}
                                     and o.status = ${DepositOrderStatus.PENDING})`,
        })
        .from(depositAddresses)
        .orderBy(asc(depositAddresses.id));
      return rows.map((r) => ({ ...r.address, openOrders: Number(r.openOrders) }));
    },

    addressById: (id: number) => lockRow(db, depositAddresses, eq(depositAddresses.id, id)),

    async orders(
      f: OrderSearch,
    ): Promise<{ rows: (DepositOrderRow & { txId: string | null })[]; total: number }> {
      const where = and(
        inStates(depositOrders.status, f.statuses),
        f.playerId !== null ? eq(depositOrders.playerId, f.playerId) : undefined,
        f.orderNo ? eq(depositOrders.orderNo, f.orderNo) : undefined,
        f.address ? eq(depositOrders.address, f.address) : undefined,
        inWindow(depositOrders.createdAt, f),
      );
      const { rows, total } = await pageWithTotal(
        db,
        depositOrders,
        db
          .select({ order: depositOrders, txId: chainTransfers.txId })
          .from(depositOrders)
          .leftJoin(chainTransfers, eq(chainTransfers.id, depositOrders.chainTransferId))
          .$dynamic(),
        { where, orderBy: [desc(depositOrders.id)], limit: f.limit, offset: f.offset },
      );
      return { rows: rows.map((r) => ({ ...r.order, txId: r.txId })), total };
    },

    async transfers(f: TransferSearch): Promise<{ rows: AdminTransferRow[]; total: number }> {
      const where = and(
        inStates(chainTransfers.status, f.statuses),
        f.address ? eq(chainTransfers.toAddress, f.address) : undefined,
        f.fromAddress ? eq(chainTransfers.fromAddress, f.fromAddress) : undefined,
        f.txId ? eq(chainTransfers.txId, f.txId) : undefined,
        inWindow(chainTransfers.blockTimestamp, f),
      );
      const { rows, total } = await pageWithTotal(
        db,
        chainTransfers,
        db
          .select({
            t: chainTransfers,
            orderNo: depositOrders.orderNo,
            unmatchedId: depositUnmatched.id,
            unmatchedStatus: depositUnmatched.status,
            matchPlayerId: depositUnmatched.matchPlayerId,
          })
          .from(chainTransfers)
          .leftJoin(depositOrders, eq(depositOrders.id, chainTransfers.orderId))
          .leftJoin(depositUnmatched, eq(depositUnmatched.chainTransferId, chainTransfers.id))
          .$dynamic(),
        {
          where,
          orderBy: [desc(chainTransfers.blockTimestamp), desc(chainTransfers.id)],
          limit: f.limit,
          offset: f.offset,
        },
      );
      return {
        rows: rows.map((r) => ({
          ...r.t,
          // An operator match credits the player through the queue row; show that player on the transfer.
          playerId: r.t.playerId ?? (r.unmatchedStatus === UnmatchedStatus.MATCHED ? r.matchPlayerId : null),
          orderNo: r.orderNo,
          unmatchedId: r.unmatchedId,
          unmatchedStatus: r.unmatchedStatus,
        })),
        total,
      };
    },

    async unmatched(
      statuses: number[],
      page: PageWindow,
    ): Promise<{ rows: (UnmatchedRow & { transfer: ChainTransferRow | null })[]; total: number }> {
      const where = inStates(depositUnmatched.status, statuses);
      const { rows, total } = await pageWithTotal(
        db,
        depositUnmatched,
        db
          .select({ u: depositUnmatched, t: chainTransfers })
          .from(depositUnmatched)
          .leftJoin(chainTransfers, eq(chainTransfers.id, depositUnmatched.chainTransferId))
          .$dynamic(),
        { where, orderBy: [desc(depositUnmatched.id)], ...page },
      );
      return { rows: rows.map((r) => ({ ...r.u, transfer: r.t })), total };
    },

    async unmatchedById(id: number): Promise<(UnmatchedRow & { transfer: ChainTransferRow | null }) | null> {
      const [row] = await db
        .select({ u: depositUnmatched, t: chainTransfers })
        .from(depositUnmatched)
        .leftJoin(chainTransfers, eq(chainTransfers.id, depositUnmatched.chainTransferId))
        .where(eq(depositUnmatched.id, id));
      return row ? { ...row.u, transfer: row.t } : null;
    },

    /**
     * The queue row, locked until the transaction ends: every resolution reads its state under this lock and
     * changes it before commit, so of any number of concurrent resolutions exactly one sees it open.
     */
    lockUnmatched: (id: number) => lockRow(db, depositUnmatched, eq(depositUnmatched.id, id)),

    async updateUnmatched(id: number, set: Partial<Omit<UnmatchedRow, 'id'>>): Promise<UnmatchedRow> {
      return (await updateRow(db, depositUnmatched, eq(depositUnmatched.id, id), set))!;
    },

    chainTransferById: (id: number) => findRow(db, chainTransfers, eq(chainTransfers.id, id)),

    /** Marks the chain transfer credited to the matched player (the match itself stays on the queue row). */
    async markTransferMatched(id: number, playerId: number, ledgerKey: string) {
      await db.update(chainTransfers).set({ playerId, ledgerKey }).where(eq(chainTransfers.id, id));
    },

    /** Every receiving address (enabled or not) with its cursor, if the watcher has made one. */
    async watcherRows() {
      return db
        .select({ address: depositAddresses, cursor: chainCursors })
        .from(depositAddresses)
        .leftJoin(chainCursors, eq(chainCursors.address, depositAddresses.address))
        .orderBy(asc(depositAddresses.id));
    },
  };
}

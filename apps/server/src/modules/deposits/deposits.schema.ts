import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintNumber, counter, createdAt, flag, id, micro, state, ts, updatedAt } from '../../db/columns';

/**
 * The platform's TRON receiving addresses (decision 13). Operators add, enable and disable them; an address
 * is never deleted because orders and chain transfers name it.
 */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: id(),
    /** Base58check `T…`, 34 characters, checksum verified before insert. */
    address: text('address').notNull(),
    label: text('label').notNull().default(''),
    enabled: flag('enabled', true),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [uniqueIndex('deposit_addresses_address_uq').on(t.address)],
);
export type DepositAddressRow = typeof depositAddresses.$inferSelect;

export const DepositOrderStatus = { PENDING: 1, COMPLETED: 2, EXPIRED: 3 } as const;

/**
 * A USDT-TRC20 deposit order (spec §2 deposit popup, decision 20). `actual_amount_micro` is what the player
 * must send; the partial unique index makes it unique among the PENDING orders of one address, so an
 * incoming transfer matches at most one open order. A pending order past `expires_at` still holds its slot
 * until something marks it expired; the order-creation statement does that first, in its own transaction
 * (see deposits.repository.ts). Because a slot is only freed after its order's lifetime ended, the lifetimes
 * [created_at, expires_at) of the orders that ever held one (address, actual amount) never overlap, which is
 * what lets a transfer confirmed after expiry still find the one order it paid in time.
 */
export const depositOrders = pgTable(
  'deposit_orders',
  {
    id: id(),
    /** The public order id (`order_id` on the wire). */
    orderNo: text('order_no').notNull(),
    playerId: bigintNumber('player_id').notNull(),
    addressId: bigintNumber('address_id').notNull(),
    address: text('address').notNull(),
    amountMicro: micro('amount_micro').notNull(),
    actualAmountMicro: micro('actual_amount_micro').notNull(),
    status: state('status', DepositOrderStatus.PENDING),
    /** The caller's country when the order was made (deny-list, decision 18); checked again at crediting. */
    country: text('country'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    completedAt: ts('completed_at'),
    chainTransferId: bigintNumber('chain_transfer_id'),
  },
  (t) => [
    uniqueIndex('deposit_orders_no_uq').on(t.orderNo),
    uniqueIndex('deposit_orders_open_amount_uq')
      .on(t.addressId, t.actualAmountMicro)
      .where(sql`status = 1`),
    index('deposit_orders_player_idx').on(t.playerId, t.createdAt),
    index('deposit_orders_match_idx').on(t.addressId, t.actualAmountMicro, t.createdAt),
    index('deposit_orders_pending_idx')
      .on(t.expiresAt)
      .where(sql`status = 1`),
  ],
);
export type DepositOrderRow = typeof depositOrders.$inferSelect;

export const ChainTransferStatus = {
  /** Seen on the chain, not yet confirmed: nothing is decided. */
  SEEN: 1,
  CREDITED: 2,
  /** Confirmed, matched no open order (or a rule refused it): in the unmatched queue. */
  UNMATCHED: 3,
  /** Not the official USDT contract: recorded, never credited, never queued. */
  FOREIGN_TOKEN: 4,
} as const;

/**
 * Every TRC20 transfer to a platform address the watcher has seen, recorded once (unique by transaction id
 * and event key) before anything is credited. TronGrid's TRC20 list carries no log index, so the event key
 * is a hash of the record's token, sender, receiver and value: a record delivered twice collapses into one
 * row, two different transfers inside one transaction stay two rows.
 */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    id: id(),
    txId: text('tx_id').notNull(),
    eventKey: text('event_key').notNull(),
    tokenContract: text('token_contract').notNull(),
    tokenSymbol: text('token_symbol').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    amountMicro: micro('amount_micro').notNull(),
    blockTimestamp: ts('block_timestamp').notNull(),
    confirmed: flag('confirmed', false),
    status: state('status', ChainTransferStatus.SEEN),
    orderId: bigintNumber('order_id'),
    playerId: bigintNumber('player_id'),
    ledgerKey: text('ledger_key'),
    firstSeenAt: ts('first_seen_at').notNull(),
    confirmedAt: ts('confirmed_at'),
    settledAt: ts('settled_at'),
  },
  (t) => [
    uniqueIndex('chain_transfers_event_uq').on(t.txId, t.eventKey),
    index('chain_transfers_to_idx').on(t.toAddress, t.blockTimestamp),
    index('chain_transfers_from_idx').on(t.fromAddress),
    // A player's credited transfers (the senders that link accounts into a household, promotions).
    index('chain_transfers_player_idx').on(t.playerId),
    index('chain_transfers_open_idx')
      .on(t.firstSeenAt)
      .where(sql`status = 1`),
  ],
);
export type ChainTransferRow = typeof chainTransfers.$inferSelect;

/**
 * The watcher's position per receiving address: TronGrid's `min_timestamp` and, while a listing spans
 * several pages, the fingerprint of the next page. It only moves after the records before it are stored.
 */
export const chainCursors = pgTable('chain_cursors', {
  address: text('address').primaryKey(),
  minTimestampMs: bigintNumber('min_timestamp_ms').notNull().default(0),
  fingerprint: text('fingerprint'),
  /** Newest block time among confirmed records seen, for the lag metric. */
  lastBlockMs: bigintNumber('last_block_ms'),
  lastPolledAt: ts('last_polled_at'),
  /** When a poll last completed without error: now − this is the watcher's lag. */
  lastSuccessAt: ts('last_success_at'),
  lastError: text('last_error'),
  failures: counter('failures'),
  /** No poll before this time (backoff after 429/5xx/timeouts). */
  backoffUntil: ts('backoff_until'),
});
export type ChainCursorRow = typeof chainCursors.$inferSelect;

export const UnmatchedSource = { CHAIN: 1, CHANNEL: 2 } as const;
export const UnmatchedStatus = {
  QUEUED: 1,
  /** An operator asked to match above the threshold; a second operator must approve. */
  AWAITING_APPROVAL: 2,
  MATCHED: 3,
  REFUNDED: 4,
  IGNORED: 5,
} as const;

/**
 * Money that arrived but was not credited automatically (decision 20): late, wrong amount, unknown sender,
 * a second payment, a refused rule (deposit limit, region), or a channel notification that did not agree
 * with its order. Operators resolve each once.
 */
export const depositUnmatched = pgTable(
  'deposit_unmatched',
  {
    id: id(),
    source: smallint('source').notNull(),
    chainTransferId: bigintNumber('chain_transfer_id'),
    channelOrderId: bigintNumber('channel_order_id'),
    /**
     * Channel mismatches: `<channel id>:<channel's order id>`, so a notification delivered many times queues
     * one row even when it names no order of ours.
     */
    channelRef: text('channel_ref'),
    amountMicro: micro('amount_micro').notNull(),
    reason: text('reason').notNull(),
    detail: jsonb('detail'),
    /** The player the sender funded before, when that is exactly one player. */
    likelyPlayerId: bigintNumber('likely_player_id'),
    /** The player the order named (channel mismatches, refused rules). */
    orderPlayerId: bigintNumber('order_player_id'),
    status: state('status', UnmatchedStatus.QUEUED),
    matchPlayerId: bigintNumber('match_player_id'),
    /** Who asked for a match awaiting approval: the approver must be a different operator (by id). */
    requestedBy: text('requested_by'),
    requestedById: bigintNumber('requested_by_id'),
    requestedAt: ts('requested_at'),
    /** The resolving operator's reason (match, refund, ignore). */
    note: text('note'),
    resolvedBy: text('resolved_by'),
    resolvedById: bigintNumber('resolved_by_id'),
    /** A refund is sent outside Koi (treasury); this names that transaction or ticket. */
    refundTxId: text('refund_tx_id'),
    ledgerKey: text('ledger_key'),
    createdAt: createdAt(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    uniqueIndex('deposit_unmatched_chain_uq').on(t.chainTransferId),
    uniqueIndex('deposit_unmatched_channel_uq').on(t.channelOrderId),
    uniqueIndex('deposit_unmatched_channel_ref_uq').on(t.channelRef),
    index('deposit_unmatched_status_idx').on(t.status, t.createdAt),
  ],
);
export type UnmatchedRow = typeof depositUnmatched.$inferSelect;

/**
 * A player's responsible-gambling deposit limits (decision 18), in micro-USDT per rolling day, 7 days and
 * 30 days; null = no limit. Lowering applies at once; raising or removing waits 24 hours (the pending_*
 * columns), so a limit cannot be lifted on impulse.
 */
export const depositLimits = pgTable('deposit_limits', {
  playerId: bigintNumber('player_id').primaryKey(),
  dayMicro: micro('day_micro'),
  weekMicro: micro('week_micro'),
  monthMicro: micro('month_micro'),
  pendingDayMicro: micro('pending_day_micro'),
  pendingWeekMicro: micro('pending_week_micro'),
  pendingMonthMicro: micro('pending_month_micro'),
  /** Which pending fields are set: a pending "no limit" is null too, so presence needs its own flag. */
  pendingMask: smallint('pending_mask').notNull().default(0),
  pendingEffectiveAt: ts('pending_effective_at'),
  updatedAt: updatedAt(),
});
export type DepositLimitsRow = typeof depositLimits.$inferSelect;

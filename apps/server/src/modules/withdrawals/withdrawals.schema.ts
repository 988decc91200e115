import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintNumber, counter, createdAt, flag, id, micro, state, ts, updatedAt } from '../../db/columns';

/** Decision 12: the address types are the contract's, so the player app and the server share one list. */
export { AddressType } from '@koi/contract/enums';

/**
 * A player's saved withdrawal addresses. Deleting keeps the row (deleted_at) so that a withdrawal always
 * names the address it was sent to and the poisoning guard remembers addresses the player used before.
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: id(),
    playerId: bigintNumber('player_id').notNull(),
    type: smallint('type').notNull(),
    /** TRC20 or wallet address; for type 2 the phone number (national digits). */
    address: text('address').notNull(),
    /** Calling code digits for type 2, '' otherwise. */
    area: text('area').notNull().default(''),
    createdAt: createdAt(),
    /** A new address may be used for withdrawals only from this time (configurable delay). */
    usableAt: ts('usable_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    // One live copy of an address per player: the database settles two concurrent binds of the same one.
    uniqueIndex('withdrawal_addresses_live_uq')
      .on(t.playerId, t.type, t.area, t.address)
      .where(sql`${t.deletedAt} is null`),
    index('withdrawal_addresses_player_idx').on(t.playerId),
    index('withdrawal_addresses_address_idx').on(t.address),
    check('withdrawal_addresses_type_ck', sql`${t.type} between 1 and 3`),
  ],
);
export type AddressRow = typeof withdrawalAddresses.$inferSelect;

/**
 * Off-chain payout methods (decision 35): address types 2 (phone-number wallet) and 3 (other wallet) are
 * offered to players only while an operator has enabled them, under the operator's display name; they are
 * paid by hand, never through the TRC20 rail. A type without a row is disabled with the default name.
 */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    addressType: smallint('address_type').primaryKey(),
    enabled: flag('enabled', false),
    name: text('name').notNull(),
    updatedBy: bigintNumber('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [check('payout_methods_type_ck', sql`${t.addressType} between 2 and 3`)],
);

export const AddressAction = { BIND: 1, DELETE: 2 } as const;

/** Every bind and delete, with where it came from (spec: adding or deleting is recorded). */
export const withdrawalAddressEvents = pgTable(
  'withdrawal_address_events',
  {
    id: id(),
    playerId: bigintNumber('player_id').notNull(),
    addressId: bigintNumber('address_id').notNull(),
    action: smallint('action').notNull(),
    ip: text('ip'),
    /**
     * The address this one looks like (same first and last 4 characters): one of the player's own, which they
     * confirmed, or another player's, which the player was not shown.
     */
    similarTo: text('similar_to'),
    createdAt: createdAt(),
  },
  (t) => [index('withdrawal_address_events_player_idx').on(t.playerId, t.createdAt)],
);

/**
 * Wrong withdrawal-password attempts per player (the hash itself lives with the player, in the players
 * module). An attempt is reserved here before the password is checked, so parallel guesses cannot all slip
 * under the limit.
 */
export const withdrawPasswordGuards = pgTable('withdraw_password_guards', {
  playerId: bigintNumber('player_id').primaryKey(),
  failedAttempts: counter('failed_attempts'),
  lockedUntil: ts('locked_until'),
});

/**
 * Decision 22. applied → approved → paying → paid | rejected (from applied or approved). Record status
 * (spec §3): paid 1, rejected 3, everything else 2.
 */
export const WithdrawalState = { APPLIED: 1, APPROVED: 2, PAYING: 3, PAID: 4, REJECTED: 5 } as const;
export type WithdrawalState = (typeof WithdrawalState)[keyof typeof WithdrawalState];

/**
 * A person's settlement of a paying withdrawal (two operators): what the first operator proposes. `PAID`
 * carries the chain transaction (or, for a manual payout, the external reference); `FAILED` says nothing was
 * paid, after checking the chain.
 */
export const SettleOutcome = { PAID: 1, FAILED: 2 } as const;
export type SettleOutcome = (typeof SettleOutcome)[keyof typeof SettleOutcome];

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    playerId: bigintNumber('player_id').notNull(),
    /** The client's id for this application: a retry answers the same withdrawal. */
    requestId: text('request_id').notNull(),
    addressId: bigintNumber('address_id').notNull(),
    addressType: smallint('address_type').notNull(),
    address: text('address').notNull(),
    area: text('area').notNull().default(''),
    amountMicro: micro('amount_micro').notNull(),
    feeMicro: micro('fee_micro').notNull(),
    state: state('state', WithdrawalState.APPLIED),
    /** Idempotency key of the pending ledger transfer holding amount + fee. */
    holdKey: text('hold_key').notNull(),
    /** First approver (operator id), and the second when two are required. */
    approvedBy: bigintNumber('approved_by'),
    secondApprovedBy: bigintNumber('second_approved_by'),
    approvedAt: ts('approved_at'),
    rejectedBy: bigintNumber('rejected_by'),
    rejectReason: text('reject_reason'),
    txHash: text('tx_hash'),
    payoutAttempts: counter('payout_attempts'),
    lastPayoutError: text('last_payout_error'),
    /** When the withdrawal became `paying`: the payout alert is raised a configured time after it. */
    payingSince: ts('paying_since'),
    /** The reconciler asks the rail about a paying withdrawal again from this time (backoff). */
    nextCheckAt: ts('next_check_at'),
    /** Set once the payout stayed unclear past the alert time: the console asks a person to settle it. */
    alertedAt: ts('alerted_at'),
    /** Paid by a person outside the rail (off-chain payout methods): never sent to the rail. */
    manualPayout: flag('manual_payout', false),
    /** The open settlement proposal (SettleOutcome), its reference, note, proposer and time. */
    settleOutcome: smallint('settle_outcome'),
    settleReference: text('settle_reference'),
    settleNote: text('settle_note'),
    settleProposedBy: bigintNumber('settle_proposed_by'),
    settleProposedAt: ts('settle_proposed_at'),
    /** The second operator, who confirmed the proposal and so settled the withdrawal. */
    settledBy: bigintNumber('settled_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('withdrawals_request_uq').on(t.playerId, t.requestId),
    uniqueIndex('withdrawals_hold_key_uq').on(t.holdKey),
    index('withdrawals_player_idx').on(t.playerId, t.createdAt),
    index('withdrawals_state_idx').on(t.state, t.createdAt),
    index('withdrawals_address_idx').on(t.address),
    check('withdrawals_amount_ck', sql`${t.amountMicro} > 0 and ${t.feeMicro} >= 0`),
    check('withdrawals_state_ck', sql`${t.state} between 1 and 5`),
    check(
      'withdrawals_two_approvers_ck',
      sql`${t.secondApprovedBy} is null or ${t.secondApprovedBy} <> ${t.approvedBy}`,
    ),
    check(
      'withdrawals_two_settlers_ck',
      sql`${t.settledBy} is null or (${t.settleProposedBy} is not null and ${t.settledBy} <> ${t.settleProposedBy})`,
    ),
    check(
      'withdrawals_settle_outcome_ck',
      sql`${t.settleOutcome} is null or ${t.settleOutcome} between 1 and 2`,
    ),
    index('withdrawals_alerted_idx')
      .on(t.alertedAt)
      .where(sql`${t.alertedAt} is not null and ${t.state} = 3`),
  ],
);
export type WithdrawalRow = typeof withdrawals.$inferSelect;

import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LEDGER_CURRENCY } from '@koi/ledger';
import { playerRef, players } from '../auth/auth.schema';
import { bigintNumber, createdAt, flag, id, micro, microTotal, ts } from '../../db/columns';

/**
 * The wallet ledger, modelled on TigerBeetle's accounts and transfers. The writes themselves are
 * done by the SQL functions koi_ledger_* in src/modules/wallet/sql/ (one file per function, the current
 * definition; one round trip per transfer), and triggers there keep the history append-only; see the design note in
 * modules/wallet/wallet.service.ts.
 */

/**
 * Ledger rows are numbered by `bigint` identities read as JS bigints, like the amounts they carry: ids come
 * back from the koi_ledger_* functions beside the amounts and are never narrowed to a number.
 */
const ledgerId = () => bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity();

/** A ledger account a transfer or an entry moves money on (debit, credit or the entry's own account). */
const accountRef = (name: string) =>
  bigint(name, { mode: 'bigint' })
    .notNull()
    .references(() => ledgerAccounts.id);

/** The ledger transfer an entry or an adjustment records. */
const transferRef = () =>
  bigint('transfer_id', { mode: 'bigint' })
    .notNull()
    .references(() => ledgerTransfers.id);

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: ledgerId(),
    /** 1 = player wallet, 2 = system account shard (AccountKind in @koi/ledger). */
    kind: smallint('kind').notNull(),
    playerId: bigintNumber('player_id').references(() => players.id),
    /** System account name (SystemAccount in @koi/ledger); null for player wallets. */
    systemCode: text('system_code'),
    /** Shard number of a system account; player wallets have one row, shard 0. */
    shard: smallint('shard').notNull().default(0),
    currency: text('currency').notNull().default(LEDGER_CURRENCY),
    /** AccountFlags bits: 1 = debits must not exceed credits, 2 = credits must not exceed debits. */
    flags: integer('flags').notNull().default(0),
    debitsPostedMicro: microTotal('debits_posted_micro'),
    creditsPostedMicro: microTotal('credits_posted_micro'),
    debitsPendingMicro: microTotal('debits_pending_micro'),
    creditsPendingMicro: microTotal('credits_pending_micro'),
    /** Incremented by every change, for optimistic readers and audits. */
    version: bigint('version', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_player_uq')
      .on(t.playerId, t.currency)
      .where(sql`${t.playerId} is not null`),
    uniqueIndex('ledger_accounts_system_uq')
      .on(t.systemCode, t.currency, t.shard)
      .where(sql`${t.systemCode} is not null`),
    check(
      'ledger_accounts_owner_ck',
      sql`(${t.kind} = 1 and ${t.playerId} is not null and ${t.systemCode} is null) or (${t.kind} = 2 and ${t.systemCode} is not null and ${t.playerId} is null)`,
    ),
    check(
      'ledger_accounts_nonneg_ck',
      sql`${t.debitsPostedMicro} >= 0 and ${t.creditsPostedMicro} >= 0 and ${t.debitsPendingMicro} >= 0 and ${t.creditsPendingMicro} >= 0`,
    ),
    // The last line of defence behind the conditional UPDATE: the database itself refuses a write that
    // would take a limited account (every player wallet) below zero.
    check(
      'ledger_accounts_debit_limit_ck',
      sql`${t.flags} & 1 = 0 or ${t.creditsPostedMicro} - ${t.debitsPostedMicro} - ${t.debitsPendingMicro} >= 0`,
    ),
    check(
      'ledger_accounts_credit_limit_ck',
      sql`${t.flags} & 2 = 0 or ${t.debitsPostedMicro} - ${t.creditsPostedMicro} - ${t.creditsPendingMicro} >= 0`,
    ),
  ],
);

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: ledgerId(),
    /** Chosen by the caller; a retry with the same key returns the first result. */
    idempotencyKey: text('idempotency_key').notNull(),
    debitAccountId: accountRef('debit_account_id'),
    creditAccountId: accountRef('credit_account_id'),
    amountMicro: micro('amount_micro').notNull(),
    currency: text('currency').notNull().default(LEDGER_CURRENCY),
    /** TransferCode in @koi/ledger: why the money moved. */
    code: smallint('code').notNull(),
    /** TransferState: 1 posted, 2 pending, 3 pending then posted, 4 pending then voided. */
    state: smallint('state').notNull(),
    /** What the transfer is about (order, bet round, withdrawal, adjustment). */
    referenceType: text('reference_type').notNull().default(''),
    referenceId: text('reference_id').notNull().default(''),
    /** A pending transfer not resolved by then may be voided by the expiry sweep. */
    timeoutAt: ts('timeout_at'),
    metadata: jsonb('metadata'),
    createdAt: createdAt().defaultNow(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    uniqueIndex('ledger_transfers_key_uq').on(t.idempotencyKey),
    index('ledger_transfers_reference_idx').on(t.referenceType, t.referenceId),
    index('ledger_transfers_pending_idx')
      .on(t.timeoutAt)
      .where(sql`${t.state} = 2`),
    check('ledger_transfers_amount_ck', sql`${t.amountMicro} > 0`),
    check('ledger_transfers_accounts_ck', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check('ledger_transfers_state_ck', sql`${t.state} between 1 and 4`),
    check('ledger_transfers_key_ck', sql`length(${t.idempotencyKey}) between 1 and 128`),
  ],
);

/**
 * One row per account per event (a posted transfer, a hold, its post or its void). Entries are append-only;
 * summing them recomputes every balance, and a player's entries are their account-change list.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: ledgerId(),
    transferId: transferRef(),
    accountId: accountRef('account_id'),
    /** EntryPhase: 1 posted, 2 hold, 3 post of a hold, 4 void of a hold. */
    phase: smallint('phase').notNull(),
    /** Copied from the transfer so account-change lists filter by type without a join. */
    code: smallint('code').notNull(),
    /** Change of credits_posted - debits_posted (credit positive). */
    postedDeltaMicro: micro('posted_delta_micro').notNull(),
    /** Change of credits_pending - debits_pending (credit positive). */
    pendingDeltaMicro: micro('pending_delta_micro').notNull(),
    /** Change of the available balance (credits_posted - debits_posted - debits_pending): what the player sees. */
    amountMicro: micro('amount_micro').notNull(),
    /** Available balance after this entry. */
    balanceAfterMicro: micro('balance_after_micro').notNull(),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.createdAt, t.id),
    index('ledger_entries_transfer_idx').on(t.transferId),
    check('ledger_entries_phase_ck', sql`${t.phase} between 1 and 4`),
  ],
);

/** Operator adjustments: who changed whose balance, by how much, and why (audited). */
export const ledgerAdjustments = pgTable('ledger_adjustments', {
  id: ledgerId(),
  transferId: transferRef(),
  playerId: playerRef(),
  /** Signed: positive credits the player, negative debits. */
  amountMicro: micro('amount_micro').notNull(),
  reason: text('reason').notNull(),
  operator: text('operator').notNull(),
  createdAt: createdAt().defaultNow(),
});

export const AdjustmentRequestStatus = {
  PENDING: 'pending',
  APPLIED: 'applied',
  REJECTED: 'rejected',
} as const;

/**
 * Manual adjustments asked for in the operator console. One at or below the approval threshold is
 * applied at once; a larger one waits (`pending`) for a second, different operator, and is then `applied`
 * (its ledger transfer named in `transfer_id`) or `rejected`. The status moves once, by a conditional UPDATE
 * from `pending`, so two approvers at the same moment cannot both apply it.
 */
export const adjustmentRequests = pgTable(
  'adjustment_requests',
  {
    id: id(),
    playerId: playerRef(),
    /** Signed: positive credits the player, negative debits. */
    amountMicro: micro('amount_micro').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    needsApproval: flag('needs_approval'),
    requestedById: bigintNumber('requested_by_id').notNull(),
    requestedBy: text('requested_by').notNull(),
    /** The client's request id: a retried request answers the first one instead of asking twice. */
    requestKey: text('request_key'),
    requestedAt: ts('requested_at').notNull(),
    decidedById: bigintNumber('decided_by_id'),
    decidedBy: text('decided_by'),
    decidedAt: ts('decided_at'),
    decisionReason: text('decision_reason'),
    transferId: bigint('transfer_id', { mode: 'bigint' }),
  },
  (t) => [
    uniqueIndex('adjustment_requests_key_uq')
      .on(t.requestedById, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
    index('adjustment_requests_status_idx').on(t.status, t.id),
    index('adjustment_requests_player_idx').on(t.playerId, t.id),
  ],
);

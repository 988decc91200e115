import { sql } from 'drizzle-orm';
import { index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  bigintNumber,
  createdAt,
  id,
  micro,
  providerRound,
  secretHash,
  state,
  ts,
  updatedAt,
} from '../../db/columns';

/**
 * A game session handed to a provider at launch. The provider passes its token back on every wallet call;
 * Koi stores only the hash. Bets need a live session; rollbacks are accepted after it expired.
 */
export const providerSessions = pgTable(
  'provider_sessions',
  {
    id: id(),
    tokenHash: secretHash('token_hash'),
    playerId: bigintNumber('player_id').notNull(),
    providerId: smallint('provider_id').notNull(),
    gameCode: text('game_code').notNull(),
    createdAt: createdAt().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    /**
     * When the session was ended before it expired: the player signed out, was frozen or excluded themselves.
     * An ended session refuses new bets for good (unfreezing does not revive it); wins and rollbacks of bets
     * already placed still settle, as the provider must be able to finish its rounds (Hub88 semantics).
     */
    endedAt: ts('ended_at'),
  },
  (t) => [
    uniqueIndex('provider_sessions_token_uq').on(t.tokenHash),
    index('provider_sessions_player_idx').on(t.playerId, t.providerId, t.gameCode),
  ],
);

export const ProviderAlertKind = {
  /** A win above the game's maximum multiple of the round's stake or above its maximum win per round. */
  WIN_OVER_LIMIT: 1,
  /** A second win on one bet of a game that is not declared multi-win. */
  SECOND_WIN: 2,
  /** A rollback of a bet whose round still has a win (the win must be rolled back first). */
  ROLLBACK_AFTER_WIN: 3,
} as const;

/**
 * Wallet calls refused because a provider asked for more than its games can pay: each is a sign of a
 * compromised or broken provider, so operators see them (GET /api/admin/provider-alerts). One row per
 * refused transaction and kind: the provider's retries of the same call do not add rows.
 */
export const providerAlerts = pgTable(
  'provider_alerts',
  {
    id: id(),
    providerId: smallint('provider_id').notNull(),
    kind: smallint('kind').notNull(),
    playerId: bigintNumber('player_id'),
    ...providerRound(),
    transactionUuid: text('transaction_uuid').notNull(),
    /** What the provider asked for (a win's amount; a rollback's bet stake). */
    amountMicro: micro('amount_micro').notNull(),
    /** The bound it crossed, when there is one (the round's allowed total win). */
    limitMicro: micro('limit_micro'),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_alerts_tx_uq').on(t.providerId, t.transactionUuid, t.kind),
    index('provider_alerts_created_idx').on(t.createdAt),
  ],
);

export const ProviderTxKind = { BET: 1, WIN: 2, ROLLBACK: 3 } as const;

/**
 * Every accepted wallet call of a provider, kept for reconciliation and to answer retries with the first
 * answer. Rows are only inserted, never changed. A rollback whose bet was never seen is kept too (with
 * `amount_micro` 0), so that the late bet it names is refused.
 */
export const providerTransactions = pgTable(
  'provider_transactions',
  {
    id: id(),
    providerId: smallint('provider_id').notNull(),
    transactionUuid: text('transaction_uuid').notNull(),
    requestUuid: text('request_uuid').notNull(),
    kind: smallint('kind').notNull(),
    playerId: bigintNumber('player_id').notNull(),
    ...providerRound(),
    amountMicro: micro('amount_micro').notNull(),
    referenceTransactionUuid: text('reference_transaction_uuid'),
    /** SHA-256 of the call's details; a repeated transaction_uuid with other details is a duplicate. */
    fingerprint: text('fingerprint').notNull(),
    balanceAfterMicro: micro('balance_after_micro').notNull(),
    ledgerKey: text('ledger_key'),
    createdAt: createdAt().defaultNow(),
  },
  // The selective column leads each index, the provider follows. With provider_id first (and a platform has a
  // handful of providers), a plan PostgreSQL cached while the table was still small could probe any of them
  // by provider_id alone and filter the rest: the seamless wallet's lookups then read every row of the
  // provider, each call slower than the last (bench:games measured 2,500 rows filtered per lookup after a
  // minute), until the next ANALYZE. Led by the transaction, reference or round, no index serves another's
  // lookup. Each index is one the seamless wallet's SQL reads by, and each costs every wallet call a b-tree
  // insert. (There is no index by player and time: no query reads by it, players' game history is read
  // from bet_rounds.) The index by named transaction holds rollbacks only: the wallet looks a
  // reference up only to ask whether a rollback names it (a win finds its bet by the bet's own id, and a
  // round's wins through the round), so bets and wins, nearly every call, never write into it.
  (t) => [
    uniqueIndex('provider_tx_uuid_uq').on(t.transactionUuid, t.providerId),
    index('provider_tx_reference_idx')
      .on(t.referenceTransactionUuid, t.providerId)
      .where(sql`${t.kind} = ${sql.raw(String(ProviderTxKind.ROLLBACK))}`),
    index('provider_tx_round_idx').on(t.roundId, t.providerId),
  ],
);

export const TransferDirection = { IN: 1, OUT: 2 } as const;
export const ProviderTransferState = { PENDING: 1, COMPLETED: 2, FAILED: 3 } as const;

/**
 * Money moved into or out of a transfer-wallet provider (decision 15). Each move is a pending ledger
 * transfer first (`ledger_key`), posted when the provider confirms and voided when it refuses; a move the
 * provider did not answer stays pending until the reconciler asks the provider about it.
 */
export const providerTransfers = pgTable(
  'provider_transfers',
  {
    id: id(),
    transferId: text('transfer_id').notNull(),
    playerId: bigintNumber('player_id').notNull(),
    providerId: smallint('provider_id').notNull(),
    direction: smallint('direction').notNull(),
    amountMicro: micro('amount_micro').notNull(),
    state: state('state', ProviderTransferState.PENDING),
    ledgerKey: text('ledger_key').notNull(),
    createdAt: createdAt().defaultNow(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    uniqueIndex('provider_transfers_id_uq').on(t.transferId),
    index('provider_transfers_pending_idx').on(t.state, t.createdAt),
    index('provider_transfers_player_idx').on(t.playerId, t.providerId),
  ],
);

/**
 * How far Koi has read each transfer-wallet provider's bet history (bet-history.ts): the provider's cursor after
 * the last page whose rounds are all recorded. Advanced only after a page's rounds committed, so a crash between
 * the two re-reads a page whose rounds are then recognised and counted nothing again.
 */
export const providerHistoryCursors = pgTable('provider_history_cursors', {
  providerId: smallint('provider_id').primaryKey(),
  cursor: text('cursor').notNull(),
  updatedAt: updatedAt(),
});

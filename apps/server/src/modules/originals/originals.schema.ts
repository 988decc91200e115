import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintNumber, counter, createdAt, flag, id, micro, seedPair, ts } from '../../db/columns';

/**
 * A player's seed pair for Koi's provably fair games (decision 16). The server seed stays secret while the
 * pair is active (only its SHA-256 is shown); rotating reveals it so every past round can be verified.
 */
export const fairSeeds = pgTable(
  'fair_seeds',
  {
    id: id(),
    playerId: bigintNumber('player_id').notNull(),
    ...seedPair(),
    /** The nonce the next bet uses. */
    nextNonce: counter('next_nonce'),
    active: flag('active', true),
    createdAt: createdAt().defaultNow(),
    revealedAt: ts('revealed_at'),
  },
  (t) => [
    uniqueIndex('fair_seeds_one_active_uq')
      .on(t.playerId)
      .where(sql`${t.active}`),
    index('fair_seeds_player_idx').on(t.playerId, t.id),
  ],
);

/** One settled bet of an original: everything needed to show it and to verify it later. */
export const originalBets = pgTable(
  'original_bets',
  {
    id: id(),
    playerId: bigintNumber('player_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request (game, amount, params) to tell a retry from a different bet with the same key. */
    fingerprint: text('fingerprint').notNull(),
    game: text('game').notNull(),
    seedId: bigintNumber('seed_id').notNull(),
    nonce: integer('nonce').notNull(),
    params: jsonb('params').notNull(),
    outcome: jsonb('outcome').notNull(),
    win: flag('win'),
    multiplierText: text('multiplier_text').notNull(),
    amountMicro: micro('amount_micro').notNull(),
    payoutMicro: micro('payout_micro').notNull(),
    houseEdgeBp: smallint('house_edge_bp').notNull(),
    balanceAfterMicro: micro('balance_after_micro').notNull(),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [
    uniqueIndex('original_bets_key_uq').on(t.playerId, t.idempotencyKey),
    uniqueIndex('original_bets_seed_nonce_uq').on(t.seedId, t.nonce),
    index('original_bets_player_idx').on(t.playerId, t.id),
  ],
);

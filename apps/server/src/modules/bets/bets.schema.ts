import { date, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  bigintNumber,
  counter,
  flag,
  id,
  micro,
  microTotal,
  providerRound,
  state,
  ts,
} from '../../db/columns';

export const RoundStatus = { OPEN: 1, CLOSED: 2, ROLLED_BACK: 3 } as const;

/** One game round of one player, from a provider or an original: the source of bet records and reports. */
export const betRounds = pgTable(
  'bet_rounds',
  {
    id: id(),
    providerId: smallint('provider_id').notNull(),
    playerId: bigintNumber('player_id').notNull(),
    ...providerRound(),
    gameTypeId: smallint('game_type_id').notNull(),
    stakeMicro: microTotal('stake_micro'),
    payoutMicro: microTotal('payout_micro'),
    status: state('status', RoundStatus.OPEN),
    openedAt: ts('opened_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
    /**
     * An original's seed pair and nonce (decision 16), so its record joins the bet it verifies by value; null
     * for a provider's round. The round id still carries both as `seed:nonce` for uniqueness per provider.
     */
    seedId: bigintNumber('seed_id'),
    nonce: integer('nonce'),
    /**
     * Whether the round is a valid bet when settled (valid-bets.ts): false for an original whose win chance was
     * above the near-certain threshold. Fixed when the round is written.
     */
    valid: flag('valid', true),
    /**
     * When the round first closed, kept through later calls and rollbacks: the UTC+8 day of valid_bets_daily
     * the round counts on, and the time turnover counts its stake at. Null while the round is open.
     */
    settledAt: ts('settled_at'),
  },
  (t) => [
    uniqueIndex('bet_rounds_round_uq').on(t.providerId, t.roundId, t.playerId),
    index('bet_rounds_player_idx').on(t.playerId, t.openedAt),
  ],
);

/**
 * The valid-bet feed (valid-bets.ts): the settled, valid rounds of each player summed per UTC+8 day of
 * settlement, game category and provider. Written only by this module's SQL (koi_bet_round_record,
 * koi_bet_round_rolled_back, koi_bet_round_settled), in the transaction that changes the round, as the change
 * of what the round contributes: so it always equals the sum over bet_rounds it summarises.
 */
export const validBetsDaily = pgTable(
  'valid_bets_daily',
  {
    playerId: bigintNumber('player_id').notNull(),
    /** The UTC+8 calendar day the rounds settled on. */
    day: date('day', { mode: 'string' }).notNull(),
    gameTypeId: smallint('game_type_id').notNull(),
    providerId: smallint('provider_id').notNull(),
    betCount: counter('bet_count'),
    /** The valid bet: the summed stakes. */
    stakeMicro: microTotal('stake_micro'),
    /** What those rounds paid back (stake included); the player's result is payout − stake. */
    payoutMicro: microTotal('payout_micro'),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.day, t.gameTypeId, t.providerId] }),
    // Period sums over everyone (a tournament's ranking, a day's rebate run) read by day first.
    index('valid_bets_daily_day_idx').on(t.day, t.playerId),
  ],
);

/**
 * The largest single stake a player may place, by what set it (`source`, e.g. a bonus grant's id): the
 * smallest cap of the player's rows applies. Kept here, below every module that takes stakes, so the provider
 * wallet's SQL reads it in the same statement that debits the bet (koi_bet_stake_cap) instead of a round trip
 * per bet; the module that owns a cap's reason writes and removes it in the transaction that changes that
 * reason (promotions: a grant with a maximum bet while its requirement is open).
 */
export const stakeCaps = pgTable(
  'stake_caps',
  {
    playerId: bigintNumber('player_id').notNull(),
    source: text('source').notNull(),
    capMicro: micro('cap_micro').notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.source] })],
);

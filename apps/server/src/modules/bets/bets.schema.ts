import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintNumber, id, microTotal, state, ts } from '../../db/columns';

export const RoundStatus = { OPEN: 1, CLOSED: 2, ROLLED_BACK: 3 } as const;

/** One game round of one player, from a provider or an original: the source of bet records and reports. */
export const betRounds = pgTable(
  'bet_rounds',
  {
    id: id(),
    providerId: smallint('provider_id').notNull(),
    roundId: text('round_id').notNull(),
    playerId: bigintNumber('player_id').notNull(),
    gameCode: text('game_code').notNull(),
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
  },
  (t) => [
    uniqueIndex('bet_rounds_round_uq').on(t.providerId, t.roundId, t.playerId),
    index('bet_rounds_player_idx').on(t.playerId, t.openedAt),
  ],
);

import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const RoundStatus = { OPEN: 1, CLOSED: 2, ROLLED_BACK: 3 } as const;

/** One game round of one player, from a provider or an original: the source of bet records and reports. */
export const betRounds = pgTable(
  'bet_rounds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    providerId: smallint('provider_id').notNull(),
    roundId: text('round_id').notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    gameCode: text('game_code').notNull(),
    gameTypeId: smallint('game_type_id').notNull(),
    stakeMicro: bigint('stake_micro', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payoutMicro: bigint('payout_micro', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: smallint('status').notNull().default(RoundStatus.OPEN),
    openedAt: ts('opened_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
    /**
     * An original's seed pair and nonce (decision 16), so its record joins the bet it verifies by value; null
     * for a provider's round. The round id still carries both as `seed:nonce` for uniqueness per provider.
     */
    seedId: bigint('seed_id', { mode: 'number' }),
    nonce: integer('nonce'),
  },
  (t) => [
    uniqueIndex('bet_rounds_round_uq').on(t.providerId, t.roundId, t.playerId),
    index('bet_rounds_player_idx').on(t.playerId, t.openedAt),
  ],
);

import { sql } from 'drizzle-orm';
import { check, index, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintNumber, createdAt, id, kindAndId, micro, ts, turnoverTerms } from '../../db/columns';

/**
 * Turnover requirements (decision 23): each credited deposit, bonus or prize requires `required_micro` of
 * settled valid bets placed after `created_at` before the player may withdraw. See the design note in
 * turnover.ts for how the remaining amount is computed.
 */
export const turnoverRequirements = pgTable(
  'turnover_requirements',
  {
    id: id(),
    playerId: bigintNumber('player_id').notNull(),
    /** What created it ('deposit', 'bonus', …) and its id there: one requirement per business fact. */
    ...kindAndId('source'),
    baseMicro: micro('base_micro').notNull(),
    ...turnoverTerms(),
    createdAt: createdAt(),
    /**
     * Set once when the credit it belongs to was taken back (a bonus forfeited on freeze or self-exclusion):
     * from then on the fold leaves the requirement out, as if it had never been owed.
     */
    waivedAt: ts('waived_at'),
  },
  (t) => [
    uniqueIndex('turnover_requirements_source_uq').on(t.sourceType, t.sourceId),
    index('turnover_requirements_player_idx').on(t.playerId, t.createdAt),
    check('turnover_requirements_amount_ck', sql`${t.requiredMicro} >= 0 and ${t.baseMicro} > 0`),
  ],
);

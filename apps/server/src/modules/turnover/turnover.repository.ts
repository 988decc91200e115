import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { insertNew } from '../../db/rows';
import { turnoverRequirements } from './turnover.schema';

export type RequirementRow = typeof turnoverRequirements.$inferSelect;

/** SQL of the turnover module. Nothing here decides; the service does. */
export function createTurnoverRepository(db: DbOrTx) {
  return {
    /** Inserts once per (source type, source id); returns false when that fact already had one. */
    insertRequirement: (row: typeof turnoverRequirements.$inferInsert) =>
      insertNew(db, turnoverRequirements, row),

    requirements(playerId: number): Promise<RequirementRow[]> {
      return db
        .select()
        .from(turnoverRequirements)
        .where(eq(turnoverRequirements.playerId, playerId))
        .orderBy(asc(turnoverRequirements.createdAt), asc(turnoverRequirements.id));
    },
  };
}

export type TurnoverRepository = ReturnType<typeof createTurnoverRepository>;

import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { insertNew, insertNewRows, selectRows } from '../../db/rows';
import { turnoverRequirements } from './turnover.schema';

export type RequirementRow = typeof turnoverRequirements.$inferSelect;

/** SQL of the turnover module. Nothing here decides; the service does. */
export function createTurnoverRepository(db: DbOrTx) {
  return {
    /** Inserts once per (source type, source id); returns false when that fact already had one. */
    insertRequirement: (row: typeof turnoverRequirements.$inferInsert) =>
      insertNew(db, turnoverRequirements, row),

    /** Inserts the rows that are new (per source); answers how many were. */
    insertRequirements: (rows: (typeof turnoverRequirements.$inferInsert)[]): Promise<number> =>
      insertNewRows(db, turnoverRequirements, rows),

    requirements(playerId: number): Promise<RequirementRow[]> {
      return selectRows(db, turnoverRequirements, {
        where: and(eq(turnoverRequirements.playerId, playerId), isNull(turnoverRequirements.waivedAt)),
        orderBy: [asc(turnoverRequirements.createdAt), asc(turnoverRequirements.id)],
      });
    },

    /** Marks a requirement waived, once; true when this call did. */
    async waive(sourceType: string, sourceId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(turnoverRequirements)
        .set({ waivedAt: at })
        .where(
          and(
            eq(turnoverRequirements.sourceType, sourceType),
            eq(turnoverRequirements.sourceId, sourceId),
            isNull(turnoverRequirements.waivedAt),
          ),
        )
        .returning({ id: turnoverRequirements.id });
      return rows.length > 0;
    },
  };
}

export type TurnoverRepository = ReturnType<typeof createTurnoverRepository>;

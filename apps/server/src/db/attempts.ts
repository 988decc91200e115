import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type DbOrTx } from './client';

/**
 * A limit on failed attempts kept on a row (a player's or an operator's sign-in, a player's withdrawal
 * password): a counter of failures since the last success, and the time the row is locked until. Each step is
 * one conditional UPDATE, so parallel guesses cannot all slip under the limit.
 */
export function attemptLimit(
  db: DbOrTx,
  table: PgTable,
  columns: { failures: PgColumn; lockedUntil: PgColumn },
) {
  const { failures, lockedUntil } = columns;
  // An UPDATE's SET names its columns without the table.
  const target = (column: PgColumn) => sql.identifier(column.name);
  return {
    /**
     * Reserves one attempt on the row `where` picks, before the secret is checked (reserve, then validate):
     * the counter moves only while it is below `max` and no lock is in force. Answers the attempt's number,
     * or null when none is left.
     */
    async reserve(where: SQL, max: number, now: Date): Promise<number | null> {
      const [row] = await queryRows<{ attempt: number }>(
        db,
        sql`update ${table} set ${target(failures)} = ${failures} + 1
            where ${where} and ${failures} < ${max}
              and (${lockedUntil} is null or ${lockedUntil} <= ${now.toISOString()}::timestamptz)
            returning ${failures} as attempt`,
      );
      return row ? Number(row.attempt) : null;
    },

    /** Clears a lock that has run out on the row `where` picks, so the next attempt starts a fresh count. */
    async clearExpiredLock(where: SQL, now: Date) {
      await db.execute(
        sql`update ${table} set ${target(failures)} = 0, ${target(lockedUntil)} = null
            where ${where} and ${lockedUntil} <= ${now.toISOString()}::timestamptz`,
      );
    },
  };
}

import { and, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { countRows, type DbOrTx } from './client';

/*
 * Read shapes that repositories repeat. Each builds one plain Drizzle query, so a repository still reads as SQL:
 * which table, which condition, whether the row is locked.
 */

/**
 * The console lists' time filter: `column` within [from, to), either end left open when not given; the lists
 * share it so a row stamped exactly at `to` falls in the next window, never in two.
 */
export const inWindow = (column: PgColumn, w: { from: Date | null; to: Date | null }): SQL | undefined =>
  and(w.from ? gte(column, w.from) : undefined, w.to ? lt(column, w.to) : undefined);

async function selectRow<T extends PgTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  lock: boolean,
): Promise<T['$inferSelect'] | null> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return (row as T['$inferSelect'] | undefined) ?? null;
}

/**
 * The row of `table` that `where` picks (by a unique key, or the first of several), or null when there is none.
 * Rows come back whole, as the table's select type.
 */
export const findRow = <T extends PgTable>(db: DbOrTx, table: T, where: SQL | undefined) =>
  selectRow(db, table, where, false);

/**
 * Like `findRow`, but the row is locked `FOR UPDATE` until the caller's transaction ends: the read before a
 * change that must not race another one on the same row (a state change, a balance of a channel or an address).
 */
export const lockRow = <T extends PgTable>(db: DbOrTx, table: T, where: SQL | undefined) =>
  selectRow(db, table, where, true);

/** Inserts one row and answers it as stored, with the values the database filled in (id, defaults). */
export async function insertRow<T extends PgTable>(
  db: DbOrTx,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [row] = await db
    .insert(table as PgTable)
    .values(values)
    .returning();
  return row as T['$inferSelect'];
}

/** Changes the row that `where` picks and answers it as changed, or null when no row matched. */
export async function updateRow<T extends PgTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  set: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect'] | null> {
  const [row] = await db
    .update(table as PgTable)
    .set(set)
    .where(where)
    .returning();
  return (row as T['$inferSelect'] | undefined) ?? null;
}

/**
 * Inserts one row unless it collides with a stored one on a unique key (`target`, or any), and answers whether
 * it was inserted: false means the fact was recorded before (a replayed notification, a requirement that
 * exists), and the stored row is left as it was.
 */
export async function insertNew<T extends PgTable>(
  db: DbOrTx,
  table: T,
  values: T['$inferInsert'],
  target?: PgColumn | PgColumn[],
): Promise<boolean> {
  const rows = await db
    .insert(table as PgTable)
    .values(values)
    .onConflictDoNothing(target ? { target } : {})
    .returning({ inserted: sql`1` });
  return rows.length === 1;
}

/**
 * Changes the rows `where` picks and answers how many it changed. On one row with a condition on its current
 * value this is a compare-and-set: 1 when this call won, 0 when another got there first (or the row is not
 * the caller's). On many rows it is a sweep that says how many it reached (sessions ended).
 */
export async function updateCount<T extends PgTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  set: Partial<T['$inferInsert']>,
): Promise<number> {
  const rows = await db
    .update(table as PgTable)
    .set(set)
    .where(where)
    .returning({ changed: sql`1` });
  return rows.length;
}

/**
 * One page of a list beside the number of rows the whole list has (the console's tables show both), read side
 * by side. `page` is the page's own query, with its joins, order, limit and offset; the total counts the rows of
 * `table` that `where` matches, so `page` must filter with the same `where`.
 */
export async function pageWithTotal<R>(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  page: PromiseLike<R[]>,
): Promise<{ rows: R[]; total: number }> {
  const [rows, total] = await Promise.all([page, countRows(db, table, where)]);
  return { rows, total };
}

/**
 * Whole rows of `table`: those `where` picks, in `orderBy`, `limit` of them (from `offset`): a job's batch of
 * work, oldest first, or the latest entries of a list, newest first.
 */
export async function selectRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: { where?: SQL; orderBy: SQL[]; limit: number; offset?: number },
): Promise<T['$inferSelect'][]> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(rows.where)
    .orderBy(...rows.orderBy)
    .limit(rows.limit);
  return (await (rows.offset === undefined ? query : query.offset(rows.offset))) as T['$inferSelect'][];
}

/**
 * The ids of the rows of `table` that `where` picks, in `orderBy`, `limit` of them: a job's batch of work, which
 * it then takes one row at a time (locking each), so the batch itself reads nothing more.
 */
export async function selectIds<T extends PgTable & { id: PgColumn }>(
  db: DbOrTx,
  table: T,
  rows: { where?: SQL; orderBy: SQL[]; limit: number },
): Promise<number[]> {
  const found = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(rows.where)
    .orderBy(...rows.orderBy)
    .limit(rows.limit);
  return found.map((r) => r.id as number);
}

/**
 * A page of whole rows of `table`: those `where` picks, in `orderBy`, `limit` of them from `offset`, beside how
 * many rows `where` picks in all.
 */
export function selectPage<T extends PgTable>(
  db: DbOrTx,
  table: T,
  page: { where?: SQL; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  return pageWithTotal(db, table, page.where, selectRows(db, table, page));
}

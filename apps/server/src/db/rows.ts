import { and, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { PageWindow } from '../lib/paging';
import { countRows, type DbOrTx } from './client';

/*
 * Read shapes that repositories repeat. Each builds one plain Drizzle query, so a repository still reads as SQL:
 * which table, which condition, whether the row is locked.
 */

/**
 * The console lists' state filter: `column` among `codes`, or no condition when there are none, which is how a
 * list asks for every state (stateNames' `codes` answers an empty list for '' or 'all').
 */
export const inStates = (column: PgColumn, codes: readonly number[]): SQL | undefined =>
  codes.length > 0 ? inArray(column, [...codes]) : undefined;

/** A console list's time filter: rows stamped within [from, to), either end open when null (see inWindow). */
export interface TimeWindow {
  from: Date | null;
  to: Date | null;
}

/** What every console list's query has beside its own filters: a time window and a page. */
export interface ListWindow extends TimeWindow, PageWindow {}

/**
 * The console lists' time filter: `column` within [from, to), either end left open when not given; the lists
 * share it so a row stamped exactly at `to` falls in the next window, never in two.
 */
export const inWindow = (column: PgColumn, w: TimeWindow): SQL | undefined =>
  and(w.from ? gte(column, w.from) : undefined, w.to ? lt(column, w.to) : undefined);

async function selectRow<T extends PgTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  lock: boolean,
  orderBy: SQL[] | undefined,
): Promise<T['$inferSelect'] | null> {
  const picked = db
    .select()
    .from(table as PgTable)
    .where(where);
  const query = (orderBy ? picked.orderBy(...orderBy) : picked).limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return (row as T['$inferSelect'] | undefined) ?? null;
}

/**
 * The row of `table` that `where` picks (by a unique key, or the first of several: the first in `orderBy` when
 * given, e.g. the latest), or null when there is none. Rows come back whole, as the table's select type.
 */
export const findRow = <T extends PgTable>(db: DbOrTx, table: T, where: SQL | undefined, orderBy?: SQL[]) =>
  selectRow(db, table, where, false, orderBy);

/**
 * Like `findRow`, but the row is locked `FOR UPDATE` until the caller's transaction ends: the read before a
 * change that must not race another one on the same row (a state change, a balance of a channel or an address).
 */
export const lockRow = <T extends PgTable>(db: DbOrTx, table: T, where: SQL | undefined, orderBy?: SQL[]) =>
  selectRow(db, table, where, true, orderBy);

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
  return (await insertNewRows(db, table, [values], target)) === 1;
}

/**
 * `insertNew` for many rows in one statement: inserts those that collide with no stored row on a unique key
 * (`target`, or any) and answers how many it inserted (the facts not recorded before). An empty list asks the
 * database nothing.
 */
export async function insertNewRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  values: readonly T['$inferInsert'][],
  target?: PgColumn | PgColumn[],
): Promise<number> {
  if (values.length === 0) return 0;
  const rows = await db
    .insert(table as PgTable)
    .values([...values])
    .onConflictDoNothing(target ? { target } : {})
    .returning({ inserted: sql`1` });
  return rows.length;
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
 * by side. `query` is the list's select with its columns and joins, made `$dynamic()`; this adds the page's
 * `where`, `orderBy`, `limit` and `offset` (when given) to it, and counts the rows of `table` (the select's
 * `from`) that the same `where` matches, so the page and its total never disagree on what the list holds.
 */
export async function pageWithTotal<Q extends PgSelect>(
  db: DbOrTx,
  table: PgTable,
  query: Q,
  page: { where?: SQL; orderBy: SQL[]; limit: number; offset?: number },
): Promise<{ rows: Awaited<Q>; total: number }> {
  const limited = query
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  const [rows, total] = await Promise.all([
    page.offset === undefined ? limited : limited.offset(page.offset),
    countRows(db, table, page.where),
  ]);
  return { rows: rows as Awaited<Q>, total };
}

/**
 * Whole rows of `table`: those `where` picks (all when not given), in `orderBy` when given, `limit` of them
 * (from `offset`) when given: a job's batch of work, oldest first, the latest entries of a list, newest first,
 * or every row of a player's, a day's or a packet's in their order.
 */
export async function selectRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: { where?: SQL; orderBy?: SQL[]; limit?: number; offset?: number },
): Promise<T['$inferSelect'][]> {
  let query = db
    .select()
    .from(table as PgTable)
    .where(rows.where)
    .$dynamic();
  if (rows.orderBy) query = query.orderBy(...rows.orderBy);
  if (rows.limit !== undefined) query = query.limit(rows.limit);
  if (rows.offset !== undefined) query = query.offset(rows.offset);
  return (await query) as T['$inferSelect'][];
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
  return pageWithTotal(
    db,
    table,
    db
      .select()
      .from(table as PgTable)
      .$dynamic(),
    page,
  ) as Promise<{ rows: T['$inferSelect'][]; total: number }>;
}

/** Whether `where` picks any row of `table`: the first match answers, so the query reads one row at the most. */
export async function exists(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const rows = await db
    .select({ found: sql`1` })
    .from(table)
    .where(where)
    .limit(1);
  return rows.length > 0;
}

/** What a column holds, as its rows come back: null included where the column may be null. */
type ValueOf<C extends PgColumn> = C['_']['notNull'] extends true ? C['_']['data'] : C['_']['data'] | null;

/**
 * The `value` of each row whose `key` is among `keys`, by key, in one query of the columns' table: the names or
 * reasons a screen shows beside a page of ids. An empty list asks the database nothing.
 */
export async function valuesByKey<K extends PgColumn, V extends PgColumn>(
  db: DbOrTx,
  key: K,
  value: V,
  keys: readonly K['_']['data'][],
): Promise<Map<K['_']['data'], ValueOf<V>>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key, value })
    .from(key.table)
    .where(inArray(key, [...new Set(keys)]));
  return new Map(rows.map((r) => [r.key as K['_']['data'], r.value as ValueOf<V>]));
}

/** Those of `keys` that some row of the column's table holds in `column`, in one query; an empty list asks nothing. */
export async function keysPresent<C extends PgColumn>(
  db: DbOrTx,
  column: C,
  keys: readonly C['_']['data'][],
): Promise<Set<C['_']['data']>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ key: column })
    .from(column.table)
    .where(inArray(column, [...keys]));
  return new Set(rows.map((r) => r.key as C['_']['data']));
}

/**
 * The sum of a micro-USDT column over the rows `where` picks, 0 when it picks none. PostgreSQL sums a bigint
 * as numeric, which comes back as text and is read straight into a bigint, so no float ever holds it.
 */
export async function sumMicro(db: DbOrTx, column: PgColumn, where: SQL | undefined): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${column})::text` })
    .from(column.table)
    .where(where);
  return BigInt(row?.total ?? '0');
}

export type ArrayValue = string | number | bigint | null | undefined;

/** A PostgreSQL array literal: numbers as they are, text quoted (backslash and quote escaped), null as NULL. */
export const pgArray = (values: readonly ArrayValue[]) =>
  `{${values
    .map((v) =>
      v === null || v === undefined
        ? 'NULL'
        : typeof v === 'string'
          ? `"${v.replace(/[\\"]/g, '\\$&')}"`
          : String(v),
    )
    .join(',')}}`;

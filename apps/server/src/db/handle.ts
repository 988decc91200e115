import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type * as schema from './schema';

/*
 * The database handle's types and the two raw-SQL helpers every repository uses, apart from the code that opens
 * and migrates a database (client.ts), so that what migrate() runs (functions.ts) can use them without a cycle.
 */

export type Schema = typeof schema;
/** The one database type the code sees; PGlite and node-postgres both implement it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Runs raw SQL and returns its rows. Both drivers answer `{ rows }`, but Drizzle types the generic result
 * as unknown, so this is the one place that says so.
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** How many rows of `table` match `where` (all of them without it), e.g. the total beside a page of them. */
export async function countRows(db: DbOrTx, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return Number(row?.n ?? 0);
}

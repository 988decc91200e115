import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { AdvisoryLock } from './locks';

/**
 * Waits, inside the caller's transaction, until no node is migrating or replacing the SQL functions and
 * triggers (database.migrate holds MIGRATE exclusively for both). Start-up seeds call it first: a node that has
 * finished migrating must not insert into tables whose triggers another starting node is replacing in the same
 * moment, which PostgreSQL answers with a deadlock (the insert holds the table, the trigger replacement waits
 * for it while holding another). Shared, so seeds of several nodes do not wait for each other.
 */
export async function waitForSchema(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${AdvisoryLock.MIGRATE})`);
}

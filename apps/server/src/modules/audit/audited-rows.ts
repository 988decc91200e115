import type { ErrorKey } from '@koi/contract';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { definedFields } from '../../lib/defined';
import type { AuditWrite } from './audit.service';

/** How the owning module's repository creates, locks, changes and deletes one kind of row inside a transaction. */
export interface AuditedTable<Row, Fields, Patch> {
  insert(tx: Tx, fields: Fields): Promise<Row>;
  /** The row, locked until the transaction ends; null or undefined when there is no such id. */
  lock(tx: Tx, id: number): Promise<Row | null | undefined>;
  update(tx: Tx, id: number, set: Patch): Promise<Row>;
  remove(tx: Tx, id: number): Promise<unknown>;
  /** The refusal of an id that is not there. */
  notFound: ErrorKey;
}

/**
 * An operator's create, update and delete of the rows of a console list (banners, buy links), each in one
 * transaction with its audit entry, so no change is ever without its entry nor an entry without its change.
 * Update and delete lock the row first and refuse an id that is not there; an update changes only the fields
 * the patch gives (undefined leaves a field as it is) and is audited even when it gives none.
 */
export function auditedRows<Row, Fields, Patch extends object>(
  db: Db,
  table: AuditedTable<Row, Fields, Patch>,
) {
  const locked = async (tx: Tx, id: number) => {
    const row = await table.lock(tx, id);
    if (!row) throw new AppError(table.notFound);
    return row;
  };
  return {
    create: (fields: Fields, audit: AuditWrite) =>
      db.transaction(async (tx) => {
        const created = await table.insert(tx, fields);
        await audit(tx, { after: created });
        return created;
      }),

    update: (id: number, patch: Patch, audit: AuditWrite) =>
      db.transaction(async (tx) => {
        const before = await locked(tx, id);
        const set = definedFields(patch) as Patch;
        const after = Object.keys(set).length > 0 ? await table.update(tx, id, set) : before;
        await audit(tx, { before, after });
        return after;
      }),

    async remove(id: number, audit: AuditWrite) {
      await db.transaction(async (tx) => {
        const before = await locked(tx, id);
        await table.remove(tx, id);
        await audit(tx, { before });
      });
      return true as const;
    },
  };
}

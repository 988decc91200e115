import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { findRow, selectPage, selectRows, type ListWindow } from '../../db/rows';
import { auditChainHead, operatorAudit } from './audit.schema';

/** The hash before the first audit row. */
export const GENESIS_HASH = '0'.repeat(64);

export interface AuditFilter extends ListWindow {
  operator: string;
  action: string;
  targetType: string;
  targetId: string;
}

/** SQL of the audit log and its chain head. Nothing here decides; the service does. */
export function createAuditRepository(db: DbOrTx) {
  return {
    /**
     * Takes the chain head for the rest of the caller's transaction and returns the next seq and the
     * previous hash. The row lock serialises appends: a second appender waits here until the first commits
     * and then reads the head the first one wrote, so two rows can never share a predecessor.
     */
    async lockChainHead() {
      await db
        .insert(auditChainHead)
        .values({ id: 1, seq: 0, hash: GENESIS_HASH })
        .onConflictDoNothing({ target: auditChainHead.id });
      const rows = await queryRows<{ seq: string | number; hash: string }>(
        db,
        sql`select seq, hash from ${auditChainHead} where id = 1 for update`,
      );
      const head = rows[0]!;
      return { seq: Number(head.seq), hash: head.hash };
    },

    async appendAudit(row: AuditInsert) {
      await db.insert(operatorAudit).values(row);
      await db.update(auditChainHead).set({ seq: row.seq, hash: row.hash }).where(eq(auditChainHead.id, 1));
    },

    chainHead: () => findRow(db, auditChainHead, eq(auditChainHead.id, 1)),

    auditRow: (seq: number) => findRow(db, operatorAudit, eq(operatorAudit.seq, seq)),

    async auditPage(f: AuditFilter) {
      const conditions: (SQL | undefined)[] = [
        f.operator ? sql`lower(${operatorAudit.operatorUsername}) = lower(${f.operator})` : undefined,
        f.action ? eq(operatorAudit.action, f.action) : undefined,
        f.targetType ? eq(operatorAudit.targetType, f.targetType) : undefined,
        f.targetId ? eq(operatorAudit.targetId, f.targetId) : undefined,
        f.from ? gte(operatorAudit.at, f.from) : undefined,
        f.to ? lte(operatorAudit.at, f.to) : undefined,
      ];
      const orderBy = [desc(operatorAudit.seq)];
      return selectPage(db, operatorAudit, {
        where: and(...conditions),
        orderBy,
        limit: f.limit,
        offset: f.offset,
      });
    },

    /** Audit rows in chain order from `afterSeq`, a batch at a time (the verifier walks the whole chain). */
    async auditBatch(afterSeq: number, limit: number) {
      return selectRows(db, operatorAudit, {
        where: sql`${operatorAudit.seq} > ${afterSeq}`,
        orderBy: [asc(operatorAudit.seq)],
        limit,
      });
    },

    latestAudit: (action: string) =>
      findRow(db, operatorAudit, eq(operatorAudit.action, action), [desc(operatorAudit.seq)]),
  };
}

export type AuditRow = typeof operatorAudit.$inferSelect;
export type AuditInsert = typeof operatorAudit.$inferInsert;

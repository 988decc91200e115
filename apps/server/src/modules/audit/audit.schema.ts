import { index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { bigintNumber, kindAndId, ts } from '../../db/columns';

/**
 * The audit log: append-only (triggers in audit/sql refuse UPDATE, DELETE and TRUNCATE) and hash-chained:
 * `hash` = HMAC-SHA256 under the audit key of `prev_hash` and this row's fields (`hmac:<key id>:<hex>`; rows
 * from before keys hold a plain SHA-256), so rewriting or removing any row breaks every hash after it
 * (`npm run koi -- audit:verify`; design note in audit.service.ts). `seq` is handed out by `audit_chain_head` in the appending
 * transaction, so the chain has no gaps and appends are serialised by that row's lock.
 *
 * `before` and `after` are stored as the exact JSON text that was hashed (not jsonb, which would reorder
 * keys and so change what a verifier recomputes).
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    seq: bigintNumber('seq').primaryKey(),
    at: ts('at').notNull(),
    operatorId: bigintNumber('operator_id'),
    operatorUsername: text('operator_username'),
    ip: text('ip'),
    action: text('action').notNull(),
    outcome: text('outcome').notNull(),
    ...kindAndId('target'),
    reason: text('reason').notNull(),
    before: text('before'),
    after: text('after'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('operator_audit_operator_idx').on(t.operatorUsername, t.seq),
    index('operator_audit_action_idx').on(t.action, t.seq),
    index('operator_audit_target_idx').on(t.targetType, t.targetId, t.seq),
    index('operator_audit_at_idx').on(t.at),
  ],
);

/** The single row that hands out the next audit `seq` and holds the last hash (id is always 1). */
export const auditChainHead = pgTable('audit_chain_head', {
  id: smallint('id').primaryKey(),
  seq: bigintNumber('seq').notNull(),
  hash: text('hash').notNull(),
});

import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintNumber, createdAt, id, origin, secretHash, signIn, state, ts } from '../../db/columns';

export const OperatorStatus = { ACTIVE: 1, DISABLED: 2 } as const;

/**
 * Operator accounts (issue 11), separate from players: their own table, their own tokens, a TOTP second
 * factor. There is no default operator; `npm run koi -- operator:create` makes the first one.
 */
export const operators = pgTable(
  'operators',
  {
    id: id(),
    ...signIn.credentials(),
    role: text('role').notNull(),
    /** Per-area permission overrides of a non-admin role: `{ "audit": "read" }`. */
    overrides: jsonb('overrides').$type<Record<string, string>>().notNull().default({}),
    status: state('status', OperatorStatus.ACTIVE),
    /** Set for a new or reset account: every call but password, me and logout is refused until changed. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** Base32 TOTP secret (RFC 6238). */
    totpSecret: text('totp_secret').notNull(),
    /** The time step of the last accepted code; a code of this step or an earlier one is refused (no reuse). */
    totpLastStep: bigintNumber('totp_last_step'),
    ...signIn.state(),
    createdBy: text('created_by'),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [uniqueIndex('operators_username_lower_uq').on(sql`lower(${t.username})`)],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: id(),
    operatorId: bigintNumber('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: secretHash('token_hash'),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ...origin(),
  },
  (t) => [
    uniqueIndex('operator_sessions_token_hash_uq').on(t.tokenHash),
    index('operator_sessions_operator_idx').on(t.operatorId, t.id),
  ],
);

/** Every operator sign-in attempt, with where it came from. */
export const operatorLogins = pgTable(
  'operator_logins',
  {
    id: id(),
    operatorId: bigintNumber('operator_id'),
    ...signIn.attempt(),
    createdAt: createdAt(),
  },
  (t) => [index('operator_logins_operator_idx').on(t.operatorId, t.id)],
);

/**
 * The audit log: append-only (triggers in operators/sql refuse UPDATE, DELETE and TRUNCATE) and hash-chained:
 * `hash` = SHA-256 of `prev_hash` and this row's fields, so rewriting or removing any row breaks every hash
 * after it (`npm run koi -- audit:verify`). `seq` is handed out by `audit_chain_head` in the appending
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
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
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

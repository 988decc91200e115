import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintNumber, createdAt, flag, id, rowRef, secretHash, signIn, state, ts } from '../../db/columns';

export const OperatorStatus = { ACTIVE: 1, DISABLED: 2 } as const;

/**
 * Operator accounts, separate from players: their own table, their own tokens, a TOTP second
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
    mustChangePassword: flag('must_change_password', true),
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
    operatorId: rowRef('operator_id', () => operators.id),
    ...signIn.session(),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull(),
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

export const EnrolmentKind = { CREATE: 1, RESET: 2 } as const;

/**
 * One-time enrolment links. Creating or resetting an operator issues one; the operator opens it in the
 * console, chooses their own password and enrols their TOTP secret. The link's token is stored only as its
 * hash, it expires and it works once. `issuedBy` is the operator who created or reset the account (null from
 * the command line): the two-person rules refuse a second approver whom the first enrolled recently.
 */
export const operatorEnrolments = pgTable(
  'operator_enrolments',
  {
    id: id(),
    operatorId: rowRef('operator_id', () => operators.id),
    tokenHash: secretHash('token_hash'),
    kind: smallint('kind').notNull(),
    issuedBy: bigintNumber('issued_by'),
    createdAt: createdAt(),
    ...signIn.singleUse(),
  },
  (t) => [
    uniqueIndex('operator_enrolments_token_hash_uq').on(t.tokenHash),
    index('operator_enrolments_operator_idx').on(t.operatorId, t.id),
    index('operator_enrolments_issuer_idx').on(t.issuedBy, t.createdAt),
  ],
);

/**
 * The first operator's setup link. While no operator exists, a starting server issues one (valid 30 minutes,
 * single use) and prints it; whoever opens it chooses the first admin's username and password and enrols the
 * TOTP secret stored here, so no second process is needed on the embedded database. A new link withdraws the
 * unused ones; once any operator exists, none is issued and none can be completed.
 */
export const operatorSetups = pgTable(
  'operator_setups',
  {
    id: id(),
    tokenHash: secretHash('token_hash'),
    totpSecret: text('totp_secret').notNull(),
    createdAt: createdAt(),
    ...signIn.singleUse(),
  },
  (t) => [uniqueIndex('operator_setups_token_hash_uq').on(t.tokenHash)],
);

/**
 * An operator's recovery codes: ten single-use codes shown once (at setup, at enrolment, or when the operator
 * makes new ones), any of which stands in for the authenticator code at sign-in when the phone is lost. Only
 * their SHA-256 is kept: each code carries 80 random bits, so a hash cannot be reversed by guessing (argon2
 * is for what people choose). Making new codes or an admin's reset deletes the old ones.
 */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: id(),
    operatorId: rowRef('operator_id', () => operators.id),
    codeHash: secretHash('code_hash'),
    createdAt: createdAt(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('operator_recovery_codes_operator_code_uq').on(t.operatorId, t.codeHash)],
);

import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintNumber, createdAt, id, rowRef, secretHash, signIn, state, ts } from '../../db/columns';

export const PlayerStatus = { ACTIVE: 1, FROZEN: 2 } as const;

/**
 * A player's account. The table is stored with fillfactor 90 (migration 0023_players_fillfactor, which
 * drizzle-kit does not model): its frequent updates of unindexed columns then stay on their page.
 */
export const players = pgTable(
  'players',
  {
    id: id(),
    ...signIn.credentials(),
    inviteCode: text('invite_code').notNull(),
    inviterId: bigintNumber('inviter_id'),
    vipLevel: integer('vip_level').notNull().default(0),
    withdrawPasswordHash: text('withdraw_password_hash'),
    status: state('status', PlayerStatus.ACTIVE),
    selfExcludedUntil: ts('self_excluded_until'),
    /** Minutes between session reminders (reality checks, decision 18); 0 = off. */
    realityCheckMinutes: integer('reality_check_minutes').notNull().default(0),
    ageConfirmedAt: ts('age_confirmed_at').notNull(),
    ...signIn.state(),
    registerIp: text('register_ip'),
    registerDevice: text('register_device'),
    /**
     * The country the player signed up from (ISO 3166-1 alpha-2, from the geo header, lib/geo.ts), or null when
     * it was unknown or untrusted; promotions' audiences by country read it (decision 25).
     */
    registerCountry: text('register_country'),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [
    // Usernames are unique regardless of letter case so that "Alice_001" cannot impersonate "alice_001".
    uniqueIndex('players_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('players_invite_code_uq').on(t.inviteCode),
    index('players_inviter_idx').on(t.inviterId),
  ],
);

/**
 * The `player_id` of a row that belongs to one player, held to an existing player by a foreign key. Other
 * modules' tables use it too (a schema file may name another module's table for a foreign key).
 */
export const playerRef = () => rowRef('player_id', () => players.id);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    playerId: playerRef(),
    ...signIn.session(),
    createdAt: createdAt().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    /** Country of the sign-in (ISO 3166 alpha-2), when the geo lookup knew it; shown in the security centre. */
    country: text('country'),
    /** The player's sign-in time before this session began, shown as "last login". */
    previousLoginAt: ts('previous_login_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_player_idx').on(t.playerId)],
);

export const loginEvents = pgTable(
  'login_events',
  {
    id: id(),
    playerId: bigintNumber('player_id'),
    ...signIn.attempt(),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [
    index('login_events_player_idx').on(t.playerId, t.createdAt),
    // Every sign-in counts the recent failures of its username (decision 32) by lower(username), after the
    // last success; without this index each attempt would read the whole table, which an attacker grows.
    index('login_events_username_idx').on(sql`lower(${t.username})`, t.id),
  ],
);

export const captchas = pgTable(
  'captchas',
  {
    id: id(),
    device: text('device').notNull(),
    /** SHA-256 of salt + lower-cased answer, hex; the answer itself is never stored. */
    answerHash: text('answer_hash').notNull(),
    salt: text('salt').notNull(),
    ...signIn.singleUse(),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [index('captchas_device_idx').on(t.device, t.id)],
);

/**
 * One-time sign-in codes (decision 31): what a sign-in link (`/?token=<code>`) carries instead of a session
 * token. A code lives 2 minutes and is exchanged once for a new session; only its SHA-256 is stored, so a
 * copy of this table signs nobody in. `issuer` says who made the link (the player for another device, the
 * Telegram bot, an operator).
 */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    id: id(),
    playerId: playerRef(),
    codeHash: secretHash('code_hash'),
    issuer: text('issuer').notNull(),
    createdAt: createdAt().defaultNow(),
    ...signIn.singleUse(),
  },
  (t) => [
    uniqueIndex('sign_in_codes_hash_uq').on(t.codeHash),
    index('sign_in_codes_player_idx').on(t.playerId),
  ],
);

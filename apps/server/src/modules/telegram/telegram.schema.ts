import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintNumber, ts } from '../../db/columns';
import { playerRef } from '../auth/auth.schema';

/**
 * A Telegram user linked to a player (decision 37): made on the user's first Mini App sign-in, together with
 * the player, and never moved. Each Telegram user has one player and each player at most one Telegram user.
 */
export const telegramAccounts = pgTable(
  'telegram_accounts',
  {
    telegramUserId: bigintNumber('telegram_user_id').primaryKey(),
    playerId: playerRef(),
    /** The Telegram @username and first name when linked or last signed in, for support; may change. */
    telegramUsername: text('telegram_username'),
    firstName: text('first_name').notNull(),
    linkedAt: ts('linked_at').notNull(),
    lastSignInAt: ts('last_sign_in_at').notNull(),
  },
  (t) => [uniqueIndex('telegram_accounts_player_uq').on(t.playerId)],
);

/**
 * Every Mini App launch data's `hash` that signed someone in (decision 37: each is accepted once). The
 * primary key decides a replay, also between two requests at the same instant; rows whose launch data is
 * too old to pass the freshness check anyway are pruned.
 */
export const telegramInitDataUses = pgTable(
  'telegram_init_data_uses',
  {
    hash: text('hash').primaryKey(),
    telegramUserId: bigintNumber('telegram_user_id').notNull(),
    authDate: ts('auth_date').notNull(),
    usedAt: ts('used_at').notNull(),
  },
  (t) => [index('telegram_init_data_uses_auth_date_idx').on(t.authDate)],
);

import { bigint, boolean, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Column builders every module's schema file uses, so that the same kind of column is declared the same way
 * in every table. Each helper builds exactly the column the tables spelled out before (drizzle-kit generates
 * no migration for the move), so changing one here changes the SQL of every table that uses it.
 */

/** A `timestamptz` column read as a Date; every point in time Koi stores carries its time zone. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A micro-USDT amount: `bigint` read as a JS bigint, because sums of amounts may pass 2^53. */
export const micro = (name: string) => bigint(name, { mode: 'bigint' });

/** A `bigint` read as a JS number: row ids and the columns that name them, which stay far below 2^53. */
export const bigintNumber = (name: string) => bigint(name, { mode: 'number' });

/** The `id` primary key of most tables: a `bigint` identity the database hands out, read as a number. */
export const id = () => bigintNumber('id').primaryKey().generatedAlwaysAsIdentity();

/**
 * The `created_at` column. Tables whose rows take the database's clock add `.defaultNow()`; the others are
 * stamped by the caller from its service's clock.
 */
export const createdAt = () => ts('created_at').notNull();

/** Where a request came from, as sessions and sign-in records keep it: the client's IP and its device. */
export const origin = () => ({ ip: text('ip'), device: text('device') });

/** One sign-in attempt of a player or an operator: the name typed, whether it worked and why, and from where. */
export const signInAttempt = () => ({
  username: text('username').notNull(),
  success: boolean('success').notNull(),
  reason: text('reason').notNull(),
  ...origin(),
});

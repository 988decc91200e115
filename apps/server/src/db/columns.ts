import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, smallint, text, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * Column builders every module's schema file uses, so that the same kind of column is declared the same way
 * in every table. Each helper builds exactly the column the tables spelled out before (drizzle-kit generates
 * no migration for the move), so changing one here changes the SQL of every table that uses it.
 */

/** A `timestamptz` column read as a Date; every point in time Koi stores carries its time zone. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A micro-USDT amount: `bigint` read as a JS bigint, because sums of amounts may pass 2^53. */
export const micro = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * A micro-USDT total kept on the row and moved by later writes (a round's stake and payout, an account's
 * postings). It starts at zero in the database, so a new row never has to name it.
 */
export const microTotal = (name: string) =>
  micro(name)
    .notNull()
    .default(sql`0`);

/** A `bigint` read as a JS number: row ids and the columns that name them, which stay far below 2^53. */
export const bigintNumber = (name: string) => bigint(name, { mode: 'number' });

/** The `id` primary key of most tables: a `bigint` identity the database hands out, read as a number. */
export const id = () => bigintNumber('id').primaryKey().generatedAlwaysAsIdentity();

/**
 * The row of another table that owns or contains this one, by its `id`: never null, and held to an existing row
 * by a foreign key. `target` is a function because the table it names may be declared further down.
 */
export const rowRef = (name: string, target: () => PgColumn) =>
  bigintNumber(name).notNull().references(target);

/**
 * Where a row stands in its life (`status` or `state`): a smallint holding one of the constants its module
 * declares beside the table (e.g. `DepositOrderStatus`), `initial` until something moves it on.
 */
export const state = (name: 'status' | 'state', initial: number) => smallint(name).notNull().default(initial);

/**
 * The `created_at` column. Tables whose rows take the database's clock add `.defaultNow()`; the others are
 * stamped by the caller from its service's clock.
 */
export const createdAt = () => ts('created_at').notNull();

/** The `updated_at` column, stamped by whoever changes the row; `.defaultNow()` as for `createdAt`. */
export const updatedAt = () => ts('updated_at').notNull();

/** What `builder(name).notNull()` returns: the type of a required column built by the helpers below. */
type NotNull<B extends (name: string) => { notNull(): unknown }> = ReturnType<ReturnType<B>['notNull']>;

/**
 * A yes/no column every row has. With `initial`, a new row that does not name it starts so (a switch that
 * something turns later); without, every insert must say.
 */
export function flag(name: string): NotNull<typeof boolean>;
export function flag(name: string, initial: boolean): ReturnType<NotNull<typeof boolean>['default']>;
export function flag(name: string, initial?: boolean) {
  const column = boolean(name).notNull();
  return initial === undefined ? column : column.default(initial);
}

/** How many times something happened to the row (likes, failed attempts, bets), counted up from zero. */
export const counter = (name: string) => integer(name).notNull().default(0);

/**
 * The name of an entry players see in a list (a provider, a room), in Chinese, and its English, which
 * English-mode players see; null shows the Chinese one to them too.
 */
export const bilingualName = () => ({ name: text('name').notNull(), nameEn: text('name_en') });

/**
 * Something the row names by its kind and its id there, both as text (`<name>_type`, `<name>_id`): the
 * business fact a credit came from ('deposit', 'bonus', …), what an audited action was done to.
 */
export const kindAndId = <N extends string>(name: N) =>
  ({
    [`${name}Type`]: text(`${name}_type`).notNull(),
    [`${name}Id`]: text(`${name}_id`).notNull(),
  }) as Record<`${N}Type` | `${N}Id`, NotNull<typeof text>>;

/** Which operator (by id) did something to the row and when (`<act>_by`, `<act>_at`): null until one does. */
export const doneBy = <A extends string>(act: A) =>
  ({ [`${act}By`]: bigintNumber(`${act}_by`), [`${act}At`]: ts(`${act}_at`) }) as {
    [K in `${A}By`]: ReturnType<typeof bigintNumber>;
  } & { [K in `${A}At`]: ReturnType<typeof ts> };

/** The smallest and largest stake a player may place (`min_<name>_micro`, `max_<name>_micro`). */
export const stakeLimits = <N extends string>(name: N) =>
  ({
    [`min${capitalized(name)}Micro`]: micro(`min_${name}_micro`).notNull(),
    [`max${capitalized(name)}Micro`]: micro(`max_${name}_micro`).notNull(),
  }) as Record<`min${Capitalize<N>}Micro` | `max${Capitalize<N>}Micro`, NotNull<typeof micro>>;

/** `name` with its first letter upper-case, as the camelCase keys above spell it. */
const capitalized = <N extends string>(name: N) =>
  (name.charAt(0).toUpperCase() + name.slice(1)) as Capitalize<N>;

/**
 * The terms of a turnover requirement (decision 23): the multiple of the credit to bet through, in hundredths
 * (100 = 1×, so 1.5× is representable without floats), and the valid bets it comes to.
 */
export const turnoverTerms = () => ({
  multipleCentis: integer('multiple_centis').notNull(),
  requiredMicro: micro('required_micro').notNull(),
});

/**
 * An entry of a list the operator curates (providers, games, banners, rooms, links): whether players see it,
 * and its place in the list, ascending.
 */
export const listed = () => ({
  enabled: flag('enabled', true),
  sort: integer('sort').notNull().default(0),
});

/**
 * A provably fair seed pair (decision 16): the server seed, kept secret until its draws are over, its SHA-256
 * (hex), shown before the first draw, and the client's seed, mixed in so that the server cannot choose the
 * outcome alone. Every draw can be checked against the pair afterwards.
 */
export const seedPair = () => ({
  serverSeed: text('server_seed').notNull(),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
});

/**
 * The SHA-256 (hex) of a secret a client holds: a session's bearer token, a sign-in code. Only the hash is
 * stored, so a copy of the table lets nobody in; a presented secret is hashed and looked up.
 */
export const secretHash = (name: string) => text(name).notNull();

/** Where a request came from, as sessions and sign-in records keep it: the client's IP and its device. */
export const origin = () => ({ ip: text('ip'), device: text('device') });

/** Columns of the two kinds of account that sign in with a password, players and operators. */
export const signIn = {
  /** The name an account signs in with (each table keeps it unique ignoring case) and its password's hash. */
  credentials: () => ({
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
  }),
  /**
   * A session a sign-in opened: its bearer token's hash (each table keeps it unique), when it lapses unless it
   * is ended before (`revoked_at`), and where the sign-in came from. When it began and when it was last seen
   * stay with each table: a player's session takes the database's clock for them, an operator's its service's.
   */
  session: () => ({
    tokenHash: secretHash('token_hash'),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ...origin(),
  }),
  /** One sign-in attempt: the name typed, whether it worked and why, and from where. */
  attempt: () => ({
    username: text('username').notNull(),
    success: flag('success'),
    reason: text('reason').notNull(),
    ...origin(),
  }),
  /**
   * What `attemptLimit` (db/attempts.ts) keeps on the account: failed attempts since the last success or lock
   * (reserved before the password is checked), the lock's end, and the last success.
   */
  state: () => ({
    failedLogins: counter('failed_logins'),
    lockedUntil: ts('locked_until'),
    lastLoginAt: ts('last_login_at'),
  }),
  /**
   * A secret on the way in that works once and only for a while (a sign-in code, an enrolment or setup link, a
   * captcha): when it stops working, and when it was spent, null until then.
   */
  singleUse: () => ({
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  }),
};

/**
 * A provider's round of one game, by the provider's own round id: what a round record is, and what each
 * wallet call and alert of the providers module names.
 */
export const providerRound = () => ({
  roundId: text('round_id').notNull(),
  gameCode: text('game_code').notNull(),
});

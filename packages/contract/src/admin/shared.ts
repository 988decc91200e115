import { z } from 'zod';
import { intField, optionalText, pageQuery, requiredText, text } from '../common';

// Shared pieces

/** Why an operator did something; required on every write that changes a player, money or access. */
export const reasonField = requiredText(256).describe('Why (shown in the audit log)');
export const isoTimeQuery = optionalText(40).describe(
  'ISO 8601 time or date (UTC+8 day), from 2000-01-01 to 2100-01-01; empty = open',
);
/**
 * The end of a console list's query when it is searched over a time window and read a page at a time: `from`
 * and `to` (each an isoTimeQuery, described by `what` when the list says which time it means), then the page.
 */
export const timeWindowPage = (what?: { from: string; to: string }) => ({
  from: what ? isoTimeQuery.describe(what.from) : isoTimeQuery,
  to: what ? isoTimeQuery.describe(what.to) : isoTimeQuery,
  ...pageQuery,
});
/** What queueStateFilter parses to: one of the queue's states, `open` or `all`. */
type QueueStateFilter<S extends string> = z.ZodDefault<
  z.ZodOptional<z.ZodEnum<{ [K in S | 'open' | 'all']: K }>>
>;
/**
 * A review queue's state filter: one of its `states`, `open` (the states still waiting for an operator; the
 * default) or `all`. TypeScript cannot check a default against an enum built from a type parameter, so the
 * enum is built over strings and then given the type it has.
 */
export const queueStateFilter = <S extends string>(states: readonly S[]) =>
  z
    .enum<readonly string[]>([...states, 'open', 'all'])
    .optional()
    .default('open') as QueueStateFilter<S>;
/** A place in a list players see (games, providers, banners): smaller first. */
export const sortField = intField({ min: 0, max: 1_000_000 });
/**
 * The English of a name or a line players see (a provider, a promotion's title, a red-packet room), trimmed;
 * empty clears it, and English mode then shows the Chinese one (apps/server/src/lib/local-name.ts).
 */
export const englishText = (max: number) =>
  text(max)
    .transform((s) => s.trim())
    .transform((s) => (s === '' ? null : s));
const idParam = z.strictObject({ id: intField({ min: 1 }) });
export const adminIdParams = idParam;

/** Operator usernames: 3–32 letters, digits, dot, dash or underscore. */
export const OPERATOR_USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;
/** Operator passwords are longer than players': 12–128 characters. */
export const OPERATOR_PASSWORD_MIN = 12;
export const OPERATOR_PASSWORD_MAX = 128;

import { z } from 'zod';
import { intField, optionalText } from './common';

/**
 * The security centre (/safe, /password; decision 18): changing the login password, the
 * player's own sign-in sessions, and the responsible-gambling tools that are not deposit limits (those live
 * in deposits.ts): the session reminder (reality check) and self-exclusion.
 */

/**
 * POST /api/plat/login-password. Empty strings pass the schema on purpose: an empty field is a business
 * rule (有未填选项, HTTP 200) that the player can be told about, not a malformed request.
 */
export const changeLoginPasswordRequest = z.strictObject({
  old_password: optionalText(64).describe('The current login password'),
  new_password: optionalText(64).describe('The new login password, 6-20 characters (decision 10)'),
  confirm_password: optionalText(64).describe('The new password again'),
});
export const changeLoginPasswordResult = z.object({
  signed_out: z.number().int().describe('How many other sessions of the player were signed out'),
});

/** One place a player is (or was) signed in. */
export const sessionView = z.object({
  id: z.number().int(),
  created_at: z.string().describe('Sign-in time (ISO 8601)'),
  last_seen_at: z.string().describe('Last request of this session, to the minute (ISO 8601)'),
  ip: z.string().nullable(),
  country: z.string().nullable().describe('ISO 3166 alpha-2 country of the sign-in, when known'),
  device: z.string().nullable().describe('Device id the client sent at sign-in'),
  current: z.boolean().describe('Whether this is the session making the request'),
});
export type SessionView = z.infer<typeof sessionView>;

/** POST /api/plat/security: what the security centre shows at the top. */
export const securityOverview = z.object({
  last_sign_in: sessionView
    .nullable()
    .describe('The sign-in before the current one (time, IP, country, device); null on a first sign-in'),
  current_sign_in: sessionView.describe('The current session'),
  sessions: z.array(sessionView).describe('Every live session of the player, newest first'),
  reality_check_minutes: z.number().int().describe('Session reminder interval; 0 = off'),
  self_excluded_until: z.string().nullable().describe('End of a self-exclusion in force (ISO 8601)'),
  self_excluded_permanent: z.boolean(),
});
export type SecurityOverview = z.infer<typeof securityOverview>;

/** POST /api/plat/sessions/revoke: ends one other session of the player. */
export const revokeSessionRequest = z.strictObject({
  session_id: intField({ min: 1 }),
});
/** POST /api/plat/sessions/revoke-others: ends every session but the current one. */
export const revokeSessionsResult = z.object({ signed_out: z.number().int() });

/** The reminder intervals a player may choose (minutes; 0 = off). */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 45, 60, 90, 120] as const;

/** POST /api/plat/reality-check: sets the reminder interval. */
export const realityCheckRequest = z.strictObject({
  minutes: intField({ min: 0, max: 1440 }).describe(
    `Minutes between reminders, one of ${REALITY_CHECK_MINUTES.join(', ')}`,
  ),
});

/** POST /api/plat/session-summary: what the reality check shows. */
export const sessionSummary = z.object({
  started_at: z.string().describe('When the current session signed in (ISO 8601)'),
  now: z.string().describe('Server time of the answer (ISO 8601)'),
  played_minutes: z.number().int().describe('Whole minutes since the session signed in'),
  bet_count: z.number().int().describe('Bet rounds opened in this session'),
  stake: z.string().describe('USDT staked in this session'),
  payout: z.string().describe('USDT paid out in this session'),
  net: z.string().describe('payout - stake: positive is a win, negative a loss'),
  reality_check_minutes: z.number().int(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;

/** Self-exclusion periods (decision 18). */
export const SELF_EXCLUSION_PERIODS = ['24h', '7d', '30d', 'permanent'] as const;
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];

/** POST /api/plat/self-exclude: starts at once and signs every session out. */
export const selfExcludeRequest = z.strictObject({
  period: z.enum(SELF_EXCLUSION_PERIODS).describe('24 hours, 7 days, 30 days or permanent'),
});
export const selfExcludeResult = z.object({
  self_excluded_until: z.string().describe('End of the exclusion (ISO 8601)'),
  self_excluded_permanent: z.boolean(),
});

import { z } from 'zod';
import { intField, isoTime, listResult, moneyString, optionalText, pageQuery } from '../common';
import { isoTimeQuery, reasonField } from './shared';

// Players (players area; adjustments are ledger)

export const PlayerStatusCode = { ACTIVE: 1, FROZEN: 2 } as const;

/** GET /api/admin/players */
export const adminPlayersQuery = z.strictObject({
  keyword: optionalText(64).describe('Username (part), exact id, or exact invite code'),
  status: intField({ min: 0, max: 2 }).optional().describe('1 active, 2 frozen; 0 or missing = all'),
  registered_from: isoTimeQuery,
  registered_to: isoTimeQuery,
  sort: z.enum(['id', 'username', 'created_at', 'last_login_at']).optional().default('id'),
  order: z.enum(['asc', 'desc']).optional().default('desc'),
  ...pageQuery,
});
export const adminPlayerRow = z.object({
  id: z.number().int(),
  username: z.string(),
  status: z.number().int(),
  invite_code: z.string(),
  inviter_id: z.number().int().nullable(),
  vip_level: z.number().int(),
  balance: moneyString.describe('Available balance, 6 decimals'),
  created_at: isoTime,
  last_login_at: isoTime.nullable(),
  register_ip: z.string().nullable(),
});
export const adminPlayersResult = listResult(adminPlayerRow);

export const adminLedgerEntry = z.object({
  transfer_id: z.string(),
  code: z.number().int(),
  code_name: z.string(),
  amount: z.string().describe('Signed change for the player, USDT'),
  balance_after: z.string(),
  state: z.number().int().describe('Entry phase: 1 posted, 2 hold, 3 post of a hold, 4 void of a hold'),
  reference_type: z.string(),
  reference_id: z.string(),
  created_at: isoTime,
});
export const adminLoginRecord = z.object({
  at: isoTime,
  success: z.boolean(),
  reason: z.string(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
});
/** GET /api/admin/players/:id */
export const adminPlayerDetail = z.object({
  player: adminPlayerRow,
  balance: z.object({ posted: z.string(), held: z.string(), available: z.string() }),
  flags: z.object({
    frozen: z.boolean(),
    locked_until: isoTime.nullable(),
    withdraw_password_set: z.boolean(),
    age_confirmed_at: isoTime,
  }),
  self_excluded_until: isoTime.nullable(),
  inviter: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  invitees: z.object({
    total: z.number().int(),
    data: z.array(z.object({ id: z.number().int(), username: z.string(), created_at: isoTime })),
  }),
  ledger: z.array(adminLedgerEntry).describe('Latest 50 ledger entries'),
  logins: z.array(adminLoginRecord).describe('Latest 50 sign-in attempts'),
  register_device: z.string().nullable(),
  active_sessions: z.number().int(),
});

/** POST /api/admin/players/:id/freeze and /unfreeze */
/** The body of every console write on one player (freeze, unfreeze, reset-password, sign-in-link): why. */
export const adminPlayerActionRequest = z.strictObject({ reason: reasonField });
export const adminFreezeRequest = adminPlayerActionRequest;
export const adminFreezeResult = z.object({ id: z.number().int(), status: z.number().int() });

/** POST /api/admin/players/:id/reset-password: a one-time login password, shown once. */
export const adminResetPasswordRequest = adminPlayerActionRequest;
export const adminResetPasswordResult = z.object({ id: z.number().int(), password: z.string() });

/**
 * POST /api/admin/players/:id/sign-in-link: a one-time sign-in link (decision 31) support hands to a player
 * who cannot sign in; it works once, for 2 minutes. The code is shown once and kept only as its hash.
 */
export const adminSignInLinkRequest = adminPlayerActionRequest;
export const adminSignInLinkResult = z.object({
  id: z.number().int(),
  path: z.string().describe('The link to send, `/?token=<one-time code>`, relative to the player app'),
  expires_at: z.string(),
});
export type AdminPlayerRow = z.infer<typeof adminPlayerRow>;
export type AdminPlayerDetail = z.infer<typeof adminPlayerDetail>;

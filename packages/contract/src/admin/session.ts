import { z } from 'zod';
import { isoTime, optionalText, requiredText, text } from '../common';
import { operatorRoleSchema, permissionsSchema } from './permissions';
import { OPERATOR_PASSWORD_MAX } from './shared';

// Sign-in, password, me, sessions

/** POST /api/admin/login (no token). `totp` is the 6-digit code of the operator's authenticator app. */
export const adminLoginRequest = z.strictObject({
  username: requiredText(64),
  password: requiredText(OPERATOR_PASSWORD_MAX),
  totp: text(8).pipe(z.string().regex(/^\d{6}$/, { message: '须为6位数字' })),
  device: optionalText(128).describe('Browser or device description; the User-Agent is used when empty'),
});
export const adminLoginResult = z.object({
  token: z.string().describe('Operator bearer token; never accepted by player routes'),
  must_change_password: z
    .boolean()
    .describe(
      'true: every admin call except password, me and logout answers OPERATOR_PASSWORD_CHANGE_REQUIRED',
    ),
});

/** POST /api/admin/password */
export const adminPasswordRequest = z.strictObject({
  old_password: requiredText(OPERATOR_PASSWORD_MAX),
  new_password: requiredText(OPERATOR_PASSWORD_MAX),
});
export const adminPasswordResult = z.literal(true);

/** POST /api/admin/logout ends the current session. */
export const adminLogoutResult = z.literal(true);

/** GET /api/admin/me */
export const adminMe = z.object({
  id: z.number().int(),
  username: z.string(),
  role: operatorRoleSchema,
  permissions: permissionsSchema.describe('Effective permissions: role plus overrides'),
  must_change_password: z.boolean(),
  session_id: z.number().int(),
});

export const adminSession = z.object({
  id: z.number().int(),
  created_at: isoTime,
  last_seen_at: isoTime,
  expires_at: isoTime.describe('Absolute expiry (12 hours after sign-in); idle expiry is 30 minutes'),
  revoked_at: isoTime.nullable(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  current: z.boolean(),
  active: z.boolean(),
});
/** GET /api/admin/sessions: the operator's own sessions, newest first (last 50). */
export const adminSessionsResult = z.array(adminSession);
/** POST /api/admin/sessions/:id/revoke: ends one of the operator's own sessions. */
export const adminRevokeSessionResult = z.literal(true);
export type AdminMe = z.infer<typeof adminMe>;

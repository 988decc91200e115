import { z } from 'zod';
import { isoTime, optionalText, requiredText, text } from '../common';
import { operatorRoleSchema, permissionsSchema } from './permissions';
import { OPERATOR_PASSWORD_MAX } from './shared';

// Sign-in, password, me, sessions

/** Whether a typed value is shaped as a recovery code: 16 letters or digits, any case, dashes and spaces aside. */
export const isRecoveryCodeShape = (typed: string) => /^[A-Za-z0-9]{16}$/.test(typed.replace(/[\s-]/g, ''));

/** A recovery code as typed (isRecoveryCodeShape); the server normalises it before comparing. */
export const recoveryCodeField = text(32).pipe(
  z.string().refine(isRecoveryCodeShape, {
    message: '恢复码须为16位字母或数字（可含横线）',
  }),
);

/**
 * POST /api/admin/login (no token). The second factor is either `totp`, the 6-digit code of the operator's
 * authenticator app, or `recovery_code`, one of the operator's single-use recovery codes; exactly one is given.
 */
export const adminLoginRequest = z
  .strictObject({
    username: requiredText(64),
    password: requiredText(OPERATOR_PASSWORD_MAX),
    totp: text(8)
      .pipe(z.string().regex(/^\d{6}$/, { message: '须为6位数字' }))
      .optional(),
    recovery_code: recoveryCodeField
      .optional()
      .describe('A single-use recovery code instead of the authenticator code, e.g. K7QM-2XPD-9HRT-WC4N'),
    device: optionalText(128).describe('Browser or device description; the User-Agent is used when empty'),
  })
  .refine((v) => (v.totp === undefined) !== (v.recovery_code === undefined), {
    message: '请输入6位动态验证码或一个恢复码（二选一）',
    path: ['totp'],
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

/** GET /api/admin/recovery-codes: how many of the operator's own recovery codes are left. */
export const adminRecoveryCodesStatus = z.object({
  left: z.number().int().describe('Unused codes; each signs in once in place of the authenticator code'),
  created_at: isoTime.nullable().describe('When the current set was made; null when the operator has none'),
});
/** POST /api/admin/recovery-codes: a new set for the signed-in operator (the old codes stop working). */
export const adminRecoveryCodesRequest = z.strictObject({ password: requiredText(OPERATOR_PASSWORD_MAX) });
export const adminRecoveryCodesResult = z.object({
  recovery_codes: z.array(z.string()).describe('Shown once: ten single-use codes to write down'),
});

import { z } from 'zod';
import { isoTime, listResult, pageQuery, requiredText } from '../common';
import { operatorRoleSchema, permissionOverridesSchema, permissionsSchema } from './permissions';
import { reasonField } from './shared';

// Operators (operators area)

export const OperatorStatus = { ACTIVE: 1, DISABLED: 2 } as const;
export const adminOperator = z.object({
  id: z.number().int(),
  username: z.string(),
  role: operatorRoleSchema,
  overrides: permissionOverridesSchema,
  permissions: permissionsSchema,
  status: z.number().int().describe('1 active, 2 disabled'),
  must_change_password: z.boolean(),
  locked_until: isoTime.nullable(),
  last_login_at: isoTime.nullable(),
  created_at: isoTime,
  created_by: z.string().nullable(),
});
/** GET /api/admin/operators */
export const adminOperatorsQuery = z.strictObject({ ...pageQuery });
export const adminOperatorsResult = listResult(adminOperator);

/** POST /api/admin/operators */
export const adminCreateOperatorRequest = z.strictObject({
  username: requiredText(32),
  role: operatorRoleSchema,
  permissions: permissionOverridesSchema.optional().describe('Per-area overrides (not for admin)'),
  reason: reasonField,
});
/** The one time the password and TOTP secret are shown; they cannot be read again. */
export const operatorCredentials = z.object({
  id: z.number().int(),
  username: z.string(),
  password: z.string().describe('One-time password; must be changed at first sign-in'),
  totp_secret: z.string().describe('Base32 TOTP secret'),
  otpauth_uri: z.string().describe('otpauth://totp/… for authenticator apps (render as a QR code)'),
});
/**
 * A new or reset operator's one-time enrolment link: the admin passes it on, and only the operator who opens it
 * sees the TOTP secret and chooses the password. No API answer carries another operator's credentials.
 */
export const operatorEnrolment = z.object({
  id: z.number().int(),
  username: z.string(),
  enrol_token: z.string().describe('One-time token; the console page /admin/enrol#<token> opens it'),
  enrol_path: z.string().describe('Console path of the enrolment page with the token'),
  expires_at: isoTime,
});
export const adminCreateOperatorResult = operatorEnrolment;

/** POST /api/admin/operators/:id/role */
export const adminOperatorRoleRequest = z.strictObject({
  role: operatorRoleSchema,
  permissions: permissionOverridesSchema.optional(),
  reason: reasonField,
});
export const adminOperatorRoleResult = adminOperator;
/** POST /api/admin/operators/:id/disable and /enable: a disabled operator's sessions end at once. */
export const adminOperatorStatusRequest = z.strictObject({ reason: reasonField });
export const adminOperatorStatusResult = adminOperator;
/** POST /api/admin/operators/:id/reset: a new enrolment link; the old password and TOTP stop working, sessions end. */
export const adminOperatorResetRequest = z.strictObject({ reason: reasonField });
export const adminOperatorResetResult = operatorEnrolment;

/** POST /api/admin/enrol/info: what the enrolment page shows to the holder of the link. */
export const adminEnrolInfoRequest = z.strictObject({ token: requiredText(128) });
export const adminEnrolInfoResult = z.object({
  username: z.string(),
  totp_secret: z.string().describe('Base32 TOTP secret, shown only on this page'),
  otpauth_uri: z.string().describe('otpauth://totp/… for authenticator apps (render as a QR code)'),
  expires_at: isoTime,
});
/** POST /api/admin/enrol: the operator's own password and a current code complete the enrolment (once). */
export const adminEnrolRequest = z.strictObject({
  token: requiredText(128),
  password: requiredText(128),
  totp: requiredText(12),
});
export const adminEnrolResult = z.object({
  username: z.string(),
  recovery_codes: z
    .array(z.string())
    .describe('Shown once: ten single-use codes, each signs in once in place of the authenticator code'),
});
/** POST /api/admin/setup/info: the first operator's setup page, for the holder of the link printed at start. */
export const adminSetupInfoRequest = z.strictObject({ token: requiredText(128) });
export const adminSetupInfoResult = adminEnrolInfoResult.omit({ username: true });
/** POST /api/admin/setup: the first admin's username, password and a current TOTP code (once, while no operator exists). */
export const adminSetupRequest = z.strictObject({
  token: requiredText(128),
  username: requiredText(32),
  password: requiredText(128),
  totp: requiredText(12),
});
export const adminSetupResult = adminEnrolResult;
export type AdminOperator = z.infer<typeof adminOperator>;

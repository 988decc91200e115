import type { AdminOperator } from '@koi/contract';
import type { OperatorRole } from '@koi/contract';
import type { OperatorRow } from './operators.repository';
import type { OperatorContext } from '../../plugins/console';
import { permissionsOf, type Enrolment } from './operators.service';

/** camelCase operator values to the snake_case wire (decision 3). */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function operatorWire(row: OperatorRow): AdminOperator {
  return {
    id: row.id,
    username: row.username,
    role: row.role as OperatorRole,
    overrides: row.overrides as AdminOperator['overrides'],
    permissions: permissionsOf(row),
    status: row.status,
    must_change_password: row.mustChangePassword,
    locked_until: iso(row.lockedUntil),
    last_login_at: iso(row.lastLoginAt),
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
  };
}

/** The console page that completes an enrolment; the token rides in the fragment, which no server log sees. */
export const ENROL_PATH = '/admin/enrol#';

export const enrolmentWire = (e: Enrolment) => ({
  id: e.id,
  username: e.username,
  enrol_token: e.token,
  enrol_path: `${ENROL_PATH}${e.token}`,
  expires_at: e.expiresAt.toISOString(),
});

/** What a one-time link (an enrolment or the first setup) shows its holder: the TOTP secret to add, and until when. */
export const linkTotpWire = (info: { totpSecret: string; otpauthUri: string; expiresAt: Date }) => ({
  totp_secret: info.totpSecret,
  otpauth_uri: info.otpauthUri,
  expires_at: info.expiresAt.toISOString(),
});

export const meWire = (op: OperatorContext) => ({
  id: op.operatorId,
  username: op.username,
  role: op.role,
  permissions: op.permissions,
  must_change_password: op.mustChangePassword,
  session_id: op.sessionId,
});

export const sessionWire = (s: {
  id: number;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  ip: string | null;
  device: string | null;
  current: boolean;
  active: boolean;
}) => ({
  id: s.id,
  created_at: s.createdAt.toISOString(),
  last_seen_at: s.lastSeenAt.toISOString(),
  expires_at: s.expiresAt.toISOString(),
  revoked_at: iso(s.revokedAt),
  ip: s.ip,
  device: s.device,
  current: s.current,
  active: s.active,
});

/** A completed enrolment or first-admin setup: the username and the recovery codes, shown this once. */
export const enrolledWire = (done: { username: string; recoveryCodes: string[] }) => ({
  username: done.username,
  recovery_codes: done.recoveryCodes,
});

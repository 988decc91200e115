import type { AdminOperator } from '@koi/contract';
import type { OperatorRole } from '@koi/contract';
import type { OperatorRow } from './operators.repository';
import type { OperatorContext } from '../../plugins/console';
import { permissionsOf, type Credentials } from './operators.service';

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

export const credentialsWire = (c: Credentials) => ({
  id: c.id,
  username: c.username,
  password: c.password,
  totp_secret: c.totpSecret,
  otpauth_uri: c.otpauthUri,
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

import { describe, expect, it } from 'vitest';
import {
  ADMIN_ROUTES,
  AUDIT_ACTIONS,
  ERRORS,
  OPERATOR_ROLES,
  PERMISSION_AREAS,
  ROLE_PERMISSIONS,
  adminLoginRequest,
  permits,
} from './index';

describe('admin contract', () => {
  it('gives every built-in role a level for every area, as the README table of roles describes them', () => {
    for (const role of OPERATOR_ROLES)
      expect(Object.keys(ROLE_PERMISSIONS[role]).sort()).toEqual([...PERMISSION_AREAS].sort());
    expect(Object.values(ROLE_PERMISSIONS.admin).every((l) => l === 'write')).toBe(true);
    expect(ROLE_PERMISSIONS.finance).toMatchObject({ ledger: 'write', players: 'read', games: 'none' });
    expect(ROLE_PERMISSIONS.support).toMatchObject({ players: 'write', ledger: 'none', content: 'write' });
    expect(ROLE_PERMISSIONS.viewer).toMatchObject({ operators: 'none', audit: 'read', ledger: 'read' });
  });

  it('lets write imply read and refuses what a role lacks', () => {
    const rule = ADMIN_ROUTES['GET /api/admin/ledger/transfers']!;
    expect(permits(ROLE_PERMISSIONS.finance, rule)).toBe(true);
    expect(permits(ROLE_PERMISSIONS.support, rule)).toBe(false);
    expect(permits(ROLE_PERMISSIONS.viewer, ADMIN_ROUTES['POST /api/admin/players/:id/freeze']!)).toBe(false);
  });

  it('keeps action names dotted, lower case and unique', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    for (const a of AUDIT_ACTIONS) expect(a).toMatch(/^[a-z]+\.[a-z_]+$/);
  });

  it('uses only 6xxx codes for the console and answers refusals with HTTP 403', () => {
    expect(ERRORS.OPERATOR_PERMISSION_DENIED.http).toBe(403);
    expect(ERRORS.OPERATOR_PASSWORD_CHANGE_REQUIRED.http).toBe(403);
    const consoleCodes = Object.entries(ERRORS).filter(([k]) => k.startsWith('OPERATOR_'));
    for (const [, e] of consoleCodes) expect(Math.floor(e.code / 1000)).toBe(6);
  });

  it('requires a six-digit TOTP code at sign-in', () => {
    expect(adminLoginRequest.safeParse({ username: 'a', password: 'b', totp: '12345' }).success).toBe(false);
    expect(adminLoginRequest.safeParse({ username: 'a', password: 'b', totp: '123456' }).success).toBe(true);
  });
});

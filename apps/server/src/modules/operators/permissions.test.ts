import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN_ROUTES, OPERATOR_ROLES, permits, ROLE_PERMISSIONS, type OperatorRole } from '@koi/contract';
import { queryRows } from '../../db/client';
import { body, useTestApp } from '../../../test/app';
import { signedInOperator } from './operators.fixtures';

/*
 * The permission matrix: every role against every admin route. Each call carries an unknown field (`__probe`)
 * so that a call the guard lets through is refused by validation (400) or is a harmless read, and nothing
 * changes; a call the guard refuses answers 403 before validation. So "403 or not" is exactly the guard's
 * decision.
 */

const t = useTestApp({}, (app) => {
  // A route added without a declaration, as a careless module might: the guard must refuse it.
  app.get('/api/admin/undeclared-probe', async () => ({ leaked: true }));
});
const tokens = {} as Record<OperatorRole, string>;

beforeAll(async () => {
  for (const role of OPERATOR_ROLES) tokens[role] = (await signedInOperator(t, role)).token;
});

function probe(route: string, token: string) {
  const [method, path] = route.split(' ') as ['GET' | 'POST', string];
  const url = path.replace(':id', '1');
  return method === 'GET'
    ? t.app.inject({ method, url: `${url}?__probe=1`, headers: { authorization: `Bearer ${token}` } })
    : t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: { __probe: 1 } });
}

describe('permission matrix', () => {
  it('registers exactly the routes of the contract table, each with the permission the table names', () => {
    const registered = Object.fromEntries(
      [...t.app.adminRoutes].filter(([route]) => !route.includes('undeclared-probe')),
    );
    expect(registered).toEqual(ADMIN_ROUTES);
  });

  it('refuses a route that declares no permission, for every role, and audits the refusal', async () => {
    for (const role of OPERATOR_ROLES) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/undeclared-probe',
        headers: { authorization: `Bearer ${tokens[role]}` },
      });
      expect(res.statusCode, role).toBe(403);
      expect(body(res)).toMatchObject({ code: 6005, result: null });
    }
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int n from operator_audit
          where action = 'permission.denied' and target_id = 'GET /api/admin/undeclared-probe'`,
    );
    expect(rows[0]!.n).toBe(OPERATOR_ROLES.length);
  });

  const routes = Object.entries(ADMIN_ROUTES).filter(([, rule]) => rule.kind !== 'public');
  for (const role of OPERATOR_ROLES) {
    it(`${role}: every admin route answers 403 exactly where the role lacks the permission`, async () => {
      const before = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int n from operator_audit where action = 'permission.denied'`,
      );
      let denied = 0;
      for (const [route, rule] of routes) {
        const res = await probe(route, tokens[role]);
        const allowed = permits(ROLE_PERMISSIONS[role], rule);
        if (allowed) {
          expect(res.statusCode, `${role} ${route}`).not.toBe(403);
          expect(res.statusCode, `${role} ${route}`).not.toBe(401);
        } else {
          denied += 1;
          expect(res.statusCode, `${role} ${route}`).toBe(403);
          expect(body(res).code, `${role} ${route}`).toBe(6005);
        }
      }
      const after = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int n from operator_audit where action = 'permission.denied'`,
      );
      expect(after[0]!.n - before[0]!.n).toBe(denied);
    });
  }

  it('answers 401 without a token on every route but sign-in', async () => {
    for (const [route] of routes) {
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      const res = await t.app.inject({ method, url: path.replace(':id', '1') });
      expect(res.statusCode, route).toBe(401);
    }
  });
});

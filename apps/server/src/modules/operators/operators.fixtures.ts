import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { beforeAll } from 'vitest';
import type { OperatorRole } from '@koi/contract';
import type { TestApp } from '../../../test/app';
import { body, postForm } from '../../../test/app';
import { createOperatorsService, type PermissionOverrides } from './operators.service';

/** Test helpers: operators created as the command line does, signed in through the API with a real TOTP code. */

let counter = 0;
export const uniqueOperatorName = (prefix = 'op') => `${prefix}_${process.pid % 1000}_${(counter += 1)}`;

export const NEW_PASSWORD = 'correct horse battery staple';

/** The current TOTP code of `secret` at the test app's clock. */
export function totpAt(t: Pick<TestApp, 'clock'>, secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
}

export function createOperator(t: TestApp, role: OperatorRole, overrides?: PermissionOverrides) {
  const service = createOperatorsService({ db: t.database.db, config: t.app.koi.config, clock: t.clock });
  return service.createOperator(
    { username: uniqueOperatorName(role), role, overrides, reason: 'test' },
    { actor: { operatorId: null, username: 'cli:test', ip: null }, context: null },
  );
}

export function adminLogin(app: FastifyInstance, fields: Record<string, string>) {
  return postForm(app, '/api/admin/login', fields);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Console requests of the app of `t` as an operator holding `token` (JSON, as the console sends them). The app
 * is read at each call, so the helpers may be made before `useTestApp` has built it.
 */
export function operatorRequests(t: Pick<TestApp, 'app'>) {
  return {
    get: (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) }),
    post: (url: string, token: string, payload: Record<string, unknown> = {}) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload }),
  };
}

/**
 * An operator of `role`, signed in with password and TOTP, password already changed (so every route its
 * permissions allow is open). Moves the clock one TOTP step so the next sign-in of anyone gets a fresh code.
 */
export async function signedInOperator(t: TestApp, role: OperatorRole, overrides?: PermissionOverrides) {
  const creds = await createOperator(t, role, overrides);
  const res = await adminLogin(t.app, {
    username: creds.username,
    password: creds.password,
    totp: await totpAt(t, creds.totpSecret),
  });
  const token = body<{ token: string }>(res).result.token;
  if (!token) throw new Error(`admin login failed: ${res.body}`);
  const changed = await t.app.inject({
    method: 'POST',
    url: '/api/admin/password',
    headers: bearer(token),
    payload: { old_password: creds.password, new_password: NEW_PASSWORD },
  });
  if (body(changed).code !== 200) throw new Error(`password change failed: ${changed.body}`);
  t.clock.advance(30_000);
  return { ...creds, token, auth: bearer(token) };
}

export type SignedInOperator = Awaited<ReturnType<typeof signedInOperator>>;

/**
 * Completes an enrolment as the new operator would in the console: opens the link (the TOTP secret is shown
 * there only), sets NEW_PASSWORD with a current code, then signs in. Moves the clock one TOTP step twice.
 */
export async function enrolOperator(t: TestApp, enrolToken: string) {
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
  const info = body<{ username: string; totp_secret: string; otpauth_uri: string }>(
    await post('/api/admin/enrol/info', { token: enrolToken }),
  );
  if (info.code !== 200) throw new Error(`enrolment info refused: ${JSON.stringify(info)}`);
  const { username, totp_secret: totpSecret } = info.result;
  const enrolled = await post('/api/admin/enrol', {
    token: enrolToken,
    password: NEW_PASSWORD,
    totp: await totpAt(t, totpSecret),
  });
  const done = body<{ recovery_codes: string[] }>(enrolled);
  if (done.code !== 200) throw new Error(`enrolment refused: ${enrolled.body}`);
  t.clock.advance(30_000);
  const res = await adminLogin(t.app, {
    username,
    password: NEW_PASSWORD,
    totp: await totpAt(t, totpSecret),
  });
  const login = body<{ token: string; must_change_password: boolean }>(res);
  if (login.code !== 200) throw new Error(`sign-in after enrolment failed: ${res.body}`);
  t.clock.advance(30_000);
  return {
    username,
    totpSecret,
    otpauthUri: info.result.otpauth_uri,
    recoveryCodes: done.result.recovery_codes,
    login: login.result,
    auth: bearer(login.result.token),
  };
}

/**
 * Signed-in operators for the enclosing `describe` (or the file, at top level), one a name with the role it
 * names (`useOperators(t, { financeA: 'finance', viewer: 'viewer' })`). They sign in one after the other, in
 * the order given, before its first test; the object returned is filled in then.
 */
export function useOperators<N extends string>(
  t: TestApp,
  roles: Record<N, OperatorRole>,
): Record<N, SignedInOperator> {
  const operators = {} as Record<N, SignedInOperator>;
  beforeAll(async () => {
    for (const [name, role] of Object.entries(roles) as [N, OperatorRole][])
      operators[name] = await signedInOperator(t, role);
  });
  return operators;
}

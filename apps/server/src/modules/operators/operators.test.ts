import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testConfig } from '../../config';
import { queryRows } from '../../db/client';
import { body, createTestApp, signUp, type TestApp, useTestApp } from '../../../test/app';
import { ROLE_PERMISSIONS } from '@koi/contract';
import { operatorsCommands } from './operators.cli';
import { createOperatorsService } from './operators.service';
import {
  adminLogin,
  createOperator,
  enrolOperator,
  NEW_PASSWORD,
  operatorRequests,
  signedInOperator,
  totpAt,
  uniqueOperatorName,
} from './operators.fixtures';

const APPEND_ONLY = { cause: { message: expect.stringMatching(/append-only/) } };

const t = useTestApp();

const { get, post } = operatorRequests(t);

/** Enrols through the link as the new operator would; they then sign in with the password they chose. */
async function enrolThrough(token: string, username: string) {
  const enrolled = await enrolOperator(t, token);
  expect(enrolled.username).toBe(username);
  expect(enrolled.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
  expect(enrolled.login.must_change_password).toBe(false);
  // The link worked once; nobody (the admin included) can read the secret through it again.
  expect(body(await post('/api/admin/enrol/info', '', { token })).code).toBe(6101);
}

/** Runs an operators command on `app`'s database (the file's app unless given); answers its code and output. */
async function run(name: string, options: Record<string, string | boolean> = {}, app: TestApp = t) {
  const lines: string[] = [];
  const code = await operatorsCommands[name]!.run({
    config: testConfig(),
    database: app.database,
    options,
    out: (l) => lines.push(l),
  });
  return { code, lines };
}

async function login(creds: { username: string; password: string; totpSecret: string }, password?: string) {
  return adminLogin(t.app, {
    username: creds.username,
    password: password ?? creds.password,
    totp: await totpAt(t, creds.totpSecret),
  });
}

describe('operator:create', () => {
  it('prints one JSON line with username, password, totp_secret and recovery_codes, and nothing else, with --json', async () => {
    const username = uniqueOperatorName('json');
    const { code, lines } = await run('operator:create', { username, role: 'finance', json: true });
    expect(code).toBe(0);
    expect(lines).toHaveLength(1);
    const parsed = JSON.parse(lines[0]!) as Record<string, string>;
    expect(Object.keys(parsed).sort()).toEqual(['password', 'recovery_codes', 'totp_secret', 'username']);
    expect(parsed.username).toBe(username);
    expect(parsed.password!.length).toBeGreaterThanOrEqual(12);
    expect(parsed.totp_secret).toMatch(/^[A-Z2-7]{16,}$/);
    const codes = parsed.recovery_codes as unknown as string[];
    expect(codes).toHaveLength(10);
    // The first admin made at the terminal has nobody to reset them: a code signs them in without the phone.
    const res = await adminLogin(t.app, { username, password: parsed.password!, recovery_code: codes[0]! });
    expect(body(res).code).toBe(200);
  });

  it('prints the password, the secret as text and as an otpauth:// URI without --json', async () => {
    const username = uniqueOperatorName('text');
    const { code, lines } = await run('operator:create', { username, role: 'viewer' });
    expect(code).toBe(0);
    const text = lines.join('\n');
    expect(text).toMatch(/one-time password: \S{16}/);
    expect(text).toMatch(/TOTP secret: +[A-Z2-7]{16,}/);
    expect(text).toMatch(new RegExp(`otpauth://totp/Koi:${username}\\?secret=[A-Z2-7]+`));
    expect(text.match(/^ {2}[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/gm)).toHaveLength(10);
  });

  it('refuses an unknown role, missing options, a bad or taken username', async () => {
    expect((await run('operator:create', { username: 'someone', role: 'root' })).code).toBe(2);
    expect((await run('operator:create', { username: 'someone' })).code).toBe(2);
    const bad = await run('operator:create', { username: 'a b', role: 'viewer' });
    expect(bad.code).toBe(1);
    expect(bad.lines[0]).toContain('3-32');
    const username = uniqueOperatorName('dup');
    expect((await run('operator:create', { username, role: 'viewer' })).code).toBe(0);
    const again = await run('operator:create', { username: username.toUpperCase(), role: 'viewer' });
    expect(again.code).toBe(1);
    expect(again.lines[0]).toMatch(/taken|已存在/);
  });

  it('leaves no default operator: a fresh database has none', async () => {
    const fresh = await createTestApp();
    try {
      const rows = await queryRows<{ n: number }>(
        fresh.database.db,
        sql`select count(*)::int n from operators`,
      );
      expect(rows[0]!.n).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('operator sign-in', () => {
  it('signs in with password and TOTP, and refuses everything but password/me/logout until the password changes', async () => {
    const creds = await createOperator(t, 'admin');
    const res = await login(creds);
    expect(body(res)).toMatchObject({ code: 200, result: { must_change_password: true } });
    const token = body<{ token: string }>(res).result.token;

    const me = await get('/api/admin/me', token);
    expect(body(me)).toMatchObject({
      code: 200,
      result: { username: creds.username, must_change_password: true },
    });
    const blocked = await get('/api/admin/operators', token);
    expect(blocked.statusCode).toBe(403);
    expect(body(blocked)).toMatchObject({ code: 6004, result: null });

    const weak = await post('/api/admin/password', token, {
      old_password: creds.password,
      new_password: 'short',
    });
    expect(body(weak).code).toBe(6006);
    const same = await post('/api/admin/password', token, {
      old_password: creds.password,
      new_password: creds.password,
    });
    expect(body(same).code).toBe(6006);
    const wrongOld = await post('/api/admin/password', token, {
      old_password: 'not the password',
      new_password: NEW_PASSWORD,
    });
    expect(body(wrongOld).code).toBe(6007);
    const changed = await post('/api/admin/password', token, {
      old_password: creds.password,
      new_password: NEW_PASSWORD,
    });
    expect(body(changed)).toMatchObject({ code: 200, result: true });
    expect(body(await get('/api/admin/operators', token)).code).toBe(200);

    // The one-time password is gone; the new one works with a fresh code.
    t.clock.advance(30_000);
    expect(body(await login(creds)).code).toBe(6001);
    t.clock.advance(30_000);
    expect(body(await login(creds, NEW_PASSWORD))).toMatchObject({
      code: 200,
      result: { must_change_password: false },
    });
  });

  it('refuses a wrong TOTP code and a code used before (same time step), even after a successful sign-in', async () => {
    const op = await signedInOperator(t, 'viewer');
    const wrong = await adminLogin(t.app, { username: op.username, password: NEW_PASSWORD, totp: '000000' });
    expect(body(wrong).code).toBe(6001);
    const code = await totpAt(t, op.totpSecret);
    const first = await adminLogin(t.app, { username: op.username, password: NEW_PASSWORD, totp: code });
    expect(body(first).code).toBe(200);
    const replay = await adminLogin(t.app, { username: op.username, password: NEW_PASSWORD, totp: code });
    expect(body(replay)).toMatchObject({ code: 6003, result: null });
    // The previous step's code is still inside the drift window but older than the one spent: refused too.
    t.clock.advance(30_000);
    const next = await totpAt(t, op.totpSecret);
    expect(next).not.toBe(code);
    expect(
      body(await adminLogin(t.app, { username: op.username, password: NEW_PASSWORD, totp: next })).code,
    ).toBe(200);
    expect(
      body(await adminLogin(t.app, { username: op.username, password: NEW_PASSWORD, totp: code })).code,
    ).not.toBe(200);
  });

  it('lets only one of two parallel sign-ins with the same code through', async () => {
    const op = await signedInOperator(t, 'viewer');
    const code = await totpAt(t, op.totpSecret);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        adminLogin(t.app, { username: op.username, password: NEW_PASSWORD, totp: code }),
      ),
    );
    const codes = results.map((r) => body(r).code).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 6003)).toHaveLength(4);
    t.clock.advance(30_000);
  });

  it('locks the account for 15 minutes after 5 failures, wrong password or wrong code alike', async () => {
    const op = await signedInOperator(t, 'viewer');
    for (let i = 0; i < 4; i += 1) {
      const res = await adminLogin(t.app, {
        username: op.username,
        password: i % 2 ? 'wrong password!' : NEW_PASSWORD,
        totp: '000000',
      });
      expect(body(res).code).toBe(6001);
    }
    const fifth = await adminLogin(t.app, {
      username: op.username,
      password: 'wrong password!',
      totp: '000000',
    });
    expect(body(fifth)).toMatchObject({ code: 6002 });
    expect(body(fifth).message).toContain('15分钟');
    const right = await adminLogin(t.app, {
      username: op.username,
      password: NEW_PASSWORD,
      totp: await totpAt(t, op.totpSecret),
    });
    expect(body(right).code).toBe(6002);
    t.clock.advance(15 * 60_000);
    const after = await adminLogin(t.app, {
      username: op.username,
      password: NEW_PASSWORD,
      totp: await totpAt(t, op.totpSecret),
    });
    expect(body(after).code).toBe(200);
    t.clock.advance(30_000);
  });

  it('records every sign-in attempt with IP and device', async () => {
    const op = await signedInOperator(t, 'viewer');
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'user-agent': 'KoiTest/1.0' },
      payload: { username: op.username, password: 'nope nope nope', totp: '123456' },
    });
    const rows = await queryRows<{ success: boolean; reason: string; ip: string; device: string }>(
      t.database.db,
      sql`select success, reason, ip, device from operator_logins where username = ${op.username} order by id`,
    );
    expect(rows[0]).toMatchObject({ success: true, reason: 'ok' });
    expect(rows.at(-1)).toMatchObject({
      success: false,
      reason: 'bad_password',
      ip: '127.0.0.1',
      device: 'KoiTest/1.0',
    });
  });

  it('refuses unknown usernames with the same message as a wrong password', async () => {
    const res = await adminLogin(t.app, {
      username: 'nobody_here',
      password: 'whatever12345',
      totp: '123456',
    });
    expect(body(res)).toMatchObject({ code: 6001, error: { message: '用户名、密码或动态验证码错误' } });
  });
});

describe('operator sessions', () => {
  it('ends a session after 30 idle minutes, and after 12 hours however busy', async () => {
    const op = await signedInOperator(t, 'viewer');
    t.clock.advance(29 * 60_000);
    expect((await get('/api/admin/me', op.token)).statusCode).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await get('/api/admin/me', op.token)).statusCode).toBe(200);
    t.clock.advance(30 * 60_000 + 1);
    expect((await get('/api/admin/me', op.token)).statusCode).toBe(401);

    const busy = await signedInOperator(t, 'viewer');
    for (let i = 0; i < 24; i += 1) {
      t.clock.advance(29 * 60_000);
      expect((await get('/api/admin/me', busy.token)).statusCode).toBe(200);
    }
    // 24 × 29 minutes = 11 h 36 min; 25 more minutes passes 12 hours although the session was never idle long.
    t.clock.advance(25 * 60_000);
    expect((await get('/api/admin/me', busy.token)).statusCode).toBe(401);
  });

  it("lists the operator's own sessions and ends one of them, but not someone else's", async () => {
    const op = await signedInOperator(t, 'viewer');
    const second = await adminLogin(t.app, {
      username: op.username,
      password: NEW_PASSWORD,
      totp: await totpAt(t, op.totpSecret),
    });
    const otherToken = body<{ token: string }>(second).result.token;
    t.clock.advance(30_000);
    const list = body<{ id: number; current: boolean; active: boolean; ip: string }[]>(
      await get('/api/admin/sessions', op.token),
    ).result;
    expect(list.filter((s) => s.active)).toHaveLength(2);
    expect(list.filter((s) => s.current)).toEqual([expect.objectContaining({ active: true })]);
    const other = list.find((s) => !s.current && s.active)!;
    expect(other.ip).toBe('127.0.0.1');

    const stranger = await signedInOperator(t, 'viewer');
    expect(body(await post(`/api/admin/sessions/${other.id}/revoke`, stranger.token)).code).toBe(6013);
    expect((await get('/api/admin/me', otherToken)).statusCode).toBe(200);
    expect(body(await post(`/api/admin/sessions/${other.id}/revoke`, op.token)).code).toBe(200);
    expect((await get('/api/admin/me', otherToken)).statusCode).toBe(401);
    expect(body(await post('/api/admin/logout', op.token)).code).toBe(200);
    expect((await get('/api/admin/me', op.token)).statusCode).toBe(401);
  });

  it("keeps player and operator tokens apart: neither passes the other's check", async () => {
    const player = await signUp(t.app);
    expect((await get('/api/admin/me', player.token)).statusCode).toBe(401);
    expect((await get('/api/admin/me', `op_${player.token}`)).statusCode).toBe(401);
    const op = await signedInOperator(t, 'admin');
    const info = await t.app.inject({ method: 'POST', url: '/api/plat/info', headers: op.auth });
    expect(info.statusCode).toBe(401);
  });
});

describe('operator management', () => {
  it('creates an operator from the console with a one-time enrolment link, never its credentials, and refuses grants above the creator', async () => {
    const admin = await signedInOperator(t, 'admin');
    const username = uniqueOperatorName('made');
    const res = await post('/api/admin/operators', admin.token, {
      username,
      role: 'support',
      permissions: { audit: 'read' },
      reason: 'new hire',
    });
    expect(body(res)).toMatchObject({ code: 200 });
    const made = body<Record<string, string>>(res).result;
    // The admin's answer carries the link only: no password, no TOTP secret, no otpauth URI.
    expect(Object.keys(made).sort()).toEqual(['enrol_path', 'enrol_token', 'expires_at', 'id', 'username']);
    expect(res.body).not.toMatch(/password|totp|otpauth/i);
    expect(made.enrol_path).toBe(`/admin/enrol#${made.enrol_token}`);
    await enrolThrough(made.enrol_token!, username);

    // A lead who may manage operators but holds only read on the ledger cannot create a finance operator.
    const lead = await signedInOperator(t, 'viewer', { operators: 'write' });
    const tooMuch = await post('/api/admin/operators', lead.token, {
      username: uniqueOperatorName('fin'),
      role: 'finance',
      reason: 'try',
    });
    expect(body(tooMuch)).toMatchObject({ code: 6012 });
    expect(body(tooMuch).message).toContain('ledger');
    const escalate = await post('/api/admin/operators', lead.token, {
      username: uniqueOperatorName('esc'),
      role: 'viewer',
      permissions: { players: 'write' },
      reason: 'try',
    });
    expect(body(escalate).code).toBe(6012);
    const refusals = body<{ data: { reason: string }[] }>(
      await get(`/api/admin/audit?operator=${lead.username}&action=permission.denied`, admin.token),
    ).result.data;
    expect(refusals.map((r) => r.reason)).toEqual(['OPERATOR_GRANT_EXCEEDS', 'OPERATOR_GRANT_EXCEEDS']);
    // Nor can the lead change an admin, who holds more than the lead.
    expect(
      body(await post(`/api/admin/operators/${admin.id}/disable`, lead.token, { reason: 'x' })).code,
    ).toBe(6012);
    const fine = await post('/api/admin/operators', lead.token, {
      username: uniqueOperatorName('view'),
      role: 'viewer',
      reason: 'ok',
    });
    expect(body(fine).code).toBe(200);
    expect(
      body(
        await post('/api/admin/operators', admin.token, {
          username: uniqueOperatorName('adm'),
          role: 'admin',
          permissions: { audit: 'read' },
          reason: 'r',
        }),
      ).code,
    ).toBe(6022);
  });

  it('never lets the last active admin be disabled or demoted, even by two admins at once', async () => {
    const fresh = await createTestApp();
    try {
      const a = await signedInOperator(fresh, 'admin');
      const b = await signedInOperator(fresh, 'admin');
      const { post: postIn } = operatorRequests(fresh);
      // Each demotes the other at the same moment: exactly one succeeds.
      const [ab, ba] = await Promise.all([
        postIn(`/api/admin/operators/${b.id}/role`, a.token, { role: 'viewer', reason: 'swap' }),
        postIn(`/api/admin/operators/${a.id}/role`, b.token, { role: 'viewer', reason: 'swap' }),
      ]);
      const codes = [body(ab).code, body(ba).code].sort();
      // The demoted one may also find its own session no longer allows operator writes (403) - either way
      // one admin remains.
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      const remaining = await queryRows<{ n: number }>(
        fresh.database.db,
        sql`select count(*)::int n from operators where role = 'admin' and status = 1`,
      );
      expect(remaining[0]!.n).toBe(1);
      const survivor = body(ab).code === 200 ? a : b;
      const viewer = survivor === a ? b : a;
      // The survivor cannot change itself, and the demoted one can no longer manage operators.
      expect(
        body(
          await postIn(`/api/admin/operators/${survivor.id}/role`, survivor.token, {
            role: 'viewer',
            reason: 'x',
          }),
        ).code,
      ).toBe(6023);
      expect(
        (await postIn(`/api/admin/operators/${survivor.id}/disable`, viewer.token, { reason: 'x' }))
          .statusCode,
      ).toBe(403);
      // A third admin may disable the survivor (the third remains); its sessions end at once.
      const c = await signedInOperator(fresh, 'admin');
      expect(
        body(await postIn(`/api/admin/operators/${survivor.id}/disable`, c.token, { reason: 'leaver' })).code,
      ).toBe(200);
      expect(
        (await fresh.app.inject({ method: 'GET', url: '/api/admin/me', headers: survivor.auth })).statusCode,
      ).toBe(401);
      // c is now the last active admin; only an actor holding everything could try, and is refused.
      const service = createOperatorsService({
        db: fresh.database.db,
        config: fresh.app.koi.config,
        clock: fresh.clock,
      });
      const everything = {
        operatorId: viewer.id,
        username: viewer.username,
        role: 'admin' as const,
        permissions: ROLE_PERMISSIONS.admin,
        mustChangePassword: false,
        sessionId: 0,
      };
      await expect(service.setStatus(everything, '127.0.0.1', c.id, false, 'x')).rejects.toMatchObject({
        key: 'OPERATOR_LAST_ADMIN',
      });
      await expect(
        service.changeRole(everything, '127.0.0.1', c.id, { role: 'finance', reason: 'x' }),
      ).rejects.toMatchObject({ key: 'OPERATOR_LAST_ADMIN' });
      const admins = await queryRows<{ n: number }>(
        fresh.database.db,
        sql`select count(*)::int n from operators where role = 'admin' and status = 1`,
      );
      expect(admins[0]!.n).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('resets an operator: old password and TOTP stop working, sessions end, and only the enrolment link sets new ones', async () => {
    const admin = await signedInOperator(t, 'admin');
    const target = await signedInOperator(t, 'support');
    const res = await post(`/api/admin/operators/${target.id}/reset`, admin.token, { reason: 'lost phone' });
    expect(res.body).not.toMatch(/password|totp|otpauth/i);
    const { enrol_token: token } = body<{ enrol_token: string }>(res).result;
    expect((await get('/api/admin/me', target.token)).statusCode).toBe(401);
    const old = await adminLogin(t.app, {
      username: target.username,
      password: NEW_PASSWORD,
      totp: await totpAt(t, target.totpSecret),
    });
    expect(body(old).code).toBe(6001);
    await enrolThrough(token, target.username);
  });

  it('refuses an enrolment link that is unknown, expired or already used, and a wrong code or short password', async () => {
    const admin = await signedInOperator(t, 'admin');
    const made = async () => {
      const res = await post('/api/admin/operators', admin.token, {
        username: uniqueOperatorName('link'),
        role: 'viewer',
        reason: 'r',
      });
      return body<{ enrol_token: string; username: string }>(res).result;
    };
    expect(body(await post('/api/admin/enrol/info', '', { token: 'nope' })).code).toBe(6101);
    const a = await made();
    const info = body<{ totp_secret: string }>(
      await post('/api/admin/enrol/info', '', { token: a.enrol_token }),
    );
    const secret = info.result.totp_secret;
    const wrongCode = await post('/api/admin/enrol', '', {
      token: a.enrol_token,
      password: NEW_PASSWORD,
      totp: '000000',
    });
    expect(body(wrongCode).code).toBe(6102);
    const short = await post('/api/admin/enrol', '', {
      token: a.enrol_token,
      password: 'short',
      totp: await totpAt(t, secret),
    });
    expect(body(short).code).toBe(6006);
    // Two browsers submitting the same link at once: exactly one enrols.
    const code = await totpAt(t, secret);
    const both = await Promise.all(
      [0, 1].map(() =>
        post('/api/admin/enrol', '', { token: a.enrol_token, password: NEW_PASSWORD, totp: code }),
      ),
    );
    expect(both.map((r) => body(r).code).sort()).toEqual([200, 6101]);
    expect(body(await post('/api/admin/enrol/info', '', { token: a.enrol_token })).code).toBe(6101);
    const b = await made();
    t.clock.advance(24 * 3_600_000 + 1);
    expect(body(await post('/api/admin/enrol/info', '', { token: b.enrol_token })).code).toBe(6101);
    t.clock.advance(30_000);
  });
});

describe('audit log', () => {
  it('records writes and refusals with who, IP, target, reason and before/after, and never a secret', async () => {
    const admin = await signedInOperator(t, 'admin');
    const viewer = await signedInOperator(t, 'viewer');
    await post('/api/admin/operators', viewer.token, { username: 'nope_nope', role: 'viewer', reason: 'x' });
    const res = await get(
      `/api/admin/audit?operator=${viewer.username}&action=permission.denied`,
      admin.token,
    );
    const rows = body<{ data: Record<string, unknown>[]; total: number }>(res).result;
    expect(rows.total).toBe(1);
    expect(rows.data[0]).toMatchObject({
      operator: viewer.username,
      ip: '127.0.0.1',
      outcome: 'denied',
      target_type: 'route',
      target_id: 'POST /api/admin/operators',
      reason: 'missing operators:write',
    });

    const all = await queryRows<{ before: string | null; after: string | null }>(
      t.database.db,
      sql`select before, after from operator_audit`,
    );
    const text = JSON.stringify(all);
    expect(text).not.toMatch(/password"|token"|totp_secret|otpauth/i);
    expect(text).not.toContain(admin.password);
    expect(text).not.toContain(admin.totpSecret);

    const created = await get(
      `/api/admin/audit?action=operator.create&target=operator:${viewer.id}`,
      admin.token,
    );
    expect(body<{ data: { after: { role: string } }[] }>(created).result.data[0]!.after.role).toBe('viewer');
    const bad = await get('/api/admin/audit?from=yesterday', admin.token);
    expect(bad.statusCode).toBe(400);
    const ranged = await get(
      `/api/admin/audit?from=${new Date(t.clock.now().getTime() + 60_000).toISOString()}`,
      admin.token,
    );
    expect(body<{ total: number }>(ranged).result.total).toBe(0);
  });

  it('refuses UPDATE and DELETE of audit rows in the database', async () => {
    await expect(
      t.database.db.execute(sql`update operator_audit set reason = 'x' where seq = 1`),
    ).rejects.toMatchObject(APPEND_ONLY);
    await expect(t.database.db.execute(sql`delete from operator_audit where seq = 1`)).rejects.toMatchObject(
      APPEND_ONLY,
    );
    await expect(t.database.db.execute(sql`truncate operator_audit`)).rejects.toMatchObject(APPEND_ONLY);
  });

  it('detects a row rewritten behind the triggers: audit:verify and the API name the first broken row', async () => {
    const fresh = await createTestApp();
    try {
      const admin = await signedInOperator(fresh, 'admin');
      await signedInOperator(fresh, 'viewer');
      const verify = () => run('audit:verify', {}, fresh);
      const intact = await verify();
      expect(intact.code).toBe(0);
      expect(intact.lines.at(-1)).toMatch(/^audit:verify ok \(\d+ rows\)$/);

      // A superuser switches the trigger off and rewrites history.
      await fresh.database.db.execute(
        sql`alter table operator_audit disable trigger operator_audit_no_change`,
      );
      await fresh.database.db.execute(sql`update operator_audit set reason = 'nothing to see' where seq = 3`);
      await fresh.database.db.execute(
        sql`alter table operator_audit enable trigger operator_audit_no_change`,
      );
      const rewritten = await verify();
      expect(rewritten.code).toBe(1);
      expect(rewritten.lines.at(-1)).toBe(
        'audit:verify BROKEN at row 3: row 3 was changed after it was written',
      );
      const api = await fresh.app.inject({
        method: 'POST',
        url: '/api/admin/audit/verify',
        headers: admin.auth,
      });
      expect(body(api).result).toMatchObject({ ok: false, first_bad_id: 3 });
    } finally {
      await fresh.close();
    }
  });

  it('detects the last rows removed and keeps the chain whole under 50 parallel appends', async () => {
    const fresh = await createTestApp();
    try {
      const viewer = await signedInOperator(fresh, 'viewer');
      const refused = await Promise.all(
        Array.from({ length: 50 }, () =>
          fresh.app.inject({
            method: 'POST',
            url: '/api/admin/operators',
            headers: viewer.auth,
            payload: {},
          }),
        ),
      );
      expect(refused.every((r) => r.statusCode === 403)).toBe(true);
      const seqs = await queryRows<{ n: number; max: number }>(
        fresh.database.db,
        sql`select count(*)::int n, max(seq)::int max from operator_audit`,
      );
      expect(seqs[0]!.n).toBe(seqs[0]!.max);
      const verify = () => run('audit:verify', {}, fresh);
      expect((await verify()).code).toBe(0);
      await fresh.database.db.execute(
        sql`alter table operator_audit disable trigger operator_audit_no_change`,
      );
      await fresh.database.db.execute(
        sql`delete from operator_audit where seq = (select max(seq) from operator_audit)`,
      );
      await fresh.database.db.execute(
        sql`alter table operator_audit enable trigger operator_audit_no_change`,
      );
      const cut = await verify();
      expect(cut.code).toBe(1);
      expect(cut.lines.at(-1)).toContain('rows removed at the end');
    } finally {
      await fresh.close();
    }
  });
});

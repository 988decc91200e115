import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { body, FORM, form, signUp, uniqueUsername, untilSignedOut, useTestApp } from '../../../test/app';
import { queryRows } from '../../db/client';

const PASSWORD = 'secret123';

function registerForm(overrides: Record<string, string | number> = {}) {
  return {
    username: uniqueUsername('reg'),
    password: PASSWORD,
    confrimPas: PASSWORD,
    captcha: '',
    code: '',
    device: 'device-1',
    age_confirmed: 1,
    ...overrides,
  };
}

describe('accounts and sign-in', () => {
  const t = useTestApp();

  const register = (fields: Record<string, string | number>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/home/register',
      headers: { ...FORM, ...headers },
      payload: form(fields),
    });
  const login = (fields: Record<string, string>, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/home/login',
      headers: FORM,
      remoteAddress,
      payload: form({ captcha: '', device: '', ...fields }),
    });
  const info = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/plat/info', headers: { authorization: `Bearer ${token}` } });

  describe('register', () => {
    it('registers a player with a form-urlencoded body and answers true', async () => {
      const res = await register(registerForm());
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({ code: 200, result: true, error: null });
    });

    it('checks the password confirmation before empty fields (spec order): 密码不一致', async () => {
      const res = await register(registerForm({ username: '', password: 'abcdef1', confrimPas: 'abcdef2' }));
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({
        code: 1001,
        error: { message: '密码不一致' },
        message: '密码不一致',
      });
    });

    it.each([
      ['username', { username: '' }],
      ['password and confirmation', { password: '', confrimPas: '' }],
    ])('refuses an empty %s with 有未填选项', async (_name, overrides) => {
      const res = await register(registerForm(overrides));
      expect(body(res)).toMatchObject({ code: 1002, error: { message: '有未填选项' } });
    });

    it.each([
      'short7_x'.slice(0, 7),
      'a'.repeat(21),
      'a'.repeat(1000),
      'bad-name-1',
      '名字名字名字名字名字',
      'user name1',
      'emoji😀abcdefg',
    ])('refuses the username %j with the format rule', async (username) => {
      const res = await register(registerForm({ username }));
      expect(body(res).code).toBe(1003);
      expect(body(res).error?.message).toContain('8-20');
    });

    it.each(['12345', 'x'.repeat(21)])('refuses the password %j with the length rule', async (password) => {
      const res = await register(registerForm({ password, confrimPas: password }));
      expect(body(res)).toMatchObject({ code: 1004 });
    });

    it('requires the 18+ confirmation and records it', async () => {
      const res = await register(registerForm({ age_confirmed: 0 }));
      expect(body(res)).toMatchObject({ code: 1008, error: { message: '请确认您已年满18周岁' } });
      const username = uniqueUsername('adult');
      await register(registerForm({ username }));
      const rows = await queryRows<{ age_confirmed_at: Date | null }>(
        t.database.db,
        sql`select age_confirmed_at from players where username = ${username}`,
      );
      expect(rows[0]?.age_confirmed_at).toBeTruthy();
    });

    it('refuses a duplicate username, whatever its letter case, and creates nothing', async () => {
      const username = uniqueUsername('dup');
      expect(body(await register(registerForm({ username }))).code).toBe(200);
      const again = await register(registerForm({ username: username.toUpperCase() }));
      expect(body(again)).toMatchObject({ code: 1006, error: { message: '用户名已被注册' } });
      const rows = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from players where lower(username) = lower(${username})`,
      );
      expect(rows[0]?.n).toBe(1);
    });

    it('lets only one of many parallel registrations of the same username through', async () => {
      const username = uniqueUsername('race');
      const results = await Promise.all(
        Array.from({ length: 6 }, () => register(registerForm({ username }))),
      );
      const codes = results.map((r) => body(r).code).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 1006)).toHaveLength(5);
    });

    it('stores the inviter when a valid invitation code is given, and refuses an unknown one', async () => {
      const inviter = await signUp(t.app);
      const inviteCode = body<{ invite_code: string }>(await info(inviter.token)).result.invite_code;
      expect(inviteCode).toMatch(/^[A-Z2-9]{8}$/);

      const bad = await register(registerForm({ code: 'NOPE2345' }));
      expect(body(bad)).toMatchObject({ code: 1007, error: { message: '邀请码不存在' } });

      const username = uniqueUsername('invitee');
      expect(body(await register(registerForm({ username, code: inviteCode.toLowerCase() }))).code).toBe(200);
      const rows = await queryRows<{ inviter: string }>(
        t.database.db,
        sql`select i.username as inviter from players p join players i on i.id = p.inviter_id where p.username = ${username}`,
      );
      expect(rows[0]?.inviter).toBe(inviter.username);
    });

    it('refuses registration from a denied country', async () => {
      const res = await register(registerForm(), { 'cf-ipcountry': 'CN' });
      expect(body(res)).toMatchObject({ code: 1013 });
    });

    it('stores the password only as an argon2id hash', async () => {
      const username = uniqueUsername('hash');
      await register(registerForm({ username }));
      const rows = await queryRows<{ password_hash: string }>(
        t.database.db,
        sql`select password_hash from players where username = ${username}`,
      );
      expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
      expect(rows[0]?.password_hash).not.toContain(PASSWORD);
    });
  });

  describe('login, sessions and user info', () => {
    it('signs in and returns an opaque 256-bit token stored only as a hash', async () => {
      const { username } = await signUp(t.app);
      const res = await login({ username, password: PASSWORD });
      const token = body<{ token: string }>(res).result.token;
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const rows = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from sessions where token_hash = ${token}`,
      );
      expect(rows[0]?.n).toBe(0);
    });

    it('answers user info with the spec fields, balance 4 decimals and the previous sign-in time', async () => {
      const { username, token } = await signUp(t.app);
      const first = body<Record<string, unknown>>(await info(token)).result;
      expect(first).toMatchObject({
        player_name: username,
        set_password: false,
        vip_level: 0,
        last_login_at: null,
      });
      expect(first.balance).toMatch(/^\d+\.\d{4}$/);

      t.clock.advance(60_000);
      const second = body<{ token: string }>(await login({ username, password: PASSWORD })).result.token;
      const again = body<{ last_login_at: string }>(await info(second)).result;
      expect(again.last_login_at).not.toBeNull();
    });

    it('records time, IP and device of each sign-in', async () => {
      const { username } = await signUp(t.app);
      await login({ username, password: PASSWORD, device: 'phone-42' });
      const rows = await queryRows<{ ip: string; device: string; success: boolean }>(
        t.database.db,
        sql`select ip, device, success from login_events where username = ${username} order by id desc limit 1`,
      );
      expect(rows[0]).toMatchObject({ device: 'phone-42', success: true });
      expect(rows[0]?.ip).toBeTruthy();
    });

    it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
      const none = await t.app.inject({ method: 'POST', url: '/api/plat/info' });
      expect(none.statusCode).toBe(401);
      expect(body(none)).toMatchObject({ code: 401, error: { message: '未授权，请登录' } });
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/plat/info',
        headers: { authorization: 'Basic x' },
      });
      expect(malformed.statusCode).toBe(401);
      expect((await info('A'.repeat(43))).statusCode).toBe(401);
    });

    it('refuses every signed-in call of an open session from a denied country or with an untrusted country header', async () => {
      const { auth } = await signUp(t.app);
      const infoFrom = (country?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/plat/info',
          headers: { ...auth, ...(country === undefined ? {} : { 'cf-ipcountry': country }) },
        });
      expect(body(await infoFrom('US'))).toMatchObject({ code: 200 });
      for (const denied of ['CN', 'cn', 'CN, US', 'CHN']) {
        expect(body(await infoFrom(denied)), denied).toMatchObject({
          code: 1013,
          error: { message: '您所在的地区暂不提供服务' },
        });
      }
      // The session itself is not ended: back in an allowed country the same token works.
      expect(body(await infoFrom())).toMatchObject({ code: 200 });
    });

    it('revokes the token on logout', async () => {
      const { token, auth } = await signUp(t.app);
      const out = await t.app.inject({ method: 'POST', url: '/api/home/logout', headers: auth });
      expect(body(out)).toMatchObject({ code: 200, result: true });
      expect((await info(token)).statusCode).toBe(401);
    });

    it('expires a session after the idle time and after the absolute time', async () => {
      const idle = await signUp(t.app);
      t.clock.advance(7 * 24 * 3_600_000 + 1000);
      expect((await info(idle.token)).statusCode).toBe(401);

      const active = await signUp(t.app);
      // Keep it busy (each call refreshes the idle timer) until the 30-day absolute limit passes.
      for (let day = 0; day < 31; day += 1) {
        t.clock.advance(24 * 3_600_000);
        const res = await info(active.token);
        if (day < 29) expect(res.statusCode).toBe(200);
        else if (day === 30) expect(res.statusCode).toBe(401);
      }
    });

    it('answers an unknown username and a wrong password with the same message, without attempts left', async () => {
      const { username } = await signUp(t.app);
      const wrong = body(await login({ username, password: 'wrong-pass' }));
      const unknown = body(await login({ username: 'nobody_here_1', password: 'whatever1' }));
      expect(wrong).toMatchObject({ code: 1009, error: { message: '用户名或密码错误' } });
      expect({ code: unknown.code, error: unknown.error }).toEqual({ code: wrong.code, error: wrong.error });
    });

    it('refuses the source after 5 failures for a username, while the owner still signs in from elsewhere', async () => {
      const { username } = await signUp(t.app);
      for (let i = 0; i < 5; i += 1)
        expect(body(await login({ username, password: 'wrong-pass' }, '10.1.0.1')).code).toBe(1009);
      const refused = body(await login({ username, password: PASSWORD }, '10.1.0.1'));
      expect(refused).toMatchObject({ code: 1014 });
      expect(refused.error?.message).toContain('15分钟');
      expect(body(await login({ username, password: PASSWORD }, '10.1.0.2')).code).toBe(200);
      t.clock.advance(15 * 60_000 + 1000);
      expect(body(await login({ username, password: PASSWORD }, '10.1.0.1')).code).toBe(200);
    });

    it('refuses an unknown username from a source after 5 failures exactly as a real one', async () => {
      for (let i = 0; i < 5; i += 1)
        expect(body(await login({ username: 'nobody_here_2', password: 'x1234567' }, '10.2.0.1')).code).toBe(
          1009,
        );
      expect(body(await login({ username: 'nobody_here_2', password: 'x1234567' }, '10.2.0.1')).code).toBe(
        1014,
      );
    });

    it('counts failures per device as well as per IP', async () => {
      const { username } = await signUp(t.app);
      for (let i = 0; i < 5; i += 1)
        await login({ username, password: 'wrong-pass', device: 'phone-a' }, `10.3.0.${i + 1}`);
      expect(body(await login({ username, password: PASSWORD, device: 'phone-a' }, '10.3.0.9')).code).toBe(
        1014,
      );
      expect(body(await login({ username, password: PASSWORD, device: 'phone-b' }, '10.3.0.9')).code).toBe(
        200,
      );
    });

    it('locks the account only at 20 failures from many sources, tells the player and shows operators', async () => {
      const { username } = await signUp(t.app);
      for (let i = 0; i < 19; i += 1)
        expect(body(await login({ username, password: 'wrong-pass' }, `10.4.${i}.1`)).code).toBe(1009);
      const twentieth = body(await login({ username, password: 'wrong-pass' }, '10.4.99.1'));
      expect(twentieth).toMatchObject({ code: 1010 });
      expect(twentieth.error?.message).toContain('60分钟');
      expect(body(await login({ username, password: PASSWORD }, '10.4.100.1')).code).toBe(1010);
      const rows = await queryRows<{ locked: boolean }>(
        t.database.db,
        sql`select locked_until > now() as locked from players where username = ${username}`,
      );
      expect(rows[0]?.locked).toBe(true);
      t.clock.advance(60 * 60_000 + 1000);
      expect(body(await login({ username, password: PASSWORD }, '10.4.100.1')).code).toBe(200);
    });

    it('never lets 50 concurrent wrong guesses from one source exceed the source limit', async () => {
      const { username } = await signUp(t.app);
      const results = await Promise.all(
        Array.from({ length: 50 }, () => login({ username, password: 'wrong-pass' }, '10.5.0.1')),
      );
      const codes = results.map((r) => body(r).code);
      expect(codes.filter((c) => c === 1009)).toHaveLength(5);
      expect(codes.filter((c) => c === 1014)).toHaveLength(45);
      const rows = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from login_events where username = ${username} and reason = 'bad_password'`,
      );
      expect(rows[0]?.n).toBe(5);
      expect(body(await login({ username, password: PASSWORD }, '10.5.0.2')).code).toBe(200);
    });

    it('resets the source count after a successful sign-in', async () => {
      const { username } = await signUp(t.app);
      for (let i = 0; i < 4; i += 1) await login({ username, password: 'wrong-pass' }, '10.6.0.1');
      expect(body(await login({ username, password: PASSWORD }, '10.6.0.1')).code).toBe(200);
      for (let i = 0; i < 5; i += 1)
        expect(body(await login({ username, password: 'wrong-pass' }, '10.6.0.1')).code).toBe(1009);
    });

    it('answers a frozen account like a wrong password until the password is right, and does not count that attempt', async () => {
      const { username, token } = await signUp(t.app);
      await t.database.db.execute(sql`update players set status = 2 where username = ${username}`);
      expect(body(await login({ username, password: 'wrong-pass' }, '10.7.0.1'))).toMatchObject({
        code: 1009,
        error: { message: '用户名或密码错误' },
      });
      for (let i = 0; i < 6; i += 1)
        expect(body(await login({ username, password: PASSWORD }, '10.7.0.1')).code).toBe(1011);
      await untilSignedOut(t.app, { authorization: `Bearer ${token}` });
      expect((await info(token)).statusCode).toBe(401);
    });

    it('refuses an empty username or password with 有未填选项', async () => {
      expect(body(await login({ username: '', password: PASSWORD })).code).toBe(1002);
    });

    it("counts a username's recent sign-in failures through an index, not by reading every sign-in", async () => {
      // The planner prefers a sequential scan on a small table; with scans discouraged it must find an index
      // for the per-username count and for the last success, or the plan names a Seq Scan on login_events.
      const plan = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return queryRows<{ 'QUERY PLAN': string }>(
          tx,
          sql`explain select count(*) from login_events
              where lower(username) = 'someone' and reason in ('pending', 'bad_password', 'unknown_user')
                and created_at > now() - interval '1 hour'
                and id > coalesce((select max(id) from login_events where lower(username) = 'someone' and success), 0)`,
        );
      });
      const text = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toContain('login_events_username_idx');
      expect(text).not.toMatch(/Seq Scan on login_events/);
    });

    it('answers the refresh call for a signed-in player', async () => {
      const { auth } = await signUp(t.app);
      const res = await t.app.inject({ method: 'POST', url: '/api/plat/refresh', headers: auth });
      expect(body(res)).toMatchObject({ code: 200, result: true });
    });
  });
});

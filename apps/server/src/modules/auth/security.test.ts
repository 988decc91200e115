import { randomUUID } from 'node:crypto';
import { toMicro } from '@koi/ledger';
import type { SecurityOverview, SessionSummary } from '@koi/contract';
import { describe, expect, it } from 'vitest';
import { body, FORM, form, signUp, useTestApp } from '../../../test/app';
import { createWalletService } from '../wallet/wallet.service';
import { PERMANENT_EXCLUSION } from './security.service';

type Auth = Record<string, string>;

describe('security centre', () => {
  const t = useTestApp({ demoSignupBonus: '100' });

  const post = (url: string, auth: Auth, payload?: Record<string, string | number>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: payload ? { ...FORM, ...auth } : auth,
      ...(payload ? { payload: form(payload) } : {}),
    });
  const login = async (
    username: string,
    password: string,
    source: { ip?: string; device?: string; country?: string } = {},
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/home/login',
      headers: { ...FORM, ...(source.country ? { 'cf-ipcountry': source.country } : {}) },
      remoteAddress: source.ip ?? '127.0.0.1',
      payload: form({ username, password, captcha: '', device: source.device ?? '' }),
    });
    const token = body<{ token: string }>(res).result?.token;
    return token ? { authorization: `Bearer ${token}` } : null;
  };
  const overview = async (auth: Auth) =>
    body<SecurityOverview>(await post('/api/plat/security', auth)).result;
  const infoStatus = async (auth: Auth) => (await post('/api/plat/info', auth)).statusCode;
  const changePassword = (auth: Auth, old_password: string, next: string, confirm = next) =>
    post('/api/plat/login-password', auth, { old_password, new_password: next, confirm_password: confirm });

  it('documents every security-centre call in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, { post?: { tags?: string[]; requestBody?: unknown } }>;
    };
    for (const path of [
      '/api/plat/security',
      '/api/plat/login-password',
      '/api/plat/sessions/revoke',
      '/api/plat/sessions/revoke-others',
      '/api/plat/reality-check',
      '/api/plat/session-summary',
      '/api/plat/self-exclude',
    ]) {
      expect(doc.paths[path]?.post?.tags, path).toEqual(['安全中心']);
    }
    expect(JSON.stringify(doc.paths['/api/plat/self-exclude'])).toContain('permanent');
  });

  describe('login password', () => {
    it.each([
      ['an empty old password', ['', 'newpass88', 'newpass88'], 1002, '有未填选项'],
      ['an empty confirmation', ['secret123', 'newpass88', ''], 1002, '有未填选项'],
      ['a confirmation that differs', ['secret123', 'newpass88', 'newpass89'], 1001, '密码不一致'],
      ['a new password of 5 characters', ['secret123', 'abcde', 'abcde'], 1004, '密码须为6-20位'],
      [
        'a new password of 21 characters',
        ['secret123', 'a'.repeat(21), 'a'.repeat(21)],
        1004,
        '密码须为6-20位',
      ],
      ['a wrong old password', ['wrong-old', 'newpass88', 'newpass88'], 1030, '原登录密码错误'],
      ['the same password again', ['secret123', 'secret123', 'secret123'], 1031, '新密码不能与原密码相同'],
    ])('refuses %s and changes nothing', async (_name, [old, next, confirm], code, message) => {
      const { username, auth } = await signUp(t.app);
      const res = await changePassword(auth, old!, next!, confirm);
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({ code, error: { message } });
      expect(await login(username, 'secret123')).not.toBeNull();
      expect(await infoStatus(auth)).toBe(200);
    });

    it('refuses a malformed request with HTTP 400 naming the field', async () => {
      const { auth } = await signUp(t.app);
      const res = await post('/api/plat/login-password', auth, { old_password: 'x'.repeat(65) });
      expect(res.statusCode).toBe(400);
      expect(body(res).error?.message).toContain('old_password');
    });

    it('changes the password and signs every other session out, keeping this one', async () => {
      const { username, auth } = await signUp(t.app);
      const phone = (await login(username, 'secret123', { device: 'phone' }))!;
      const tablet = (await login(username, 'secret123', { device: 'tablet' }))!;
      const res = await changePassword(auth, 'secret123', 'brand-new-1');
      expect(body(res)).toMatchObject({ code: 200, result: { signed_out: 2 } });
      expect(await infoStatus(auth)).toBe(200);
      expect(await infoStatus(phone)).toBe(401);
      expect(await infoStatus(tablet)).toBe(401);
      expect(await login(username, 'secret123')).toBeNull();
      expect(await login(username, 'brand-new-1')).not.toBeNull();
    });

    it('lets exactly one of two racing changes with the same old password win', async () => {
      for (let round = 0; round < 3; round += 1) {
        const { username, auth } = await signUp(t.app);
        const results = await Promise.all(
          ['first-new-1', 'second-new-2'].map((next) => changePassword(auth, 'secret123', next)),
        );
        const codes = results.map((r) => body(r).code).sort((a, b) => a - b);
        expect(codes).toEqual([200, 1030]);
        const winner = results.findIndex((r) => body(r).code === 200) === 0 ? 'first-new-1' : 'second-new-2';
        expect(await login(username, winner)).not.toBeNull();
      }
    });

    it('refuses changes for 15 minutes after 5 wrong current passwords, even with the right one', async () => {
      const { username, auth } = await signUp(t.app);
      for (let i = 0; i < 5; i += 1) {
        expect(body(await changePassword(auth, `wrong-${i}`, 'newpass88')).code).toBe(1030);
      }
      const locked = await changePassword(auth, 'secret123', 'newpass88');
      expect(body(locked)).toMatchObject({
        code: 1035,
        error: { message: '原密码错误次数过多，请15分钟后再试' },
      });
      expect(await login(username, 'secret123')).not.toBeNull();
      t.clock.advance(15 * 60_000 + 1_000);
      expect(body(await changePassword(auth, 'secret123', 'newpass88')).code).toBe(200);
      expect(await login(username, 'newpass88')).not.toBeNull();
    });

    it('lets at most 5 of 20 parallel guesses be checked; the rest are refused', async () => {
      const { username, auth } = await signUp(t.app);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => changePassword(auth, `guess-${i}`, 'newpass88')),
      );
      const codes = results.map((r) => body(r).code);
      expect(codes.filter((c) => c === 1030)).toHaveLength(5);
      expect(codes.filter((c) => c === 1035)).toHaveLength(15);
      expect(await login(username, 'secret123')).not.toBeNull();
    });

    it('needs a session', async () => {
      const res = await post('/api/plat/login-password', {}, { old_password: 'a', new_password: 'b' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('sessions', () => {
    it('shows the previous sign-in (time, IP, country, device) and the live sessions, newest first', async () => {
      const { username, auth: first } = await signUp(t.app);
      const firstView = await overview(first);
      expect(firstView.last_sign_in).toBeNull();
      expect(firstView.sessions).toHaveLength(1);

      // Each further sign-in a minute after the one before, from another address, device and country.
      const signInFrom = async (ip: string, device: string, country: string) => {
        t.clock.advance(60_000);
        return (await login(username, 'secret123', { ip, device, country }))!;
      };
      const second = await signInFrom('203.0.113.9', 'pixel', 'SG');
      const third = await signInFrom('198.51.100.4', 'ipad', 'jp');
      const view = await overview(third);
      expect(view.current_sign_in).toMatchObject({
        ip: '198.51.100.4',
        device: 'ipad',
        country: 'JP',
        current: true,
      });
      expect(view.last_sign_in).toMatchObject({
        ip: '203.0.113.9',
        device: 'pixel',
        country: 'SG',
        current: false,
      });
      expect(view.sessions.map((s) => s.device)).toEqual(['ipad', 'pixel', null]);
      expect(view.sessions.filter((s) => s.current)).toHaveLength(1);
      expect(await infoStatus(second)).toBe(200);
    });

    it('ends one other session; not the current one, not another player’s, not twice', async () => {
      const { username, auth } = await signUp(t.app);
      const other = (await login(username, 'secret123', { device: 'other' }))!;
      const stranger = await signUp(t.app);
      const view = await overview(auth);
      const otherId = view.sessions.find((s) => s.device === 'other')!.id;
      const currentId = view.current_sign_in.id;
      const strangerId = (await overview(stranger.auth)).current_sign_in.id;

      expect(body(await post('/api/plat/sessions/revoke', auth, { session_id: currentId }))).toMatchObject({
        code: 1033,
      });
      expect(body(await post('/api/plat/sessions/revoke', auth, { session_id: strangerId }))).toMatchObject({
        code: 1032,
        error: { message: '该登录设备不存在或已退出' },
      });
      expect(await infoStatus(stranger.auth)).toBe(200);
      expect(body(await post('/api/plat/sessions/revoke', auth, { session_id: otherId }))).toMatchObject({
        code: 200,
        result: true,
      });
      expect(await infoStatus(other)).toBe(401);
      expect(body(await post('/api/plat/sessions/revoke', auth, { session_id: otherId })).code).toBe(1032);
      expect((await overview(auth)).sessions.map((s) => s.id)).toEqual([currentId]);
      expect((await post('/api/plat/sessions/revoke', auth, { session_id: 'abc' })).statusCode).toBe(400);
    });

    it('signs out everywhere else', async () => {
      const { username, auth } = await signUp(t.app);
      const others = [(await login(username, 'secret123'))!, (await login(username, 'secret123'))!];
      expect(body(await post('/api/plat/sessions/revoke-others', auth))).toMatchObject({
        code: 200,
        result: { signed_out: 2 },
      });
      for (const o of others) expect(await infoStatus(o)).toBe(401);
      expect(await infoStatus(auth)).toBe(200);
      expect(body(await post('/api/plat/sessions/revoke-others', auth)).result).toEqual({ signed_out: 0 });
    });
  });

  describe('reality check', () => {
    it('accepts only the offered intervals', async () => {
      const { auth } = await signUp(t.app);
      const bad = await post('/api/plat/reality-check', auth, { minutes: 7 });
      expect(body(bad)).toMatchObject({
        code: 1034,
        error: { message: '提醒间隔须为0/15/30/45/60/90/120分钟之一' },
      });
      expect((await overview(auth)).reality_check_minutes).toBe(0);
      expect(body(await post('/api/plat/reality-check', auth, { minutes: 30 })).code).toBe(200);
      expect((await overview(auth)).reality_check_minutes).toBe(30);
      expect((await post('/api/plat/reality-check', auth, { minutes: -1 })).statusCode).toBe(400);
    });

    it('reports time played and the net result of this session’s bets only', async () => {
      const { username, auth: earlier } = await signUp(t.app);
      const dice = (auth: Auth) =>
        t.app.inject({
          method: 'POST',
          url: '/api/originals/dice/bet',
          headers: auth,
          payload: { idempotency_key: randomUUID(), amount: '2', target: '50.50', direction: 'over' },
        });
      // A bet in an earlier session is not this session's result.
      expect(body(await dice(earlier)).code).toBe(200);
      t.clock.advance(1_000);
      const auth = (await login(username, 'secret123'))!;
      let payout = 0n;
      for (let i = 0; i < 5; i += 1) {
        const res = body<{ payout: string }>(await dice(auth));
        expect(res.code).toBe(200);
        payout += toMicro(res.result.payout);
      }
      t.clock.advance(17 * 60_000 + 5_000);
      const summary = body<SessionSummary>(await post('/api/plat/session-summary', auth)).result;
      expect(summary).toMatchObject({ played_minutes: 17, bet_count: 5, stake: '10.0000' });
      const signed = (s: string) => (s.startsWith('-') ? -toMicro(s.slice(1)) : toMicro(s));
      expect(signed(summary.net)).toBe(payout - toMicro('10'));
      expect(toMicro(summary.payout)).toBe(payout);
      expect(await createWalletService({ db: t.database.db, clock: t.clock }).verify()).toEqual([]);
    });
  });

  describe('self-exclusion', () => {
    it('starts at once, signs every session out, blocks play, and only ever lengthens', async () => {
      const { username, auth } = await signUp(t.app);
      const other = (await login(username, 'secret123'))!;
      const res = await post('/api/plat/self-exclude', auth, { period: '7d' });
      const until = new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString();
      expect(body(res)).toMatchObject({
        code: 200,
        result: { self_excluded_until: until, self_excluded_permanent: false },
      });
      expect(await infoStatus(auth)).toBe(401);
      expect(await infoStatus(other)).toBe(401);

      // Signing in again is allowed (to withdraw), playing and depositing are not.
      const back = (await login(username, 'secret123'))!;
      expect(await infoStatus(back)).toBe(200);
      const play = await t.app.inject({
        method: 'POST',
        url: '/api/originals/dice/bet',
        headers: back,
        payload: { idempotency_key: randomUUID(), amount: '1', target: '50.50', direction: 'over' },
      });
      expect(body(play)).toMatchObject({ code: 1012 });
      expect(body(await post('/api/plat/recharge', back, { amount: '50' })).code).toBe(1012);

      // A shorter request keeps the longer exclusion.
      const shorter = await post('/api/plat/self-exclude', back, { period: '24h' });
      expect(body<{ self_excluded_until: string }>(shorter).result.self_excluded_until).toBe(until);
      const again = (await login(username, 'secret123'))!;
      expect(await overview(again)).toMatchObject({
        self_excluded_until: until,
        self_excluded_permanent: false,
      });

      const permanent = await post('/api/plat/self-exclude', again, { period: 'permanent' });
      expect(body(permanent).result).toEqual({
        self_excluded_until: PERMANENT_EXCLUSION.toISOString(),
        self_excluded_permanent: true,
      });
      t.clock.advance(400 * 86_400_000);
      const later = (await login(username, 'secret123'))!;
      expect(await overview(later)).toMatchObject({ self_excluded_permanent: true });
    });

    it('ends once its period has passed', async () => {
      const { username, auth } = await signUp(t.app);
      await post('/api/plat/self-exclude', auth, { period: '24h' });
      t.clock.advance(86_400_000 + 1_000);
      const back = (await login(username, 'secret123'))!;
      expect(await overview(back)).toMatchObject({
        self_excluded_until: null,
        self_excluded_permanent: false,
      });
      expect(body(await post('/api/plat/recharge', back, { amount: '50' })).code).not.toBe(1012);
    });

    it('refuses an unknown period with HTTP 400', async () => {
      const { auth } = await signUp(t.app);
      const res = await post('/api/plat/self-exclude', auth, { period: '2d' });
      expect(res.statusCode).toBe(400);
      expect(await infoStatus(auth)).toBe(200);
    });
  });
});

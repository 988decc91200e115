import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { body, postForm, signUp, uniqueUsername, useTestApp } from '../../../test/app';
import { queryRows } from '../../db/client';
import { sha256Hex } from '../../lib/crypto';
import { useOperators } from '../operators/operators.fixtures';

const t = useTestApp({ demoSignupBonus: '100' });
const ops = useOperators(t, { support: 'support', viewer: 'viewer' });

const get = (url: string, auth = ops.support.auth) => t.app.inject({ method: 'GET', url, headers: auth });
const post = (url: string, payload: Record<string, unknown>, auth = ops.support.auth) =>
  t.app.inject({ method: 'POST', url, headers: auth, payload });
const playerLogin = (username: string, password: string) =>
  postForm(t.app, '/api/home/login', { username, password, captcha: '', device: 'phone-1' });
const idOf = async (username: string) =>
  (
    await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int from players where lower(username) = lower(${username})`,
    )
  )[0]!.id;

type Row = { id: number; username: string; status: number; invite_code: string; balance: string };

describe('players in the console', () => {
  it('finds players by part of the username, by id and by invite code, with status and date filters and sorting', async () => {
    const a = await signUp(t.app, uniqueUsername('findme'));
    const b = await signUp(t.app, uniqueUsername('findme'));
    const aId = await idOf(a.username);
    const byName = body<{ data: Row[]; total: number }>(
      await get('/api/admin/players?keyword=findme'),
    ).result;
    expect(byName.data.map((r) => r.username)).toEqual(expect.arrayContaining([a.username, b.username]));
    expect(byName.data[0]).toMatchObject({ balance: '100.000000' });

    const byId = body<{ data: Row[] }>(await get(`/api/admin/players?keyword=${aId}`)).result;
    expect(byId.data.map((r) => r.id)).toContain(aId);
    const code = byName.data.find((r) => r.id === aId)!.invite_code;
    const byCode = body<{ data: Row[] }>(
      await get(`/api/admin/players?keyword=${code.toLowerCase()}`),
    ).result;
    expect(byCode.data.map((r) => r.id)).toEqual([aId]);

    const asc = body<{ data: Row[] }>(
      await get('/api/admin/players?keyword=findme&sort=username&order=asc'),
    ).result.data.map((r) => r.username);
    expect(asc).toEqual([...asc].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    const future = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    expect(
      body<{ total: number }>(await get(`/api/admin/players?registered_from=${future}`)).result.total,
    ).toBe(0);
    expect(body<{ total: number }>(await get('/api/admin/players?keyword=%25')).result.total).toBe(0);
    expect((await get('/api/admin/players?sort=password_hash')).statusCode).toBe(400);
  });

  it('shows a player in full: balance, ledger, sign-ins with IP and device, inviter and invitees, flags', async () => {
    const inviter = await signUp(t.app);
    const inviterId = await idOf(inviter.username);
    const code = (
      await queryRows<{ c: string }>(
        t.database.db,
        sql`select invite_code c from players where id = ${inviterId}`,
      )
    )[0]!.c;
    const invitee = uniqueUsername('inv');
    await postForm(t.app, '/api/home/register', {
      username: invitee,
      password: 'secret123',
      confrimPas: 'secret123',
      captcha: '',
      code,
      device: 'd',
      age_confirmed: 1,
    });
    await playerLogin(inviter.username, 'wrong-one');
    const detail = body<{
      player: Row;
      balance: { available: string };
      ledger: { code: number; amount: string }[];
      logins: { success: boolean; ip: string; device: string }[];
      invitees: { total: number; data: { username: string }[] };
      inviter: null;
      flags: { frozen: boolean };
      active_sessions: number;
    }>(await get(`/api/admin/players/${inviterId}`, ops.viewer.auth)).result;
    expect(detail.balance.available).toBe('100.000000');
    expect(detail.ledger[0]).toMatchObject({ code: 6, amount: '+100.000000' });
    expect(detail.logins[0]).toMatchObject({ success: false, ip: '127.0.0.1', device: 'phone-1' });
    expect(detail.invitees).toMatchObject({ total: 1, data: [{ username: invitee }] });
    expect(detail.flags.frozen).toBe(false);
    expect(detail.active_sessions).toBe(1);
    const inviteeDetail = body<{ inviter: { id: number } }>(
      await get(`/api/admin/players/${await idOf(invitee)}`),
    ).result;
    expect(inviteeDetail.inviter).toMatchObject({ id: inviterId });
    expect(body(await get('/api/admin/players/99999999')).code).toBe(2007);
  });

  it('freezes a player: every session ends at once, sign-in and play are refused, money is untouched', async () => {
    const p = await signUp(t.app);
    const id = await idOf(p.username);
    const second = body<{ token: string }>(await playerLogin(p.username, p.password)).result.token;
    const noReason = await post(`/api/admin/players/${id}/freeze`, {});
    expect(noReason.statusCode).toBe(400);
    expect((await post(`/api/admin/players/${id}/freeze`, { reason: 'x' }, ops.viewer.auth)).statusCode).toBe(
      403,
    );

    const frozen = await post(`/api/admin/players/${id}/freeze`, { reason: 'chargeback investigation' });
    expect(body(frozen)).toMatchObject({ code: 200, result: { id, status: 2 } });
    for (const token of [p.token, second]) {
      const info = await t.app.inject({
        method: 'POST',
        url: '/api/plat/info',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(info.statusCode).toBe(401);
      // The ended session is told why, so the app can say so instead of a bare sign-in dialog.
      expect(body(info)).toMatchObject({
        code: 401,
        error: { message: expect.stringContaining('账号已冻结'), details: { reason: 'frozen' } },
      });
    }
    expect(body(await playerLogin(p.username, p.password)).code).toBe(1011);
    expect(body(await post(`/api/admin/players/${id}/freeze`, { reason: 'again' })).code).toBe(6019);
    const balance = body<{ balance: { available: string } }>(await get(`/api/admin/players/${id}`)).result
      .balance;
    expect(balance.available).toBe('100.000000');

    expect(body(await post(`/api/admin/players/${id}/unfreeze`, { reason: 'cleared' })).code).toBe(200);
    // Old sessions stay ended; a new sign-in works and can play.
    const old = await t.app.inject({ method: 'POST', url: '/api/plat/info', headers: p.auth });
    expect(old.statusCode).toBe(401);
    // Unfrozen, an old session is simply ended: no frozen reason any more.
    expect((body(old).error as { details?: unknown } | null)?.details).toBeUndefined();
    const fresh = body<{ token: string }>(await playerLogin(p.username, p.password)).result.token;
    const play = await t.app.inject({
      method: 'POST',
      url: '/api/originals/dice/bet',
      headers: { authorization: `Bearer ${fresh}` },
      payload: { idempotency_key: randomUUID(), amount: '1', target: '50.50', direction: 'over' },
    });
    expect(body(play).code).toBe(200);

    const audit = body<{ data: { action: string; before: unknown; after: unknown; reason: string }[] }>(
      await get(`/api/admin/audit?target=player:${id}`, ops.viewer.auth),
    ).result.data;
    expect(audit.map((a) => a.action)).toEqual(['player.unfreeze', 'player.freeze']);
    expect(audit[1]).toMatchObject({
      reason: 'chargeback investigation',
      before: { status: 1 },
      after: { status: 2, sessions_ended: 2 },
    });
  });

  it('refuses play to a player frozen while signed in elsewhere (the gate reads the status)', async () => {
    const p = await signUp(t.app);
    const id = await idOf(p.username);
    await post(`/api/admin/players/${id}/freeze`, { reason: 'test' });
    // Even a token that somehow survived could not bet: sign in is refused and the old token is gone.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/originals/dice/bet',
      headers: p.auth,
      payload: { idempotency_key: randomUUID(), amount: '1', target: '50.50', direction: 'over' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('keeps a session written by a sign-in that raced the freeze dead after unfreeze', async () => {
    const p = await signUp(t.app);
    const id = await idOf(p.username);
    await post(`/api/admin/players/${id}/freeze`, { reason: 'race' });
    // The racing sign-in checked the status before the freeze committed and wrote its session after it.
    const token = `raced-${randomUUID()}`;
    const now = t.clock.now();
    await t.database.db.execute(
      sql`insert into sessions (player_id, token_hash, created_at, last_seen_at, expires_at)
          values (${id}, ${sha256Hex(token)}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz,
                  ${new Date(now.getTime() + 86_400_000).toISOString()}::timestamptz)`,
    );
    const info = () =>
      t.app.inject({ method: 'POST', url: '/api/plat/info', headers: { authorization: `Bearer ${token}` } });
    expect((await info()).statusCode).toBe(401);
    await post(`/api/admin/players/${id}/unfreeze`, { reason: 'cleared' });
    expect((await info()).statusCode).toBe(401);
  });

  it('resets the login password: a one-time password shown once, old password and sessions gone', async () => {
    const p = await signUp(t.app);
    const id = await idOf(p.username);
    const res = body<{ password: string }>(
      await post(`/api/admin/players/${id}/reset-password`, { reason: 'forgot' }),
    );
    expect(res.code).toBe(200);
    expect(res.result.password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await t.app.inject({ method: 'POST', url: '/api/plat/info', headers: p.auth })).statusCode).toBe(
      401,
    );
    expect(body(await playerLogin(p.username, p.password)).code).not.toBe(200);
    expect(body(await playerLogin(p.username, res.result.password)).code).toBe(200);
    const rows = await queryRows<{ after: string }>(
      t.database.db,
      sql`select after from operator_audit where action = 'player.password_reset' and target_id = ${String(id)}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.after).not.toContain(res.result.password);
  });

  it('support makes a one-time sign-in link for a player: it opens one session, once, and the audit keeps no code', async () => {
    const p = await signUp(t.app);
    const id = await idOf(p.username);
    const res = body<{ path: string; expires_at: string }>(
      await post(`/api/admin/players/${id}/sign-in-link`, { reason: 'cannot sign in on new phone' }),
    );
    expect(res.code).toBe(200);
    const code = new URL(res.result.path, 'https://koi.test').searchParams.get('token')!;
    expect(code.length).toBeGreaterThan(20);
    const exchange = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/home/sign-in-link/exchange',
        payload: { code, device: 'phone-9' },
      });
    const first = body<{ token: string }>(await exchange());
    expect(first.code).toBe(200);
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/plat/info',
      headers: { authorization: `Bearer ${first.result.token}` },
    });
    expect(body<{ player_name: string }>(info).result.player_name).toBe(p.username);
    expect(body(await exchange()).code).not.toBe(200);
    const rows = await queryRows<{ after: string; reason: string }>(
      t.database.db,
      sql`select after::text as after, reason from operator_audit where action = 'player.sign_in_link' and target_id = ${String(id)}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reason).toBe('cannot sign in on new phone');
    expect(rows[0]!.after).not.toContain(code);
  });

  it('refuses a sign-in link for a frozen or unknown player, and to an operator who may only read players', async () => {
    const p = await signUp(t.app);
    const id = await idOf(p.username);
    expect(body(await post(`/api/admin/players/${id}/freeze`, { reason: 'fraud review' })).code).toBe(200);
    const frozen = body(await post(`/api/admin/players/${id}/sign-in-link`, { reason: 'asked' }));
    expect(frozen).toMatchObject({ code: 1060, error: { message: '玩家已被冻结，不能生成登录链接' } });
    expect(body(await post('/api/admin/players/999999999/sign-in-link', { reason: 'asked' })).code).toBe(
      2007,
    );
    const other = await idOf((await signUp(t.app)).username);
    const refused = await post(
      `/api/admin/players/${other}/sign-in-link`,
      { reason: 'asked' },
      ops.viewer.auth,
    );
    expect(body(refused).code).not.toBe(200);
    const codes = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sign_in_codes where player_id in (${id}, ${other})`,
    );
    expect(codes[0]!.n).toBe(0);
  });
});

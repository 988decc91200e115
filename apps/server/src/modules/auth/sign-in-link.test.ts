import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { body, signUp, useTestApp } from '../../../test/app';
import { queryRows } from '../../db/client';

type Link = { code: string; path: string; expires_at: string };

describe('sign-in links (decision 31)', () => {
  const t = useTestApp();

  const makeLink = async (auth: Record<string, string>) =>
    body<Link>(await t.app.inject({ method: 'POST', url: '/api/home/sign-in-link', headers: auth })).result;
  const exchange = (code: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/home/sign-in-link/exchange',
      headers,
      payload: { code, device: 'phone-2' },
    });
  const nameOf = async (token: string) =>
    body<{ player_name: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/plat/info',
        headers: { authorization: `Bearer ${token}` },
      }),
    ).result.player_name;
  const sessionsOf = async (username: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from sessions s join players p on p.id = s.player_id where p.username = ${username}`,
      )
    )[0]!.n;

  it('carries a one-time code, not a session token, and the code opens one new session once', async () => {
    const { auth, token, username } = await signUp(t.app);
    const link = await makeLink(auth);
    expect(link.path).toBe(`/?token=${link.code}`);
    expect(link.code).not.toBe(token);
    // The code is no bearer token: it signs no call in.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/plat/info',
          headers: { authorization: `Bearer ${link.code}` },
        })
      ).statusCode,
    ).toBe(401);
    const first = await exchange(link.code);
    expect(body(first)).toMatchObject({ code: 200 });
    const session = body<{ token: string }>(first).result.token;
    expect(session).not.toBe(token);
    expect(await nameOf(session)).toBe(username);
    expect(body(await exchange(link.code))).toMatchObject({
      code: 1050,
      error: { message: '登录链接无效或已过期，请重新登录' },
    });
    // Only the code's hash is stored.
    const stored = await queryRows<{ code_hash: string }>(
      t.database.db,
      sql`select code_hash from sign_in_codes order by id desc limit 1`,
    );
    expect(stored[0]!.code_hash).toBe(createHash('sha256').update(link.code).digest('hex'));
  });

  it('stops working 2 minutes after it was made', async () => {
    const { auth } = await signUp(t.app);
    const late = await makeLink(auth);
    const inTime = await makeLink(auth);
    t.clock.advance(119_000);
    expect(body(await exchange(inTime.code)).code).toBe(200);
    t.clock.advance(1_000);
    expect(body(await exchange(late.code)).code).toBe(1050);
  });

  it('opens exactly one session when 20 exchanges of one code race', async () => {
    const { auth, username } = await signUp(t.app);
    const link = await makeLink(auth);
    const before = await sessionsOf(username);
    const answers = await Promise.all(Array.from({ length: 20 }, () => exchange(link.code)));
    const codes = answers.map((a) => body(a).code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 1050)).toHaveLength(19);
    expect(await sessionsOf(username)).toBe(before + 1);
  });

  it('answers a frozen player’s code and an unknown code alike, and refuses a denied country', async () => {
    const { auth, username } = await signUp(t.app);
    const frozen = await makeLink(auth);
    const fromChina = await makeLink(auth);
    expect(body(await exchange(fromChina.code, { 'cf-ipcountry': 'CN' })).code).toBe(1013);
    await t.database.db.execute(sql`update players set status = 2 where username = ${username}`);
    expect(body(await exchange(frozen.code)).code).toBe(1050);
    expect(body(await exchange('not-a-real-code')).code).toBe(1050);
    expect((await exchange('')).statusCode).toBe(400);
  });
});

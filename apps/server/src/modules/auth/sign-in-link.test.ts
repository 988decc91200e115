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
    const { token: session, user } = body<{ token: string; user: unknown }>(first).result;
    expect(session).not.toBe(token);
    expect(await nameOf(session)).toBe(username);
    // The answer carries the new session's user info, exactly as /api/plat/info answers it for that session:
    // the app's first screen after a link asks for nothing more.
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/plat/info',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(user).toEqual(body(info).result);
    expect(user).toMatchObject({ player_name: username, balance: expect.stringMatching(/^\d+\.\d{4}$/) });
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

  it('still answers the token, with no user info, when the user info cannot be read after the code was spent', async () => {
    const { auth, username } = await signUp(t.app);
    const link = await makeLink(auth);
    // The turnover still required is part of the user info; with its table gone the read fails, after the
    // code has been spent and the session opened. Losing the token with the read would lose the link too.
    await t.database.db.execute(sql`alter table turnover_requirements rename to turnover_requirements_away`);
    let answer;
    try {
      answer = await exchange(link.code);
    } finally {
      await t.database.db.execute(
        sql`alter table turnover_requirements_away rename to turnover_requirements`,
      );
    }
    expect(answer.statusCode).toBe(200);
    const { token, user } = body<{ token: string; user: unknown }>(answer).result;
    expect(user).toBeNull();
    // The session works: the app asks for the user info itself.
    expect(await nameOf(token)).toBe(username);
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

import { generate } from 'otplib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, signUp, uniqueUsername, useTestApp } from '../../../test/app';
import { testLeg } from '../../../test/db';
import { postForm, registerOver, useServerProcesses } from '../../../test/servers';
import { testConfig } from '../../config';
import { openPostgres } from '../../db/client';
import { createChangeCache } from '../../lib/change-cache';
import { sha256Hex } from '../../lib/crypto';
import { manualClock, systemClock } from '../../lib/clock';
import { createOperatorsService } from '../operators/operators.service';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it holds; returns how long that took, or fails after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    if (await check()) return Date.now() - t0;
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
    await pause(20);
  }
}

describe('change cache', () => {
  const clock = manualClock(new Date());
  let live = true;
  const cache = createChangeCache<{ id: string; v: number }>({
    ttlMs: 1_000,
    max: 3,
    clock,
    enabled: () => live,
  });
  const tags = (x: { id: string }) => [x.id];

  it('answers from memory until the entry is invalidated or expires', async () => {
    let loads = 0;
    const load = async () => ({ id: 'p1', v: (loads += 1) });
    expect((await cache.through('k', load, tags)).v).toBe(1);
    expect((await cache.through('k', load, tags)).v).toBe(1);
    cache.invalidate('p1');
    expect((await cache.through('k', load, tags)).v).toBe(2);
    clock.advance(1_000);
    expect((await cache.through('k', load, tags)).v).toBe(3);
    cache.invalidate('someone-else');
    expect((await cache.through('k', load, tags)).v).toBe(3);
  });

  it('does not store what a load read before a change that arrived while it ran', async () => {
    cache.clear();
    let release!: () => void;
    const slow = cache.through(
      'race',
      () => new Promise<{ id: string; v: number }>((r) => (release = () => r({ id: 'p2', v: 1 }))),
      tags,
    );
    // The change commits and is heard while the load's (old) answer is still on its way.
    cache.invalidate('p2');
    release();
    expect((await slow).v).toBe(1);
    expect(cache.get('race')).toBeUndefined();
  });

  it('never answers from memory while the change feed is down, and keeps at most max entries', async () => {
    cache.clear();
    await cache.through('a', async () => ({ id: 'x', v: 1 }), tags);
    live = false;
    expect(cache.get('a')).toBeUndefined();
    await cache.through('b', async () => ({ id: 'x', v: 1 }), tags);
    live = true;
    expect(cache.get('b')).toBeUndefined();
    for (const key of ['c', 'd', 'e', 'f']) await cache.through(key, async () => ({ id: key, v: 1 }), tags);
    expect(cache.size()).toBe(3);
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('f')).toEqual({ id: 'f', v: 1 });
  });

  it('does not cache an absent answer (an unknown token)', async () => {
    cache.clear();
    await cache.through('nobody', async () => null as unknown as { id: string; v: number }, tags);
    expect(cache.size()).toBe(0);
  });
});

describe('signed-in checks with the session cache', () => {
  const t = useTestApp();

  const info = (auth: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/plat/info', headers: auth, payload: {} });

  // Writes straight to the database, as another node (or an operator's SQL console) would: only the
  // database's notification can tell this process.
  it('refuses a session at once after it is revoked elsewhere', async () => {
    const player = await signUp(t.app);
    expect(body(await info(player.auth)).code).toBe(200);
    expect(body(await info(player.auth)).code).toBe(200); // answered from the cache
    await t.database.db.execute(
      sql`update sessions set revoked_at = now() where token_hash = ${sha256Hex(player.token)}`,
    );
    await within(2_000, async () => (await info(player.auth)).statusCode === 401);
  });

  it('refuses a signed-out session on the very next request of this node', async () => {
    const player = await signUp(t.app);
    expect(body(await info(player.auth)).code).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/home/logout',
      headers: player.auth,
      payload: {},
    });
    expect(body(out).code).toBe(200);
    expect((await info(player.auth)).statusCode).toBe(401);
  });

  it('refuses a frozen player at once, and shows a profile change at once', async () => {
    const player = await signUp(t.app);
    const other = await signUp(t.app);
    expect(body<{ set_password: boolean }>(await info(player.auth)).result.set_password).toBe(false);
    await t.database.db.execute(
      sql`update players set withdraw_password_hash = 'x' where lower(username) = lower(${player.username})`,
    );
    await within(
      2_000,
      async () => body<{ set_password: boolean }>(await info(player.auth)).result.set_password === true,
    );
    await t.database.db.execute(
      sql`update players set status = 2 where lower(username) = lower(${player.username})`,
    );
    await within(2_000, async () => (await info(player.auth)).statusCode === 401);
    // Nobody else is affected.
    expect(body(await info(other.auth)).code).toBe(200);
  });

  it('shows the change to every player of one statement that changed more players than one notification names', async () => {
    const first = await signUp(t.app);
    // 1,200 players between the two, so one statement changes more players than one notification names.
    await t.database.db.execute(
      sql`insert into players (username, password_hash, invite_code, age_confirmed_at)
          select 'bulk_' || g || '_' || ${Date.now()}, 'x', 'K' || g || ${Date.now() % 1_000_000}, now()
          from generate_series(1, 1200) g`,
    );
    const last = await signUp(t.app);
    const level = async (auth: Record<string, string>) =>
      body<{ vip_level: number }>(await info(auth)).result.vip_level;
    expect([await level(first.auth), await level(last.auth)]).toEqual([0, 0]); // both cached
    await t.database.db.execute(sql`update players set vip_level = vip_level + 3`);
    await within(2_000, async () => (await level(first.auth)) === 3 && (await level(last.auth)) === 3);
  });

  // Counts what reaches PostgreSQL over the wire (node-postgres sends every statement through Client#query,
  // the pool's included), so BEGIN/COMMIT and hidden lookups count as the round trips they are.
  it.skipIf(testLeg() !== 'postgres')(
    'answers a signed-in user info from the cached session with two statements (balance, turnover owed) and no transaction',
    async () => {
      const player = await signUp(t.app);
      expect(body(await info(player.auth)).code).toBe(200); // caches the session
      const sent: string[] = [];
      const original = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const first = args[0];
        sent.push(typeof first === 'string' ? first : String((first as { text?: string })?.text ?? first));
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof original;
      try {
        for (let i = 0; i < 5; i += 1) expect(body(await info(player.auth)).code).toBe(200);
      } finally {
        pg.Client.prototype.query = original;
      }
      // Per request: no session query (cached), the balance and the turnover still owed. No transaction.
      expect(sent.length / 5, sent.join('\n')).toBeLessThanOrEqual(2);
      expect(sent.some((q) => /\bsessions\b/.test(q))).toBe(false);
      expect(sent.some((q) => /^\s*begin/i.test(q))).toBe(false);
    },
  );

  it('writes last_seen_at at most once a minute per session, not once a request', async () => {
    const player = await signUp(t.app);
    const seen = async () => {
      const rows = (await t.database.db.execute(
        sql`select last_seen_at from sessions where token_hash = ${sha256Hex(player.token)}`,
      )) as unknown as { rows: { last_seen_at: string | Date }[] };
      return new Date(rows.rows[0]!.last_seen_at).getTime();
    };
    const first = await seen();
    t.clock.advance(30_000);
    for (let i = 0; i < 5; i += 1) expect(body(await info(player.auth)).code).toBe(200);
    expect(await seen()).toBe(first);
    t.clock.advance(31_000);
    expect(body(await info(player.auth)).code).toBe(200);
    expect(await seen()).toBe(t.clock.now().getTime());
  });
});

/**
 * Two real server processes on one PostgreSQL database: sign-out and an operator's freeze on A end the
 * player's session on B at once, although B answered that session from its cache a moment before.
 */
// Starting two server processes takes a while on a loaded machine.
describe.skipIf(testLeg() !== 'postgres')(
  'session revocation across two server processes',
  { timeout: 120_000 },
  () => {
    const servers = useServerProcesses();
    // Both tests use the same two processes, each test with a player of its own: a process takes seconds to
    // start, and what the tests show is between two processes, not about freshly started ones.
    let a = '';
    let b = '';
    beforeAll(async () => {
      a = await servers.start();
      b = await servers.start();
    });

    const register = (base: string) => registerOver(base, uniqueUsername('rev'));
    const infoCode = async (base: string, token: string) =>
      (await postForm(base, '/api/plat/info', {}, token)).code;

    it('sign-out on A takes effect on B at once', async () => {
      const player = await register(a);
      const token = await player.signIn(a);
      const keep = await player.signIn(b);
      for (let i = 0; i < 3; i += 1) expect(await infoCode(b, token)).toBe(200);

      expect((await postForm(a, '/api/home/logout', {}, token)).code).toBe(200);
      // Far below the cache's 30-second lifetime: the notification, not expiry, ended it.
      expect(await within(1_000, async () => (await infoCode(b, token)) === 401)).toBeLessThan(1_000);
      expect(await infoCode(a, token)).toBe(401);
      // The player's other session is untouched.
      expect(await infoCode(b, keep)).toBe(200);
    });

    it("an operator's freeze on A takes effect on B at once", async () => {
      const player = await register(a);
      const token = await player.signIn(b);
      for (let i = 0; i < 3; i += 1) expect(await infoCode(b, token)).toBe(200);

      // An operator created as the command line does, signed in on A with password and TOTP.
      const database = openPostgres(await servers.databaseUrl(), { max: 2 });
      const operators = createOperatorsService({
        db: database.db,
        config: testConfig(),
        clock: systemClock,
      });
      const creds = await operators.createOperator(
        { username: uniqueUsername('op'), role: 'admin', reason: 'test' },
        { actor: { operatorId: null, username: 'cli:test', ip: null }, context: null },
      );
      const rows = (await database.db.execute(
        sql`select id from players where lower(username) = lower(${player.username})`,
      )) as unknown as { rows: { id: string }[] };
      await database.close();
      const json = (url: string, payload: object, opToken?: string) =>
        fetch(`${a}${url}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(opToken ? { authorization: `Bearer ${opToken}` } : {}),
          },
          body: JSON.stringify(payload),
        }).then((r) => r.json() as Promise<{ code: number; result: { token?: string } }>);
      const login = await json('/api/admin/login', {
        username: creds.username,
        password: creds.password,
        totp: await generate({ secret: creds.totpSecret }),
      });
      const opToken = login.result.token!;
      expect(opToken).toBeTruthy();
      const changed = await json(
        '/api/admin/password',
        { old_password: creds.password, new_password: 'correct horse battery staple' },
        opToken,
      );
      expect(changed.code).toBe(200);

      const frozen = await json(
        `/api/admin/players/${rows.rows[0]!.id}/freeze`,
        { reason: '测试冻结' },
        opToken,
      );
      expect(frozen.code).toBe(200);
      expect(await within(1_000, async () => (await infoCode(b, token)) === 401)).toBeLessThan(1_000);
    });
  },
);

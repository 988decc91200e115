import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemAccount, TransferCode, toMicro } from '@koi/ledger';
import { body, signUp, type TestApp, uniqueUsername, useTestApp } from '../../../test/app';
import { createTestDatabase, testLeg } from '../../../test/db';
import { postForm, registerOver, useServerProcesses, TEST_REDIS_URL } from '../../../test/servers';
import type { Database } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { createPlayers, deposit, freshKey, fromPlayer } from '../wallet/wallet.fixtures';
import { createWalletService } from '../wallet/wallet.service';
import { adminPost, createPost, type WirePost } from '../community/community.fixtures';
import { useOperators } from '../operators/operators.fixtures';
import { STREAMS_PER_PLAYER } from './events.routes';

const REDIS_URL = TEST_REDIS_URL;

/** An open event stream read with fetch(), as the web app reads it: `until` waits for a text in the stream. */
async function openStream(base: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/plat/events`, {
    // As a browser asks: the compression plugin must still leave the stream alone (it would buffer it).
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' },
    signal: controller.signal,
  });
  let text = '';
  let ended = false;
  const waiters = new Set<() => void>();
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted by the test
    }
    ended = true;
    for (const wake of waiters) wake();
  })();
  const count = (needle: string) => text.split(needle).length - 1;
  return {
    res,
    count,
    get ended() {
      return ended;
    },
    /** Resolves once `needle` occurs `times` times (or the stream ended), or fails after `ms`. */
    async until(needle: string, times = 1, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (count(needle) < times && !ended) {
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no "${needle}" x${times} within ${ms} ms; got: ${JSON.stringify(text)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, left);
        });
      }
      return count(needle);
    },
    close: () => controller.abort(),
  };
}

const BALANCE = 'event: balance';
const NOTIFICATION = 'event: notification';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function diceBet(t: TestApp, auth: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/originals/dice/bet',
    headers: auth,
    payload: { idempotency_key: randomUUID(), amount: '1', target: '50.50', direction: 'over' },
  });
  expect(body(res).code, res.body).toBe(200);
}

for (const leg of ['in-process', 'redis'] as const) {
  describe(`balance events (${leg})`, () => {
    const t = useTestApp({ demoSignupBonus: '100', ...(leg === 'redis' ? { redisUrl: REDIS_URL } : {}) });
    const ops = useOperators(t, { support: 'support' });
    let base: string;
    beforeAll(async () => {
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    it('refuses a stream without a valid bearer token with 401 in the envelope', async () => {
      for (const headers of [{}, { authorization: 'Bearer not-a-session' }, { authorization: 'Basic x' }]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/plat/events', headers });
        expect(res.statusCode).toBe(401);
        expect(body(res).code).toBe(401);
        expect(body(res).message).toBeTruthy();
      }
      // A token in the query string is not a way in (it would leak into logs and history).
      const { token } = await signUp(t.app);
      const res = await t.app.inject({ method: 'GET', url: `/api/plat/events?token=${token}` });
      expect(res.statusCode).toBe(401);
    });

    it("signals the player's held streams after a bet, and nobody else's", async () => {
      const a = await signUp(t.app);
      const b = await signUp(t.app);
      const tabOne = await openStream(base, a.token);
      const tabTwo = await openStream(base, a.token);
      const other = await openStream(base, b.token);
      try {
        expect(tabOne.res.status).toBe(200);
        expect(tabOne.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
        expect(tabOne.res.headers.get('cache-control')).toMatch(/no-cache/);
        expect(tabOne.res.headers.get('content-encoding')).toBeNull();
        await Promise.all([
          tabOne.until(': connected'),
          tabTwo.until(': connected'),
          other.until(': connected'),
        ]);
        expect(tabOne.count(BALANCE)).toBe(0);

        await diceBet(t, a.auth);
        await tabOne.until(BALANCE);
        await tabTwo.until(BALANCE);
        await pause(300);
        expect(other.count(BALANCE)).toBe(0);
        // A signal carries no amount: the client refetches user info.
        expect(tabOne.count('data: {}')).toBeGreaterThanOrEqual(1);

        await diceBet(t, b.auth);
        await other.until(BALANCE);
      } finally {
        for (const s of [tabOne, tabTwo, other]) s.close();
      }
      expect(await createWalletService({ db: t.database.db, clock: t.clock }).verify()).toEqual([]);
    });

    it("tells a post's author of a new like, comment or reply on their own stream, and a repeated like not", async () => {
      const a = await signUp(t.app);
      const b = await signUp(t.app);
      const posted = body<WirePost>(await createPost(t, a.auth, { content: '通知我' })).result;
      await adminPost(t, ops.support.auth, `/api/admin/community/posts/${posted.id}/approve`);
      const author = await openStream(base, a.token);
      const liker = await openStream(base, b.token);
      try {
        await Promise.all([author.until(': connected'), liker.until(': connected')]);
        const like = (liked: boolean) =>
          adminPost(t, b.auth, `/api/community/posts/${posted.id}/like`, { liked });
        await like(true);
        await author.until(NOTIFICATION);
        // Taken back and given again: the author was told of this like already.
        await like(false);
        await like(true);
        const comment = body<{ id: number }>(
          await adminPost(t, b.auth, `/api/community/posts/${posted.id}/comments`, { content: '不错' }),
        ).result;
        await author.until(NOTIFICATION, 2);
        // The author answers: the commenter hears of the reply, the author not of their own words.
        await adminPost(t, a.auth, `/api/community/posts/${posted.id}/comments`, {
          content: '谢谢',
          parent_id: comment.id,
        });
        await liker.until(NOTIFICATION);
        await pause(300);
        expect(author.count(NOTIFICATION)).toBe(2);
        expect(liker.count(NOTIFICATION)).toBe(1);
        // Notifications move no money: the balance signal stays apart.
        expect(author.count(BALANCE)).toBe(0);
      } finally {
        author.close();
        liker.close();
      }
    });

    it(`bounds a player's streams: the ${STREAMS_PER_PLAYER + 1}th closes the oldest`, async () => {
      const a = await signUp(t.app);
      const streams = [];
      for (let i = 0; i < STREAMS_PER_PLAYER; i += 1) streams.push(await openStream(base, a.token));
      await Promise.all(streams.map((s) => s.until(': connected')));
      expect(streams.some((s) => s.ended)).toBe(false);
      const newest = await openStream(base, a.token);
      await newest.until(': connected');
      await streams[0]!.until('never-sent', 1, 5_000);
      expect(streams[0]!.ended).toBe(true);
      expect(streams.slice(1).some((s) => s.ended)).toBe(false);
      for (const s of [...streams, newest]) s.close();
    });
  });
}

describe('wallet balance-change listener', () => {
  let database: Database;
  let calls: number[][];
  let wallet: ReturnType<typeof createWalletService>;
  beforeAll(async () => {
    database = await createTestDatabase();
    calls = [];
    wallet = createWalletService({
      db: database.db,
      clock: manualClock(new Date()),
      onPlayerBalanceChanged: (ids) => calls.push([...ids].sort((x, y) => x - y)),
    });
    await wallet.ensureSystemAccounts();
  });
  afterAll(() => database.close());

  const hasCall = (id: number) => calls.some((c) => c.includes(id));

  it('is told after single, batched, linked, hold, post and void transfers', async () => {
    const [p1, p2, p3] = await createPlayers(database.db, wallet, 3);
    await deposit(wallet, p1!, '50');
    expect(calls).toContainEqual([p1]);
    // 30 concurrent transfers go through the group-commit batcher; every player is told.
    const many = await createPlayers(database.db, wallet, 30);
    calls.length = 0;
    await Promise.all(many.map((id) => deposit(wallet, id, '1')));
    for (const id of many) expect(hasCall(id)).toBe(true);

    calls.length = 0;
    await wallet.transferLinked([
      {
        key: freshKey('p2p'),
        debit: { player: p1! },
        credit: { player: p2! },
        amountMicro: toMicro('5'),
        code: TransferCode.ADJUSTMENT,
      },
    ]);
    expect(calls).toEqual([[p1, p2]]);

    const hold = fromPlayer(
      p1!,
      '3',
      SystemAccount.WITHDRAWAL_PAYABLE,
      TransferCode.WITHDRAWAL,
      freshKey('hold'),
    );
    calls.length = 0;
    await wallet.hold(hold);
    expect(calls).toEqual([[p1]]);
    calls.length = 0;
    await wallet.post(hold.key);
    expect(calls).toEqual([[p1]]);
    const second = { ...hold, key: freshKey('hold') };
    await wallet.hold(second);
    calls.length = 0;
    await wallet.void(second.key);
    expect(calls).toEqual([[p1]]);
    // Holds of two players resolved in one call inside a transaction: both told once, after the commit.
    const holds = [p1!, p2!].map((id) => ({ ...hold, debit: { player: id }, key: freshKey('hold') }));
    for (const h of holds) await wallet.hold(h);
    calls.length = 0;
    await database.db.transaction(async (tx) => {
      await wallet.resolvesIn(tx, [
        { key: holds[0]!.key, post: true },
        { key: holds[1]!.key, post: false },
      ]);
      expect(calls).toEqual([]);
    });
    expect(calls).toEqual([[p1, p2].sort((x, y) => x! - y!)]);
    expect(hasCall(p3!)).toBe(false);
    expect(await wallet.verify()).toEqual([]);
  });

  it("tells about a caller's transaction only after it commits, and never when it rolls back", async () => {
    const [p] = await createPlayers(database.db, wallet, 1);
    await deposit(wallet, p!, '10');
    const bet = () => fromPlayer(p!, '1', SystemAccount.HOUSE, TransferCode.BET, freshKey('bet'));
    calls.length = 0;
    await expect(
      database.db.transaction(async (tx) => {
        await wallet.transferIn(tx, bet());
        // Savepoints share their transaction's signal.
        await tx.transaction(async (sp) => {
          await wallet.transferIn(sp, bet());
        });
        throw new Error('caller gives up');
      }),
    ).rejects.toThrow('caller gives up');
    expect(calls).toEqual([]);

    await database.db.transaction(async (tx) => {
      await wallet.transferIn(tx, bet());
      await tx.transaction(async (sp) => {
        await wallet.transferIn(sp, bet());
      });
      expect(calls).toEqual([]);
    });
    expect(calls).toEqual([[p]]);
    expect(await wallet.availableIn(database.db, p!)).toBe(toMicro('8'));
    expect(await wallet.verify()).toEqual([]);
  });
});

/**
 * Two real server processes on one PostgreSQL database and one Redis: a stream held on B hears of a bet
 * placed through A. PostgreSQL leg only (the embedded database is one process per data directory).
 */
describe.skipIf(testLeg() !== 'postgres')(
  'balance events across two server processes',
  { timeout: 120_000 },
  () => {
    const servers = useServerProcesses();
    const post = postForm;

    it('delivers a bet made through process A to a stream held on process B', async () => {
      // One after the other: both would run the same (idempotent) seed at once otherwise.
      const a = await servers.start();
      const b = await servers.start();

      const player = await registerOver(a, uniqueUsername('evt'));
      const token = await player.signIn(b);
      expect(token).toBeTruthy();

      const stream = await openStream(b, token);
      try {
        await stream.until(': connected');
        const bet = await post(
          a,
          '/api/originals/dice/bet',
          { idempotency_key: randomUUID(), amount: '1', target: '50.50', direction: 'over' },
          token,
        );
        expect(bet.code).toBe(200);
        await stream.until(BALANCE);
      } finally {
        stream.close();
      }
    });
  },
);

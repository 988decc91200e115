import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { signedHeaders, WalletStatus, type WalletAnswer } from '@koi/provider-protocol';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  freePort,
  launchGame,
  playerWithMoney as playerWithMoneyIn,
  startSandbox,
  type RunningSandbox,
} from '../../../test/sim';
import { queryRows } from '../../db/client';
import { providerSessions } from '../../db/schema';
import { newToken, sha256Hex } from '../../lib/crypto';
import { createWalletService, type WalletService } from '../wallet/wallet.service';
import type { Round } from '../../../../sandbox/src/providers';

const SIM_PROVIDER_ID = 14;

describe('seamless wallet with the provider simulator over HTTP', () => {
  let t: TestApp;
  let sim: RunningSandbox;
  let wallet: WalletService;
  let koiUrl: string;

  beforeAll(async () => {
    const koiPort = await freePort();
    koiUrl = `http://127.0.0.1:${koiPort}`;
    sim = await startSandbox({ koiUrl });
    t = await createTestApp({ providerSim: { url: sim.url, secret: sim.secret } });
    await t.app.listen({ port: koiPort, host: '127.0.0.1' });
    wallet = createWalletService({ db: t.database.db, clock: t.clock });
  }, 60_000);
  afterAll(async () => {
    await sim?.stop();
    await t?.close();
  });

  const playerWithMoney = (amount = '100') => playerWithMoneyIn(t, wallet, amount);
  const available = async (playerId: number) => (await wallet.balancesOf(playerId))[0]!.availableMicro;
  const launch = (auth: Record<string, string>, code = 'sim-fruit', plat = SIM_PROVIDER_ID) =>
    launchGame(t, auth, code, plat);
  const play = (sessionId: string, amount = '1') =>
    sim.control('/control/providers/play', {
      method: 'POST',
      body: { session_id: sessionId, amount },
    }) as Promise<Round>;
  const setFaults = (faults: object) =>
    sim.control('/control/providers/faults', { method: 'PUT', body: faults });
  const expectLedgerClean = async () => expect(await wallet.verify()).toEqual([]);

  it('launches a simulator game, serves its page, and settles spins through the ledger', async () => {
    const p = await playerWithMoney('100');
    const sessionId = await launch(p.auth);
    const page = await fetch(`${sim.url}/play/${sessionId}`);
    expect(await page.text()).toContain('水果狂欢');

    let expected = await available(p.id);
    for (let i = 0; i < 10; i += 1) {
      const round = await play(sessionId, '2');
      expect(round.state).toBe('settled');
      expected = expected - 2_000_000n + BigInt(round.winMicro);
      expect(await available(p.id)).toBe(expected);
    }
    const [rounds] = await queryRows<{ n: number; stake: string }>(
      t.database.db,
      sql`select count(*)::int as n, sum(stake_micro)::text as stake from bet_rounds where player_id = ${p.id} and status = 2`,
    );
    expect(rounds).toMatchObject({ n: 10, stake: '20000000' });
    await expectLedgerClean();
  });

  it('plays the card game too', async () => {
    const p = await playerWithMoney('50');
    const sessionId = await launch(p.auth, 'sim-blackjack');
    const round = await play(sessionId, '5');
    expect(round.state).toBe('settled');
    expect(round.outcome).toHaveProperty('playerTotal');
  });

  it('applies a bet delivered 20 times at once exactly once, answering each the same', async () => {
    const p = await playerWithMoney('100');
    const sessionId = await launch(p.auth);
    await setFaults({ duplicateDelivery: 20 });
    const before = await available(p.id);
    const round = await play(sessionId, '3');
    await setFaults({});
    const betAnswers = round.answers.filter((a) => a.step === 'bet').map((a) => a.answer as WalletAnswer);
    expect(betAnswers).toHaveLength(20);
    expect(new Set(betAnswers.map((a) => `${a.status}:${a.balance}`)).size).toBe(1);
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_transfers where idempotency_key = ${`p14:bet:${round.betUuid}`}`,
    );
    expect(count!.n).toBe(1);
    expect(await available(p.id)).toBe(before - 3_000_000n + BigInt(round.winMicro));
    await expectLedgerClean();
  });

  it('undoes a bet whose answer timed out, by the rollback the provider sends', async () => {
    const p = await playerWithMoney('100');
    const sessionId = await launch(p.auth);
    await setFaults({ timeoutMs: 1 });
    const before = await available(p.id);
    const round = await play(sessionId, '4');
    await setFaults({});
    expect(round.state).toBe('rolled_back');
    // Whether or not the bet landed before the timeout, the rollback leaves the balance as it was, and a
    // late bet after its rollback is refused.
    await new Promise((r) => setTimeout(r, 200));
    expect(await available(p.id)).toBe(before);
    await expectLedgerClean();
  });

  it('remembers a rollback that arrives before its bet and refuses the late bet', async () => {
    const p = await playerWithMoney('100');
    const sessionId = await launch(p.auth);
    await setFaults({ rollbackBeforeDebit: true });
    const before = await available(p.id);
    const round = await play(sessionId, '5');
    await setFaults({});
    expect(round.state).toBe('refused');
    const bet = round.answers.find((a) => a.step === 'bet')!.answer as WalletAnswer;
    expect(bet.status).toBe(WalletStatus.TRANSACTION_ROLLED_BACK);
    expect(await available(p.id)).toBe(before);
    await expectLedgerClean();
  });

  it('refuses a win that arrives before its bet, and accepts it once the bet is in', async () => {
    const p = await playerWithMoney('100');
    const sessionId = await launch(p.auth);
    await setFaults({ outOfOrderCredit: true });
    const before = await available(p.id);
    const round = await play(sessionId, '6');
    await setFaults({});
    const early = round.answers.find((a) => a.step === 'win-before-bet')!.answer as WalletAnswer;
    expect(early.status).toBe(WalletStatus.TRANSACTION_DOES_NOT_EXIST);
    expect(round.state).toBe('settled');
    expect(await available(p.id)).toBe(before - 6_000_000n + BigInt(round.winMicro));
    await expectLedgerClean();
  });

  it('refuses calls with a wrong signature and moves nothing', async () => {
    const p = await playerWithMoney('100');
    const sessionId = await launch(p.auth);
    await setFaults({ wrongSignature: true });
    const before = await available(p.id);
    const round = await play(sessionId, '7');
    await setFaults({});
    expect(round.state).toBe('refused');
    expect((round.answers[0]!.answer as WalletAnswer).status).toBe(WalletStatus.INVALID_SIGNATURE);
    expect(await available(p.id)).toBe(before);
  });

  describe('protocol rules (signed calls made by the test)', () => {
    async function session(playerId: number, hours = 1) {
      const token = newToken();
      await t.database.db.insert(providerSessions).values({
        tokenHash: sha256Hex(token),
        playerId,
        providerId: SIM_PROVIDER_ID,
        gameCode: 'sim-fruit',
        expiresAt: new Date(t.clock.now().getTime() + hours * 3_600_000),
      });
      return token;
    }
    async function call(
      path: string,
      payload: object,
      opts: { secret?: string; nowMs?: number; provider?: string } = {},
    ) {
      const raw = JSON.stringify(payload);
      const res = await fetch(`${koiUrl}/api/providers/${opts.provider ?? 'sim'}/${path}`, {
        method: 'POST',
        headers: signedHeaders(opts.secret ?? sim.secret, raw, opts.nowMs ?? t.clock.now().getTime()),
        body: raw,
      });
      return { http: res.status, ...((await res.json()) as WalletAnswer) };
    }
    const base = (token: string, user: string, round = randomUUID()) => ({
      request_uuid: randomUUID(),
      token,
      user,
      round,
      round_closed: false,
      game_code: 'sim-fruit',
      currency: 'USDT',
    });

    it('answers user info and balance for a live token, and refuses an unknown one', async () => {
      const p = await playerWithMoney('12.5');
      const token = await session(p.id);
      expect(await call('user/info', { request_uuid: randomUUID(), token })).toMatchObject({
        status: 'RS_OK',
        user: p.username,
        balance: 12_500_000,
      });
      expect(await call('user/balance', { request_uuid: randomUUID(), token })).toMatchObject({
        status: 'RS_OK',
        balance: 12_500_000,
      });
      expect((await call('user/balance', { request_uuid: randomUUID(), token: 'nope' })).status).toBe(
        'RS_ERROR_INVALID_TOKEN',
      );
    });

    it('refuses a stale timestamp, a forged signature and an unknown provider', async () => {
      const p = await playerWithMoney('10');
      const token = await session(p.id);
      const payload = { request_uuid: randomUUID(), token };
      expect(
        (await call('user/balance', payload, { nowMs: t.clock.now().getTime() - 10 * 60_000 })).status,
      ).toBe('RS_ERROR_INVALID_SIGNATURE');
      expect((await call('user/balance', payload, { secret: 'forged-secret-forged' })).status).toBe(
        'RS_ERROR_INVALID_SIGNATURE',
      );
      expect((await call('user/balance', payload, { provider: 'nobody' })).http).toBe(404);
      // Transfer-wallet providers do not use this API.
      expect((await call('user/balance', payload, { provider: 'ky' })).http).toBe(404);
    });

    it('refuses a bet the balance cannot cover, telling the balance', async () => {
      const p = await playerWithMoney('1');
      const token = await session(p.id);
      const res = await call('transaction/bet', {
        ...base(token, p.username),
        transaction_uuid: randomUUID(),
        amount: 1_000_001,
      });
      expect(res).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 1_000_000 });
      await expectLedgerClean();
    });

    it('answers a repeated transaction with the first answer, and refuses it with other details', async () => {
      const p = await playerWithMoney('10');
      const token = await session(p.id);
      const tx = { ...base(token, p.username), transaction_uuid: randomUUID(), amount: 1_000_000 };
      const first = await call('transaction/bet', tx);
      const again = await call('transaction/bet', { ...tx, request_uuid: randomUUID() });
      expect(again).toMatchObject({ status: 'RS_OK', balance: first.balance });
      expect(await available(p.id)).toBe(9_000_000n);
      expect((await call('transaction/bet', { ...tx, amount: 2_000_000 })).status).toBe(
        'RS_ERROR_DUPLICATE_TRANSACTION',
      );
      expect(await available(p.id)).toBe(9_000_000n);
    });

    it('refuses a win for an unknown bet or another player’s bet', async () => {
      const p = await playerWithMoney('10');
      const q = await playerWithMoney('10');
      const token = await session(p.id);
      const win = {
        ...base(token, p.username),
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: randomUUID(),
        amount: 5,
      };
      expect((await call('transaction/win', win)).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      const bet = { ...base(token, p.username), transaction_uuid: randomUUID(), amount: 1_000_000 };
      await call('transaction/bet', bet);
      const other = await session(q.id);
      const theft = {
        ...base(other, q.username, bet.round),
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: bet.transaction_uuid,
        amount: 5_000_000,
      };
      expect((await call('transaction/win', theft)).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      expect(await available(q.id)).toBe(10_000_000n);
    });

    it('rolls back exactly the named bet, once, even after the session expired', async () => {
      const p = await playerWithMoney('10');
      const token = await session(p.id, 1);
      const bet = { ...base(token, p.username), transaction_uuid: randomUUID(), amount: 3_000_000 };
      expect((await call('transaction/bet', bet)).status).toBe('RS_OK');
      expect(await available(p.id)).toBe(7_000_000n);

      t.clock.advance(2 * 3_600_000);
      const late = { ...base(token, p.username), transaction_uuid: randomUUID(), amount: 1_000_000 };
      expect((await call('transaction/bet', late)).status).toBe('RS_ERROR_TOKEN_EXPIRED');

      const rollback = {
        ...base(token, p.username, bet.round),
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: bet.transaction_uuid,
      };
      expect((await call('transaction/rollback', rollback)).status).toBe('RS_OK');
      expect(await available(p.id)).toBe(10_000_000n);
      // The same rollback again, and a second rollback of the same bet: accepted, nothing moves.
      expect((await call('transaction/rollback', rollback)).status).toBe('RS_OK');
      expect(
        (await call('transaction/rollback', { ...rollback, transaction_uuid: randomUUID() })).status,
      ).toBe('RS_OK');
      expect(await available(p.id)).toBe(10_000_000n);
      // A win for the rolled-back bet is refused.
      const win = {
        ...base(token, p.username, bet.round),
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: bet.transaction_uuid,
        amount: 9_000_000,
      };
      expect((await call('transaction/win', win)).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
      const [round] = await queryRows<{ status: number }>(
        t.database.db,
        sql`select status from bet_rounds where player_id = ${p.id} and round_id = ${bet.round}`,
      );
      expect(round!.status).toBe(3);
      await expectLedgerClean();
    });

    it('refuses malformed calls with RS_ERROR_WRONG_TYPES and a wrong currency', async () => {
      const p = await playerWithMoney('10');
      const token = await session(p.id);
      expect(
        (
          await call('transaction/bet', {
            ...base(token, p.username),
            transaction_uuid: randomUUID(),
            amount: -5,
          })
        ).status,
      ).toBe('RS_ERROR_WRONG_TYPES');
      expect(
        (
          await call('transaction/bet', {
            ...base(token, p.username),
            transaction_uuid: randomUUID(),
            amount: 1.5,
          })
        ).status,
      ).toBe('RS_ERROR_WRONG_TYPES');
      expect(
        (
          await call('transaction/bet', {
            ...base(token, p.username),
            currency: 'EUR',
            transaction_uuid: randomUUID(),
            amount: 1,
          })
        ).status,
      ).toBe('RS_ERROR_WRONG_CURRENCY');
      const rows = await t.database.db
        .select()
        .from(providerSessions)
        .where(and(eq(providerSessions.playerId, p.id)));
      expect(rows).toHaveLength(1);
    });
  });
});

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { WalletStatus, type WalletAnswer } from '@koi/provider-protocol';
import { body } from '../../../test/app';
import {
  launchGame,
  playerWithMoney as playerWithMoneyIn,
  playRound,
  signedProviderCalls,
  useKoiWithProviderSim,
} from '../../../test/sim';
import { queryRows } from '../../db/client';
import { validBetFeedDrift } from '../bets/bets.fixtures';
import { providerSessions } from '../../db/schema';
import { sha256Hex } from '../../lib/crypto';
import { signedInOperator } from '../operators/operators.fixtures';
import { createWalletService, type WalletService } from '../wallet/wallet.service';
import type { Round } from '../../../../sandbox/src/providers';
import { WalletModel, type GameRow } from '../games';
import { createProviderCatalogue } from '../games';
import { createProviderDirectory } from './directory';
import { createLaunchTarget, MAX_LIVE_SESSIONS } from './launch';
import { createProvidersRepository } from './providers.repository';

const SIM_PROVIDER_ID = 14;

describe('seamless wallet with the provider simulator over HTTP', () => {
  const { t, sim, koi } = useKoiWithProviderSim();
  let wallet: WalletService;
  beforeAll(() => {
    wallet = createWalletService({ db: t.database.db, clock: t.clock });
  });

  const playerWithMoney = (amount = '100') => playerWithMoneyIn(t, wallet, amount);
  const available = async (playerId: number) => (await wallet.balancesOf(playerId))[0]!.availableMicro;
  const launch = (auth: Record<string, string>, code = 'sim-fruit', plat = SIM_PROVIDER_ID) =>
    launchGame(t, auth, code, plat);
  const play = (sessionId: string, amount = '1') => playRound(sim, sessionId, amount);
  const setFaults = (faults: object) =>
    sim.control('/control/providers/faults', { method: 'PUT', body: faults });
  /** The ledger's invariants, and the valid-bet feed still the sum of the rounds it summarises. */
  const expectLedgerClean = async () => {
    expect(await wallet.verify()).toEqual([]);
    expect(await validBetFeedDrift(t.database.db)).toEqual([]);
  };
  /**
   * A fresh player with 100 USDT plays one round of `amount` while the simulator injects `faults` (cleared
   * again afterwards, also when the round fails); answers the player, the round and the balance before it.
   */
  async function roundUnderFaults(faults: object, amount: string) {
    const p = await playerWithMoney('100');
    const sessionId = await launch(p.auth);
    await setFaults(faults);
    try {
      const before = await available(p.id);
      return { p, before, round: await play(sessionId, amount) };
    } finally {
      await setFaults({});
    }
  }

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

  it('plays an autoplay run of rounds in one control call and stops at the first round that does not settle', async () => {
    const p = await playerWithMoney('10');
    const sessionId = await launch(p.auth);
    const autoplay = (amount: string, rounds: number) =>
      sim.control('/control/providers/play', {
        method: 'POST',
        body: { session_id: sessionId, amount, rounds },
      }) as Promise<{ rounds?: { id: string; state: string; ms: number }[]; error?: string }>;

    const before = await available(p.id);
    const run = await autoplay('1', 5);
    expect(run.rounds).toHaveLength(5);
    expect(run.rounds!.every((r) => r.state === 'settled' && r.ms > 0)).toBe(true);
    const log = (await sim.control(`/control/providers/rounds?user=${p.username}`)) as Round[];
    const wins = log
      .filter((r) => run.rounds!.some((x) => x.id === r.id))
      .reduce((sum, r) => sum + BigInt(r.winMicro), 0n);
    expect(await available(p.id)).toBe(before - 5_000_000n + wins);

    // A stake above the balance is refused by Koi: the run ends with that round.
    const refused = await autoplay('1000', 3);
    expect(refused.rounds!.map((r) => r.state)).toEqual(['refused']);
    // Out of range: nothing is played.
    for (const rounds of [0, 101]) expect((await autoplay('1', rounds)).error).toBeTruthy();
    expect(await available(p.id)).toBe(before - 5_000_000n + wins);
    await expectLedgerClean();
  });

  it('opens one provider session for a burst of 20 launches of one game by one player', async () => {
    const p = await playerWithMoney('10');
    const sessions = await Promise.all(Array.from({ length: 20 }, () => launch(p.auth)));
    expect(new Set(sessions).size).toBe(1);
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from provider_sessions where player_id = ${p.id}`,
        )
      )[0]!.n;
    expect(await count()).toBe(1);
  });

  it("bounds a player's provider sessions across server processes: 2,000 launches on two open two; twenty processes keep at most 5 live", async () => {
    const p = await playerWithMoney('10');
    // What a launch reads of the catalogue's row for the simulator's fruit game.
    const game = {
      walletModel: WalletModel.SEAMLESS,
      platTypeId: SIM_PROVIDER_ID,
      gameCode: 'sim-fruit',
      nameZh: '水果狂欢',
    } as GameRow;
    const directory = createProviderDirectory(
      createProviderCatalogue(t.database.db),
      sim.koiConfig.providerSim,
      t.clock,
    );
    // A server process: its own launch target, with its own memory of the sessions it opened, so it cannot
    // reuse another process's session and only the database keeps the count down.
    const serverProcess = () =>
      createLaunchTarget({
        players: { identity: async (id) => ({ id, username: p.username }) },
        sessions: createProvidersRepository(t.database.db),
        endpointFor: directory.endpointFor,
        sessionMs: 3_600_000,
        clock: t.clock,
        transfers: { moveIn: async () => null },
      });
    const burst = async (processes: ReturnType<typeof serverProcess>[], launches: number) => {
      const urls = await Promise.all(
        Array.from({ length: launches }, (_, i) => processes[i % processes.length]!.launchUrl(game, p.id)),
      );
      expect(urls.every((u) => u.includes('/play/'))).toBe(true);
      const [row] = await queryRows<{ live: number; all: number }>(
        t.database.db,
        sql`select count(*) filter (where ended_at is null and expires_at > ${t.clock.now().toISOString()}::timestamptz)::int as live,
              count(*)::int as "all" from provider_sessions where player_id = ${p.id}`,
      );
      return row!;
    };

    expect(await burst([serverProcess(), serverProcess()], 2_000)).toEqual({ live: 2, all: 2 });
    // Twenty processes each open their own session of the game; opening the sixth ends the oldest, so however
    // the launches interleave the player never holds more than five live sessions a provider could bet on.
    const twenty = Array.from({ length: 20 }, serverProcess);
    const after = await burst(twenty, 200);
    expect(after.live).toBeGreaterThan(0);
    expect(after.live).toBeLessThanOrEqual(MAX_LIVE_SESSIONS);
    // A launch after the bursts opens a session that takes bets.
    expect((await play(await launch(p.auth), '1')).state).toBe('settled');
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
    const { p, before, round } = await roundUnderFaults({ duplicateDelivery: 20 }, '3');
    const betAnswers = round.answers.filter((a) => a.step === 'bet').map((a) => a.answer as WalletAnswer);
    expect(betAnswers).toHaveLength(20);
    expect(new Set(betAnswers.map((a) => `${a.status}:${a.balance}`)).size).toBe(1);
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_transfers where idempotency_key = ${`p14:bet:${sha256Hex(round.betUuid)}`}`,
    );
    expect(count!.n).toBe(1);
    expect(await available(p.id)).toBe(before - 3_000_000n + BigInt(round.winMicro));
    await expectLedgerClean();
  });

  it('undoes a bet whose answer timed out, by the rollback the provider sends', async () => {
    const { p, before, round } = await roundUnderFaults({ timeoutMs: 1 }, '4');
    expect(round.state).toBe('rolled_back');
    // Whether or not the bet landed before the timeout, the rollback leaves the balance as it was, and a
    // late bet after its rollback is refused.
    await new Promise((r) => setTimeout(r, 200));
    expect(await available(p.id)).toBe(before);
    await expectLedgerClean();
  });

  it('remembers a rollback that arrives before its bet and refuses the late bet', async () => {
    const { p, before, round } = await roundUnderFaults({ rollbackBeforeDebit: true }, '5');
    expect(round.state).toBe('refused');
    const bet = round.answers.find((a) => a.step === 'bet')!.answer as WalletAnswer;
    expect(bet.status).toBe(WalletStatus.TRANSACTION_ROLLED_BACK);
    expect(await available(p.id)).toBe(before);
    await expectLedgerClean();
  });

  it('refuses a win that arrives before its bet, and accepts it once the bet is in', async () => {
    const { p, before, round } = await roundUnderFaults({ outOfOrderCredit: true }, '6');
    const early = round.answers.find((a) => a.step === 'win-before-bet')!.answer as WalletAnswer;
    expect(early.status).toBe(WalletStatus.TRANSACTION_DOES_NOT_EXIST);
    expect(round.state).toBe('settled');
    expect(await available(p.id)).toBe(before - 6_000_000n + BigInt(round.winMicro));
    await expectLedgerClean();
  });

  it('refuses calls with a wrong signature and moves nothing', async () => {
    const { p, before, round } = await roundUnderFaults({ wrongSignature: true }, '7');
    expect(round.state).toBe('refused');
    expect((round.answers[0]!.answer as WalletAnswer).status).toBe(WalletStatus.INVALID_SIGNATURE);
    expect(await available(p.id)).toBe(before);
  });

  describe('protocol rules (signed calls made by the test)', () => {
    const { session, call, base } = signedProviderCalls(t, sim, koi, SIM_PROVIDER_ID);
    type Tx = { round: string; token: string; user: string; game_code: string; transaction_uuid: string };
    /** A call naming an earlier transaction of its round: a win names its bet, a rollback what it undoes. */
    const rollbackOf = (tx: Tx) => ({
      ...base(tx.token, tx.user, tx.round),
      game_code: tx.game_code,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: tx.transaction_uuid,
    });
    const winOf = (bet: Tx, amount: number) => ({ ...rollbackOf(bet), amount });

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

    it('takes transaction ids of the full 100 characters on bet, win and rollback; two long ids with one prefix stay two transfers', async () => {
      const p = await playerWithMoney('10');
      const token = await session(p.id);
      // Ids that differ only in their last character, at the protocol's maximum length.
      const id = (last: string) => `${'x'.repeat(99)}${last}`;
      const first = { ...base(token, p.username), transaction_uuid: id('a'), amount: 1_000_000 };
      const second = { ...base(token, p.username), transaction_uuid: id('b'), amount: 2_000_000 };
      expect(await call('transaction/bet', first)).toMatchObject({ status: 'RS_OK', balance: 9_000_000 });
      expect(await call('transaction/bet', second)).toMatchObject({ status: 'RS_OK', balance: 7_000_000 });
      const win = {
        ...base(token, p.username, first.round),
        transaction_uuid: id('w'),
        reference_transaction_uuid: first.transaction_uuid,
        amount: 1_500_000,
      };
      expect(await call('transaction/win', win)).toMatchObject({ status: 'RS_OK', balance: 8_500_000 });
      const rollback = {
        ...base(token, p.username, second.round),
        transaction_uuid: id('r'),
        reference_transaction_uuid: second.transaction_uuid,
      };
      expect(await call('transaction/rollback', rollback)).toMatchObject({
        status: 'RS_OK',
        balance: 10_500_000,
      });
      // A retry of the first bet moves nothing more.
      expect(await call('transaction/bet', { ...first, request_uuid: randomUUID() })).toMatchObject({
        status: 'RS_OK',
      });
      expect(await available(p.id)).toBe(10_500_000n);
      const keys = await queryRows<{ key: string }>(
        t.database.db,
        sql`select l.idempotency_key as key from ledger_transfers l join provider_transactions x
              on x.ledger_key = l.idempotency_key where x.player_id = ${p.id}`,
      );
      expect(new Set(keys.map((k) => k.key)).size).toBe(4);
      expect(keys.every((k) => k.key.length <= 128)).toBe(true);
      await expectLedgerClean();
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
      // Another player's win naming p's bet.
      const theft = winOf({ ...bet, token: other, user: q.username }, 5_000_000);
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

      const rollback = rollbackOf(bet);
      expect((await call('transaction/rollback', rollback)).status).toBe('RS_OK');
      expect(await available(p.id)).toBe(10_000_000n);
      // The same rollback again, and a second rollback of the same bet: accepted, nothing moves.
      expect((await call('transaction/rollback', rollback)).status).toBe('RS_OK');
      expect(
        (await call('transaction/rollback', { ...rollback, transaction_uuid: randomUUID() })).status,
      ).toBe('RS_OK');
      expect(await available(p.id)).toBe(10_000_000n);
      // A win for the rolled-back bet is refused.
      const win = winOf(bet, 9_000_000);
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

    it('refuses a control character in any string of a signed call with RS_ERROR_WRONG_TYPES, never a 500', async () => {
      const p = await playerWithMoney('10');
      const token = await session(p.id);
      const bet = { ...base(token, p.username), transaction_uuid: randomUUID(), amount: 1_000_000 };
      expect((await call('transaction/bet', bet)).status).toBe('RS_OK');
      const win = winOf(bet, 0);
      const calls: [string, Record<string, unknown>, string[]][] = [
        [
          'transaction/bet',
          { ...bet, transaction_uuid: randomUUID() },
          ['transaction_uuid', 'round', 'game_code', 'user', 'request_uuid', 'currency', 'token'],
        ],
        [
          'transaction/win',
          win,
          ['transaction_uuid', 'reference_transaction_uuid', 'round', 'game_code', 'user'],
        ],
        [
          'transaction/rollback',
          rollbackOf(bet),
          ['transaction_uuid', 'reference_transaction_uuid', 'round', 'user'],
        ],
        ['user/balance', { request_uuid: randomUUID(), token, user: p.username }, ['user', 'request_uuid']],
        ['user/info', { request_uuid: randomUUID(), token }, ['request_uuid', 'token']],
      ];
      for (const [path, payload, fields] of calls) {
        for (const field of fields) {
          for (const control of ['\u0000', '\u001b', '\u007f', '\u0085']) {
            const value = String(payload[field]);
            // In the middle of the value and as the whole of its tail: both must be refused.
            for (const bad of [`${value.slice(0, 3)}${control}${value.slice(3)}`, `${value}${control}`]) {
              const answer = await call(path, { ...payload, [field]: bad });
              expect(answer.http, `${path} ${field} ${JSON.stringify(control)}`).toBe(200);
              expect(answer.status, `${path} ${field} ${JSON.stringify(control)}`).toBe(
                'RS_ERROR_WRONG_TYPES',
              );
            }
          }
        }
      }
      // Nothing moved but the one bet, and the round it opened is still the only one.
      expect(await available(p.id)).toBe(9_000_000n);
      const [rounds] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from bet_rounds where player_id = ${p.id}`,
      );
      expect(rounds!.n).toBe(1);
      await expectLedgerClean();
    });

    describe('provider trust', () => {
      /** A catalogue game of the simulator with its own win rules (copied from sim-fruit). */
      async function gameWithRules(rules: {
        multiplier?: number;
        perRoundUsdt?: number;
        multiWin?: boolean;
      }) {
        const code = `sim-trust-${randomUUID().slice(0, 8)}`;
        await t.database.db.execute(sql`
          insert into games (game_code, name_zh, name_en, game_type_id, plat_type_id, image, game_image,
            min_bet_micro, max_bet_micro, multi_win, max_win_multiplier, max_win_per_round_micro)
          select ${code}, name_zh, name_en, game_type_id, plat_type_id, image, game_image, min_bet_micro,
            max_bet_micro, ${rules.multiWin ?? false}, ${rules.multiplier ?? null},
            ${rules.perRoundUsdt === undefined ? null : BigInt(rules.perRoundUsdt) * 1_000_000n}
          from games where plat_type_id = ${SIM_PROVIDER_ID} and game_code = 'sim-fruit'`);
        return code;
      }
      const alertsFor = (roundId: string) =>
        queryRows<{ kind: number; amount_micro: string; limit_micro: string | null }>(
          t.database.db,
          sql`select kind, amount_micro::text, limit_micro::text from provider_alerts where round_id = ${roundId}`,
        );
      async function betIn(token: string, user: string, gameCode: string, amount: number) {
        const bet = {
          ...base(token, user),
          game_code: gameCode,
          transaction_uuid: randomUUID(),
          amount,
        };
        expect((await call('transaction/bet', bet)).status).toBe('RS_OK');
        return bet;
      }
      /** A player with 10 USDT, a provider session, and one accepted bet of `amount` micro-USDT on `game`. */
      async function placedBet(game: string, amount: number) {
        const p = await playerWithMoney('10');
        const token = await session(p.id);
        return { p, token, bet: await betIn(token, p.username, game, amount) };
      }

      it('a signed win of 1,000,000,000 USDT on a 1 USDT bet is refused, and operators see the alert', async () => {
        const { p, bet } = await placedBet('sim-fruit', 1_000_000);
        const win = winOf(bet, 1_000_000_000 * 1_000_000);
        expect(await call('transaction/win', win)).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED' });
        // The provider's retry is refused the same way and adds no second alert.
        expect((await call('transaction/win', win)).status).toBe('RS_ERROR_LIMIT_REACHED');
        expect(await available(p.id)).toBe(9_000_000n);
        // Default bounds: 10000 times the stake of 1 USDT.
        expect(await alertsFor(bet.round)).toEqual([
          { kind: 1, amount_micro: '1000000000000000', limit_micro: '10000000000' },
        ]);
        const op = await signedInOperator(t, 'viewer');
        const listed = await t.app.inject({
          method: 'GET',
          url: '/api/admin/provider-alerts?size=100',
          headers: op.auth,
        });
        const rows = body<{ data: { round_id: string; kind: string; amount: string; limit: string }[] }>(
          listed,
        ).result.data;
        expect(rows.find((r) => r.round_id === bet.round)).toMatchObject({
          kind: 'win_over_limit',
          amount: '1000000000.000000',
          limit: '10000.000000',
        });
        expect((await t.app.inject({ method: 'GET', url: '/api/admin/provider-alerts' })).statusCode).toBe(
          401,
        );
        await expectLedgerClean();
      });

      it("a signed win above the game's maximum multiplier is refused; exactly the maximum is paid", async () => {
        const game = await gameWithRules({ multiplier: 10 });
        const { p, bet } = await placedBet(game, 2_000_000);
        expect((await call('transaction/win', winOf(bet, 20_000_001))).status).toBe('RS_ERROR_LIMIT_REACHED');
        expect(await available(p.id)).toBe(8_000_000n);
        expect((await call('transaction/win', winOf(bet, 20_000_000))).status).toBe('RS_OK');
        expect(await available(p.id)).toBe(28_000_000n);
        await expectLedgerClean();
      });

      it("a signed win above the game's maximum win per round is refused, within its multiplier too", async () => {
        const game = await gameWithRules({ multiplier: 1000, perRoundUsdt: 50, multiWin: true });
        const { p, bet } = await placedBet(game, 1_000_000);
        expect((await call('transaction/win', winOf(bet, 30_000_000))).status).toBe('RS_OK');
        // The round's wins together: 30 + 21 > 50.
        const over = winOf(bet, 21_000_000);
        expect((await call('transaction/win', over)).status).toBe('RS_ERROR_LIMIT_REACHED');
        expect(await alertsFor(bet.round)).toEqual([
          { kind: 1, amount_micro: '21000000', limit_micro: '50000000' },
        ]);
        expect((await call('transaction/win', winOf(bet, 20_000_000))).status).toBe('RS_OK');
        expect(await available(p.id)).toBe(59_000_000n);
        await expectLedgerClean();
      });

      it('a second win with a new id on one bet is refused unless the game is multi-win', async () => {
        const { p, token, bet } = await placedBet('sim-fruit', 1_000_000);
        expect((await call('transaction/win', winOf(bet, 2_000_000))).status).toBe('RS_OK');
        for (let i = 0; i < 2; i += 1)
          expect((await call('transaction/win', winOf(bet, 2_000_000))).status).toBe(
            'RS_ERROR_DUPLICATE_TRANSACTION',
          );
        expect(await available(p.id)).toBe(11_000_000n);
        expect((await alertsFor(bet.round)).map((a) => a.kind)).toEqual([2, 2]);

        const multi = await gameWithRules({ multiWin: true });
        const free = await betIn(token, p.username, multi, 1_000_000);
        for (let i = 0; i < 3; i += 1)
          expect((await call('transaction/win', winOf(free, 2_000_000))).status).toBe('RS_OK');
        expect(await available(p.id)).toBe(16_000_000n);
        await expectLedgerClean();
      });

      it('twenty concurrent wins with new ids on one bet pay exactly one', async () => {
        const { p, bet } = await placedBet('sim-fruit', 1_000_000);
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => call('transaction/win', winOf(bet, 3_000_000))),
        );
        expect(answers.filter((a) => a.status === 'RS_OK')).toHaveLength(1);
        expect(answers.filter((a) => a.status === 'RS_ERROR_DUPLICATE_TRANSACTION')).toHaveLength(19);
        expect(await available(p.id)).toBe(12_000_000n);
        await expectLedgerClean();
      });

      it('a rollback of a bet whose round has a win is refused until the win is rolled back', async () => {
        const { p, bet } = await placedBet('sim-fruit', 1_000_000);
        const win = winOf(bet, 5_000_000);
        expect((await call('transaction/win', win)).status).toBe('RS_OK');
        expect(await available(p.id)).toBe(14_000_000n);

        expect((await call('transaction/rollback', rollbackOf(bet))).status).toBe('RS_ERROR_UNKNOWN');
        expect(await available(p.id)).toBe(14_000_000n);
        expect((await alertsFor(bet.round)).map((a) => a.kind)).toEqual([3]);

        // The win goes back first (once), then the stake.
        const undoWin = rollbackOf(win);
        expect((await call('transaction/rollback', undoWin)).status).toBe('RS_OK');
        expect((await call('transaction/rollback', undoWin)).status).toBe('RS_OK');
        expect(await available(p.id)).toBe(9_000_000n);
        expect((await call('transaction/rollback', rollbackOf(bet))).status).toBe('RS_OK');
        expect(await available(p.id)).toBe(10_000_000n);
        const [round] = await queryRows<{ stake_micro: string; payout_micro: string; status: number }>(
          t.database.db,
          sql`select stake_micro::text, payout_micro::text, status from bet_rounds where round_id = ${bet.round}`,
        );
        expect(round).toEqual({ stake_micro: '0', payout_micro: '0', status: 3 });
        await expectLedgerClean();
      });

      it('a win the player has already spent cannot be rolled back below zero', async () => {
        const p = await playerWithMoney('1');
        const token = await session(p.id);
        const bet = await betIn(token, p.username, 'sim-fruit', 1_000_000);
        const win = winOf(bet, 5_000_000);
        expect((await call('transaction/win', win)).status).toBe('RS_OK');
        await betIn(token, p.username, 'sim-fruit', 4_000_000);
        expect(await call('transaction/rollback', rollbackOf(win))).toMatchObject({
          status: 'RS_ERROR_NOT_ENOUGH_MONEY',
          balance: 1_000_000,
        });
        expect(await available(p.id)).toBe(1_000_000n);
        await expectLedgerClean();
      });

      it('a signed win body replayed to /transaction/rollback or under another provider is refused', async () => {
        const { p, bet } = await placedBet('sim-fruit', 3_000_000);
        const win = { ...winOf(bet, 0) };
        // Signed for the win path, sent to the rollback path (the body also parses as a rollback).
        expect(
          (await call('transaction/rollback', win, { signedPath: '/api/providers/sim/transaction/win' }))
            .status,
        ).toBe('RS_ERROR_INVALID_SIGNATURE');
        // Signed with another provider's own secret under this provider's path.
        expect(
          (await call('transaction/rollback', rollbackOf(bet), { secret: sim.secretOf('pg') })).status,
        ).toBe('RS_ERROR_INVALID_SIGNATURE');
        // Signed correctly for pg's path, then sent under sim's.
        expect(
          (
            await call('transaction/rollback', rollbackOf(bet), {
              signedPath: '/api/providers/pg/transaction/rollback',
              secret: sim.secretOf('sim'),
            })
          ).status,
        ).toBe('RS_ERROR_INVALID_SIGNATURE');
        expect(await available(p.id)).toBe(7_000_000n);
      });

      it('after logout the game session takes no new bets, while its wins and rollbacks still settle', async () => {
        const { p, token, bet } = await placedBet('sim-fruit', 2_000_000);
        const other = await betIn(token, p.username, 'sim-fruit', 1_000_000);
        const out = await t.app.inject({ method: 'POST', url: '/api/home/logout', headers: p.auth });
        expect(body(out).code).toBe(200);
        const late = { ...base(token, p.username), transaction_uuid: randomUUID(), amount: 1_000_000 };
        expect((await call('transaction/bet', late)).status).toBe('RS_ERROR_TOKEN_EXPIRED');
        expect((await call('transaction/win', winOf(bet, 3_000_000))).status).toBe('RS_OK');
        expect((await call('transaction/rollback', rollbackOf(other))).status).toBe('RS_OK');
        expect(await available(p.id)).toBe(11_000_000n);
        await expectLedgerClean();
      });

      it('a game session ended by a freeze takes no bets, even after the unfreeze', async () => {
        const p = await playerWithMoney('10');
        const token = await session(p.id);
        const op = await signedInOperator(t, 'admin');
        const admin = (verb: string) =>
          t.app.inject({
            method: 'POST',
            url: `/api/admin/players/${p.id}/${verb}`,
            headers: op.auth,
            payload: { reason: 'provider trust test' },
          });
        expect(body(await admin('freeze')).code).toBe(200);
        const bet = () => ({ ...base(token, p.username), transaction_uuid: randomUUID(), amount: 1_000_000 });
        expect((await call('transaction/bet', bet())).status).toBe('RS_ERROR_USER_DISABLED');
        expect(body(await admin('unfreeze')).code).toBe(200);
        expect((await call('transaction/bet', bet())).status).toBe('RS_ERROR_TOKEN_EXPIRED');
        expect(await available(p.id)).toBe(10_000_000n);
      });
    });
  });
});

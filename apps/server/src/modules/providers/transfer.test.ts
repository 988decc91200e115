import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { body } from '../../../test/app';
import { queryRows } from '../../db/client';
import { TransferDirection } from '../../db/schema';
import {
  launchGame,
  playerWithMoney as playerWithMoneyIn,
  playRound,
  useKoiWithProviderSim,
} from '../../../test/sim';
import { systemClock } from '../../lib/clock';
import { createWalletService, type WalletService } from '../wallet/wallet.service';
import { createAuthService } from '../auth/auth.service';
import { createProviderCatalogue } from '../games';
import { createProviderDirectory } from './directory';
import { createTransferClient } from './transfer.adapter';
import { createTransferWallet, type TransferWallet } from './transfer.service';
import { createBetHistoryPull } from './bet-history';
import { providerHistoryCursors } from './providers.schema';
import { betsForTests, validBetFeedDrift } from '../bets/bets.fixtures';
import { reportDay } from '../../lib/time-range';
import { formatBalance } from '@koi/ledger';
import type { GameRow } from '../games';

const SIM_PROVIDER_ID = 14;

describe('transfer-wallet providers with the simulator over HTTP', () => {
  const { t, sim } = useKoiWithProviderSim();
  let wallet: WalletService;
  let transfers: TransferWallet;

  beforeAll(() => {
    wallet = createWalletService({ db: t.database.db, clock: systemClock });
    // The same service the app runs, on the test's clock, to drive the reconciler by hand.
    const directory = createProviderDirectory(
      createProviderCatalogue(t.database.db),
      sim.koiConfig.providerSim,
      t.clock,
    );
    transfers = createTransferWallet({
      db: t.database.db,
      ledger: wallet,
      client: createTransferClient(),
      endpointFor: directory.endpointFor,
      providerOf: directory.provider,
      players: createAuthService({ db: t.database.db, config: t.app.koi.config, clock: t.clock }),
      clock: t.clock,
    });
  });

  const playerWithMoney = (amount: string) => playerWithMoneyIn(t, wallet, amount);
  const available = async (id: number) => (await wallet.balancesOf(id))[0]!.availableMicro;
  const launch = (auth: Record<string, string>, code = 'ky-qznn', plat = 12) =>
    launchGame(t, auth, code, plat);
  const simBalance = async (sessionId: string) =>
    BigInt(
      ((await (await fetch(`${sim.url}/api/play/${sessionId}/balance`)).json()) as { balance_micro: string })
        .balance_micro,
    );
  const refresh = (auth: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/plat/refresh', headers: auth });
  const setFaults = (faults: object) =>
    sim.control('/control/providers/faults', { method: 'PUT', body: faults });
  const clean = async () => expect(await wallet.verify()).toEqual([]);

  it('moves the balance into the provider on launch and back on refresh, with the provider’s result', async () => {
    const p = await playerWithMoney('50');
    const session = await launch(p.auth);
    expect(await available(p.id)).toBe(0n);
    expect(await simBalance(session)).toBe(50_000_000n);

    for (let i = 0; i < 5; i += 1) {
      const round = await playRound(sim, session, '2');
      expect(round.state).toBe('settled');
    }
    const atProvider = await simBalance(session);
    expect(body(await refresh(p.auth)).code).toBe(200);
    expect(await available(p.id)).toBe(atProvider);
    expect(await simBalance(session)).toBe(0n);
    await clean();
  });

  it('shows what a transfer-wallet game holds as in-game, and another game’s launch brings it home once', async () => {
    const p = await playerWithMoney('40');
    const inGame = async () =>
      body<{ total: string; games: { plat_type: number; amount: string }[] }>(
        await t.app.inject({ method: 'GET', url: '/api/plat/in-game', headers: p.auth }),
      );
    expect((await inGame()).result).toEqual({ total: '0.0000', games: [] });

    const session = await launch(p.auth);
    expect(await available(p.id)).toBe(0n);
    expect((await inGame()).result).toEqual({
      total: '40.0000',
      games: [{ plat_type: 12, provider: 'ky', amount: '40.0000' }],
    });
    const round = await playRound(sim, session, '3');
    expect(round.state).toBe('settled');
    const atProvider = await simBalance(session);
    expect((await inGame()).result!.total).toBe(formatBalance(atProvider));

    // Opening a seamless game (the simulator's own) brings the transfer-wallet money home first.
    await launchGame(t, p.auth, 'sim-fruit', SIM_PROVIDER_ID);
    expect(await available(p.id)).toBe(atProvider);
    expect(await simBalance(session)).toBe(0n);
    expect((await inGame()).result).toEqual({ total: '0.0000', games: [] });
    // Nothing is out any more: a second launch asks no provider to move anything.
    await launchGame(t, p.auth, 'sim-fruit', SIM_PROVIDER_ID);
    const outs = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from provider_transfers where player_id = ${p.id} and direction = ${TransferDirection.OUT}`,
    );
    expect(outs[0]!.n).toBe(1);
    await clean();
  });

  it('launching the same transfer-wallet game again keeps what it holds there', async () => {
    const p = await playerWithMoney('25');
    const session = await launch(p.auth);
    await launch(p.auth);
    expect(await simBalance(session)).toBe(25_000_000n);
    const outs = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from provider_transfers where player_id = ${p.id} and direction = ${TransferDirection.OUT}`,
    );
    expect(outs[0]!.n).toBe(0);
  });

  it('recalls only KY through /api/ky/refund', async () => {
    const p = await playerWithMoney('10');
    const session = await launch(p.auth);
    const res = await t.app.inject({ method: 'GET', url: '/api/ky/refund', headers: p.auth });
    expect(body(res)).toMatchObject({ code: 200, result: true });
    expect(await available(p.id)).toBe(10_000_000n);
    expect(await simBalance(session)).toBe(0n);
  });

  it('recalls once: 20 concurrent refreshes and 20 refunds send one move-out of the balance', async () => {
    const p = await playerWithMoney('30');
    const session = await launch(p.auth);
    expect(await simBalance(session)).toBe(30_000_000n);
    const refund = () => t.app.inject({ method: 'GET', url: '/api/ky/refund', headers: p.auth });
    const calls = Array.from({ length: 40 }, (_, i) => (i % 2 ? refund() : refresh(p.auth)));
    const answers = await Promise.all(calls);
    expect(answers.every((r) => r.statusCode === 200 && body(r).code === 200)).toBe(true);
    const outs = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from provider_transfers where player_id = ${p.id} and direction = ${TransferDirection.OUT}`,
    );
    expect(outs[0]!.n).toBe(1);
    expect(await available(p.id)).toBe(30_000_000n);
    expect(await simBalance(session)).toBe(0n);
    await clean();
  });

  it('leaves an unanswered move-in pending, and the reconciler posts it once the provider confirms it', async () => {
    const p = await playerWithMoney('20');
    await setFaults({ transferDelayMs: 3000 });
    const session = await launch(p.auth);
    await setFaults({});
    expect(await transfers.pendingCount(p.id)).toBe(1);
    expect(await available(p.id)).toBe(0n);
    t.clock.advance(11_000);
    expect(await transfers.reconcile()).toBeGreaterThanOrEqual(1);
    expect(await transfers.pendingCount(p.id)).toBe(0);
    expect(await simBalance(session)).toBe(20_000_000n);
    await clean();
  });

  it('voids a lost move-in after asking the provider, so the player keeps the money', async () => {
    const p = await playerWithMoney('15');
    await setFaults({ transferDrop: true });
    await launch(p.auth);
    await setFaults({});
    expect(await available(p.id)).toBe(0n);
    t.clock.advance(11_000);
    await transfers.reconcile();
    expect(await transfers.pendingCount(p.id)).toBe(0);
    expect(await available(p.id)).toBe(15_000_000n);
    await clean();
  });

  it('holds an unanswered move-out as a pending credit until the reconciler confirms it', async () => {
    const p = await playerWithMoney('30');
    const session = await launch(p.auth);
    await setFaults({ transferDelayMs: 3000 });
    await refresh(p.auth);
    await setFaults({});
    expect(await available(p.id)).toBe(0n);
    expect(await simBalance(session)).toBe(0n);
    t.clock.advance(11_000);
    await transfers.reconcile();
    expect(await available(p.id)).toBe(30_000_000n);
    await clean();
  });

  it('pulls the provider’s bet history into the bet records and the valid-bet feed once: re-pulls, restarts and 5 racing pulls count nothing twice', async () => {
    const bets = betsForTests({ database: t.database, clock: t.clock });
    const authService = createAuthService({ db: t.database.db, config: t.app.koi.config, clock: t.clock });
    const directory = createProviderDirectory(
      createProviderCatalogue(t.database.db),
      sim.koiConfig.providerSim,
      t.clock,
    );
    const announced: string[] = [];
    // A "server process" reading the history; each new one starts from the persisted cursor.
    const pull = () =>
      createBetHistoryPull({
        db: t.database.db,
        client: createTransferClient(),
        endpointFor: directory.endpointFor,
        providerOf: directory.provider,
        players: authService,
        games: { findGame: async () => ({ gameTypeId: 1 }) as GameRow },
        bets: { ...bets, settled: (rounds) => announced.push(...rounds.map((r) => r.roundId)) },
        clock: t.clock,
      });
    const play = async (session: string, amount: string) => {
      const round = await playRound(sim, session, amount);
      expect(round.state).toBe('settled');
      return round;
    };
    // Whatever earlier tests played is read first, so this test counts only its own players' rounds.
    await pull().pullOnce();

    const a = await playerWithMoney('50');
    const b = await playerWithMoney('50');
    const sa = await launch(a.auth);
    const sb = await launch(b.auth);
    const played = [...(await Promise.all([1, 2, 3].map(() => play(sa, '2')))), await play(sb, '3')];
    const day = reportDay(t.clock.now());
    const payoutOf = (user: string) =>
      played.filter((r) => r.user === user).reduce((sum, r) => sum + BigInt(r.winMicro), 0n);
    // Nothing is recorded until the history is read.
    expect((await bets.validBets(a.id, '2000-01-01', '2100-01-01'))[0]!.betCount).toBe(0);

    expect(await pull().pullOnce()).toBe(4);
    const expectFeed = async () => {
      const [fa] = await bets.validBets(a.id, '2000-01-01', '2100-01-01');
      expect(fa).toMatchObject({ betCount: 3, stakeMicro: 6_000_000n, payoutMicro: payoutOf(a.username) });
      const [fb] = await bets.validBets(b.id, '2000-01-01', '2100-01-01');
      expect(fb).toMatchObject({ betCount: 1, stakeMicro: 3_000_000n, payoutMicro: payoutOf(b.username) });
      expect(await validBetFeedDrift(t.database.db)).toEqual([]);
    };
    await expectFeed();
    expect(announced.filter((id) => played.some((r) => r.id === id))).toHaveLength(4);
    // The player sees the rounds in the bet records.
    const records = body<{ summary: { bet_count: number; stake: string } }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/plat/bet-records',
        headers: a.auth,
        payload: { range: 3 },
      }),
    );
    expect(records.result.summary).toMatchObject({ bet_count: 3, stake: '6.000000' });
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Again, and from a new process (the cursor was persisted): nothing new.
    expect(await pull().pullOnce()).toBe(0);
    // The cursor lost (or a provider that sends a page again): everything is read again and counts nothing.
    await t.database.db.delete(providerHistoryCursors);
    expect(await pull().pullOnce()).toBe(0);
    await expectFeed();

    // More rounds, read by 5 processes at once: each round is recorded by exactly one of them.
    const more = await Promise.all([1, 2, 3, 4, 5].map(() => play(sa, '1')));
    const counts = await Promise.all([1, 2, 3, 4, 5].map(() => pull().pullOnce()));
    expect(counts.reduce((x, y) => x + y, 0)).toBe(5);
    const [fa] = await bets.validBets(a.id, '2000-01-01', '2100-01-01');
    expect(fa).toMatchObject({
      betCount: 8,
      stakeMicro: 11_000_000n,
      payoutMicro: payoutOf(a.username) + more.reduce((sum, r) => sum + BigInt(r.winMicro), 0n),
    });
    expect(await validBetFeedDrift(t.database.db)).toEqual([]);
    await clean();
  });
});

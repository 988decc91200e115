import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WalletStatus } from '@koi/provider-protocol';
import { createTestApp, type TestApp } from '../../../test/app';
import { playerWithMoney } from '../../../test/sim';
import type { Db } from '../../db/client';
import { providerSessions } from '../../db/schema';
import { newToken, sha256Hex } from '../../lib/crypto';
import { createWalletService, type WalletService } from '../wallet/wallet.service';
import { createSeamlessWallet } from './seamless.service';

const SIM = { id: 14, code: 'sim' };

/**
 * A provider's bet, win and rollback are one database round trip each, and balance and user info
 * one query. The seamless wallet is given a database handle that records every method used on it: one
 * `execute` per call and nothing else (a `select`, `insert` or `transaction` would be further round trips,
 * a transaction at least three). The balance-change signal must still come, once per call that moved money,
 * and only after the money is committed: when it fires, a read through the pool already sees the new balance.
 */
describe('seamless wallet round trips', () => {
  let t: TestApp;
  let wallet: WalletService;
  const used: string[] = [];
  let counted: Db;

  beforeAll(async () => {
    t = await createTestApp();
    wallet = createWalletService({ db: t.database.db, clock: t.clock });
    const db = t.database.db;
    counted = new Proxy(db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          used.push(String(prop));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('bet, win, rollbacks, retries and refusals are one statement each; the signal follows the commit', async () => {
    const p = await playerWithMoney(t, wallet, '10');
    const token = newToken();
    await t.database.db.insert(providerSessions).values({
      tokenHash: sha256Hex(token),
      playerId: p.id,
      providerId: SIM.id,
      gameCode: 'sim-fruit',
      expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
    });

    // The signal reads the balance at the moment it fires; the reads are awaited after each call.
    const signalled: { ids: number[]; seen: Promise<bigint> }[] = [];
    const ledger = {
      shards: wallet.shards,
      balanceChanged: (ids: number[]) => {
        signalled.push({ ids, seen: wallet.balancesOf(p.id).then((b) => b[0]!.availableMicro) });
      },
    };
    const seamless = createSeamlessWallet({
      db: counted,
      ledger,
      clock: t.clock,
      winBounds: { maxWinMultiplier: 10_000, maxWinPerRoundMicro: 1_000_000_000_000n },
    });

    async function once<T>(run: () => Promise<T>): Promise<T> {
      used.length = 0;
      signalled.length = 0;
      const result = await run();
      expect(used).toEqual(['execute']);
      return result;
    }
    async function expectSignal(balance: number | undefined) {
      expect(signalled.map((s) => s.ids)).toEqual([[p.id]]);
      expect(await signalled[0]!.seen).toBe(BigInt(balance!));
    }

    const common = {
      token,
      user: p.username,
      round: randomUUID(),
      round_closed: false,
      game_code: 'sim-fruit',
      currency: 'USDT',
    };
    /** A new call of the round: its own request and transaction ids, and `fields` (an amount, a reference). */
    const call = <F extends object>(fields: F) => ({
      ...common,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      ...fields,
    });
    const bet = call({ amount: 2_000_000 });
    const placed = await once(() => seamless.bet(SIM, bet));
    expect(placed).toMatchObject({ status: WalletStatus.OK, balance: 8_000_000 });
    await expectSignal(placed.balance);

    // A retry answers from the record: one statement, no money, no signal.
    expect(await once(() => seamless.bet(SIM, { ...bet, request_uuid: randomUUID() }))).toMatchObject({
      status: WalletStatus.OK,
      balance: 8_000_000,
    });
    expect(signalled).toEqual([]);

    const win = call({ reference_transaction_uuid: bet.transaction_uuid, amount: 5_000_000 });
    const paid = await once(() => seamless.win(SIM, win));
    expect(paid).toMatchObject({ status: WalletStatus.OK, balance: 13_000_000 });
    await expectSignal(paid.balance);

    // Refusals are one statement too: a bet the balance cannot cover, a second win on the bet (alerted).
    expect(
      await once(() => seamless.bet(SIM, { ...bet, transaction_uuid: randomUUID(), amount: 100_000_000 })),
    ).toMatchObject({ status: WalletStatus.NOT_ENOUGH_MONEY, balance: 13_000_000 });
    expect(
      await once(() => seamless.win(SIM, { ...win, transaction_uuid: randomUUID(), amount: 1 })),
    ).toMatchObject({ status: WalletStatus.DUPLICATE_TRANSACTION });
    expect(signalled).toEqual([]);

    const undoWin = call({ reference_transaction_uuid: win.transaction_uuid });
    const undone = await once(() => seamless.rollback(SIM, undoWin));
    expect(undone).toMatchObject({ status: WalletStatus.OK, balance: 8_000_000 });
    await expectSignal(undone.balance);
    const refund = await once(() =>
      seamless.rollback(SIM, call({ reference_transaction_uuid: bet.transaction_uuid })),
    );
    expect(refund).toMatchObject({ status: WalletStatus.OK, balance: 10_000_000 });
    await expectSignal(refund.balance);

    expect(await once(() => seamless.balance(SIM, randomUUID(), token))).toMatchObject({
      status: WalletStatus.OK,
      balance: 10_000_000,
    });
    expect(await once(() => seamless.userInfo(SIM, token))).toMatchObject({
      status: WalletStatus.OK,
      user: p.username,
      balance: 10_000_000,
    });
    expect(await once(() => seamless.balance(SIM, randomUUID(), 'not-a-token'))).toMatchObject({
      status: WalletStatus.INVALID_TOKEN,
    });
    expect(await wallet.verify()).toEqual([]);
  });
});

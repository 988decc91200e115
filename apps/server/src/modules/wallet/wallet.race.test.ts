import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SystemAccount, TransferCode, toMicro } from '@koi/ledger';
import { createWalletTestDatabase } from '../../../test/wallet';
import type { Database } from '../../db/client';
import { manualClock } from '../../lib/clock';
import type { AppError } from '../../errors';
import { expectRaceOutcome } from '../../../test/race';
import { createWalletService, type WalletService } from './wallet.service';
import { bet, createPlayers, deposit, freshKey, holdWithdrawal } from './wallet.fixtures';

/**
 * Races against the real database. One database for the whole file and fresh accounts per round keep it
 * fast enough to repeat each race many times.
 */
let database: Database;
let wallet: WalletService;

beforeAll(async () => ({ database, wallet } = await createWalletTestDatabase()));
afterAll(() => database?.close());

const ROUNDS = 100;

/** The house account's balance: the sum of its shards. */
async function houseTotal(): Promise<bigint> {
  const rows = await database.db.execute(
    sql`select coalesce(sum(credits_posted_micro - debits_posted_micro), 0)::text t
        from ledger_accounts where system_code = ${SystemAccount.HOUSE}`,
  );
  return BigInt((rows as unknown as { rows: { t: string }[] }).rows[0]!.t);
}
const RACERS = 50;

describe('wallet races', () => {
  it(`lets exactly one of ${RACERS} concurrent debits through when the balance covers one, ${ROUNDS} times`, async () => {
    const playerIds = await createPlayers(database.db, wallet, ROUNDS);
    for (const playerId of playerIds) {
      await deposit(wallet, playerId, '7.5');
      const outcomes = await Promise.allSettled(
        Array.from({ length: RACERS }, () => bet(wallet, playerId, '7.5')),
      );
      expectRaceOutcome(outcomes, { through: 1, refusedWith: 'INSUFFICIENT_BALANCE' });
      expect(await wallet.displayBalance(playerId)).toBe('0.0000');
    }
    expect(await wallet.verify()).toEqual([]);
  }, 120_000);

  it('records one transfer for 20 concurrent submissions of one key and gives every caller the same answer', async () => {
    const [playerId] = await createPlayers(database.db, wallet, 1);
    const key = freshKey('same');
    const before = await wallet.counts();
    const answers = await Promise.all(Array.from({ length: 20 }, () => deposit(wallet, playerId!, '3', key)));
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    const strip = ({ created: _created, ...rest }: (typeof answers)[number]) => rest;
    for (const a of answers) expect(strip(a)).toEqual(strip(answers[0]!));
    const after = await wallet.counts();
    expect(after.transfers - before.transfers).toBe(1);
    expect(await wallet.displayBalance(playerId!)).toBe('3.0000');
  });

  it('answers concurrent retries of one bet with the first result even when the balance covers only one', async () => {
    const [playerId] = await createPlayers(database.db, wallet, 1);
    await deposit(wallet, playerId!, '2');
    const key = freshKey('bet');
    const answers = await Promise.all(Array.from({ length: 20 }, () => bet(wallet, playerId!, '2', key)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(await wallet.displayBalance(playerId!)).toBe('0.0000');
  });

  it('does not let one bad transfer in a group commit fail its neighbours', async () => {
    const playerIds = await createPlayers(database.db, wallet, 24);
    const usedKey = freshKey('used');
    await deposit(wallet, playerIds[0]!, '1', usedKey);
    // One call in flight: the first transfer goes alone and the other 23 queue into one batch.
    const logged: { details: object; message: string }[] = [];
    const grouped = createWalletService({
      db: database.db,
      clock: manualClock(new Date()),
      batching: { maxBatch: 64, maxInFlight: 1, maxQueued: 100 },
      log: { warn: (details, message) => logged.push({ details, message }) },
    });
    const outcomes = await Promise.allSettled(
      playerIds.map((id, i) =>
        i === 12
          ? deposit(grouped, id, '2', usedKey) // same key, other payload: refused on its own
          : i === 13
            ? bet(grouped, id, '5') // nothing to bet with: refused on its own
            : deposit(grouped, id, '4'),
      ),
    );
    const reasons = outcomes.map((o) => (o.status === 'rejected' ? (o.reason as AppError).key : 'ok'));
    expect(reasons.filter((r) => r === 'ok')).toHaveLength(22);
    expect(reasons[12]).toBe('IDEMPOTENCY_CONFLICT');
    expect(reasons[13]).toBe('INSUFFICIENT_BALANCE');
    // The conflict failed the batch as a whole: that is logged with its reason, then each was replayed alone.
    expect(logged).toHaveLength(1);
    expect(logged[0]!.message).toMatch(/batch failed as a whole/);
    expect(logged[0]!.details).toMatchObject({ transfers: 23, reason: 'KW003 IDEMPOTENCY_CONFLICT' });
    expect(await wallet.displayBalance(playerIds[1]!)).toBe('4.0000');
    // Absent metadata is stored as NULL on the batch path too, not as the JSON value null.
    const jsonNulls = await database.db.execute(
      sql`select count(*)::int n from ledger_transfers where metadata = 'null'::jsonb`,
    );
    expect((jsonNulls as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect(await wallet.verify()).toEqual([]);
  });

  it('resolves a pending transfer once when posts and voids race', async () => {
    const [playerId] = await createPlayers(database.db, wallet, 1);
    await deposit(wallet, playerId!, '10');
    const key = freshKey('wd');
    await holdWithdrawal(wallet, playerId!, '10', key);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? wallet.post(key) : wallet.void(key))),
    );
    const created = outcomes.filter((o) => o.status === 'fulfilled' && o.value.created);
    expect(created).toHaveLength(1);
    for (const o of outcomes) {
      if (o.status === 'rejected') expect((o.reason as AppError).key).toBe('TRANSFER_ALREADY_RESOLVED');
    }
    const [balance] = await wallet.balancesOf(playerId!);
    expect(balance!.heldMicro).toBe(0n);
    expect(await wallet.verify()).toEqual([]);
  });

  it('spreads concurrent bets over the house shards and keeps the house total exact', async () => {
    const playerIds = await createPlayers(database.db, wallet, 16);
    for (const id of playerIds) await deposit(wallet, id, '10');
    const before = await houseTotal();
    const results = await Promise.all(playerIds.map((id) => bet(wallet, id, '2.5')));
    const shards = await database.db.execute(
      sql`select count(distinct credit_account_id)::int n from ledger_transfers
          where id = any(${`{${results.map((r) => r.id).join(',')}}`}::bigint[])`,
    );
    expect((shards as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(1);
    expect((await houseTotal()) - before).toBe(toMicro('40'));
    // Creating the system accounts again changes nothing.
    await wallet.ensureSystemAccounts();
    const count = await database.db.execute(
      sql`select count(*)::int n from ledger_accounts where system_code = ${SystemAccount.HOUSE}`,
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(wallet.shards);
  });

  it('keeps money whole when many players bet and win against the house at once', async () => {
    const playerIds = await createPlayers(database.db, wallet, 16);
    for (const id of playerIds) await deposit(wallet, id, '100');
    await Promise.all(
      playerIds.flatMap((id) =>
        Array.from({ length: 10 }, async () => {
          await bet(wallet, id, '3');
          await wallet.transfer({
            key: freshKey('win'),
            debit: { system: SystemAccount.HOUSE },
            credit: { player: id },
            amountMicro: toMicro('1.5'),
            code: TransferCode.WIN,
          });
        }),
      ),
    );
    for (const id of playerIds) expect(await wallet.displayBalance(id)).toBe('85.0000');
    expect(await wallet.verify()).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/db';
import { testConfig } from '../../config';
import { queryRows, type Database } from '../../db/client';
import { expectRaceOutcome } from '../../../test/race';
import { manualClock } from '../../lib/clock';
import { createPlayerGate } from '../auth';
import { createWalletService } from '../wallet/wallet.service';
import { createPlayers } from '../wallet/wallet.fixtures';
import { addReceivingAddresses, randomTronAddress } from './deposits.fixtures';
import { createDepositsService, type DepositsService } from './deposits.service';

/**
 * Races of order creation against the real database: the partial unique index, not a read, keeps every
 * actual amount unique among the open orders of one address.
 */
let database: Database;
let deposits: DepositsService;
const clock = manualClock(new Date());
const RACERS = 50;

beforeAll(async () => {
  database = await createTestDatabase();
  await createWalletService({ db: database.db, clock }).ensureSystemAccounts();
  await addReceivingAddresses(database.db, [randomTronAddress()]);
  deposits = createDepositsService({
    db: database.db,
    clock,
    config: testConfig(),
    gate: createPlayerGate(database.db, clock),
  });
});
afterAll(async () => {
  await database?.close();
});

async function openActualAmounts(): Promise<bigint[]> {
  const rows = await queryRows<{ a: string }>(
    database.db,
    sql`select actual_amount_micro::text a from deposit_orders where status = 1`,
  );
  return rows.map((r) => BigInt(r.a));
}

describe('deposit order races', () => {
  it(`gives ${RACERS} concurrent orders for one amount on one address distinct actual amounts (property)`, async () => {
    const wallet = createWalletService({ db: database.db, clock });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 20, max: 5000 }),
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 20 }),
        async (whole, tenThousandths, alreadyOpen) => {
          // Each run starts from an empty address: the previous run's orders expire.
          clock.advance(60 * 60_000);
          await deposits.expireDue();
          const amount = `${whole}.${String(tenThousandths).padStart(4, '0')}`;
          const base = BigInt(whole) * 1_000_000n + BigInt(tenThousandths) * 100n;
          const players = await createPlayers(database.db, wallet, RACERS + alreadyOpen);
          // Some slots are already taken before the race, by orders that are still open.
          for (const id of players.slice(0, alreadyOpen)) await deposits.recharge(id, amount, null);
          const orders = await Promise.all(
            players.slice(alreadyOpen).map((id) => deposits.recharge(id, amount, null)),
          );
          const actual = orders.map((o) => o.actualAmountMicro);
          expect(new Set(actual).size).toBe(RACERS);
          // Smallest free offsets: exactly the slots after the ones taken before the race.
          const expected = Array.from({ length: RACERS }, (_, i) => base + BigInt(alreadyOpen + i) * 100n);
          expect([...actual].sort((a, b) => (a < b ? -1 : 1))).toEqual(expected);
          const open = await openActualAmounts();
          expect(new Set(open).size).toBe(open.length);
        },
      ),
      { numRuns: 3 },
    );
  }, 300_000);

  it('lets one player hold at most 3 open orders when 50 requests with different amounts race, 5 times', async () => {
    const wallet = createWalletService({ db: database.db, clock });
    for (let round = 0; round < 5; round += 1) {
      const [playerId] = await createPlayers(database.db, wallet, 1);
      const outcomes = await Promise.allSettled(
        Array.from({ length: RACERS }, (_, i) => deposits.recharge(playerId!, String(20 + i), null)),
      );
      expectRaceOutcome(outcomes, { through: 3, refusedWith: 'DEPOSIT_TOO_MANY_OPEN' });
    }
  }, 120_000);

  it('answers 50 concurrent requests of one player for one amount with one order', async () => {
    const wallet = createWalletService({ db: database.db, clock });
    const [playerId] = await createPlayers(database.db, wallet, 1);
    const orders = await Promise.all(
      Array.from({ length: RACERS }, () => deposits.recharge(playerId!, '66.6', null)),
    );
    expect(new Set(orders.map((o) => o.orderNo)).size).toBe(1);
  });
});

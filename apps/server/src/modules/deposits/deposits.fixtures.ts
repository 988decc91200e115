import { randomBytes } from 'node:crypto';
import bs58check from 'bs58check';
import type { Database, Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { betsForTests } from '../bets/bets.fixtures';
import { createTurnover } from '../withdrawals';
import { depositAddresses } from './deposits.schema';

/** A fresh valid TRON address (0x41 + 20 random bytes, base58check), for tests. */
export function randomTronAddress(): string {
  return bs58check.encode(Buffer.concat([Buffer.from([0x41]), randomBytes(20)]));
}

/** Inserts enabled receiving addresses straight into the table (tests only; operators use the console). */
export async function addReceivingAddresses(db: Db, addresses: string[]) {
  await db
    .insert(depositAddresses)
    .values(addresses.map((address) => ({ address, label: 'test' })))
    .onConflictDoNothing();
}

/** The withdrawals module's turnover requirements as the deposits module uses them (1× deposits). */
export function testTurnover(database: Database, clock: Clock) {
  return createTurnover({
    db: database.db,
    clock,
    records: betsForTests({ database, clock }),
    multiples: { depositMultipleCentis: 100, bonusMultipleCentis: 1000 },
  });
}

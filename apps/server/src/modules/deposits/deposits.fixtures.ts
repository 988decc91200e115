import { randomBytes } from 'node:crypto';
import bs58check from 'bs58check';
import type { Db } from '../../db/client';
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

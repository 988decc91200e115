import { randomBytes } from 'node:crypto';
import bs58check from 'bs58check';
import type { TestApp } from '../../../test/app';
import type { RunningSandbox } from '../../../test/sim';
import { testConfig } from '../../config';
import type { Db } from '../../db/client';
import { turnoverForTests } from '../turnover/turnover.fixtures';
import { createChainWatcher, type WatcherDeps } from './deposits.watcher';
import { createTronGridClient } from './trongrid.client';
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

/**
 * A chain watcher on the sandbox's chain as the deposits module builds one (the sandbox's TronGrid, a turnover
 * service), for tests that drive it by hand; `timeoutMs` bounds its TronGrid calls.
 */
export function sandboxWatcher(
  t: TestApp,
  sb: RunningSandbox,
  wallet: WatcherDeps['wallet'],
  opts: { timeoutMs?: number } & Pick<WatcherDeps, 'onCredited'> = {},
) {
  const { timeoutMs, ...hooks } = opts;
  const config = testConfig({ ...sb.koiConfig });
  return createChainWatcher({
    db: t.database.db,
    clock: t.clock,
    config,
    source: createTronGridClient(config.tron, timeoutMs),
    wallet,
    turnover: turnoverForTests(t.database, t.clock),
    ...hooks,
  });
}

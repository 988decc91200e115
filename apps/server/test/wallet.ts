import type { Database } from '../src/db/client';
import { manualClock } from '../src/lib/clock';
import { createWalletService, type WalletService } from '../src/modules/wallet/wallet.service';
import { createTestDatabase } from './db';

/**
 * A fresh test database with a wallet on it, on a manual clock and with its system accounts in place: where
 * the wallet's own tests start.
 */
export async function createWalletTestDatabase(): Promise<{ database: Database; wallet: WalletService }> {
  const database = await createTestDatabase();
  const wallet = createWalletService({ db: database.db, clock: manualClock(new Date()) });
  await wallet.ensureSystemAccounts();
  return { database, wallet };
}

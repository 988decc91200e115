import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { KoiModule } from '../module';
import { createWalletAdmin, type WalletAdmin } from './wallet.admin';
import type { BatchLogger } from './wallet.batcher';
import { walletRoutes } from './wallet.routes';
import { createWalletService, type WalletService } from './wallet.service';

export type { WalletService } from './wallet.service';
export type { WalletAdmin } from './wallet.admin';
export type { AdjustmentRequest } from './wallet.repository';

/** Job lock ids of this module (each job needs its own PostgreSQL advisory lock number). */
const VOID_EXPIRED_HOLDS_LOCK = 7_461_101;

/**
 * The ledger's owner: every money movement of every module is a transfer through `service` (spec §0). `admin`
 * is what the console views use (adjustments, explorer, daily totals); their routes are in modules/console.
 */
export function walletModule(deps: {
  database: Database;
  config: Pick<Config, 'console'>;
  clock: Clock;
  log: BatchLogger;
  onPlayerBalanceChanged?: (playerIds: number[]) => void;
}): KoiModule<WalletService> & { admin: WalletAdmin } {
  const { database, clock } = deps;
  const service = createWalletService({
    db: database.db,
    clock,
    log: deps.log,
    onPlayerBalanceChanged: deps.onPlayerBalanceChanged,
  });
  const admin = createWalletAdmin({
    db: database.db,
    clock,
    wallet: service,
    approvalAboveMicro: deps.config.console.approvalAboveMicro,
  });
  return {
    service,
    admin,
    plugin: async (app) => {
      // The system accounts exist before any route can move money.
      await service.ensureSystemAccounts();
      await app.register(walletRoutes, { wallet: service });
    },
    jobs: [
      {
        name: 'void-expired-holds',
        lockId: VOID_EXPIRED_HOLDS_LOCK,
        everyMs: 30_000,
        run: () => service.voidExpired(),
      },
    ],
  };
}

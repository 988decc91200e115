import { AdvisoryLock } from '../../db/locks';
import type { KoiModule, ModuleContext } from '../module';
import { createWalletAdmin, type WalletAdmin } from './wallet.admin';
import type { BatchLogger } from '../../lib/group-commit';
import { walletRoutes } from './wallet.routes';
import { createWalletService, type WalletService } from './wallet.service';

export type { AccountRef, TransferRequest, WalletService } from './wallet.service';
export type { AdjustmentDuties, WalletAdmin } from './wallet.admin';
export type { AdjustmentRequest } from './wallet.repository';

/**
 * The ledger's owner: every money movement of every module is a transfer through `service` (decision 9). `admin`
 * is what the console views use (adjustments, explorer, daily totals); their routes are in modules/console.
 */
export function walletModule(
  deps: ModuleContext<'console'> & {
    log: BatchLogger;
    onPlayerBalanceChanged?: (playerIds: number[]) => void;
  },
): KoiModule<WalletService> & { admin: WalletAdmin } {
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
    dailyAdjustmentsMicro: deps.config.console.dailyAdjustmentsMicro,
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
        lockId: AdvisoryLock.JOB_VOID_EXPIRED_HOLDS,
        everyMs: 30_000,
        run: () => service.voidExpired(),
      },
    ],
  };
}

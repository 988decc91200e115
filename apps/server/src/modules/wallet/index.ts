import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AdvisoryLock } from '../../db/locks';
import type { Clock } from '../../lib/clock';
import type { AuthService } from '../auth';
import type { KoiModule } from '../module';
import type { AuditPort } from '../operators';
import { createWalletAdmin, type WalletAdmin } from './wallet.admin';
import { walletAdminRoutes } from './wallet.admin.routes';
import type { BatchLogger } from './wallet.batcher';
import { walletRoutes } from './wallet.routes';
import { createWalletService, type WalletService } from './wallet.service';

export type { WalletService } from './wallet.service';
export type { WalletAdmin } from './wallet.admin';

/**
 * The ledger's owner: every money movement of every module is a transfer through `service` (spec §0). `admin`
 * is the console's view (adjustments, explorer, daily totals), given to the console screens of other modules.
 */
export function walletModule(deps: {
  database: Database;
  config: Pick<Config, 'console'>;
  clock: Clock;
  log: BatchLogger;
  audit: AuditPort;
  onPlayerBalanceChanged?: (playerIds: number[]) => void;
  /** Players' names and ids (the auth module, built after this one: a `later` port). */
  players: Pick<AuthService, 'playerIdByUsername' | 'usernamesOf'>;
}): KoiModule<WalletService> & { admin: WalletAdmin } {
  const { database, clock } = deps;
  const service = createWalletService({
    db: database.db,
    clock,
    log: deps.log,
    onPlayerBalanceChanged: deps.onPlayerBalanceChanged,
    players: deps.players,
  });
  const admin = createWalletAdmin({
    db: database.db,
    clock,
    wallet: service,
    players: deps.players,
    approvalAboveMicro: deps.config.console.approvalAboveMicro,
  });
  return {
    service,
    admin,
    plugin: async (app) => {
      // The system accounts exist before any route can move money.
      await service.ensureSystemAccounts();
      await app.register(walletRoutes, { wallet: service });
      await app.register(walletAdminRoutes, { admin, audit: deps.audit });
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

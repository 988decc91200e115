import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthService } from '../auth/auth.service';
import type { DepositsService } from '../deposits/deposits.service';
import type { KoiModule } from '../module';
import type { AuditPort, OperatorsService } from '../operators';
import type { RecordsService } from '../records/records.service';
import type { WalletService } from '../wallet/wallet.service';
import { createHttpPayoutRail, type PayoutRail } from './payout.client';
import { withdrawalsRoutes } from './withdrawals.routes';
import { withdrawalsAdminRoutes } from './withdrawals.admin.routes';
import { createWithdrawalsService, type WithdrawalsService } from './withdrawals.service';

export type { WithdrawalsService } from './withdrawals.service';
export type { Turnover } from './turnover';
export { createTurnover } from './turnover';
export type { PayoutRail, PayoutOutcome } from './payout.client';

export function withdrawalsModule(deps: {
  database: Database;
  config: Config;
  clock: Clock;
  players: Pick<AuthService, 'withdrawProfile' | 'replaceWithdrawPasswordHash' | 'playersSharingDevice'>;
  wallet: Pick<WalletService, 'holdIn' | 'resolveIn' | 'availableIn' | 'codeTotals'>;
  records: Pick<RecordsService, 'settledStakeBySegments' | 'winLoss' | 'betRecords'>;
  /** Where the player's deposits came from (the address-poisoning guard); the deposits module owns it. */
  deposits: Pick<DepositsService, 'senderAddresses'>;
  audit: AuditPort;
  /** Approvers' usernames on the console. */
  operators: Pick<OperatorsService, 'usernamesOf'>;
  /** Tests may pass a rail; otherwise the HTTP rail at the configured URL, or none. */
  rail?: PayoutRail | null;
  payout?: { url: string; apiKey: string } | null;
}): KoiModule<WithdrawalsService> {
  const rail = deps.rail !== undefined ? deps.rail : deps.payout ? createHttpPayoutRail(deps.payout) : null;
  const service = createWithdrawalsService({
    db: deps.database.db,
    clock: deps.clock,
    config: deps.config.withdrawals,
    players: deps.players,
    wallet: deps.wallet,
    records: deps.records,
    deposits: deps.deposits,
    rail,
  });
  return {
    service,
    plugin: async (app) => {
      await app.register(withdrawalsRoutes, { service, config: deps.config.withdrawals });
      await app.register(withdrawalsAdminRoutes, {
        service,
        audit: deps.audit,
        operators: deps.operators,
      });
    },
    jobs: [
      {
        name: 'withdrawals-pay-approved',
        lockId: 7_461_211,
        everyMs: 5_000,
        run: () => service.payApproved(),
      },
      {
        name: 'withdrawals-reconcile-payouts',
        lockId: 7_461_212,
        everyMs: 15_000,
        run: () => service.reconcile(),
      },
    ],
  };
}

import type { KoiModule, ModuleContext } from '../module';
import type { AuditPort } from '../audit';
import type { OperatorsService } from '../operators';
import { createHttpPayoutRail, type PayoutRail } from './payout.client';
import { withdrawalsRoutes } from './withdrawals.routes';
import { withdrawalsAdminRoutes } from './withdrawals.admin.routes';
import {
  createWithdrawalsService,
  type WithdrawalsService,
  type WithdrawalsServiceDeps,
} from './withdrawals.service';

export type { WithdrawalsService } from './withdrawals.service';
export type { Turnover } from './turnover';
export { createTurnover } from './turnover';
export type { PayoutRail, PayoutOutcome } from './payout.client';

/** The other modules' services the withdrawal service needs, typed once by the service's own dependencies. */
type ServicePorts = Pick<WithdrawalsServiceDeps, 'players' | 'wallet' | 'records' | 'deposits'>;

export function withdrawalsModule(
  deps: ModuleContext &
    ServicePorts & {
      audit: AuditPort;
      /** Approvers' usernames on the console. */
      operators: Pick<OperatorsService, 'usernamesOf'>;
      /** Tests may pass a rail; otherwise the HTTP rail at the configured URL, or none. */
      rail?: PayoutRail | null;
      payout?: { url: string; apiKey: string } | null;
    },
): KoiModule<WithdrawalsService> {
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

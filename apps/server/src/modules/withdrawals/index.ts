import { AdvisoryLock } from '../../db/locks';
import type { KoiModule, ModuleContext } from '../module';
import type { AuditPort } from '../audit';
import type { OperatorsService } from '../operators';
import { createHttpPayoutRail, type PayoutRail } from './payout.client';
import type { DepositsService } from '../deposits';
import type { ChannelsService } from '../channels';
import { inoutRecordsRoutes } from './records.routes';
import { withdrawalsRoutes } from './withdrawals.routes';
import { withdrawalsAdminRoutes } from './withdrawals.admin.routes';
import {
  createWithdrawalsService,
  type WithdrawalsService,
  type WithdrawalsServiceDeps,
} from './withdrawals.service';

export type { ApplyGuard, WithdrawalsService } from './withdrawals.service';
export type { PayoutRail, PayoutOutcome } from './payout.client';

/** The other modules' services the withdrawal service needs, typed once by the service's own dependencies. */
type ServicePorts = Pick<
  WithdrawalsServiceDeps,
  'players' | 'wallet' | 'records' | 'turnover' | 'adjustments'
> & {
  /** Deposit senders for the poisoning guard, and deposit records listed beside withdrawals (inout-records). */
  deposits: Pick<DepositsService, 'senderAddresses' | 'records'>;
  /** Channel deposit records, listed beside the TRC20 ones and the withdrawals (inout-records). */
  channels: Pick<ChannelsService, 'records'>;
};

export function withdrawalsModule(
  deps: ModuleContext &
    ServicePorts & {
      audit: AuditPort;
      /** Approvers' usernames on the console; who an operator is and whom they enrolled (decision 33). */
      operators: Pick<OperatorsService, 'usernamesOf' | 'linkHints' | 'enrolledEachOther'>;
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
    operators: deps.operators,
    adjustments: deps.adjustments,
    wallet: deps.wallet,
    records: deps.records,
    turnover: deps.turnover,
    deposits: deps.deposits,
    rail,
    audit: deps.audit,
  });
  return {
    service,
    plugin: async (app) => {
      await app.register(withdrawalsRoutes, { service, config: deps.config.withdrawals });
      await app.register(inoutRecordsRoutes, {
        withdrawals: service,
        deposits: deps.deposits,
        channels: deps.channels,
      });
      await app.register(withdrawalsAdminRoutes, {
        service,
        audit: deps.audit,
        operators: deps.operators,
      });
    },
    jobs: [
      {
        name: 'withdrawals-pay-approved',
        lockId: AdvisoryLock.JOB_PAY_APPROVED_WITHDRAWALS,
        everyMs: 5_000,
        run: () => service.payApproved(),
      },
      {
        name: 'withdrawals-reconcile-payouts',
        lockId: AdvisoryLock.JOB_RECONCILE_PAYOUTS,
        everyMs: 15_000,
        run: () => service.reconcile(),
      },
    ],
  };
}

import type { BatchLogger } from '../../lib/group-commit';
import type { AuditPort } from '../audit';
import type { PlayerDirectory, PlayerGate } from '../auth';
import type { BetsService } from '../bets/bets.service';
import type { KoiModule, ModuleContext } from '../module';
import type { TurnoverService } from '../turnover/turnover.service';
import type { WalletService } from '../wallet/wallet.service';
import { AdvisoryLock } from '../../db/locks';
import { vipAdminRoutes } from './vip.admin.routes';
import { vipRoutes } from './vip.routes';
import { createVipService, type VipService } from './vip.service';

export type { VipService } from './vip.service';
export { seedVipDemo } from './vip.seed';

/**
 * VIP levels and rewards, daily rebates (返水) and the masters tournament (decisions 24, 29, 36; design note
 * in vip.service.ts). Reads valid bets only from the bets module's feed; pays through the wallet with a
 * turnover requirement for every credit.
 */
export function vipModule(
  deps: ModuleContext & {
    wallet: Pick<WalletService, 'transferIn' | 'transfersIn'>;
    turnover: Pick<TurnoverService, 'addRequirement' | 'addRequirements'>;
    bets: Pick<BetsService, 'validBets'>;
    directory: Pick<PlayerDirectory, 'usernamesOf' | 'raiseVipLevels'>;
    gate: Pick<PlayerGate, 'assertMayPlay'>;
    audit: AuditPort;
    log: BatchLogger;
  },
): KoiModule<VipService> {
  const service = createVipService(deps);
  return {
    service,
    plugin: async (app) => {
      await app.register(vipRoutes, { service, clock: deps.clock, testRoutes: deps.config.testRoutes });
      await app.register(vipAdminRoutes, { service, audit: deps.audit });
    },
    jobs: [
      {
        name: 'vip-rebates',
        lockId: AdvisoryLock.JOB_VIP_REBATES,
        everyMs: 60_000,
        run: () => service.settleDueDay(),
      },
      {
        name: 'vip-month-end',
        lockId: AdvisoryLock.JOB_VIP_MONTH_END,
        everyMs: 300_000,
        run: () => service.grantDueMonthEnd(),
      },
      {
        name: 'tournament-payouts',
        lockId: AdvisoryLock.JOB_TOURNAMENT_PAYOUTS,
        everyMs: 60_000,
        run: () => service.payDuePeriods(),
      },
    ],
  };
}

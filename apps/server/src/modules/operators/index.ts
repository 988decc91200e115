import type { FastifyInstance } from 'fastify';
import type { PlayersAdmin } from '../auth';
import type { KoiModule, ModuleContext } from '../module';
import type { WalletAdmin } from '../wallet';
import { dashboardRoutes } from './dashboard.routes';
import guardPlugin from './guard';
import { operatorsRoutes } from './operators.routes';
import { createOperatorsService, type OperatorsService } from './operators.service';

export type { OperatorsService, AuditPort, OperatorContext } from './operators.service';
export type { Actor, AuditWrite, AuditEntry } from './audit';
export { actorOf, consoleAudit, operatorOf, requires, ANY_OPERATOR, SELF, PUBLIC } from './guard';
export { originOf } from './operators.routes';
export { createAuditLog } from './audit';

/**
 * Operators, their sessions, roles and permissions, and the audit log. `guard` must be registered
 * before any module adds /api/admin routes: it attaches each route's permission check as the route is added.
 */
export function operatorsModule(
  deps: ModuleContext & {
    /** The dashboard's figures: registrations from the players' owner, money from the ledger's. */
    players: Pick<PlayersAdmin, 'registrationsByDay' | 'playerCounts'>;
    ledger: Pick<
      WalletAdmin,
      'dailyTotals' | 'pendingWithdrawals' | 'pendingDeposits' | 'pendingAdjustments'
    >;
  },
): KoiModule<OperatorsService> & { guard: (app: FastifyInstance) => Promise<void> } {
  const service = createOperatorsService({ db: deps.database.db, config: deps.config, clock: deps.clock });
  return {
    service,
    guard: async (app: FastifyInstance) => {
      await app.register(guardPlugin, { operators: service });
    },
    plugin: async (app: FastifyInstance) => {
      await app.register(operatorsRoutes, { operators: service });
      await app.register(dashboardRoutes, {
        clock: deps.clock,
        players: deps.players,
        ledger: deps.ledger,
        operators: service,
      });
    },
    jobs: [],
  };
}

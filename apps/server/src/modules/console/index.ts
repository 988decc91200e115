import type { Clock } from '../../lib/clock';
import type { AuditLog, AuditPort } from '../audit';
import type { PlayerDirectory, PlayersAdmin } from '../auth';
import type { KoiModule } from '../module';
import type { AdjustmentDuties, WalletAdmin } from '../wallet';
import { dashboardRoutes } from './dashboard.routes';
import { ledgerRoutes } from './ledger.routes';

/**
 * Views layer: the console's screens that read across modules. The dashboard (registrations from auth, money
 * from the ledger, the last ledger check from the audit log) and the ledger screens (the wallet's adjustments,
 * explorer and checks, with the players' names beside their ids). They own no table; every rule they apply is
 * the owning module's (an adjustment's approval is the wallet's).
 */
export function consoleModule(deps: {
  clock: Clock;
  players: Pick<PlayersAdmin, 'registrationsByDay' | 'playerCounts'>;
  directory: Pick<PlayerDirectory, 'playerIdByUsername' | 'usernamesOf'>;
  ledger: WalletAdmin;
  /** Who may decide on which player's money (decision 33), for the adjustments' rules. */
  duties: AdjustmentDuties;
  audit: AuditPort & Pick<AuditLog, 'latest'>;
}): KoiModule<null> {
  return {
    service: null,
    plugin: async (app) => {
      await app.register(dashboardRoutes, {
        clock: deps.clock,
        players: deps.players,
        ledger: deps.ledger,
        audit: deps.audit,
      });
      await app.register(ledgerRoutes, {
        admin: deps.ledger,
        duties: deps.duties,
        audit: deps.audit,
        players: deps.directory,
      });
    },
    jobs: [],
  };
}

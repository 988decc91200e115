import type { TelegramService } from '../telegram';
import { AdvisoryLock } from '../../db/locks';
import type { KoiModule, ModuleContext } from '../module';
import type { AuditPort } from '../audit';
import { createPlayerDirectory, type AuthHooks, type PlayerDirectory } from '../auth';
import type { BetsService } from '../bets';
import type { WalletService } from '../wallet/wallet.service';
import { agentsAdminRoutes } from './agents.admin.routes';
import { agentsRoutes } from './agents.routes';
import { createAgentsService, type AgentsService } from './agents.service';

export type { AgentsService } from './agents.service';

/**
 * Invites and the agent programme (decision 26): the team tree from invitations, the tier table, the daily
 * commission settlement through the ledger, the broker calls and statements anyone can recompute.
 */
export function agentsModule(
  deps: ModuleContext<'channels'> & {
    wallet: Pick<WalletService, 'transfersIn' | 'firstDepositsOf'>;
    bets: Pick<BetsService, 'feedOfPlayers' | 'validRoundsOfDay'>;
    directory: Pick<PlayerDirectory, 'inviteCodeOf' | 'usernamesOf' | 'playerIdByUsername'>;
    audit: AuditPort;
    /** A new player joins the tree inside the registration transaction. */
    authHooks: Pick<AuthHooks, 'onPlayerCreated'>;
    /** The Telegram start link for an invite code, or null when Telegram is not configured (decision 26). */
    telegram: Pick<TelegramService, 'botStartLink'>;
  },
): KoiModule<AgentsService> {
  const service = createAgentsService({
    ...deps,
    db: deps.database.db,
    inviterOf: (playerId, tx) => createPlayerDirectory(tx).inviterOf(playerId),
    botStartLink: (inviteCode) => deps.telegram.botStartLink(inviteCode),
  });
  deps.authHooks.onPlayerCreated(service.onPlayerCreated);
  return {
    service,
    plugin: async (app) => {
      await app.register(agentsRoutes, { service, config: deps.config });
      await app.register(agentsAdminRoutes, { service, audit: deps.audit });
    },
    jobs: [
      {
        name: 'agents-settle',
        lockId: AdvisoryLock.JOB_AGENT_SETTLEMENT,
        everyMs: 60_000,
        run: async () => ((await service.settleDue()) ? 1 : 0),
      },
    ],
  };
}

import type { Database } from '../../db/client';
import type { KoiModule } from '../module';
import type { AuditPort } from '../operators';
import type { PlayerGate } from '../auth';
import type { TransferWallet } from '../providers';
import { createGamesAdmin } from './games.admin';
import { gamesAdminRoutes } from './games.admin.routes';
import { createGamesRepository } from './games.repository';
import { gamesRoutes } from './games.routes';
import { createGamesService, type GamesService, type LaunchTarget } from './games.service';

/** The game catalogue (providers, categories, games) and launching: what other modules may use of it. */
export { WalletModel } from './games.schema';
export { gameKey, type GamesService, type LaunchTarget } from './games.service';
export { createProviderCatalogue, type CatalogueProvider } from './provider-catalogue';
export type { GameRow } from './games.repository';
export { assertPlayable } from './playable';

export function gamesModule(deps: {
  database: Database;
  gate: Pick<PlayerGate, 'assertMayPlay'>;
  /** Opens a game of a provider (the providers module); Koi's originals open as screens of the app. */
  launcher: LaunchTarget;
  /** Brings a transfer-wallet provider's balance home (the providers module). */
  transfers: Pick<TransferWallet, 'recall'>;
  audit: AuditPort;
  /** The console changed a provider: the providers module forgets what it cached about providers. */
  onProvidersChanged: () => void;
}): KoiModule<GamesService> {
  const repo = createGamesRepository(deps.database.db);
  const service = createGamesService({
    db: deps.database.db,
    repo,
    gate: deps.gate,
    launcher: deps.launcher,
  });
  const admin = createGamesAdmin({ db: deps.database.db, onProvidersChanged: deps.onProvidersChanged });
  return {
    service,
    plugin: async (app) => {
      await app.register(gamesRoutes, { games: service, transfers: deps.transfers });
      await app.register(gamesAdminRoutes, { admin, audit: deps.audit });
    },
    jobs: [],
  };
}

import type { Database } from '../../db/client';
import type { SvgRaster } from '../../lib/svg-raster';
import type { KoiModule } from '../module';
import type { AuditPort } from '../audit';
import type { PlayerGate } from '../auth';
import { createGamesAdmin } from './games.admin';
import { gamesAdminRoutes } from './games.admin.routes';
import { createGamesRepository } from './games.repository';
import { gamesRoutes } from './games.routes';
import { createGamesService, type GamesService } from './games.service';

/** The game catalogue (providers, categories, games) and launching: what other modules may use of it. */
export { WalletModel } from './games.schema';
export { gameKey, type GamesService } from './games.service';
export { createProviderCatalogue, type CatalogueProvider } from './provider-catalogue';
export type { GameRow } from './games.repository';
export { assertPlayable } from './playable';

/** Where modules above the catalogue register what they do when the console changes it. */
export interface GamesHooks {
  onProvidersChanged(forget: () => void): void;
}

export function gamesModule(deps: {
  database: Database;
  gate: Pick<PlayerGate, 'assertMayPlay'>;
  audit: AuditPort;
  /** Draws the generated artwork as WebP (lib/svg-raster.ts); the app shares one with its static pictures. */
  raster?: SvgRaster;
}): KoiModule<GamesService> & { hooks: GamesHooks } {
  const repo = createGamesRepository(deps.database.db);
  const service = createGamesService({
    db: deps.database.db,
    repo,
    gate: deps.gate,
  });
  // The console changed a provider: modules above that cache providers (providers) forget them.
  const providersChanged: (() => void)[] = [];
  const admin = createGamesAdmin({
    db: deps.database.db,
    onProvidersChanged: () => providersChanged.forEach((forget) => forget()),
  });
  return {
    service,
    hooks: { onProvidersChanged: (forget) => void providersChanged.push(forget) },
    plugin: async (app) => {
      await app.register(gamesRoutes, { games: service, raster: deps.raster });
      await app.register(gamesAdminRoutes, { admin, audit: deps.audit });
    },
    jobs: [],
  };
}
